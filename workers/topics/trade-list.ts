import type { Trade } from '../contract.ts';

/** Spec §3/§9: the trade list is trimmed to 150 when it grows above 200. */
export const TRADES_KEEP = 150;
export const TRADES_MAX = 200;

const CAPACITY = 256; // power of two above TRADES_MAX + 1
const MASK = CAPACITY - 1;

/**
 * Recent trades, newest first, in a ring of parallel typed arrays: adding a trade is O(1) and trimming
 * to 150 is a count change (bench W3 compares it with array unshift/spread + slice).
 */
export class TradeList {
  version = 0;
  private readonly ids = new Float64Array(CAPACITY);
  private readonly times = new Float64Array(CAPACITY);
  private readonly prices = new Float64Array(CAPACITY);
  private readonly qtys = new Float64Array(CAPACITY);
  private readonly makers = new Uint8Array(CAPACITY);
  private head = -1;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** id of the newest trade, -1 when empty */
  get newestId(): number {
    return this.count === 0 ? -1 : (this.ids[this.head & MASK] as number);
  }

  get newestTime(): number {
    return this.count === 0 ? -1 : (this.times[this.head & MASK] as number);
  }

  clear(): void {
    this.count = 0;
    this.version++;
  }

  add(id: number, time: number, price: number, qty: number, isBuyerMaker: boolean): void {
    const at = (this.head = (this.head + 1) & MASK);
    this.ids[at] = id;
    this.times[at] = time;
    this.prices[at] = price;
    this.qtys[at] = qty;
    this.makers[at] = isBuyerMaker ? 1 : 0;
    if (++this.count > TRADES_MAX) this.count = TRADES_KEEP;
    this.version++;
  }

  /** Newest first; `out` is reused when given (length set to the list size). */
  toArray(out: Trade[] = []): Trade[] {
    const n = this.count;
    out.length = n;
    for (let i = 0; i < n; i++) {
      const at = (this.head - i) & MASK;
      out[i] = {
        id: this.ids[at] as number,
        time: this.times[at] as number,
        price: this.prices[at] as number,
        qty: this.qtys[at] as number,
        isBuyerMaker: this.makers[at] === 1,
      };
    }
    return out;
  }
}
