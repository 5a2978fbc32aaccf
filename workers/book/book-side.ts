/**
 * One side of an order book: price levels kept sorted in two parallel Float64Arrays.
 *
 * Layout (measured trade-off, see bench/w1-book.ts): levels are sorted by a key that grows towards the best
 * price (bids: key = price, asks: key = -price), so the best level sits at the END of the live range.
 * Almost every change on a live market lands near the top of the book, so:
 * - lookups scan down from the best level for the first few dozen levels, then bisect the rest;
 * - inserts and deletes move the shorter of the two parts (a small gap buffer with room on both ends),
 *   which near the top is a handful of elements.
 * No allocation after construction.
 */
export const enum Side {
  Bid = 1,
  Ask = -1,
}

export class BookSide {
  readonly side: Side;
  readonly maxLevels: number;
  /** key = price * side; ascending within [lo, hi) */
  private readonly keys: Float64Array;
  private readonly qtys: Float64Array;
  private lo: number;
  private hi: number;
  private readonly capacity: number;

  constructor(side: Side, maxLevels: number) {
    this.side = side;
    this.maxLevels = maxLevels;
    // Twice the levels plus slack: a recentre leaves at least maxLevels/2 free slots on each end.
    this.capacity = maxLevels * 2 + 4;
    this.keys = new Float64Array(this.capacity);
    this.qtys = new Float64Array(this.capacity);
    this.lo = this.hi = this.capacity >> 1;
  }

  get size(): number {
    return this.hi - this.lo;
  }

  clear(): void {
    this.lo = this.hi = this.capacity >> 1;
  }

  /** Price of the n-th level from the top (0 = best). Caller keeps n < size. */
  priceAt(n: number): number {
    return (this.keys[this.hi - 1 - n] as number) * this.side;
  }

  qtyAt(n: number): number {
    return this.qtys[this.hi - 1 - n] as number;
  }

  /** The top n levels (n <= size), best first, into out as [price, qty, price, qty, …]. */
  copyTop(n: number, out: Float64Array): void {
    const keys = this.keys;
    const qtys = this.qtys;
    const side = this.side;
    for (let i = 0, at = this.hi - 1; i < 2 * n; i += 2, at--) {
      out[i] = (keys[at] as number) * side;
      out[i + 1] = qtys[at] as number;
    }
  }

  /** Quantity at an exact price, 0 when the level does not exist. */
  qtyOf(price: number): number {
    const key = price * this.side;
    const i = this.lowerBound(key);
    return i < this.hi && this.keys[i] === key ? (this.qtys[i] as number) : 0;
  }

  /**
   * Replace the side with levels given best first (Binance REST order), keeping at most maxLevels.
   * prices/qtys are read as [p0, q0, p1, q1, ...] from `flat`.
   */
  load(flat: ArrayLike<number>, count: number): void {
    const n = Math.min(count, this.maxLevels);
    // Place the block in the middle so both ends have room.
    this.lo = (this.capacity - n) >> 1;
    this.hi = this.lo + n;
    const side = this.side;
    for (let i = 0; i < n; i++) {
      const at = this.hi - 1 - i;
      this.keys[at] = (flat[2 * i] as number) * side;
      this.qtys[at] = flat[2 * i + 1] as number;
    }
  }

  /** Binance semantics: qty 0 removes the level, anything else sets it. */
  set(price: number, qty: number): void {
    const key = price * this.side;
    const i = this.lowerBound(key);
    const hi = this.hi;
    if (i < hi && this.keys[i] === key) {
      if (qty !== 0) this.qtys[i] = qty;
      else this.removeAt(i);
      return;
    }
    if (qty === 0) return;
    if (i === this.lo && hi - this.lo >= this.maxLevels) return; // worse than every kept level
    this.insertAt(i, key, qty);
    if (this.hi - this.lo > this.maxLevels) this.lo++; // drop the worst level (spec §9: 500 levels)
  }

  /**
   * First index in [lo, hi) with keys[i] >= key. Within the first 32 levels from the best (where most changes land,
   * known by one comparison with the 32nd) it scans linearly down from the best; deeper, it bisects the rest.
   * Measured in bench W1: on par with a galloping search and simpler; both beat bisecting the whole side.
   */
  private lowerBound(key: number): number {
    const keys = this.keys;
    const lo = this.lo;
    const hi = this.hi;
    const stop = hi - 32 > lo ? hi - 32 : lo;
    let i = hi - 1;
    if (stop === lo || (keys[stop] as number) < key) {
      while (i >= stop && (keys[i] as number) >= key) i--;
      // keys[i+1..hi) >= key; if i >= stop then keys[i] < key and i + 1 is the answer
      return i + 1;
    }
    let left = lo - 1; // keys[left] < key (virtually)
    let right = stop; // keys[right] >= key
    while (right - left > 1) {
      const mid = (left + right) >>> 1;
      if ((keys[mid] as number) < key) left = mid;
      else right = mid;
    }
    return right;
  }

  private insertAt(i: number, key: number, qty: number): void {
    const above = this.hi - i;
    const below = i - this.lo;
    const up = above <= below;
    // No room on the cheap end: recentre once (O(n), amortised by the room it leaves on both ends).
    if (up ? this.hi === this.capacity : this.lo === 0) i += this.recentre();
    if (up) {
      this.move(i + 1, i, this.hi);
      this.hi++;
    } else {
      this.move(this.lo - 1, this.lo, i);
      this.lo--;
      i--;
    }
    this.keys[i] = key;
    this.qtys[i] = qty;
  }

  private removeAt(i: number): void {
    if (this.hi - 1 - i <= i - this.lo) {
      this.move(i, i + 1, this.hi);
      this.hi--;
    } else {
      this.move(this.lo + 1, this.lo, i);
      this.lo++;
    }
  }

  /**
   * copyWithin(target, start, end) on both arrays. Short moves (the common case near the top) use a plain
   * loop: the builtin's call overhead dominates below a few dozen elements (measured in bench W1).
   */
  private move(target: number, start: number, end: number): void {
    const n = end - start;
    const keys = this.keys;
    const qtys = this.qtys;
    if (n > 32) {
      keys.copyWithin(target, start, end);
      qtys.copyWithin(target, start, end);
    } else if (target > start) {
      for (let j = n - 1; j >= 0; j--) {
        keys[target + j] = keys[start + j] as number;
        qtys[target + j] = qtys[start + j] as number;
      }
    } else {
      for (let j = 0; j < n; j++) {
        keys[target + j] = keys[start + j] as number;
        qtys[target + j] = qtys[start + j] as number;
      }
    }
  }

  /** Move the live range to the middle; returns how far it moved. Amortised: leaves >= maxLevels/2 free per end. */
  private recentre(): number {
    const n = this.hi - this.lo;
    const lo = (this.capacity - n) >> 1;
    const shift = lo - this.lo;
    this.move(lo, this.lo, this.hi);
    this.lo = lo;
    this.hi = lo + n;
    return shift;
  }
}
