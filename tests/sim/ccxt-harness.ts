/**
 * What the ccxt conformance tests share (Binance, OKX, Bybit): the simulator's server records every request and
 * answer, simulated time runs ~20× faster than the wall clock, ccxt's URLs are rewritten to the loopback and any URL
 * ccxt reaches off the allowed prefixes is recorded as foreign (the tests expect none).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ManualScheduler } from '../../server/sim/scheduler.ts';
import { settle } from './harness.ts';

export interface ControlBook {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

export interface Recorded {
  requested: string[];
  answered: { url: string; status: number }[];
  foreign: string[];
}

/** Records the server's requests (with their answers' statuses) and upgrades. */
export function recordRequests(server: Server, into: Recorded): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    into.requested.push(req.url ?? '');
    res.on('finish', () => into.answered.push({ url: req.url ?? '', status: res.statusCode }));
  });
  server.on('upgrade', (req: IncomingMessage) => into.requested.push(req.url ?? ''));
}

/**
 * Registers the file's hooks: the simulator `start`s, its requests are recorded and its clock driven; it is closed
 * after. `h` is set once the first beforeAll ran.
 */
export function ccxtSuite<H extends { app: FastifyInstance; clock: ManualScheduler; close(): Promise<void> }>(start: () => Promise<H>): { h: H; rec: Recorded } {
  const suite = { h: undefined as unknown as H, rec: { requested: [], answered: [], foreign: [] } as Recorded };
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    suite.h = await start();
    recordRequests(suite.h.app.server, suite.rec);
    stop = driveClock(suite.h.clock);
  });
  afterAll(async () => {
    stop?.();
    await suite.h.close();
  });
  return suite;
}

/** Simulated time runs ~20× faster than the wall clock while ccxt works; returns the stop. */
export function driveClock(clock: ManualScheduler): () => void {
  const driver = setInterval(() => clock.advance(100), 5);
  return () => clearInterval(driver);
}

/** https://api.binance.com/api/v3 → http://127.0.0.1:<port>/sim/api.binance.com/api/v3 (wss → ws), in any nesting. */
export function rewriteUrls(value: unknown, port: number): unknown {
  if (typeof value === 'string') {
    const m = /^(https?|wss?):\/\/([^/:]+)(?::\d+)?(\/.*)?$/.exec(value);
    if (!m) return value;
    const scheme = m[1]!.startsWith('ws') ? 'ws' : 'http';
    return `${scheme}://127.0.0.1:${port}/sim/${m[2]}${m[3] ?? ''}`;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewriteUrls(v, port);
    return out;
  }
  return value;
}

/**
 * Wraps the exchange's fetch and websocket client so every URL it reaches is checked (`allowed`; others go to
 * `foreign`), and loads the plain http agent ccxt needs for ws:// (non-TLS) URLs.
 */
export async function guardUrls<E extends object & { loadHttpProxyAgent(): Promise<unknown> }>(ex: E, allowed: (url: string) => boolean, foreign: string[]): Promise<E> {
  const guard = (url: string): void => {
    if (!allowed(url)) foreign.push(url);
  };
  const anyEx = ex as unknown as { fetch: (...a: unknown[]) => Promise<unknown>; client: (url: string) => unknown };
  const fetch = anyEx.fetch.bind(ex);
  anyEx.fetch = (url: unknown, ...rest: unknown[]) => {
    guard(String(url));
    return fetch(url, ...rest);
  };
  const client = anyEx.client.bind(ex);
  anyEx.client = (url: string) => {
    guard(url);
    return client(url);
  };
  await ex.loadHttpProxyAgent();
  return ex;
}

/** Any URL under the simulator's prefix on the loopback. */
export const onLoopback =
  (port: number) =>
  (url: string): boolean =>
    url.startsWith(`http://127.0.0.1:${port}/sim/`) || url.startsWith(`ws://127.0.0.1:${port}/sim/`);

/** ccxt parsed the pushes: trades of the symbol with a price and an amount, its ticker, a whole minute's candle. */
export function expectParsedPushes(
  symbol: string,
  trades: { symbol?: string | undefined; price?: number | undefined; amount?: number | undefined }[],
  ticker: { symbol?: string | undefined; last?: number | undefined; high?: number | undefined; low?: number | undefined },
  ohlcv: (number | undefined)[][],
): void {
  expect(trades.length).toBeGreaterThan(0);
  expect(trades[0]!.symbol).toBe(symbol);
  expect(trades[0]!.price).toBeGreaterThan(0);
  expect(trades[0]!.amount).toBeGreaterThan(0);
  expect(ticker.symbol).toBe(symbol);
  expect(ticker.last).toBeGreaterThan(0);
  expect(ticker.high).toBeGreaterThanOrEqual(ticker.low!);
  const last = ohlcv[ohlcv.length - 1]!;
  expect(last).toHaveLength(6);
  expect(last[2]).toBeGreaterThanOrEqual(last[3]!);
  expect(last[0]! % 60_000).toBe(0);
}

export const asNumbers = (levels: [string, string][]): number[][] => levels.map(([p, q]) => [Number(p), Number(q)]);

export async function untilTrue(pred: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error('timed out');
    await settle(20);
  }
}
