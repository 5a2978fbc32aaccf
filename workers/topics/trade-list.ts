import { TRADES_KEEP, TRADES_MAX, type Market, type Trade, type TradesPayload } from '../contract.ts';
import type { SentState } from '../publisher.ts';

export { TRADES_KEEP, TRADES_MAX };

const CAPACITY = 256; // power of two above TRADES_MAX + 1
const MASK = CAPACITY - 1;

/**
 * Recent trades, newest first, in a ring of parallel typed arrays: adding a trade is O(1) and trimming
 * to 150 is a count change (bench W3 compares it with array unshift/spread + slice).
 */
let generations = 0;

export class TradeList {
  version = 0;
  /** Changes when the list is cleared (and differs between lists): a tab's delta cursor is then void. */
  generation = ++generations;
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
    this.generation = ++generations;
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

  /** Newest first, the newest `limit` (all by default); `out` is reused when given (length set to the count). */
  toArray(out: Trade[] = [], limit = this.count): Trade[] {
    const n = Math.min(limit, this.count);
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

/**
 * A tab's trades message: the trades added since its previous one (each add is one version), or the whole list
 * when it asks for everything, the list was cleared or replaced, or more trades came than the list keeps.
 */
export function tradesPayload(list: TradeList, key: string, market: Market, symbol: string, sent: SentState, full: boolean): TradesPayload {
  const added = list.version - sent.cursor;
  const whole = full || sent.generation !== list.generation || added > list.size;
  sent.generation = list.generation;
  sent.cursor = list.version;
  return { type: 'trades', key, market, symbol, full: whole, trades: whole ? list.toArray() : list.toArray([], added) };
}
