// Order-book rows for display. Hot path (CONVENTIONS.md "Hot paths"): runs on every book snapshot
// (10 per second per side, 500 levels), so it reuses its arrays and loops once per side.

/** Level arrays are flat [price, qty, ...], best first (workers/contract.ts BookPayload). */
const enum Level {
  Price = 0,
  Qty = 1,
  Stride = 2,
}

/**
 * Cumulative quantities of a side, best first, into `out` (grown only when too small). Summed in integer
 * units of the pair's step (10^-amountPrecision), so totals are exact decimals, not float sums.
 * Returns the array holding the totals (out, or a larger replacement).
 */
export function cumulative(levels: Float64Array, amountPrecision: number, out: Float64Array): Float64Array {
  const n = levels.length / Level.Stride;
  let target = out;
  if (target.length < n) target = new Float64Array(Math.max(n, 512)); // deliberate: grows once per session
  const scale = 10 ** amountPrecision;
  let units = 0;
  for (let i = 0; i < n; i++) {
    units += Math.round((levels[i * Level.Stride + Level.Qty] as number) * scale);
    target[i] = units / scale;
  }
  return target;
}

/**
 * Remembers each price's quantity across snapshots and stamps the rows that changed, so a row can
 * flash: it is highlighted until the next snapshot. Measured (bench/browser): a CSS fade per changed
 * row kept the page repainting at 60 fps in software rendering; a static highlight repaints only at
 * the snapshot rate.
 */
export class FlashTracker {
  private qty = new Map<number, number>();
  private next = new Map<number, number>();
  private stamps = new Map<number, number>();
  private version = 0;
  private primed = false;

  /** Feed a snapshot of one side; returns the version it was stamped with. */
  update(levels: Float64Array): number {
    this.version++;
    const n = levels.length / Level.Stride;
    const next = this.next;
    next.clear();
    for (let i = 0; i < n; i++) {
      const price = levels[i * Level.Stride + Level.Price] as number;
      const qty = levels[i * Level.Stride + Level.Qty] as number;
      next.set(price, qty);
      // The first snapshot (or one after a reset) is not a change: nothing flashes on load.
      if (this.primed && this.qty.get(price) !== qty) this.stamps.set(price, this.version);
    }
    for (const price of this.stamps.keys()) if (!next.has(price)) this.stamps.delete(price);
    this.next = this.qty;
    this.qty = next;
    this.primed = n > 0;
    return this.version;
  }

  /** The version at which this price last changed, or 0. */
  stamp(price: number): number {
    return this.stamps.get(price) ?? 0;
  }

  /** True when this price changed in the latest snapshot. */
  changed(price: number): boolean {
    return this.version > 0 && this.stamps.get(price) === this.version;
  }

  reset(): void {
    this.qty.clear();
    this.stamps.clear();
    this.primed = false;
  }
}

const EMPTY = new Float64Array(0);
/** Bars are scaled to the cumulative depth of this many levels, about what one screen shows. */
export const BAR_LEVELS = 25;

export interface BookSnapshot {
  synced: boolean;
  bids: Float64Array;
  asks: Float64Array;
}

export interface BookModelView {
  bids: Float64Array;
  asks: Float64Array;
  bidTotals: Float64Array;
  askTotals: Float64Array;
  /** the total that fills a depth bar */
  barScale: number;
  bidFlash: FlashTracker;
  askFlash: FlashTracker;
}

/**
 * Display state of one book panel across snapshots: flash trackers and reused total arrays. `view()` is
 * idempotent per (snapshot, key), so rendering the same book twice does not stamp or sum twice.
 */
export class BookModel {
  private key = '';
  private seen: BookSnapshot | undefined | null = null;
  private current: BookModelView = {
    bids: EMPTY,
    asks: EMPTY,
    bidTotals: new Float64Array(512),
    askTotals: new Float64Array(512),
    barScale: 0,
    bidFlash: new FlashTracker(),
    askFlash: new FlashTracker(),
  };

  view(book: BookSnapshot | undefined, key: string, amountPrecision: number): BookModelView {
    const v = this.current;
    if (key !== this.key) {
      this.key = key;
      this.seen = null;
      v.bidFlash.reset();
      v.askFlash.reset();
    }
    if (book === this.seen) return v;
    this.seen = book;
    const bids = book?.synced ? book.bids : EMPTY;
    const asks = book?.synced ? book.asks : EMPTY;
    v.bidFlash.update(bids);
    v.askFlash.update(asks);
    const bidTotals = cumulative(bids, amountPrecision, v.bidTotals);
    const askTotals = cumulative(asks, amountPrecision, v.askTotals);
    const nb = bids.length / Level.Stride;
    const na = asks.length / Level.Stride;
    const barScale = Math.max(
      nb > 0 ? (bidTotals[Math.min(nb, BAR_LEVELS) - 1] as number) : 0,
      na > 0 ? (askTotals[Math.min(na, BAR_LEVELS) - 1] as number) : 0,
    );
    // A new object per snapshot, so memoised children see the change (the arrays inside are reused).
    this.current = { ...v, bids, asks, bidTotals, askTotals, barScale };
    return this.current;
  }
}
