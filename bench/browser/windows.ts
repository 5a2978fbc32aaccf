// `npx tsx bench/browser/windows.ts` (issue 19): what more windows cost the browser, as ratios of the whole
// browser's CPU (all its processes, CDP SystemInfo) against one visible trading tab on BTCUSDT:
// - four visible trading tabs on four pairs (a trader's four screens): target ≤ 3× (the sockets and the parsing
//   are shared by the tabs; only rendering should scale);
// - ten tabs, one visible and nine in the background: target ≤ 1.5×.
// Two browsers:
// - default, headless Chromium through Playwright. Headless tabs all count as visible, so the nine are marked
//   hidden for the app and frozen over CDP (setup.ts openBackgroundTabs); Chromium still draws their frames.
// - `--desktop`: Chromium with a window on a virtual display (Xvfb, desktop.ts). The ten tabs share one window
//   and the nine behind the viewed one are hidden by Chromium itself, as on a trader's desktop; the four
//   screens are four windows.
// The one-tab baseline is measured before and after the others and averaged (load on a shared machine drifts).
// Writes bench/results/browser-windows-latest.json (or -desktop-latest.json) and prints a Markdown table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { totalCpuSeconds, workerThreadCpuSeconds } from './metrics.ts';
import { hasXvfb, launchDesktop } from './desktop.ts';
import { arg, openBackgroundTabs, OTHERS, root, startBench, startSandbox, VIEWED, yieldToBrowser, type ProcessInfo } from './setup.ts';
import { HIDDEN_RELEASE_MS } from '../../workers/market-core.ts';

const RATE = arg('rate', 500);
const MEASURE_MS = arg('seconds', 15) * 1000;
const FOUR: Array<[string, 'spot' | 'usdm']> = [[VIEWED, 'spot'], ['ETHUSDT', 'spot'], ['SOLUSDT', 'spot'], ['BNBUSDT', 'spot']];

const DESKTOP = process.argv.includes('--desktop');
if (DESKTOP && !hasXvfb()) throw new Error('--desktop needs Xvfb (Debian: apt-get install -y xvfb)');

/** A trading tab of either browser. */
interface Tab {
  close(): Promise<void>;
  /** Animation frames the page got in one second: about 60 when shown, 0 when the browser hides it. */
  framesPerSecond(): Promise<number>;
}

const FRAMES_IN_ONE_SECOND = `new Promise((done) => { let n = 0; const end = performance.now() + 1000; const tick = () => { n++; if (performance.now() < end) requestAnimationFrame(tick); }; requestAnimationFrame(tick); setTimeout(() => done(n), 1100); })`;

/** The two browsers behind one face: open a visible tab, the ten-tab set, the processes. */
interface Bench {
  base: string;
  processes(): Promise<ProcessInfo[]>;
  /** A visible trading tab; `screen` 1–3 puts it in a window of its own beside the first (desktop). */
  openVisible(symbol: string, market: 'spot' | 'usdm', screen: number): Promise<Tab>;
  /** The viewed tab and the nine others in the background; returns them and a line on how they are hidden. */
  openTen(): Promise<{ tabs: Tab[]; hidden: string }>;
  close(): Promise<void>;
}

const tradingPath = (symbol: string, market: 'spot' | 'usdm') => `/en-US/trading/${symbol}${market === 'usdm' ? '?market=usdm' : ''}`;

async function headlessBench(): Promise<Bench> {
  const env = await startBench(RATE);
  return {
    base: env.base,
    processes: () => env.processes(),
    openVisible: async (symbol, market) => {
      const page = await env.openTrading(symbol, market);
      return { close: () => page.close(), framesPerSecond: () => page.evaluate(FRAMES_IN_ONE_SECOND) as Promise<number> };
    },
    async openTen() {
      const viewed = await env.openTrading(VIEWED, 'spot');
      const { tabs, frozen } = await openBackgroundTabs(env);
      await viewed.bringToFront();
      const asTab = (page: (typeof tabs)[number]): Tab => ({ close: () => page.close(), framesPerSecond: () => page.evaluate(FRAMES_IN_ONE_SECOND) as Promise<number> });
      return { tabs: [viewed, ...tabs].map(asTab), hidden: `${frozen} of ${tabs.length} others marked hidden and frozen` };
    },
    close: () => env.close(),
  };
}

