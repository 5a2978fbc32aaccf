import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUMENTS, spotInstruments } from '../../server/sim/instruments.ts';
import { Client, getJson, startSim, type Harness } from './harness.ts';

// Issue 19: the simulator with a real exchange's symbol count (MARKET_SYMBOLS, the `symbols` option), for the
// market page's 2,000-symbol benchmark (bench/browser/market.ts).
let h: Harness;
beforeAll(async () => {
  h = await startSim({ seed: 5, rate: 1, symbols: 300 });
});
afterAll(async () => {
  await h.close();
});

type Obj = Record<string, unknown>;

describe('simulator symbol count', () => {
  it('lists the listed spot symbols, then made-up USDT pairs up to the count, the same for one seed', () => {
    const list = spotInstruments(2000, 5);
    expect(list).toHaveLength(2000);
    expect(list.slice(0, INSTRUMENTS.spot.length)).toEqual(INSTRUMENTS.spot);
    expect(list[INSTRUMENTS.spot.length]).toMatchObject({ symbol: 'SIM0001USDT', base: 'SIM0001', quote: 'USDT', market: 'spot' });
    expect(new Set(list.map((i) => i.symbol)).size).toBe(2000);
    for (const i of list) {
      expect(i.price).toBeGreaterThan(0);
      // A price of at least a thousand ticks: every made-up book has room for its levels.
      expect(Math.round(i.price * 10 ** i.tickDecimals)).toBeGreaterThanOrEqual(1000);
    }
    expect(spotInstruments(2000, 5)).toEqual(list);
    expect(spotInstruments(2000, 6).map((i) => i.price)).not.toEqual(list.map((i) => i.price));
    // Fewer than the listed ones: the listed ones (the count only adds symbols).
    expect(spotInstruments(10, 5)).toBe(INSTRUMENTS.spot);
    // USD-M keeps its listings.
    expect(h.sim.instruments.usdm).toBe(INSTRUMENTS.usdm);
  });

  it('serves them (300 here) in exchangeInfo and by name over REST', async () => {
    const info = (await getJson<{ symbols: Obj[] }>(`${h.base}/api.binance.com/api/v3/exchangeInfo`)).body;
    expect(info.symbols).toHaveLength(300);
    expect(info.symbols.at(-1)).toMatchObject({ symbol: 'SIM0276USDT', status: 'TRADING', baseAsset: 'SIM0276', quoteAsset: 'USDT' });
    const ticker = await getJson<Obj>(`${h.base}/api.binance.com/api/v3/ticker/24hr?symbol=SIM0276USDT`);
    expect(ticker.status).toBe(200);
    expect(ticker.body).toMatchObject({ symbol: 'SIM0276USDT' });
    expect((await getJson(`${h.base}/api.binance.com/api/v3/depth?symbol=SIM0277USDT`)).status).toBe(400);
  });

  it('streams a ticker for every one of them on !miniTicker@arr', async () => {
    const c = new Client(`${h.wsBase}/stream.binance.com/ws/!miniTicker@arr`);
    await c.opened;
    const seen = new Set<string>();
    const collect = (frames: string[]) => {
      for (const frame of frames.splice(0)) for (const ticker of JSON.parse(frame) as Array<{ s: string }>) seen.add(ticker.s);
      return seen.size >= 300;
    };
    // At one event a second per symbol, every symbol has changed within a few simulated seconds.
    for (let t = 0; t < 6000; t += 50) h.clock.advance(50);
    await c.until(collect);
    c.close();
    expect(seen.size).toBe(300);
    expect(seen.has('SIM0001USDT') && seen.has('SIM0276USDT') && seen.has('BTCUSDT')).toBe(true);
  });
});
