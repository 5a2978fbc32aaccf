import { describe, expect, it } from 'vitest';
import { BookSide, Side } from './book-side.ts';
import { mulberry32 } from '../../bench/replay.ts';

/** Reference model: a Map and a full sort, truncated to `levels` like the real side. */
class ModelSide {
  readonly map = new Map<number, number>();
  constructor(
    readonly side: Side,
    readonly levels: number,
  ) {}
  sorted(): [number, number][] {
    return [...this.map.entries()].sort((a, b) => (this.side === Side.Bid ? b[0] - a[0] : a[0] - b[0]));
  }
  set(price: number, qty: number): void {
    if (qty === 0) {
      this.map.delete(price);
      return;
    }
    const sorted = this.sorted();
    const worst = sorted[sorted.length - 1];
    const worse = worst !== undefined && (this.side === Side.Bid ? price < worst[0] : price > worst[0]);
    if (!this.map.has(price) && this.map.size >= this.levels && worse) return;
    this.map.set(price, qty);
    if (this.map.size > this.levels) {
      const last = this.sorted()[this.levels];
      if (last) this.map.delete(last[0]);
    }
  }
}

function levelsOf(side: BookSide): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < side.size; i++) out.push([side.priceAt(i), side.qtyAt(i)]);
  return out;
}

describe('BookSide', () => {
  for (const side of [Side.Bid, Side.Ask]) {
    it(`matches a sorted reference model under random changes (${side === Side.Bid ? 'bids' : 'asks'})`, () => {
      const random = mulberry32(side === Side.Bid ? 7 : 11);
      const levels = 50;
      const book = new BookSide(side, levels);
      const model = new ModelSide(side, levels);
      for (let step = 0; step < 20_000; step++) {
        // Mostly near a drifting centre, sometimes far away, a third of them deletions.
        const centre = 1000 + Math.floor(step / 500);
        const offset = random() < 0.9 ? Math.floor(random() * 30) : Math.floor(random() * 400);
        const price = (centre + (random() < 0.5 ? offset : -offset)) / 100;
        const qty = random() < 0.33 ? 0 : Math.round(random() * 1e6) / 1e3 + 0.001;
        book.set(price, qty);
        model.set(price, qty);
        if (step % 997 === 0) expect(levelsOf(book)).toEqual(model.sorted());
      }
      expect(levelsOf(book)).toEqual(model.sorted());
      expect(book.size).toBeLessThanOrEqual(levels);
    });
  }

  it('loads a snapshot best first and keeps at most maxLevels', () => {
    const bids = new BookSide(Side.Bid, 3);
    bids.load([10, 1, 9, 2, 8, 3, 7, 4], 4);
    expect(levelsOf(bids)).toEqual([
      [10, 1],
      [9, 2],
      [8, 3],
    ]);
    const asks = new BookSide(Side.Ask, 5);
    asks.load([11, 1, 12, 2], 2);
    asks.set(10.5, 7);
    asks.set(12, 0);
    expect(levelsOf(asks)).toEqual([
      [10.5, 7],
      [11, 1],
    ]);
    expect(asks.qtyOf(11)).toBe(1);
    expect(asks.qtyOf(12)).toBe(0);
  });

  it('survives long one-sided drifts that exhaust one end of the buffer', () => {
    const asks = new BookSide(Side.Ask, 10);
    const model = new ModelSide(Side.Ask, 10);
    // Prices always improving (new best each time) and always worsening.
    for (let i = 0; i < 500; i++) {
      asks.set(1000 - i, i + 1);
      model.set(1000 - i, i + 1);
    }
    for (let i = 0; i < 500; i++) {
      asks.set(2000 + i, 1);
      model.set(2000 + i, 1);
      asks.set(500 + (i % 10), 0);
      model.set(500 + (i % 10), 0);
    }
    expect(levelsOf(asks)).toEqual(model.sorted());
  });
});
