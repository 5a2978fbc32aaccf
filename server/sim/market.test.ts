import { describe, expect, it } from 'vitest';
import { formatScaled, instrument } from './instruments.ts';
import { MAX_LEVELS, MIN_LEVELS, SymbolMarket } from './market.ts';
import { ManualScheduler } from './scheduler.ts';

const T0 = Date.UTC(2025, 0, 6, 12);

function market(kind: 'spot' | 'usdm', symbol: string, seed = 1): SymbolMarket {
  return new SymbolMarket(instrument(kind, symbol)!, seed, T0);
}

describe('SymbolMarket generator', () => {
  it('keeps a sorted, uncrossed book of 1000–1200 levels a side over thousands of events', () => {
    for (const m of [market('spot', 'BTCUSDT'), market('usdm', 'DOGEUSDT'), market('spot', 'ETHBTC')]) {
      for (let k = 0; k < 3000; k++) {
        m.step(T0 + k * 100, 1);
        const { bids, asks } = m.book;
        expect(bids.length).toBeGreaterThanOrEqual(MIN_LEVELS);
        expect(asks.length).toBeLessThanOrEqual(MAX_LEVELS);
        expect(bids.px[0]!).toBeLessThan(asks.px[0]!);
      }
      const { bids, asks } = m.book;
      for (let k = 1; k < bids.length; k++) expect(bids.px[k]!).toBeLessThan(bids.px[k - 1]!);
      for (let k = 1; k < asks.length; k++) expect(asks.px[k]!).toBeGreaterThan(asks.px[k - 1]!);
      expect(bids.levels().qty.every((q) => q > 0)).toBe(true);
      expect(asks.levels().qty.every((q) => q > 0)).toBe(true);
    }
  });

  it('renews every level now and then, so none sits unseen behind a snapshot until it reaches the top', () => {
    // A level a client never saw (beyond its snapshot) becomes known once it changes; the deep makers cancel
    // and re-place each level within a few thousand events, long before the price could walk to it.
    for (const m of [market('usdm', 'BTCUSDT'), market('usdm', 'ADAUSDT')]) {
      const untouched = new Set<number>();
      for (const s of [m.book.bids, m.book.asks]) for (let k = 0; k < s.length; k++) untouched.add(s.px[k]! * 2 + s.side);
      const start = untouched.size;
      for (let k = 0; k < 30_000; k++) {
        m.step(T0 + k * 100, 1);
        const log = m.book.log;
        for (let j = 0; j < log.length; j++) untouched.delete(log.tick[j]! * 2 + log.side[j]!);
      }
      expect(untouched.size / start).toBeLessThan(0.01);
    }
  });

  it('spot update ids are contiguous (U = previous u + 1); USD-M ids jump between events', () => {
    const s = market('spot', 'ETHUSDT');
    const f = market('usdm', 'ETHUSDT');
    let jumps = 0;
    for (let k = 0; k < 500; k++) {
      const before = s.lastUpdateId;
      const ev = s.step(T0 + k, 1);
      if (ev) {
        expect(ev.U).toBe(before + 1);
        expect(ev.u).toBe(ev.U + s.book.log.distinct() - 1);
      }
      const fb = f.lastUpdateId;
      const fe = f.step(T0 + k, 1);
      if (fe && fe.U > fb + 1) jumps++;
    }
    expect(jumps).toBeGreaterThan(100);
  });

  it('trades consume the book and aggregate trades cover consecutive trade ids', () => {
    const m = market('spot', 'BNBUSDT');
    for (let k = 0; k < 1000; k++) m.step(T0 + k * 10, 1);
    expect(m.trades.length).toBeGreaterThan(50);
    for (const a of m.aggTrades) {
      const parts = m.trades.filter((t) => t.id >= a.f && t.id <= a.l);
      if (parts.length === a.l - a.f + 1) {
        expect(parts.reduce((s, t) => s + t.qty, 0)).toBe(a.qty);
        expect(parts.every((t) => t.px === a.px)).toBe(true);
      }
    }
  });

  it('is deterministic per seed and independent per symbol', () => {
    const a = market('spot', 'SOLUSDT', 5);
    const b = market('spot', 'SOLUSDT', 5);
    const c = market('spot', 'SOLUSDT', 6);
    for (let k = 0; k < 200; k++) {
      a.step(T0 + k, 1);
      b.step(T0 + k, 1);
      c.step(T0 + k, 1);
    }
    expect(b.book.bids.levels()).toEqual(a.book.bids.levels());
    expect(b.book.asks.levels()).toEqual(a.book.asks.levels());
    expect(c.book.bids.levels()).not.toEqual(a.book.bids.levels());
  });

  it('klines roll with time and history ends where live trading starts', () => {
    const m = market('usdm', 'BTCUSDT');
    const hist = m.klines('1m', 3);
    expect(hist[hist.length - 1]!.t).toBe(Math.floor(T0 / 60_000) * 60_000);
    expect(hist[hist.length - 2]!.c).toBe(m.startTicks);
    m.roll(T0 + 5 * 60_000);
    const after = m.klines('1m', 10);
    expect(after[after.length - 1]!.t).toBe(T0 + 5 * 60_000);
  });
});

describe('formatScaled', () => {
  it('prints integers scaled by powers of ten without floats', () => {
    expect(formatScaled(123456, 2, 8)).toBe('1234.56000000');
    expect(formatScaled(5, 3, 3)).toBe('0.005');
    expect(formatScaled(7, 0, 0)).toBe('7');
    expect(formatScaled(7, 0, 2)).toBe('7.00');
    expect(formatScaled(-15, 1, 1)).toBe('-1.5');
  });
});

describe('ManualScheduler', () => {
  it('fires timers in time order only when advanced', () => {
    const s = new ManualScheduler(1000);
    const seen: string[] = [];
    s.every(100, () => seen.push(`e${s.now()}`));
    const cancel = s.after(150, () => seen.push(`a${s.now()}`));
    s.after(250, () => seen.push(`b${s.now()}`));
    cancel();
    expect(seen).toEqual([]);
    s.advance(300);
    expect(seen).toEqual(['e1100', 'e1200', 'b1250', 'e1300']);
    expect(s.now()).toBe(1300);
  });
});
