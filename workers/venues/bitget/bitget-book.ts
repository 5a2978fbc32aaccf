import type { DepthEvent } from '../../book/depth-event.ts';
import type { OrderBook } from '../../book/order-book.ts';
import { top25Checksum } from '../okx/okx-checksum.ts';
import type { StreamDepth } from '../venue.ts';

/**
 * Bitget v2 `books` (spot and USDT-M futures): the whole book on the wire, of which the core keeps 400 levels a side
 * (Bitget's docs speak of `books` as 400 levels when merging updates).
 */
export const BITGET_BOOK_LEVELS = 400;

/** Bitget's checksum: OKX's top-25 CRC32 over the wire's fixed-decimal texts ("0.5000", trailing zeros kept). */
export function bitgetChecksum(book: OrderBook): number {
  return top25Checksum(book, true);
}

/**
 * Bitget's procedure (docs, "Depth Channel": "Merging update data into snapshot", "Calculate Checksum"):
 * `action:"snapshot"` replaces the book; an `"update"` is merged (size 0 deletes) and the CRC32 of the top 25 must
 * then equal its `checksum`. `seq` "increases when the order book is updated and can be used to determine whether
 * there is out-of-order packets": it is not consecutive, so a lost update shows in the checksum; an update with the
 * last seq is a duplicate (ignored), one below it arrived out of order. A snapshot's checksum is verified when it
 * carries one (Bitget's snapshots of the capped channels send 0). Anything else: 'gap' (resubscribe).
 */
export const bitgetDepth: StreamDepth = {
  kind: 'stream',
  levels: () => BITGET_BOOK_LEVELS,
  apply(book: OrderBook, ev: DepthEvent) {
    if (ev.snapshot) {
      book.loadEvent(ev);
      return ev.checksum === 0 || bitgetChecksum(book) === ev.checksum ? 'applied' : book.gap();
    }
    if (book.state !== 'synced') return 'ignored'; // waiting for the snapshot (updates of the old subscription)
    if (ev.u === book.lastUpdateId) return 'ignored'; // a duplicate
    if (ev.u < book.lastUpdateId) return book.gap();
    book.applyEvent(ev);
    return bitgetChecksum(book) === ev.checksum ? 'applied' : book.gap();
  },
};
