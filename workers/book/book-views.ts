import type { BookPayload } from '../contract.ts';
import { grouping, writeLevels } from './book-view.ts';
import type { OrderBook } from './order-book.ts';

interface View {
  version: number;
  bids: Float64Array;
  asks: Float64Array;
}

const EMPTY = new Float64Array(0);

/**
 * Book snapshots for publishing. A (book, depth, group) view is computed once per book version and
 * shared by every tab that wants it; each tab then gets its own copy to transfer (a transfer detaches
 * the buffer, and a copy of ≤ 1000 numbers is far cheaper than structured-cloning arrays of arrays).
 */
export class BookViews {
  private readonly views = new Map<string, View>();
  private scratch = new Float64Array(1000);

  /** Drop cached views of a book that is no longer kept. */
  forget(bookKey: string): void {
    for (const key of this.views.keys()) if (key.startsWith(bookKey + '|')) this.views.delete(key);
  }

  payload(
    id: string,
    bookKey: string,
    book: OrderBook,
    tickSize: string | null,
    depth: number,
    group: number,
    transfer: Transferable[],
    /** base units per stored quantity unit (OKX swaps: ctVal); null while unknown: the book is not shown yet */
    qtyScale: number | null = 1,
  ): BookPayload {
    const synced = book.state === 'synced' && qtyScale !== null;
    let bids = EMPTY;
    let asks = EMPTY;
    if (synced) {
      const viewKey = `${bookKey}|${depth}|${group}`;
      let view = this.views.get(viewKey);
      if (view === undefined || view.version !== book.version) {
        const g = grouping(tickSize ?? undefined, group);
        if (this.scratch.length < depth * 2) this.scratch = new Float64Array(depth * 2); // deliberate, rare
        const nb = writeLevels(book.bids, depth, g, this.scratch);
        const b = this.scratch.slice(0, nb * 2); // deliberate: the shared view of this version
        const na = writeLevels(book.asks, depth, g, this.scratch);
        const a = this.scratch.slice(0, na * 2);
        if (qtyScale !== 1 && qtyScale !== null) {
          for (let i = 1; i < b.length; i += 2) b[i] = (b[i] as number) * qtyScale;
          for (let i = 1; i < a.length; i += 2) a[i] = (a[i] as number) * qtyScale;
        }
        view = { version: book.version, bids: b, asks: a };
        this.views.set(viewKey, view);
      }
      bids = view.bids.slice(); // deliberate: the tab's own copy, transferred
      asks = view.asks.slice();
      transfer.push(bids.buffer, asks.buffer);
    }
    return {
      type: 'book',
      key: id,
      market: book.market,
      symbol: book.symbol,
      synced,
      lastUpdateId: synced ? book.lastUpdateId : 0,
      time: book.lastEventTime,
      tickSize,
      depth,
      group: group > 1 ? group : 1,
      bids,
      asks,
    };
  }
}
