import ccxt from 'ccxt';
import { beforeAll, describe, expect, it } from 'vitest';
import { asNumbers, ccxtSuite, expectParsedPushes, guardUrls, rewriteUrls, untilTrue, type ControlBook } from './ccxt-harness.ts';
import { expectServed, expectTickerTradesCandles, watchThroughFault } from './ccxt-venue.ts';
import { getJson } from './harness.ts';
import { startBitgetSim, type BitgetHarness } from './bitget-harness.ts';

/**
 * Conformance: ccxt's Bitget client (ccxt.pro.bitget), unchanged except for its base URLs, against the simulator's
 * Bitget. Every request it makes is recorded; one the simulator does not serve (ccxt throws on a code other than
 * 00000, and every answer must be HTTP 200) fails the test, as does any URL off the loopback.
 */
type Exchange = InstanceType<typeof ccxt.pro.bitget>;

const suite = ccxtSuite(() => startBitgetSim({ seed: 37, rate: 40 }));
const { foreign } = suite.rec;
let h: BitgetHarness;

beforeAll(() => {
  h = suite.h;
});

async function loopbackExchange(): Promise<Exchange> {
  const ex = new ccxt.pro.bitget({ newUpdates: false });
  ex.urls['api'] = rewriteUrls(ex.urls['api'], h.port) as (typeof ex.urls)['api'];
  // ccxt pings every 18 s of wall time; simulated time runs 20× faster and Bitget wants a ping within 2 minutes.
  (ex as unknown as { streaming: { keepAlive: number } }).streaming.keepAlive = 2000;
  const bitgetHosts = (url: string): boolean => url.startsWith(`http://127.0.0.1:${h.port}/sim/api.bitget.com/`) || url.startsWith(`ws://127.0.0.1:${h.port}/sim/ws.bitget.com/`);
  return guardUrls(ex, bitgetHosts, foreign);
}

async function truth(market: 'spot' | 'usdm', limit: number): Promise<ControlBook> {
  return (await getJson<ControlBook>(`${h.base}/_control/book?venue=bitget&market=${market}&symbol=BTCUSDT&limit=${limit}`)).body;
}

/** Pauses Bitget's market, waits for ccxt to hold its last push, compares the top 100, resumes. */
async function expectBookEqualsControlBook(ex: Exchange, symbol: string, market: 'spot' | 'usdm'): Promise<void> {
  h.bitget.paused = true;
  try {
    const t = await truth(market, 100);
    await untilTrue(() => {
      const ob = ex.orderbooks[symbol];
      return ob !== undefined && JSON.stringify(ob.bids.slice(0, 100).map((l) => l.slice(0, 2))) === JSON.stringify(asNumbers(t.bids));
    });
    const ob = ex.orderbooks[symbol]!;
    expect(ob.bids.slice(0, 100).map((l) => l.slice(0, 2))).toEqual(asNumbers(t.bids));
    expect(ob.asks.slice(0, 100).map((l) => l.slice(0, 2))).toEqual(asNumbers(t.asks));
  } finally {
    h.bitget.paused = false;
  }
}

describe.each([
  { symbol: 'BTC/USDT', market: 'spot' as const },
  { symbol: 'BTC/USDT:USDT', market: 'usdm' as const },
])('ccxt bitget $symbol', ({ symbol, market }) => {
  it("loadMarkets: ccxt's precision and limits are the listing's", async () => {
    const ex = await loopbackExchange();
    try {
      const markets = await ex.loadMarkets();
      const m = markets[symbol]!;
      const inst = h.bitget.instrument(market, 'BTCUSDT')!;
      expect(m.id).toBe('BTCUSDT');
      expect(m.active).toBe(true);
      expect(m.precision.price).toBe(Number(`1e-${inst.tickDecimals}`));
      expect(m.precision.amount).toBe(Number(`1e-${inst.stepDecimals}`));
      expect(m.limits.cost?.min).toBe(inst.minNotional);
      if (market === 'usdm') expect(m.swap && m.linear && m.settle === 'USDT').toBe(true);
      else expect(m.spot).toBe(true);
    } finally {
      await ex.close();
    }
  });

  it('fetchOrderBook, fetchTicker(s), fetchTrades, fetchOHLCV parse the REST answers', async () => {
    const ex = await loopbackExchange();
    try {
      await ex.loadMarkets();
      h.bitget.paused = true;
      const ob = await ex.fetchOrderBook(symbol, 50);
      const t = await truth(market, 50);
      h.bitget.paused = false;
      expect(ob.bids.map((l) => l.slice(0, 2))).toEqual(asNumbers(t.bids));
      expect(ob.asks.map((l) => l.slice(0, 2))).toEqual(asNumbers(t.asks));
      await expectTickerTradesCandles(ex, symbol);
    } finally {
      await ex.close();
    }
  });

  it('watchOrderBook holds the true book through updates (ccxt’s CRC32 check passing), a wrong checksum ends the watch, a new one holds the true book', async () => {
    const ex = await loopbackExchange();
    try {
      let book = await ex.watchOrderBook(symbol);
      expect(book.bids.length).toBeGreaterThan(100);
      for (let k = 0; k < 60; k++) book = await ex.watchOrderBook(symbol);
      await expectBookEqualsControlBook(ex, symbol, market);

      // ccxt checks Bitget's CRC32 on every update: on a wrong one it unsubscribes, which rejects the pending watch
      // (ccxt 4.5's handleCheckSumError unwatches before it rejects with ChecksumError, so the watch may see either);
      // a new watch subscribes again and builds the book from the new snapshot.
      const error = await watchThroughFault(h.base, ex, symbol, { venue: 'bitget', type: 'checksum' });
      expect(error instanceof ccxt.ChecksumError || error instanceof ccxt.UnsubscribeError, String(error)).toBe(true);
      await untilTrue(async () => {
        try {
          book = await ex.watchOrderBook(symbol);
          return book.bids.length > 0;
        } catch {
          return false;
        }
      });
      for (let k = 0; k < 20; k++) book = await ex.watchOrderBook(symbol);
      await expectBookEqualsControlBook(ex, symbol, market);
    } finally {
      await ex.close();
    }
  }, 60_000);

  it('watchTrades, watchTicker and watchOHLCV parse the pushes', async () => {
    const ex = await loopbackExchange();
    try {
      const trades = await ex.watchTrades(symbol);
      const ticker = await ex.watchTicker(symbol);
      expectParsedPushes(symbol, trades, ticker, await ex.watchOHLCV(symbol, '1m'));
    } finally {
      await ex.close();
    }
  });
});

describe('ccxt bitget stays on what the simulator serves', () => {
  it('requested nothing but served Bitget paths on loopback, and every answer was served', () => {
    const served =
      /^\/sim\/(api\.bitget\.com\/api\/v2\/(public\/time|spot\/public\/(symbols|coins)|margin\/currencies|spot\/market\/(orderbook|fills|fills-history|tickers|candles|history-candles)|mix\/market\/(contracts|merge-depth|fills|fills-history|ticker|tickers|candles|history-candles))(\?|$)|ws\.bitget\.com\/v2\/ws\/public$|_control\/)/;
    expectServed(suite.rec, served, '/sim/api.bitget.com');
  });
});
