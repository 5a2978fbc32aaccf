import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, settle, startSim, type Harness } from './harness.ts';

/**
 * Conformance: ccxt's Binance clients, unchanged except for their base URLs, against the simulator.
 * Every URL ccxt knows is rewritten to 127.0.0.1; any request that is not to the simulator's
 * Binance hosts fails the test.
 */
interface ControlBook {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

type Exchange = InstanceType<typeof ccxt.pro.binance>;

let h: Harness;
let port: number;
const requested: string[] = [];
const foreign: string[] = [];
let driver: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  h = await startSim({ seed: 3, rate: 40 });
  port = Number(new URL(h.base).port);
  h.app.server.on('request', (req: { url?: string }) => requested.push(req.url ?? ''));
  h.app.server.on('upgrade', (req: { url?: string }) => requested.push(req.url ?? ''));
  // Simulated time runs ~20× faster than the wall clock while ccxt works.
  driver = setInterval(() => h.clock.advance(100), 5);
});

afterAll(async () => {
  if (driver) clearInterval(driver);
  await h.close();
});

/** https://api.binance.com/api/v3 → http://127.0.0.1:<port>/sim/api.binance.com/api/v3 (wss → ws). */
function rewrite(value: unknown): unknown {
  if (typeof value === 'string') {
    const m = /^(https?|wss?):\/\/([^/:]+)(?::\d+)?(\/.*)?$/.exec(value);
    if (!m) return value;
    const scheme = m[1]!.startsWith('ws') ? 'ws' : 'http';
    return `${scheme}://127.0.0.1:${port}/sim/${m[2]}${m[3] ?? ''}`;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewrite(v);
    return out;
  }
  return value;
}

function guard(url: string): void {
  if (!url.startsWith(`http://127.0.0.1:${port}/sim/`) && !url.startsWith(`ws://127.0.0.1:${port}/sim/`)) foreign.push(url);
}

async function loopbackExchange(kind: 'spot' | 'usdm'): Promise<Exchange> {
  const options = { newUpdates: false, options: kind === 'spot' ? { fetchMarkets: { types: ['spot'] } } : { fetchMarkets: { types: ['linear'] } } };
  const ex = (kind === 'spot' ? new ccxt.pro.binance(options) : new ccxt.pro.binanceusdm(options)) as Exchange;
  ex.urls['api'] = rewrite(ex.urls['api']) as typeof ex.urls['api'];
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
  // ccxt needs a plain http agent for ws:// (non-TLS) URLs.
  await ex.loadHttpProxyAgent();
  return ex;
}

async function truth(market: 'spot' | 'usdm', symbol: string): Promise<ControlBook> {
  return (await getJson<ControlBook>(`${h.base}/_control/book?market=${market}&symbol=${symbol}&limit=100`)).body;
}

const asNumbers = (levels: [string, string][]): number[][] => levels.map(([p, q]) => [Number(p), Number(q)]);

async function untilTrue(pred: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error('timed out');
    await settle(20);
  }
}

describe.each([
  { kind: 'spot' as const, symbol: 'BTC/USDT', id: 'BTCUSDT' },
  { kind: 'usdm' as const, symbol: 'ETH/USDT:USDT', id: 'ETHUSDT' },
])('ccxt $kind', ({ kind, symbol, id }) => {
  it('watchOrderBook: after thousands of updates ccxt holds the simulator book', async () => {
    const ex = await loopbackExchange(kind);
    try {
      h.sim.paused = false;
      let updates = 0;
      let book = await ex.watchOrderBook(symbol);
      const firstNonce = book.nonce as number;
      // Thousands of level updates in over a thousand diff frames.
      while ((book.nonce as number) - firstNonce < 5000 || updates < 1000) {
        book = await ex.watchOrderBook(symbol);
        updates++;
      }
      h.sim.paused = true;
      const t = await truth(kind, id);
      await untilTrue(() => (ex.orderbooks[symbol]?.nonce as number | undefined) === t.lastUpdateId);
      const ob = ex.orderbooks[symbol]!;
      expect(ob.bids.slice(0, 100)).toEqual(asNumbers(t.bids));
      expect(ob.asks.slice(0, 100)).toEqual(asNumbers(t.asks));
      expect(ob.bids.length).toBeGreaterThanOrEqual(100);
      expect(ob.asks.length).toBeGreaterThanOrEqual(100);
    } finally {
      h.sim.paused = false;
      await ex.close();
    }
  });

  it('watchTrades, watchTicker, watchTickers and watchOHLCV parse the streams', async () => {
    const ex = await loopbackExchange(kind);
    try {
      const trades = await ex.watchTrades(symbol);
      expect(trades.length).toBeGreaterThan(0);
      expect(trades[0]!.symbol).toBe(symbol);
      expect(trades[0]!.price).toBeGreaterThan(0);
      expect(trades[0]!.amount).toBeGreaterThan(0);

      const ticker = await ex.watchTicker(symbol);
      expect(ticker.symbol).toBe(symbol);
      expect(ticker.last).toBeGreaterThan(0);
      expect(ticker.high).toBeGreaterThanOrEqual(ticker.low!);

      const other = kind === 'spot' ? 'ETH/USDT' : 'BTC/USDT:USDT';
      const tickers = await ex.watchTickers([symbol, other]);
      expect(Object.keys(tickers).every((s) => s === symbol || s === other)).toBe(true);

      const ohlcv = await ex.watchOHLCV(symbol, '1m');
      const last = ohlcv[ohlcv.length - 1]!;
      expect(last).toHaveLength(6);
      expect(last[2]).toBeGreaterThanOrEqual(last[3]!);
      expect(last[0]! % 60_000).toBe(0);

      const rest = await ex.fetchOHLCV(symbol, '1h', undefined, 10);
      expect(rest).toHaveLength(10);
    } finally {
      await ex.close();
    }
  });
});

describe('ccxt stays on loopback', () => {
  it('requested nothing but the simulator Binance hosts', () => {
    expect(foreign).toEqual([]);
    expect(requested.length).toBeGreaterThan(0);
    for (const url of requested) {
      expect(url).toMatch(/^\/sim\/(api\.binance\.com\/api\/v3|fapi\.binance\.com\/fapi\/v1|stream\.binance\.com\/ws|fstream\.binance\.com\/(public|market)\/ws|_control)\b/);
    }
  });
});
