/**
 * Conformance: ccxt's Bybit client (ccxt.pro.bybit), unchanged except for its base URLs and its market types
 * (spot and linear, the categories the simulator lists), against the simulator. Every request it makes is recorded;
 * any request off the simulator's Bybit hosts, or one the simulator does not serve (ccxt throws on a retCode other than 0,
 * and every answer must be HTTP 200), fails the test. ccxt's market
 * precision must equal the listing's tick and step.
 */
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asNumbers, ccxtSuite, expectParsedPushes, guardUrls, rewriteUrls, type ControlBook } from './ccxt-harness.ts';
import { expectFetches, expectListedMarkets, expectServed } from './ccxt-venue.ts';
import { getJson, settle, startSim } from './harness.ts';

type Exchange = InstanceType<typeof ccxt.pro.bybit>;

const suite = ccxtSuite(() => startSim({ seed: 9, rate: 40 }));
const { foreign } = suite.rec;
/** https://api.{hostname} → http://127.0.0.1:<port>/sim/api.{hostname} (wss → ws); ccxt fills in bybit.com. */
async function loopbackBybit(): Promise<Exchange> {
  const port = Number(new URL(suite.h.base).port);
  // Only the categories listed here; no credentials, so ccxt makes no private call (fetchCurrencies is skipped).
  const ex = new ccxt.pro.bybit({ newUpdates: false, options: { fetchMarkets: { types: ['spot', 'linear'] } } });
  ex.urls['api'] = rewriteUrls(ex.urls['api'], port) as (typeof ex.urls)['api'];
  const bybitHosts = (url: string): boolean => url.startsWith(`http://127.0.0.1:${port}/sim/api.bybit.com/`) || url.startsWith(`ws://127.0.0.1:${port}/sim/stream.bybit.com/`);
  return guardUrls(ex, bybitHosts, foreign);
}

let ex: Exchange;

describe('ccxt.pro.bybit against the simulator', () => {
  beforeAll(async () => {
    ex = await loopbackBybit();
  });
  afterAll(async () => ex.close());

  it('loadMarkets: spot and linear listings with the listing’s tick and step', async () => {
    expectListedMarkets(await ex.loadMarkets(), 'bybit', (m, i, kind) => {
      expect(m.id).toBe(i.symbol);
      expect(m.precision.amount).toBe(Number(`1e-${i.stepDecimals}`));
      if (kind === 'usdm') {
        expect(m.swap && m.linear).toBe(true);
        expect(m.limits.cost?.min).toBe(i.minNotional);
      }
    });
  });

  describe.each([
    { symbol: 'BTC/USDT', market: 'spot' as const, id: 'BTCUSDT' },
    { symbol: 'BTC/USDT:USDT', market: 'usdm' as const, id: 'BTCUSDT' },
  ])('$symbol', ({ symbol, market, id }) => {
    it('fetchOrderBook, fetchTicker(s), fetchOHLCV, fetchTrades', async () => {
      await expectFetches(ex, symbol, market);
    });

    it('watchOrderBook: after hundreds of deltas ccxt holds the simulator’s top 50', async () => {
      let book = await ex.watchOrderBook(symbol, 50);
      for (let k = 0; k < 300; k++) book = await ex.watchOrderBook(symbol, 50);
      await fetch(`${suite.h.base}/_control/pause`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ venue: 'bybit' }) });
      try {
        let truth: ControlBook | undefined;
        for (let k = 0; k < 100; k++) {
          await settle(20);
          truth = (await getJson<ControlBook>(`${suite.h.base}/_control/book?venue=bybit&market=${market}&symbol=${id}&limit=50`)).body;
          const ob = ex.orderbooks[symbol]!;
          if (JSON.stringify(ob.bids.slice(0, 50)) === JSON.stringify(asNumbers(truth.bids)) && JSON.stringify(ob.asks.slice(0, 50)) === JSON.stringify(asNumbers(truth.asks))) break;
        }
        const ob = ex.orderbooks[symbol]!;
        expect(ob.bids.slice(0, 50)).toEqual(asNumbers(truth!.bids));
        expect(ob.asks.slice(0, 50)).toEqual(asNumbers(truth!.asks));
        expect(book.bids.length).toBe(50);
      } finally {
        await fetch(`${suite.h.base}/_control/resume`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ venue: 'bybit' }) });
      }
    });

    it('watchTrades, watchTicker and watchOHLCV parse the streams', async () => {
      const trades = await ex.watchTrades(symbol);
      let ticker = await ex.watchTicker(symbol);
      ticker = await ex.watchTicker(symbol); // linear: the second one is a delta merged into the snapshot
      expectParsedPushes(symbol, trades, ticker, await ex.watchOHLCV(symbol, '1m'));
      expect(['buy', 'sell']).toContain(trades[0]!.side);
      if (market === 'usdm') expect(ticker.markPrice).toBeGreaterThan(0);
    });
  });

  it('requested nothing off the simulator’s Bybit hosts, and everything asked was served', () => {
    expectServed(suite.rec, /^\/sim\/(api\.bybit\.com\/v5\/market\/(instruments-info|orderbook|tickers|kline|recent-trade)\?|stream\.bybit\.com\/v5\/public\/(spot|linear)$)/, '/sim/api.bybit.com');
  });
});
