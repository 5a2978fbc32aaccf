import CRC32 from 'crc-32';
import type { OrderBook } from '../../book/order-book.ts';

/**
 * OKX's order-book checksum (OKX docs, "Order book channel" → "Checksum"): the signed CRC32 of
 * `bidPx:bidSz:askPx:askSz:...` over the top 25 levels, bid and ask alternating; where one side is shorter the other
 * side's levels continue alone. The texts are the wire's, which OKX writes without trailing zeros ("0.1", never "0.10").
 *
 * Verified on every update, so it is written without strings: each stored number's digits go straight into the CRC32
 * loop (the crc-32 package's own table). With D the most decimals the book has seen on the wire for that field, a
 * stored double v is m / 10^D for the integer m = Math.round(v · 10^D), and the wire text is m's digits with the
 * point D from the right and the fraction's trailing zeros dropped. That holds exactly when m < 10^15 and
 * m / 10^D === v (checked for every number): a decimal of at most 15 significant digits is the only one of that
 * length or shorter that reads back as its double, so it is also `String(v)`'s shortest text. Otherwise (D unknown or
 * too small, or v · 10^D at 10^15 or beyond) the number takes the text path, `wireText(v)`.
 */
const CHECKSUM_LEVELS = 25;
const T = (CRC32 as unknown as { table: Int32Array }).table; // the package exports its table (crc32.js), its types do not
const POW10: number[] = [];
for (let i = 0; i <= 22; i++) POW10.push(10 ** i);
/** below it a decimal's digits (at most 15) identify its double */
const MAX_DIGITS_VALUE = 1e15;
const COLON = 58;
const DOT = 46;
const ZERO = 48;
/** digits of m, least significant first (reused: no allocation per number) */
const digits = new Uint8Array(24);

/**
 * A stored number as OKX writes it on the wire: `String(n)`, the shortest decimal that reads back as n, written out as
 * plain digits where JS would switch to exponent notation (below 1e-6).
 */
export function wireText(n: number): string {
  const s = String(n);
  if (!s.includes('e')) return s;
  const exp = Number(s.slice(s.indexOf('e') + 1));
  const mantissaDigits = s.slice(0, s.indexOf('e')).replace('-', '').replace('.', '').length;
  return n.toFixed(Math.min(100, Math.max(0, mantissaDigits - 1 - exp))).replace(/\.?0+$/, '');
}

/** Numbers that took the text path (a count for tests and diagnostics). */
export const checksumStats = { textPath: 0 };

function crcText(crc: number, text: string): number {
  checksumStats.textPath++;
  for (let i = 0; i < text.length; i++) crc = (crc >>> 8) ^ (T[(crc ^ text.charCodeAt(i)) & 0xff] as number);
  return crc;
}

/** The CRC32 state after the wire text of v (decimals: the book's most decimals seen for this field, -1 unknown). */
export function crcNumber(crc: number, v: number, decimals: number): number {
  if (decimals >= 0 && decimals <= 22) {
    const scale = POW10[decimals] as number;
    let m = Math.round(v * scale);
    if (m >= 0 && m < MAX_DIGITS_VALUE && m / scale === v) {
      let d = decimals;
      while (d > 0 && m % 10 === 0) {
        m /= 10;
        d--;
      }
      let n = 0;
      do {
        const q = Math.floor(m / 10);
        digits[n++] = m - q * 10;
        m = q;
      } while (m > 0);
      while (n <= d) digits[n++] = 0; // "0.00…" before the first significant digit
      for (let i = n - 1; i >= 0; i--) {
        if (i === d - 1) crc = (crc >>> 8) ^ (T[(crc ^ DOT) & 0xff] as number);
        crc = (crc >>> 8) ^ (T[(crc ^ (ZERO + (digits[i] as number))) & 0xff] as number);
      }
      return crc;
    }
  }
  return crcText(crc, wireText(v));
}

/** OKX's checksum of the book's top 25, allocation-free (see above). */
export function okxChecksum(book: OrderBook): number {
  const bids = book.bids;
  const asks = book.asks;
  const pd = book.priceDecimals;
  const qd = book.qtyDecimals;
  const nb = bids.size < CHECKSUM_LEVELS ? bids.size : CHECKSUM_LEVELS;
  const na = asks.size < CHECKSUM_LEVELS ? asks.size : CHECKSUM_LEVELS;
  let crc = -1;
  let first = true;
  for (let i = 0; i < CHECKSUM_LEVELS; i++) {
    if (i < nb) {
      if (!first) crc = (crc >>> 8) ^ (T[(crc ^ COLON) & 0xff] as number);
      first = false;
      crc = crcNumber(crc, bids.priceAt(i), pd);
      crc = (crc >>> 8) ^ (T[(crc ^ COLON) & 0xff] as number);
      crc = crcNumber(crc, bids.qtyAt(i), qd);
    }
    if (i < na) {
      if (!first) crc = (crc >>> 8) ^ (T[(crc ^ COLON) & 0xff] as number);
      first = false;
      crc = crcNumber(crc, asks.priceAt(i), pd);
      crc = (crc >>> 8) ^ (T[(crc ^ COLON) & 0xff] as number);
      crc = crcNumber(crc, asks.qtyAt(i), qd);
    }
  }
  return ~crc;
}

/** The checksum through strings, as OKX's docs describe it (the reference the fast path is tested against). */
export function okxChecksumText(book: OrderBook): number {
  const parts: string[] = [];
  const bids = book.bids;
  const asks = book.asks;
  for (let i = 0; i < CHECKSUM_LEVELS; i++) {
    if (i < bids.size) parts.push(wireText(bids.priceAt(i)), wireText(bids.qtyAt(i)));
    if (i < asks.size) parts.push(wireText(asks.priceAt(i)), wireText(asks.qtyAt(i)));
  }
  return CRC32.str(parts.join(':'));
}
