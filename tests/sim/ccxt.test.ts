import ccxt from 'ccxt';
import { beforeAll, describe, expect, it } from 'vitest';
import { asNumbers, ccxtSuite, expectParsedPushes, guardUrls, onLoopback, rewriteUrls, untilTrue, type ControlBook } from './ccxt-harness.ts';
import { getJson, startSim, type Harness } from './harness.ts';

/**
 * Conformance: ccxt's Binance clients, unchanged except for their base URLs, against the simulator.
 * Every URL ccxt knows is rewritten to 127.0.0.1; any request that is not to the simulator's
 * Binance hosts fails the test.
 */
type Exchange = InstanceType<typeof ccxt.pro.binance>;

const suite = ccxtSuite(() => startSim({ seed: 3, rate: 40 }));
const { requested, foreign } = suite.rec;
let h: Harness;
let port: number;

beforeAll(() => {
  h = suite.h;
  port = Number(new URL(h.base).port);
});

async function loopbackExchange(kind: 'spot' | 'usdm'): Promise<Exchange> {
  const options = { newUpdates: false, options: kind === 'spot' ? { fetchMarkets: { types: ['spot'] } } : { fetchMarkets: { types: ['linear'] } } };
  const ex = (kind === 'spot' ? new ccxt.pro.binance(options) : new ccxt.pro.binanceusdm(options)) as Exchange;
  ex.urls['api'] = rewriteUrls(ex.urls['api'], port) as typeof ex.urls['api'];
  return guardUrls(ex, onLoopback(port), foreign);
}

async function truth(market: 'spot' | 'usdm', symbol: string): Promise<ControlBook> {
  return (await getJson<ControlBook>(`${h.base}/_control/book?market=${market}&symbol=${symbol}&limit=100`)).body;
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
      const ticker = await ex.watchTicker(symbol);
      expectParsedPushes(symbol, trades, ticker, await ex.watchOHLCV(symbol, '1m'));

      const other = kind === 'spot' ? 'ETH/USDT' : 'BTC/USDT:USDT';
      const tickers = await ex.watchTickers([symbol, other]);
      expect(Object.keys(tickers).every((s) => s === symbol || s === other)).toBe(true);

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
