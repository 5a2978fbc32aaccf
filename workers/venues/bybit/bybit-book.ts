import type { Market } from '../../contract.ts';
import type { DepthEvent } from '../../book/depth-event.ts';
import type { OrderBook } from '../../book/order-book.ts';
import type { StreamDepth } from '../venue.ts';

/**
 * Bybit v5 `orderbook.<depth>.<symbol>`: 200 levels on both categories (spot every 200 ms, linear every 100 ms). Bybit
 * lists depths 1, 50, 200 and 1000 (linear's 500 is gone and refused); the 1000-level books push at 200 ms with five
 * times the bytes, beyond the 500 levels the core keeps.
 */
export function bybitBookDepth(_market: Market): number {
  return 200;
}

/**
 * Bybit's sequencing: `type:"snapshot"` replaces the book (also the u = 1 snapshot after a service restart);
 * each `"delta"` must have u = the previous u + 1 (an older or equal u is a duplicate, ignored); `seq`, the cross
 * sequence, is kept on the event and not gated on. A break: 'gap' (the owner resubscribes for a new snapshot).
 */
export const bybitDepth: StreamDepth = {
  kind: 'stream',
  levels: bybitBookDepth,
  apply(book: OrderBook, ev: DepthEvent) {
    if (ev.snapshot) {
      book.loadEvent(ev);
      return 'applied';
    }
    if (book.state !== 'synced') return 'ignored';
    if (ev.u <= book.lastUpdateId) return 'ignored'; // a duplicate or a replay
    if (ev.u !== book.lastUpdateId + 1) return book.gap();
    book.applyEvent(ev);
    return 'applied';
  },
};
