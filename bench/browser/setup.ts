// Shared setup of the browser benchmarks (run.ts, profile.ts): the app built into a temp dir, the sandbox
// with the simulator at a high rate, Chromium, the viewed trading tab and background tabs on other symbols,
// hidden and frozen as a browser does with background tabs (a hidden tab gives its streams up after
// HIDDEN_RELEASE_MS, workers/market-core.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { buildSandbox } from '../../server/app.ts';
import { demoToken } from '../../tests/e2e/support/account.ts';
import type { SimConnection } from './metrics.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const VIEWED = 'BTCUSDT';
/** The background tabs' symbols: live on the shared sockets until the hidden tabs give their streams up. */
export const OTHERS: Array<[string, 'spot' | 'usdm']> = [
  ['ETHUSDT', 'spot'], ['BNBUSDT', 'spot'], ['SOLUSDT', 'spot'], ['XRPUSDT', 'spot'], ['ADAUSDT', 'spot'],
  ['BTCUSDT', 'usdm'], ['ETHUSDT', 'usdm'], ['SOLUSDT', 'usdm'], ['DOGEUSDT', 'usdm'],
];

export const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

export interface ProcessInfo {
  type: string;
  id: number;
  cpuTime: number;
}

/** A request the sandbox received (epoch ms, this process's clock): `upgrade` for a WebSocket, `done` when its reply ended. */
export interface ServerRequest {
  url: string;
  at: number;
  upgrade: boolean;
  done?: number;
}

export interface BenchEnv {
  base: string;
  /** What the sandbox has received since it started or since the last `clearRequests` (cold-start.ts's timeline). */
  requests(): ServerRequest[];
  clearRequests(): void;
  browser: Browser;
  context: BrowserContext;
  processes(): Promise<ProcessInfo[]>;
  connections(): Promise<SimConnection[]>;
  openTrading(symbol: string, market: 'spot' | 'usdm'): Promise<Page>;
  close(): Promise<void>;
}

/**
 * `--venue binance|okx|bybit` (default binance): the exchange the pages follow (the header's switch, spec §4, set in
 * local storage before any page loads); the sockets counted are that venue's.
 */
export const VENUE: 'binance' | 'okx' | 'bybit' = (() => {
  const at = process.argv.indexOf('--venue');
  const venue = at >= 0 ? process.argv[at + 1] : 'binance';
  if (venue !== 'binance' && venue !== 'okx' && venue !== 'bybit') throw new Error(`--venue: binance, okx or bybit, got ${venue}`);
  return venue;
})();

export interface BenchOptions {
  /** Spot symbols of the simulator (MARKET_SYMBOLS); default the listed ones. */
  symbols?: number;
  /** A built app to serve (kept); default: build one into a temp dir (removed on close). */
  distDir?: string;
}

/** Builds the app into a temp dir (production, as `npm start` serves it). */
export async function buildApp(): Promise<string> {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-dist-'));
  console.log('building the app…');
  // TD_BENCH_NO_MINIFY=1 keeps function names readable in profile.ts's JS profile (a diagnostic; figures are
  // measured on the minified build).
  const minify = process.env['TD_BENCH_NO_MINIFY'] ? false : undefined;
  await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts'), build: { outDir: distDir, emptyOutDir: true, ...(minify === false ? { minify } : {}) } });
  return distDir;
}

export interface BenchSandbox {
  base: string;
  requests(): ServerRequest[];
  clearRequests(): void;
  connections(): Promise<SimConnection[]>;
  /** Stops the sandbox; throws if the simulator refused any of the app's REST requests meanwhile. */
  close(): Promise<void>;
}