async function desktopBench(): Promise<Bench> {
  const sandbox = await startSandbox(RATE);
  const desktop = await launchDesktop();
  yieldToBrowser();
  const BOOK_ROW = `document.querySelector('[data-testid="book-bids"] [data-col="price"]')`;
  const open = async (symbol: string, market: 'spot' | 'usdm', screen: number) => {
    const tab = await desktop.open(`${sandbox.base}${tradingPath(symbol, market)}`, { screen });
    await tab.waitFor(BOOK_ROW);
    return { close: () => tab.close(), framesPerSecond: () => tab.evaluate<number>(FRAMES_IN_ONE_SECOND), activate: () => tab.activate(), visibility: () => tab.evaluate<string>('document.visibilityState') };
  };
  return {
    base: sandbox.base,
    processes: () => desktop.processes(),
    openVisible: (symbol, market, screen) => open(symbol, market, screen),
    async openTen() {
      // As a trader opens them: each tab in front until its book shows, then back to the first.
      const viewed = await open(VIEWED, 'spot', 0);
      const others = [];
      for (const [symbol, market] of OTHERS) others.push(await open(symbol, market, 0));
      await viewed.activate();
      const states = await Promise.all(others.map((t) => t.visibility()));
      const shown = await viewed.visibility();
      if (shown !== 'visible') throw new Error(`the viewed tab is ${shown}`);
      return { tabs: [viewed, ...others], hidden: `${states.filter((v) => v === 'hidden').length} of ${others.length} others hidden by Chromium` };
    },
    async close() {
      await desktop.close();
      await sandbox.close();
    },
  };
}

const env = DESKTOP ? await desktopBench() : await headlessBench();
console.log(`sandbox on ${env.base}, simulator rate ${RATE}/s per live symbol, ${DESKTOP ? 'desktop Chromium on Xvfb' : 'headless Chromium'}`);

interface Cpu {
  /** Whole browser, % of one core. */
  browser: number;
  /** Of which the market worker's thread (the shared socket, parsing and books), % of one core; null without /proc. */
  worker: number | null;
  /** By process type (browser, renderer, gpu-process, utility…), % of one core: where the rest goes. */
  byType: Record<string, number>;
}

const byType = (list: ProcessInfo[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const p of list) out[p.type] = (out[p.type] ?? 0) + p.cpuTime;
  return out;
};

/** Browser CPU (all processes) and the market worker's over MEASURE_MS, % of one core. */
async function browserCpu(label: string, settleMs = 3000): Promise<Cpu> {
  await new Promise((r) => setTimeout(r, settleMs)); // books synced, rates settled
  const ids = async () => (await env.processes()).map((p) => p.id);
  const first = await env.processes();
  const before = totalCpuSeconds(first);
  const typesBefore = byType(first);
  const workerBefore = workerThreadCpuSeconds(await ids());
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  const wall = Date.now() - t0;
  const last = await env.processes();
  const browser = ((totalCpuSeconds(last) - before) * 100_000) / wall;
  const types = Object.fromEntries(Object.entries(byType(last)).map(([type, cpu]) => [type, ((cpu - (typesBefore[type] ?? 0)) * 100_000) / wall]));
  const workerAfter = workerThreadCpuSeconds(await ids());
  const worker = workerBefore !== null && workerAfter !== null ? ((workerAfter - workerBefore) * 100_000) / wall : null;
  const split = Object.entries(types).map(([type, v]) => `${type} ${v.toFixed(1)}`).join(', ');
  console.log(`  ${label}: ${browser.toFixed(1)} % of one core (market worker ${worker === null ? 'n/a' : worker.toFixed(1)} %; ${split})`);
  return { browser, worker, byType: types };
}

