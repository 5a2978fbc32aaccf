import CRC32 from 'crc-32';
import type { DepthEvent } from '../../book/depth-event.ts';
import type { OrderBook } from '../../book/order-book.ts';
import type { StreamDepth } from '../venue.ts';

/** OKX `books`: 400 levels a side. */
export const OKX_BOOK_LEVELS = 400;
const CHECKSUM_LEVELS = 25;

/**
 * A stored number as OKX writes it on the wire. The book keeps numbers, and `String(n)` is the shortest decimal that
 * reads back as n, which is OKX's own text because OKX sends prices and sizes without trailing zeros ("0.1", never
 * "0.10"); only below 1e-6 does JS switch to exponent notation, written out here as plain digits.
 */
export function wireText(n: number): string {
  const s = String(n);
  if (!s.includes('e')) return s;
  const exp = Number(s.slice(s.indexOf('e') + 1));
  const mantissaDigits = s.slice(0, s.indexOf('e')).replace('-', '').replace('.', '').length;
  return n.toFixed(Math.min(100, Math.max(0, mantissaDigits - 1 - exp))).replace(/\.?0+$/, '');
}

/**
 * OKX's order-book checksum: the signed CRC32 of `bidPx:bidSz:askPx:askSz:...` over the top 25 levels, bid and ask
 * alternating; where one side is shorter the other side's levels continue alone.
 */
export function okxChecksum(book: OrderBook): number {
  const parts: string[] = [];
  const bids = book.bids;
  const asks = book.asks;
  for (let i = 0; i < CHECKSUM_LEVELS; i++) {
    if (i < bids.size) parts.push(wireText(bids.priceAt(i)), wireText(bids.qtyAt(i)));
    if (i < asks.size) parts.push(wireText(asks.priceAt(i)), wireText(asks.qtyAt(i)));
  }
  return CRC32.str(parts.join(':'));
}

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