/** Builds the app (unless given) and starts the sandbox with the simulator on a random loopback port. */
export async function startSandbox(rate: number, options: BenchOptions = {}): Promise<BenchSandbox> {
  const distDir = options.distDir ?? (await buildApp());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-data-'));
  const app = await buildSandbox({ distDir, api: { dataDir }, sim: { rate, ...(options.symbols !== undefined ? { symbols: options.symbols } : {}) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sandbox did not bind');
  const base = `http://127.0.0.1:${address.port}`;
  // The HTTP server's own events, beside Fastify's handlers: when each request and WebSocket upgrade arrived.
  let log: ServerRequest[] = [];
  app.server.on('request', (req, res) => {
    const entry: ServerRequest = { url: req.url ?? '', at: Date.now(), upgrade: false };
    log.push(entry);
    res.on('finish', () => (entry.done = Date.now()));
  });
  app.server.on('upgrade', (req) => log.push({ url: req.url ?? '', at: Date.now(), upgrade: true }));
  return {
    base,
    requests: () => log,
    clearRequests: () => (log = []),
    connections: async () => (await (await fetch(`${base}/sim/_control/connections?venue=${VENUE}`)).json()) as SimConnection[],
    async close() {
      // The app's market core must stay within Binance's request weight while the bench runs.
      const state = (await (await fetch(`${base}/sim/_control/state`)).json()) as { weights: Record<string, { rejected: number; banned: number }> };
      await app.close();
      if (!options.distDir) rmSync(distDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      if (Object.values(state.weights).some((m) => m.rejected > 0 || m.banned > 0)) throw new Error(`the simulator refused the app's REST requests: ${JSON.stringify(state.weights)}`);
    },
  };
}

/**
 * The simulator stands in for a remote exchange: in use it does not share the trader's CPU. Once Chromium
 * runs (its processes keep the normal priority), this process's main thread, where the simulator and the
 * sandbox run, yields the CPU to the browser (nice 10). `--no-nice` keeps it at the normal priority.
 */
export function yieldToBrowser(): void {
  if (process.argv.includes('--no-nice')) return;
  try {
    os.setPriority(10);
  } catch {
    // not permitted here: the simulator competes with the browser and the figures are pessimistic
  }
}

/** Builds the app, starts the sandbox on a random loopback port and launches Chromium with one context. */
export async function startBench(rate: number, options: BenchOptions = {}): Promise<BenchEnv> {
  const sandbox = await startSandbox(rate, options);
  const { base } = sandbox;

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
  yieldToBrowser();
  const cdp = await browser.newBrowserCDPSession();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (VENUE !== 'binance') await context.addInitScript((venue) => localStorage.setItem('exchangeCode', venue), VENUE);
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  return {
    base,
    requests: sandbox.requests,
    clearRequests: sandbox.clearRequests,
    browser,
    context,
    processes: async () => ((await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] }).processInfo,
    connections: sandbox.connections,
    async openTrading(symbol, market) {
      const page = await context.newPage();
      await page.goto(`${base}/en-US/trading/${symbol}${market === 'usdm' ? '?market=usdm' : ''}`, { timeout: 60_000 });
      await page.getByTestId('book-bids').locator('[data-col="price"]').waitFor({ timeout: 60_000 });
      return page;
    },
    async close() {
      await browser.close();
      await sandbox.close();
    },
  };
}

/**
 * Opens a background tab per OTHERS entry, marks it hidden (headless tabs all count as visible; a real
 * background tab is hidden, so the worker stops sending it snapshots at once and releases its streams after
 * HIDDEN_RELEASE_MS) and
 * freezes it (as Chrome does with background tabs); the first `count` of OTHERS only when given. Returns the tabs and how many could be frozen.
 */
/**
 * The futures positions the lightning page is measured with (issue 19 "The lightning ladder and the futures
 * positions table live"): the demo user holds one on each of these USD-M pairs, so the page keeps their rows (mark
 * price, PnL) up to date while the ladder moves.
 */
export const LIGHTNING_POSITIONS: Array<[string, string]> = [['BTCUSDT', '0.01'], ['ETHUSDT', '0.1'], ['SOLUSDT', '1'], ['DOGEUSDT', '1000']];

/**
 * Signs the demo user in (its token as the page's cookie), funds its futures account, opens LIGHTNING_POSITIONS
 * and opens the lightning terminal on VIEWED, waiting for the ladder's rows and every position's row.
 */
export async function openLightning(env: BenchEnv): Promise<Page> {
  const token = await demoToken(env.base);
  const signedCall = async (route: string, body: unknown) => {
    const response = await fetch(`${env.base}/api${route}`, { method: 'POST', headers: { source: 'web', 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const reply = (await response.json()) as { code: number; msg: string };
    if (reply.code !== 200) throw new Error(`${route}: ${reply.code} ${reply.msg}`);
  };
  // The venue's own account (queryBrokerOptions accountList); the demo user's OKX and Bybit futures accounts are funded.
  const options = (await (await fetch(`${env.base}/api/broker/lightning/queryBrokerOptions`, { method: 'POST', headers: { source: 'web', 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' })).json()) as {
    data: { accountList: { keyId: string; exchangeCode: string }[] };
  };
  const exchangeKeyId = options.data.accountList.find((a) => a.exchangeCode === VENUE)?.keyId;
  if (exchangeKeyId === undefined) throw new Error(`the demo user has no ${VENUE} account`);
  if (VENUE === 'binance') await signedCall('/broker/lightning/transfer/submit', { asset: 'USDT', type: 'FUNDING_UMFUTURE', amount: '5000' });
  for (const [instrumentId, volume] of LIGHTNING_POSITIONS) {
    await signedCall('/broker/lightning/futures/order/sendOrder', { instrumentId, direction: 'buy', priceType: 'market', volume, exchangeKeyId });
  }
  await env.context.addCookies([{ name: 'token', value: token, url: env.base }]);
  const page = await env.context.newPage();
  await page.goto(`${env.base}/en-US/lightning?symbol=${VIEWED}`);
  await page.getByTestId('lightning-ladder').locator('[data-price]').first().waitFor({ timeout: 60_000 });
  for (const [instrumentId] of LIGHTNING_POSITIONS) await page.locator(`[data-testid="position-row"][data-symbol="${instrumentId}"]`).first().waitFor({ timeout: 30_000 });
  return page;
}

export async function openBackgroundTabs(env: BenchEnv, count = OTHERS.length): Promise<{ tabs: Page[]; frozen: number }> {
  const tabs: Page[] = [];
  let frozen = 0;
  for (const [symbol, market] of OTHERS.slice(0, count)) {
    const tab = await env.openTrading(symbol, market);
    tabs.push(tab);
    // A string, not a function: tsx's name helper does not exist in the page.
    await tab.evaluate(`
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    `);
    const session = await env.context.newCDPSession(tab);
    try {
      await session.send('Page.setWebLifecycleState', { state: 'frozen' });
      frozen++;
    } catch {
      // not supported: the tab stays active and the figures are pessimistic
    }
  }
  return { tabs, frozen };
}
