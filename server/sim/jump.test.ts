import { describe, expect, it } from 'vitest';
import { instrument } from './instruments.ts';
import { MIN_LEVELS, SymbolMarket } from './market.ts';
import { ManualScheduler } from './scheduler.ts';
import { Simulator } from './simulator.ts';

const T0 = Date.UTC(2025, 0, 6, 12);

describe('a price jump (the dev control behind /_dev/market/move)', () => {
  it('lays the book again around the new price, whole, uncrossed, as one update that names every changed level', () => {
    const m = new SymbolMarket(instrument('spot', 'BTCUSDT')!, 1, T0);
    for (let k = 0; k < 200; k++) m.step(T0 + k * 100, 1);
    const bid0 = m.book.bestBid();
    const before = m.lastUpdateId;
    const ev = m.jump(0.75, T0 + 30_000)!;
    expect(ev.U).toBe(before + 1);
    expect(ev.u).toBeGreaterThan(before + MIN_LEVELS);
    expect(ev.topChanged).toBe(true);
    expect(ev.trades).toEqual([]);
    const { bids, asks } = m.book;
    expect(bids.length).toBeGreaterThanOrEqual(MIN_LEVELS);
    expect(asks.length).toBeGreaterThanOrEqual(MIN_LEVELS);
    expect(bids.px[0]!).toBeLessThan(asks.px[0]!);
    // About 25 % lower, within the makers' half-spread; the last price follows at once.
    expect(m.book.bestBid() / bid0).toBeGreaterThan(0.749);
    expect(m.book.bestBid() / bid0).toBeLessThan(0.751);
    expect(m.lastPrice / bid0).toBeCloseTo(0.75, 2);
    // The generator carries on from there.
    for (let k = 0; k < 200; k++) m.step(T0 + 30_000 + k * 100, 1);
    expect(m.book.bestBid() / bid0).toBeLessThan(0.76);
  });

  it('reaches the simulator’s listeners as an engine event and refuses an unlisted symbol', () => {
    const sim = new Simulator({ seed: 2, scheduler: new ManualScheduler() });
    const seen: number[] = [];
    sim.onEvent((_m, ev) => seen.push(ev.u));
    const ticks = sim.jump('spot', 'ETHUSDT', 1.1)!;
    expect(seen).toHaveLength(1);
    expect(ticks / 320_000).toBeCloseTo(1.1, 2);
    expect(sim.jump('spot', 'NOPEUSDT', 0.5)).toBeUndefined();
    sim.stop();
  });
});
