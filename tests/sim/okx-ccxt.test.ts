import ccxt from 'ccxt';
import { beforeAll, describe, expect, it } from 'vitest';
import { asNumbers, ccxtSuite, expectParsedPushes, guardUrls, onLoopback, untilTrue, type ControlBook } from './ccxt-harness.ts';
import { expectServed, expectTickerTradesCandles, watchThroughFault } from './ccxt-venue.ts';
import { getJson, postJson } from './harness.ts';
import { startOkxSim, type OkxHarness } from './okx-harness.ts';

/**
 * Conformance: ccxt's OKX client (ccxt.pro.okx), unchanged except for its REST and websocket base URLs, against the
 * simulator's OKX. Every request it makes is recorded; one the simulator does not serve fails the test, as does any
 * URL off the loopback.
 */
type Exchange = InstanceType<typeof ccxt.pro.okx>;

const suite = ccxtSuite(() => startOkxSim({ seed: 31, rate: 40 }));
const { foreign } = suite.rec;
let h: OkxHarness;

beforeAll(() => {
  h = suite.h;
});

async function loopbackExchange(): Promise<Exchange> {
  const ex = new ccxt.pro.okx({ newUpdates: false, options: { fetchMarkets: { types: ['spot', 'swap'] } } });
  ex.urls['api'] = { rest: `http://127.0.0.1:${h.port}/sim/www.okx.com`, ws: `ws://127.0.0.1:${h.port}/sim/ws.okx.com/ws/v5` } as typeof ex.urls['api'];
  // ccxt pings every 18 s of wall time; simulated time runs 20× faster and OKX closes a socket silent for 30 s.
  (ex as unknown as { streaming: { keepAlive: number } }).streaming.keepAlive = 500;
  return guardUrls(ex, onLoopback(h.port), foreign);
}

async function truth(market: 'spot' | 'usdm', limit: number): Promise<ControlBook> {
  return (await getJson<ControlBook>(`${h.base}/_control/book?venue=okx&market=${market}&symbol=BTCUSDT&limit=${limit}`)).body;
}

/** Pauses OKX's market, waits for ccxt to hold its last push, compares the top 100, resumes. */
async function expectBookEqualsControlBook(ex: Exchange, symbol: string, market: 'spot' | 'usdm'): Promise<void> {
  h.okx.paused = true;
  try {
    const t = await truth(market, 100);
    await untilTrue(() => (ex.orderbooks[symbol]?.nonce as number | undefined) === t.lastUpdateId);
    const ob = ex.orderbooks[symbol]!;
    expect(ob.bids.slice(0, 100)).toEqual(asNumbers(t.bids));
    expect(ob.asks.slice(0, 100)).toEqual(asNumbers(t.asks));
  } finally {
    h.okx.paused = false;
  }
}

describe.each([
  { symbol: 'BTC/USDT', market: 'spot' as const, instId: 'BTC-USDT' },
  { symbol: 'BTC/USDT:USDT', market: 'usdm' as const, instId: 'BTC-USDT-SWAP' },
])('ccxt okx $symbol', ({ symbol, market, instId }) => {
  it("loadMarkets: ccxt's precision and contract size are the listing's", async () => {
    const ex = await loopbackExchange();
    try {
      const markets = await ex.loadMarkets();
      const m = markets[symbol]!;
      const inst = h.okx.instrument(market, 'BTCUSDT')!;
      expect(m.id).toBe(instId);
      expect(m.active).toBe(true);
      expect(m.precision.price).toBe(10 ** -inst.tickDecimals);
      if (market === 'usdm') {
        expect(m.swap).toBe(true);
        expect(m.linear).toBe(true);
        expect(m.settle).toBe('USDT');
        expect(m.contractSize).toBe(inst.contractValue);
        // lots of contracts: the listing's base step ÷ ctVal
        expect(m.precision.amount).toBeCloseTo(10 ** -inst.stepDecimals / inst.contractValue!, 12);
      } else {
        expect(m.spot).toBe(true);
        expect(m.precision.amount).toBe(10 ** -inst.stepDecimals);
      }
    } finally {
      await ex.close();
    }
  });

  it('fetchOrderBook, fetchTicker(s), fetchTrades, fetchOHLCV parse the REST answers', async () => {
    const ex = await loopbackExchange();
    try {
      h.okx.paused = true;
      const ob = await ex.fetchOrderBook(symbol, 50);
      const t = await truth(market, 50);
      h.okx.paused = false;
      // ccxt keeps a third figure from OKX's rows; price and amount are what the book says
      expect(ob.bids.map((l) => l.slice(0, 2))).toEqual(asNumbers(t.bids));
      expect(ob.asks.map((l) => l.slice(0, 2))).toEqual(asNumbers(t.asks));
      await expectTickerTradesCandles(ex, symbol);
      const daily = await ex.fetchOHLCV(symbol, '1d', undefined, 3);
      expect(daily).toHaveLength(3);
    } finally {
      await ex.close();
    }
  });

  it('watchOrderBook holds the true book through updates, a gap (InvalidNonce, resubscribe) and a wrong checksum', async () => {
    const ex = await loopbackExchange();
    try {
      let book = await ex.watchOrderBook(symbol);
      expect(book.bids.length).toBe(400);
      for (let k = 0; k < 100; k++) book = await ex.watchOrderBook(symbol);
      await expectBookEqualsControlBook(ex, symbol, market);

      // A gap: ccxt sees prevSeqId ≠ its nonce, rejects, and a new watch resubscribes for a fresh snapshot.
      expect(await watchThroughFault(h.base, ex, symbol, { venue: 'okx', type: 'gap' })).toBeInstanceOf(ccxt.InvalidNonce);
      for (let k = 0; k < 30; k++) book = await ex.watchOrderBook(symbol);
      await expectBookEqualsControlBook(ex, symbol, market);

      // ccxt 4.5.84 keeps no CRC32 check for OKX: a wrong checksum with right levels goes unnoticed by it, and its
      // book stays right (the simulator's local-book test is what detects the fault; see okx-book.test.ts).
      const bad = await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue: 'okx', type: 'checksum', count: 3 });
      expect(bad.body.applied).toHaveLength(1);
      for (let k = 0; k < 30; k++) book = await ex.watchOrderBook(symbol);
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

describe('ccxt okx stays on what the simulator serves', () => {
  it('requested nothing but served OKX paths on loopback, and every answer was served', () => {
    const served = /^\/sim\/(www\.okx\.com\/api\/v5\/(public\/(instruments|time|mark-price|funding-rate)|market\/(books|books-full|candles|history-candles|trades|tickers|ticker))\?|ws\.okx\.com\/ws\/v5\/(public|business)$|_control\/)/;
    expectServed(suite.rec, served, '/sim/www.okx.com');
  });
});
