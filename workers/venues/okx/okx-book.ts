import type { DepthEvent } from '../../book/depth-event.ts';
import type { OrderBook } from '../../book/order-book.ts';
import type { StreamDepth } from '../venue.ts';
import { okxChecksum } from './okx-checksum.ts';

export { okxChecksum, okxChecksumText, wireText } from './okx-checksum.ts';

/** OKX `books`: 400 levels a side. */
export const OKX_BOOK_LEVELS = 400;

/**
 * OKX `books` sequencing: `action:"snapshot"` replaces the book; each `"update"` must have prevSeqId = the last seqId
 * (an update with empty sides and seqId = prevSeqId is a keep-alive; OKX may reset the sequence, so seqId < prevSeqId
 * is fine when prevSeqId matches); the checksum is verified after every snapshot and update. Anything else: 'gap'.
 */
export const okxDepth: StreamDepth = {
  kind: 'stream',
  levels: () => OKX_BOOK_LEVELS,
  apply(book: OrderBook, ev: DepthEvent) {
    if (ev.snapshot) {
      book.loadEvent(ev);
      return okxChecksum(book) === ev.checksum ? 'applied' : book.gap();
    }
    if (book.state !== 'synced') return 'ignored'; // waiting for the snapshot (updates of the old subscription)
    if (ev.pu !== book.lastUpdateId) return book.gap();
    if (ev.bidCount === 0 && ev.askCount === 0 && ev.u === ev.pu) return 'ignored'; // keep-alive
    book.applyEvent(ev);
    return okxChecksum(book) === ev.checksum ? 'applied' : book.gap();
  },
};
