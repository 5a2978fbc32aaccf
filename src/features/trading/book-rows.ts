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
 * Compares each snapshot of one side with the one before and marks the levels whose quantity changed or
 * that are new, so a row can flash: it is highlighted until the next snapshot. Measured (bench/browser):
 * a CSS fade per changed row kept the page repainting at 60 fps in software rendering; a static highlight
 * repaints only at the snapshot rate. Both snapshots are sorted best first, so one merge pass finds the
 * changes (no map of 500 prices rebuilt on every snapshot).
 */
export class FlashTracker {
  private prev: Float64Array | null = null;
  private flags = new Uint8Array(512);

  /** Feed a snapshot of one side (flat [price, qty, ...], best first). */
  update(levels: Float64Array): void {
    const n = levels.length / Level.Stride;
    if (this.flags.length < n) this.flags = new Uint8Array(Math.max(n, this.flags.length * 2)); // deliberate: grows once per session
    const flags = this.flags;
    const prev = this.prev;
    // The first snapshot (or one after a reset) is not a change: nothing flashes on load.
    if (prev === null || prev.length === 0) flags.fill(0, 0, n);
    else {
      const m = prev.length / Level.Stride;
      // Bids run down in price, asks up: the direction of either snapshot tells which.
      const a = n > 1 ? levels : prev;
      const dir = a.length > Level.Stride && (a[Level.Stride] as number) < (a[0] as number) ? -1 : 1;
      let j = 0;
      for (let i = 0; i < n; i++) {
        const price = levels[i * Level.Stride + Level.Price] as number;
        // skip levels of the previous snapshot that come before this price (gone from the book)
        while (j < m && dir * ((prev[j * Level.Stride + Level.Price] as number) - price) < 0) j++;
        const same = j < m && prev[j * Level.Stride + Level.Price] === price;
        flags[i] = same && prev[j * Level.Stride + Level.Qty] === levels[i * Level.Stride + Level.Qty] ? 0 : 1;
      }
    }
    this.prev = levels;
  }

  /** True when the level at this index of the latest snapshot changed (or is new) since the one before. */
  changedAt(level: number): boolean {
    return this.prev !== null && level < this.prev.length / Level.Stride && this.flags[level] === 1;
  }

  reset(): void {
    this.prev = null;
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
