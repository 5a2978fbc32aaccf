import { ensureLevels, type DepthEvent } from '../book/depth-event.ts';
import type { TextCursor } from '../parse/text-cursor.ts';
import { levels } from './venue.ts';

/**
 * The fields OKX's and Bitget's `books` data objects share, read at the cursor after the key (`length` from
 * `cursor.key()`): `asks` and `bids` (levels), `ts` (a quoted integer) and `checksum` (a signed 32-bit integer), into
 * the event. Returns the field's bit (asks 1, bids 2, ts 4, checksum 8), 0 when the key is none of them (the venue's
 * own: OKX's seqIds, Bitget's seq), -1 when the value is malformed.
 */
export function bookDataField(c: TextCursor, ev: DepthEvent, length: number): number {
  if (c.isKey('asks', length)) {
    const n = c.levels(ev, false);
    if (n < 0) return -1;
    ev.askCount = n;
    return 1;
  }
  if (c.isKey('bids', length)) {
    const n = c.levels(ev, true);
    if (n < 0) return -1;
    ev.bidCount = n;
    return 2;
  }
  if (c.isKey('ts', length)) {
    if (!c.integer(true)) return -1;
    ev.time = c.value;
    return 4;
  }
  if (c.isKey('checksum', length)) {
    if (!c.integer(false, true) || c.value < -2147483648 || c.value > 2147483647) return -1;
    ev.checksum = c.value;
    return 8;
  }
  return 0;
}

/**
 * A books row's `bids` and `asks` read by the JSON path (OKX, Bitget) into the event: the levels, their counts and
 * the most decimals of each field (the checksum's hint, as the scanner counts them); false when a level is malformed.
 */
export function readBookSides(ev: DepthEvent, bidRows: unknown[], askRows: unknown[]): boolean {
  const bids = levels(bidRows, ensureLevels(ev.bids, bidRows.length));
  const asks = levels(askRows, ensureLevels(ev.asks, askRows.length));
  if (bids === null || asks === null) return false;
  ev.bids = bids;
  ev.asks = asks;
  ev.bidCount = bidRows.length;
  ev.askCount = askRows.length;
  ev.priceDecimals = Math.max(mostDecimals(bidRows, 0), mostDecimals(askRows, 0));
  ev.qtyDecimals = Math.max(mostDecimals(bidRows, 1), mostDecimals(askRows, 1));
  return true;
}

/** The most decimals of field `at` of validated level rows. */
function mostDecimals(rows: unknown[], at: number): number {
  let most = 0;
  for (const row of rows) {
    const text = (row as unknown[])[at];
    const dot = typeof text === 'string' ? text.indexOf('.') : -1;
    if (dot >= 0 && (text as string).length - dot - 1 > most) most = (text as string).length - dot - 1;
  }
  return most;
}
