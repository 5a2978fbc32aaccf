/**
 * Conformance: ccxt's Gate client (ccxt.pro.gate), unchanged except for its base URLs and its market types (spot and
 * the USDT-settled swaps, what the simulator lists), against the simulator's Gate. Every request it makes is
 * recorded; any request off the simulator's Gate hosts, or one it does not serve (ccxt throws on an error answer,
 * and every answer must be HTTP 200), fails the test. ccxt's market precision must equal the listing's tick, step
 * and contract size.
 */
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asNumbers, ccxtSuite, expectParsedPushes, guardUrls, rewriteUrls, untilTrue, type ControlBook } from './ccxt-harness.ts';
import { expectFetches, expectListedMarkets, expectServed } from './ccxt-venue.ts';
import { getJson, postJson, startSim } from './harness.ts';

type Exchange = InstanceType<typeof ccxt.pro.gate>;

const suite = ccxtSuite(() => startSim({ seed: 13, rate: 40 }));
const { foreign } = suite.rec;
async function loopbackGate(): Promise<Exchange> {
  const port = Number(new URL(suite.h.base).port);
  const ex = new ccxt.pro.gate({
    newUpdates: false,
    options: { fetchMarkets: { types: ['spot', 'swap'] }, swap: { fetchMarkets: { settlementCurrencies: ['usdt'] } } },
  });
  ex.urls['api'] = rewriteUrls(ex.urls['api'], port) as (typeof ex.urls)['api'];
  // ccxt pings every 30 s of wall time; simulated time runs 20× faster and the simulator closes a socket silent for 60 s.
  (ex as unknown as { streaming: { keepAlive: number } }).streaming.keepAlive = 500;
  const gateHosts = (url: string): boolean =>
    url.startsWith(`http://127.0.0.1:${port}/sim/api.gateio.ws/api/v4/`) ||
    url === `ws://127.0.0.1:${port}/sim/api.gateio.ws/ws/v4/` ||
    url === `ws://127.0.0.1:${port}/sim/fx-ws.gateio.ws/v4/ws/usdt`;
  return guardUrls(ex, gateHosts, foreign);
}

let ex: Exchange;

async function truth(market: 'spot' | 'usdm', limit: number): Promise<ControlBook> {
  return (await getJson<ControlBook>(`${suite.h.base}/_control/book?venue=gate&market=${market}&symbol=BTCUSDT&limit=${limit}`)).body;
}

describe('ccxt.pro.gate against the simulator', () => {
  beforeAll(async () => {
    ex = await loopbackGate();
  });
  afterAll(async () => ex.close());

  it('loadMarkets: spot pairs and USDT swaps with the listing’s tick, step and contract size', async () => {
    expectListedMarkets(await ex.loadMarkets(), 'gate', (m, i, kind) => {
      expect(m.id).toBe(`${i.base}_${i.quote}`);
      if (kind === 'spot') {
        expect(m.precision.amount).toBe(Number(`1e-${i.stepDecimals}`));
        expect(m.limits.cost?.min).toBe(i.minNotional);
      } else {
        expect(m.swap && m.linear).toBe(true);
        expect(m.contractSize).toBe(i.contractValue);
        expect(m.precision.amount).toBe(1); // whole contracts
      }
    });
  });

  describe.each([
    { symbol: 'BTC/USDT', market: 'spot' as const },
    { symbol: 'BTC/USDT:USDT', market: 'usdm' as const },
  ])('$symbol', ({ symbol, market }) => {
    it('fetchOrderBook (with its id), fetchTicker(s), fetchOHLCV, fetchTrades', async () => {
      const ob = await expectFetches(ex, symbol, market);
      expect(ob.nonce).toBeGreaterThan(0); // the book's id (with_id=true)
      const ohlcv = await ex.fetchOHLCV(symbol, '1h', undefined, 10);
      expect(ohlcv[9]![2]!).toBeGreaterThanOrEqual(ohlcv[9]![3]!);
      const trades = await ex.fetchTrades(symbol, undefined, 20);
      expect(['buy', 'sell']).toContain(trades[0]!.side);
      expect(trades[0]!.amount).toBeGreaterThan(0);
    });

    // spot: ccxt's `spot.obu` 50 levels (the top 50 with levels coming in); futures: `futures.order_book_update` at
    // ccxt's default 100, whose pushes carry the whole book's changes: ccxt's 100 kept levels cover the top 50.
    it('watchOrderBook: after hundreds of updates ccxt holds the simulator’s top 50', async () => {
      const limit = market === 'spot' ? 50 : undefined;
      let book = await ex.watchOrderBook(symbol, limit);
      for (let k = 0; k < 200; k++) book = await ex.watchOrderBook(symbol, limit);
      await postJson(`${suite.h.base}/_control/pause`, { venue: 'gate' });
      try {
        const t = await truth(market, 50);
        const held = (): boolean => {
          const ob = ex.orderbooks[symbol]!;
          return JSON.stringify(ob.bids.slice(0, 50)) === JSON.stringify(asNumbers(t.bids)) && JSON.stringify(ob.asks.slice(0, 50)) === JSON.stringify(asNumbers(t.asks));
        };
        await untilTrue(held).catch(() => undefined);
        const ob = ex.orderbooks[symbol]!;
        expect(ob.bids.slice(0, 50)).toEqual(asNumbers(t.bids));
        expect(ob.asks.slice(0, 50)).toEqual(asNumbers(t.asks));
        expect(ob.nonce).toBe(t.lastUpdateId);
        expect(book.bids.length).toBeGreaterThanOrEqual(50);
      } finally {
        await postJson(`${suite.h.base}/_control/resume`, { venue: 'gate' });
      }
    });

    it('watchTrades, watchTicker and watchOHLCV parse the streams', async () => {
      const trades = await ex.watchTrades(symbol);
      const ticker = await ex.watchTicker(symbol);
      expectParsedPushes(symbol, trades, ticker, await ex.watchOHLCV(symbol, '1m'));
      expect(['buy', 'sell']).toContain(trades[0]!.side);
      if (market === 'usdm') expect(ticker.markPrice).toBeGreaterThan(0);
    });
  });

  it('requested nothing off the simulator’s Gate hosts, and everything asked was served', () => {
    const served = /^\/sim\/(api\.gateio\.ws\/api\/v4\/(spot\/(currencies|currency_pairs|order_book|tickers|candlesticks|trades)|margin\/currency_pairs|futures\/usdt\/(contracts|order_book|tickers|candlesticks|trades))(\?|$)|api\.gateio\.ws\/ws\/v4\/$|fx-ws\.gateio\.ws\/v4\/ws\/usdt$)/;
    expectServed(suite.rec, served, '/sim/api.gateio.ws');
  });
});