const closeAll = async (tabs: Tab[]) => {
  for (const tab of tabs) await tab.close();
};

const one1 = await env.openVisible(VIEWED, 'spot', 0);
const oneBefore = await browserCpu('one visible tab');
await one1.close();

const four: Tab[] = [];
for (const [i, [symbol, market]] of FOUR.entries()) four.push(await env.openVisible(symbol, market, i));
// Every one of the four draws (about 60 frames a second), and of the ten only the viewed tab: printed, to be sure.
const frames = async (tabs: Tab[]) => (await Promise.all(tabs.map((t) => t.framesPerSecond()))).join(', ');
console.log(`  animation frames per second in the four: ${await frames(four)}`);
const fourVisible = await browserCpu('four visible tabs, four pairs');
await closeAll(four);

const { tabs: ten, hidden } = await env.openTen();
// (headless: the nine are frozen and would not answer)
if (DESKTOP) console.log(`  animation frames per second in the ten, the viewed one first: ${await frames(ten)}`);
// Hidden tabs give up their per-symbol streams after HIDDEN_RELEASE_MS (workers/market-core.ts): measure after that.
const tenCpu = await browserCpu(`ten tabs, one visible (${hidden})`, 3000 + HIDDEN_RELEASE_MS);
await closeAll(ten);

const one2 = await env.openVisible(VIEWED, 'spot', 0);
const oneAfter = await browserCpu('one visible tab, again');
await one2.close();
await env.close();

const f = (n: number, d = 1) => n.toFixed(d);
const one = (oneBefore.browser + oneAfter.browser) / 2;
const w = (c: Cpu) => (c.worker === null ? 'n/a' : f(c.worker));
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage: os.loadavg() },
  setup: { rate: RATE, measureSeconds: MEASURE_MS / 1000, four: FOUR, browser: DESKTOP ? 'desktop (Xvfb)' : 'headless', background: hidden },
  browserCpuPercentOfOneCore: { oneBefore, oneAfter, fourVisible, tenOneVisible: tenCpu },
  ratios: { fourVisibleVsOne: fourVisible.browser / one, tenOneVisibleVsOne: tenCpu.browser / one },
  targets: { fourVisibleVsOne: 3, tenOneVisibleVsOne: 1.5 },
};
const summary = [
  `| Browser CPU (all processes), ${DESKTOP ? 'desktop' : 'headless'} Chromium, simulator ${RATE}/s per live symbol | % of one core | of which the market worker | ÷ one tab | Target |`,
  `|---|---|---|---|---|`,
  `| one visible trading tab (before / after) | ${f(oneBefore.browser)} / ${f(oneAfter.browser)} | ${w(oneBefore)} / ${w(oneAfter)} | 1 | — |`,
  `| four visible ${DESKTOP ? 'windows' : 'tabs'} on four pairs | ${f(fourVisible.browser)} | ${w(fourVisible)} | ${f(results.ratios.fourVisibleVsOne, 2)}× | ≤ 3× (${met(results.ratios.fourVisibleVsOne <= 3)}) |`,
  `| ten tabs, one visible (${hidden}) | ${f(tenCpu.browser)} | ${w(tenCpu)} | ${f(results.ratios.tenOneVisibleVsOne, 2)}× | ≤ 1.5× (${met(results.ratios.tenOneVisibleVsOne <= 1.5)}) |`,
  `| by process type (one / four / ten), % of one core | ${Object.keys(tenCpu.byType).map((k) => `${k} ${f(((oneBefore.byType[k] ?? 0) + (oneAfter.byType[k] ?? 0)) / 2)} / ${f(fourVisible.byType[k] ?? 0)} / ${f(tenCpu.byType[k] ?? 0)}`).join('; ')} | | | |`,
  `| machine load average (1 min) | ${f(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} cores | | | |`,
].join('\n');
console.log(`\n${summary}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, DESKTOP ? 'bench/results/browser-windows-desktop-latest.json' : 'bench/results/browser-windows-latest.json'), JSON.stringify({ ...results, summary }, null, 2) + '\n');
