/**
 * One side-by-side limit order book in integer ticks and steps. Sides are sorted best first
 * (bids descending, asks ascending). Every level change is recorded so the generator can turn the
 * changes of one matching-engine event into one depth update with its own update-id range.
 */
export const BID = 0;
export const ASK = 1;
export type Side = typeof BID | typeof ASK;

export class BookSide {
  /** Prices in ticks, best first; entries from `length` on are spare capacity. */
  px = new Float64Array(1536);
  /** Quantities in steps, parallel to px. */
  qty = new Float64Array(1536);
  /** Number of levels. */
  length = 0;
  constructor(readonly side: Side) {}

  /** Index of `tick`, or -(insertion point) - 1 when absent. */
  find(tick: number): number {
    const px = this.px;
    let lo = 0;
    let hi = this.length - 1;
    const desc = this.side === BID;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = px[mid]!;
      if (v === tick) return mid;
      if (desc ? v > tick : v < tick) lo = mid + 1;
      else hi = mid - 1;
    }
    return -lo - 1;
  }

  get(tick: number): number {
    const i = this.find(tick);
    return i >= 0 ? this.qty[i]! : 0;
  }

  /**
   * Sets the absolute quantity of a level (0 removes it); false when that changes nothing. Typed arrays moved
   * with copyWithin: no garbage per change.
   */
  set(tick: number, qty: number): boolean {
    const i = this.find(tick);
    if (i >= 0) {
      if (qty === this.qty[i]) return false;
      if (qty > 0) this.qty[i] = qty;
      else {
        this.px.copyWithin(i, i + 1, this.length);
        this.qty.copyWithin(i, i + 1, this.length);
        this.length--;
      }
      return true;
    }
    if (qty <= 0) return false;
    const at = -i - 1;
    if (this.length === this.px.length) this.grow();
    this.px.copyWithin(at + 1, at, this.length);
    this.qty.copyWithin(at + 1, at, this.length);
    this.px[at] = tick;
    this.qty[at] = qty;
    this.length++;
    return true;
  }

  /** The levels as plain arrays, best first (tests, snapshots). */
  levels(limit = Infinity): { px: number[]; qty: number[] } {
    const n = Math.min(limit, this.length);
    return { px: Array.from(this.px.subarray(0, n)), qty: Array.from(this.qty.subarray(0, n)) };
  }

  private grow(): void {
    // Deliberate: doubling, rare (the generator keeps about 1100 levels a side).
    const px = new Float64Array(this.px.length * 2);
    const qty = new Float64Array(this.qty.length * 2);
    px.set(this.px);
    qty.set(this.qty);
    this.px = px;
    this.qty = qty;
  }
}

/** Changes of one engine event, in order; a level may appear more than once (the last one wins). */
export class ChangeLog {
  side: Side[] = [];
  tick: number[] = [];
  qty: number[] = [];
  get length(): number {
    return this.side.length;
  }
  push(side: Side, tick: number, qty: number): void {
    this.side.push(side);
    this.tick.push(tick);
    this.qty.push(qty);
  }
  clear(): void {
    this.side.length = 0;
    this.tick.length = 0;
    this.qty.length = 0;
  }
  /** Number of distinct levels touched. */
  distinct(): number {
    const n = this.side.length;
    if (n <= 1) return n;
    // A handful of entries per event: a quadratic scan allocates nothing.
    let count = 0;
    for (let i = 0; i < n; i++) {
      let seen = false;
      for (let j = 0; j < i; j++) {
        if (this.tick[j] === this.tick[i] && this.side[j] === this.side[i]) {
          seen = true;
          break;
        }
      }
      if (!seen) count++;
    }
    return count;
  }
}

export class OrderBook {
  readonly bids = new BookSide(BID);
  readonly asks = new BookSide(ASK);
  readonly log = new ChangeLog();

  sideOf(side: Side): BookSide {
    return side === BID ? this.bids : this.asks;
  }

  /** Sets a level and records the change. */
  set(side: Side, tick: number, qty: number): void {
    if (this.sideOf(side).set(tick, qty)) this.log.push(side, tick, qty);
  }

  bestBid(): number {
    return this.bids.length > 0 ? this.bids.px[0]! : 0;
  }
  bestAsk(): number {
    return this.asks.length > 0 ? this.asks.px[0]! : 0;
  }
  bestBidQty(): number {
    return this.bids.length > 0 ? this.bids.qty[0]! : 0;
  }
  bestAskQty(): number {
    return this.asks.length > 0 ? this.asks.qty[0]! : 0;
  }
}
