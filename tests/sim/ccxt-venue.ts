/**
 * The checks the ccxt conformance tests of the simulator's other venues (OKX, Bybit, Gate, Bitget) make alike: ccxt's markets are
 * the venue's listings, its REST fetches parse, and it asked for nothing the simulator does not serve.
 */
import type { Exchange, Market } from 'ccxt';
import { expect } from 'vitest';
import type { Instrument, MarketKind } from '../../server/sim/instruments.ts';
import { venueListings, type SimMarketVenue } from '../../server/sim/venues.ts';
import { untilTrue, type Recorded } from './ccxt-harness.ts';
import { postJson } from './harness.ts';

/** Every listing of `venue` is among ccxt's markets, active and with the listing's tick; `check` tests the rest. */
export function expectListedMarkets(markets: Record<string, Market>, venue: SimMarketVenue, check: (m: NonNullable<Market>, i: Instrument, kind: MarketKind) => void): void {
  const listings = venueListings(venue);
  for (const kind of ['spot', 'usdm'] as const) {
    for (const i of listings[kind]) {
      const symbol = kind === 'spot' ? `${i.base}/${i.quote}` : `${i.base}/${i.quote}:${i.quote}`;
      const m = markets[symbol];
      expect(m, symbol).toBeDefined();
      expect(m!.active).toBe(true);
      expect(m!.precision.price).toBe(Number(`1e-${i.tickDecimals}`));
      check(m!, i, kind);
    }
  }
}

/** fetchOrderBook (50 levels), fetchTicker(s), fetchOHLCV (ten 1 h bars, oldest first) and fetchTrades parse. */
export async function expectFetches(ex: Exchange, symbol: string, market: MarketKind): Promise<{ nonce: number | undefined }> {
  const ob = await ex.fetchOrderBook(symbol, 50);
  expect(ob.bids).toHaveLength(50);
  expect(ob.asks).toHaveLength(50);
  expect(ob.bids[0]![0]!).toBeLessThan(ob.asks[0]![0]!);
  const t = await ex.fetchTicker(symbol);
  expect(t.symbol).toBe(symbol);
  expect(t.last).toBeGreaterThan(0);
  expect(t.bid).toBeLessThan(t.ask!);
  if (market === 'usdm') expect(t.markPrice).toBeGreaterThan(0);
  const all = await ex.fetchTickers([symbol]);
  expect(all[symbol]?.last).toBeGreaterThan(0);
  const ohlcv = await ex.fetchOHLCV(symbol, '1h', undefined, 10);
  expect(ohlcv).toHaveLength(10);
  expect(ohlcv[1]![0]! - ohlcv[0]![0]!).toBe(3_600_000);
  const trades = await ex.fetchTrades(symbol, undefined, 20);
  expect(trades.length).toBeGreaterThan(0);
  expect(trades[0]!.symbol).toBe(symbol);
  return { nonce: ob.nonce };
}

/** fetchTicker(s), fetchTrades (once the venue has traded) and ten 1 h bars of fetchOHLCV parse (OKX, Bitget). */
export async function expectTickerTradesCandles(ex: Exchange, symbol: string): Promise<void> {
  const ticker = await ex.fetchTicker(symbol);
  expect(ticker.symbol).toBe(symbol);
  expect(ticker.last).toBeGreaterThan(0);
  expect(ticker.bid).toBeLessThan(ticker.ask!);
  const tickers = await ex.fetchTickers([symbol]);
  expect(Object.keys(tickers)).toContain(symbol);
  await untilTrue(async () => (await ex.fetchTrades(symbol, undefined, 5)).length > 0);
  const trades = await ex.fetchTrades(symbol, undefined, 5);
  expect(trades[0]!.symbol).toBe(symbol);
  expect(trades[0]!.price).toBeGreaterThan(0);
  const ohlcv = await ex.fetchOHLCV(symbol, '1h', undefined, 10);
  expect(ohlcv).toHaveLength(10);
  expect(ohlcv[9]![0]! - ohlcv[0]![0]!).toBe(9 * 3_600_000);
}

/** Nothing off the venue's hosts; every request but the control plane's is on `served`; every REST answer was HTTP 200. */
export function expectServed(rec: Recorded, served: RegExp, restPrefix: string): void {
  expect(rec.foreign).toEqual([]);
  const mine = rec.requested.filter((u) => !u.startsWith('/sim/_control'));
  expect(mine.length).toBeGreaterThan(0);
  for (const url of mine) expect(url).toMatch(served);
  for (const a of rec.answered.filter((x) => x.url.startsWith(restPrefix))) expect(a.status, a.url).toBe(200);
}

/** Applies one socket fault of `venue` (on one socket) and watches the book up to 50 times: the error the watch met, if any. */
export async function watchThroughFault(base: string, ex: Exchange, symbol: string, fault: Record<string, unknown>): Promise<unknown> {
  const r = await postJson<{ applied: number[] }>(`${base}/_control/faults`, fault);
  expect(r.body.applied).toHaveLength(1);
  try {
    for (let k = 0; k < 50; k++) await ex.watchOrderBook(symbol);
  } catch (e) {
    return e;
  }
  return undefined;
}
