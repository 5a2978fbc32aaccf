import CRC32 from 'crc-32';
import type { OrderBook } from '../../book/order-book.ts';

/**
 * OKX's order-book checksum (OKX docs, "Order book channel" → "Checksum"): the signed CRC32 of
 * `bidPx:bidSz:askPx:askSz:...` over the top 25 levels, bid and ask alternating; where one side is shorter the other
 * side's levels continue alone. The texts are the wire's, which OKX writes without trailing zeros ("0.1", never "0.10").
 *
 * Verified on every update, so it is written without strings: each stored number's digits are written as ASCII into
 * one reused byte buffer, then a slice-by-8 CRC32 pass (tables derived once from the crc-32 package's own) runs over
 * it, the same signed value as `CRC32.str` of the joined text. With D the most decimals the book has seen on the wire
 * for that field, a stored double v is m / 10^D for the integer m = Math.round(v · 10^D), and the wire text is m's
 * digits with the point D from the right and the fraction's trailing zeros dropped. That holds exactly when m < 10^15 and
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
/** the checksum's text as bytes (reused: no allocation per update); 100 numbers of at most ~110 characters */
let bytes = new Uint8Array(16384);
/** slice-by-8 tables derived once from the package's table: table k advances a byte k bytes further */
const TABLES: Int32Array[] = [T];
for (let k = 1; k < 8; k++) {
  const prev = TABLES[k - 1] as Int32Array;
  const next = new Int32Array(256);
  for (let n = 0; n < 256; n++) next[n] = ((prev[n] as number) >>> 8) ^ (T[(prev[n] as number) & 0xff] as number);
  TABLES.push(next);
}
const [T0, T1, T2, T3, T4, T5, T6, T7] = TABLES as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];

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

function writeText(at: number, text: string): number {
  checksumStats.textPath++;
  if (bytes.length < at + text.length + 64) {
    const grown = new Uint8Array((at + text.length) * 2 + 64); // deliberate: only for an outlandish number's text
    grown.set(bytes);
    bytes = grown;
  }
  for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
  return at;
}

/**
 * Writes the wire text of v at `at` of the byte buffer, returns the end (decimals: the book's most decimals seen
 * for this field, -1 unknown).
 */
function writeNumber(at: number, v: number, decimals: number): number {
  if (decimals >= 0 && decimals <= 22) {
    const scale = POW10[decimals] as number;
    const m = Math.round(v * scale);
    if (m >= 0 && m < MAX_DIGITS_VALUE && m / scale === v) {
      // m = hi·10^8 + lo in int32 arithmetic (a double's % is a library call); hi < 10^7, and floor(m / 10^8) is
      // exact there (the quotient's fraction stays 10^-8 away from the next integer)
      let hi = Math.floor(m / 1e8) | 0;
      let lo = (m - hi * 1e8) | 0;
      let d = decimals;
      while (d > 0 && lo % 10 === 0) {
        // the fraction's trailing zeros are not written: m /= 10
        lo = ((lo / 10) | 0) + (hi % 10) * 1e7;
        hi = (hi / 10) | 0;
        d--;
      }
      let len = hi > 0 ? 9 : 1; // digits of m
      for (let x = hi > 0 ? (hi / 10) | 0 : (lo / 10) | 0; x > 0; x = (x / 10) | 0) len++;
      const digits = len > d ? len : d + 1; // "0.00…" before the first significant digit
      const b = bytes;
      const end = at + digits + (d > 0 ? 1 : 0);
      let p = end;
      let x = lo;
      for (let j = 0; j < digits; j++) {
        if (j === d && d > 0) b[--p] = DOT;
        if (j === 8 && hi > 0) x = hi;
        const q = (x / 10) | 0;
        b[--p] = ZERO + (x - q * 10);
        x = q;
      }
      return end;
    }
  }
  return writeText(at, wireText(v));
}

/** CRC32 (slice-by-8) of bytes[0, length), signed as CRC32.str returns it. */
function crcBytes(length: number): number {
  const b = bytes;
  let crc = -1;
  let i = 0;
  for (const last = length - 8; i <= last; i += 8) {
    crc =
      (T7[((b[i] as number) ^ crc) & 0xff] as number) ^
      (T6[((b[i + 1] as number) ^ (crc >>> 8)) & 0xff] as number) ^
      (T5[((b[i + 2] as number) ^ (crc >>> 16)) & 0xff] as number) ^
      (T4[((b[i + 3] as number) ^ (crc >>> 24)) & 0xff] as number) ^
      (T3[b[i + 4] as number] as number) ^
      (T2[b[i + 5] as number] as number) ^
      (T1[b[i + 6] as number] as number) ^
      (T0[b[i + 7] as number] as number);
  }
  for (; i < length; i++) crc = (crc >>> 8) ^ (T0[(crc ^ (b[i] as number)) & 0xff] as number);
  return ~crc;
}

/** The signed CRC32 of v's wire text alone (for tests). */
export function numberCrc(v: number, decimals: number): number {
  return crcBytes(writeNumber(0, v, decimals));
}

/** OKX's checksum of the book's top 25, allocation-free (see above): the text as bytes, then one CRC32 pass. */
export function okxChecksum(book: OrderBook): number {
  const bids = book.bids;
  const asks = book.asks;
  const pd = book.priceDecimals;
  const qd = book.qtyDecimals;
  const nb = bids.size < CHECKSUM_LEVELS ? bids.size : CHECKSUM_LEVELS;
  const na = asks.size < CHECKSUM_LEVELS ? asks.size : CHECKSUM_LEVELS;
  let at = 0;
  for (let i = 0; i < CHECKSUM_LEVELS; i++) {
    if (i < nb) {
      if (at > 0) bytes[at++] = COLON;
      at = writeNumber(at, bids.priceAt(i), pd);
      bytes[at++] = COLON;
      at = writeNumber(at, bids.qtyAt(i), qd);
    }
    if (i < na) {
      if (at > 0) bytes[at++] = COLON;
      at = writeNumber(at, asks.priceAt(i), pd);
      bytes[at++] = COLON;
      at = writeNumber(at, asks.qtyAt(i), qd);
    }
  }
  return crcBytes(at);
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
