/**
 * One side-by-side limit order book in integer ticks and steps. Sides are sorted best first
 * (bids descending, asks ascending). Every level change is recorded so the generator can turn the
 * changes of one matching-engine event into one depth update with its own update-id range.
 */
export const BID = 0;
export const ASK = 1;
export type Side = typeof BID | typeof ASK;

export class BookSide {
  /** Prices in ticks, best first. */
  readonly px: number[] = [];
  /** Quantities in steps, parallel to px. */
  readonly qty: number[] = [];
  constructor(readonly side: Side) {}

  get length(): number {
    return this.px.length;
  }

  /** Index of `tick`, or -(insertion point) - 1 when absent. */
  find(tick: number): number {
    const px = this.px;
    let lo = 0;
    let hi = px.length - 1;
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

  /** Sets the absolute quantity of a level (0 removes it). */
  set(tick: number, qty: number): void {
    const i = this.find(tick);
    if (i >= 0) {
      if (qty > 0) this.qty[i] = qty;
      else {
        this.px.splice(i, 1);
        this.qty.splice(i, 1);
      }
    } else if (qty > 0) {
      const at = -i - 1;
      this.px.splice(at, 0, tick);
      this.qty.splice(at, 0, qty);
    }
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
    if (this.side.length <= 1) return this.side.length;
    const seen = new Set<number>(); // deliberate: a handful of entries per event
    for (let i = 0; i < this.side.length; i++) seen.add(this.tick[i]! * 2 + this.side[i]!);
    return seen.size;
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
    const s = this.sideOf(side);
    if (s.get(tick) === qty) return;
    s.set(tick, qty);
    this.log.push(side, tick, qty);
  }

  bestBid(): number {
    return this.bids.px[0] ?? 0;
  }
  bestAsk(): number {
    return this.asks.px[0] ?? 0;
  }
}
