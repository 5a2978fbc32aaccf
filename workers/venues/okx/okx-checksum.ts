import CRC32 from 'crc-32';
import type { OrderBook } from '../../book/order-book.ts';

/**
 * OKX's order-book checksum (OKX docs, "Order book channel" → "Checksum"): the signed CRC32 of
 * `bidPx:bidSz:askPx:askSz:...` over the top 25 levels, bid and ask alternating; where one side is shorter the other
 * side's levels continue alone. The texts are the wire's, which OKX writes without trailing zeros ("0.1", never "0.10").
 * Bitget's checksum (workers/venues/bitget) is the same over its own texts: every number with the listing's fixed
 * decimals, trailing zeros kept ("0.5000"; Bitget docs, "Depth Channel": "DO use the original value").
 *
 * Verified on every update, so it is computed without strings and mostly without text (bench W6 measures it):
 * - **A level's part of the CRC.** CRC32 is linear: running it over a text S from a state c gives Z_|S|(c) ⊕ G(S),
 *   where Z_L(c) runs c over L zero bytes (a linear map of c: four table lookups, tables derived from the crc-32
 *   package's own) and G(S) runs 0 over S. So the checksum is a fold over the 50 levels of G(":" + price + ":" + size)
 *   and that text's length. Each book keeps its top 25 a side with those parts; a level whose price and size were
 *   there at the last checksum reuses its part, a level whose size changed reuses its price's part. The first number
 *   has no ":" before it: the fold starts from the state that ":" takes to CRC32's initial -1.
 * - **A number's part**, when it is new: G(":" + text) straight from the digits, without writing them: with pos
 *   characters after it, a character adds Z_pos(T[char]) (a table by position and character), and the digits come
 *   from the last. With D the most decimals the book has seen on the wire for that field, a stored double v is
 *   m / 10^D for the integer m = Math.round(v · 10^D), and the wire text is m's digits with the point D from the right
 *   and the fraction's trailing zeros dropped. That holds exactly when m < 10^15 and m / 10^D === v (checked for every
 *   number): a decimal of at most 15 significant digits is the only one of that length or shorter that reads back as
 *   its double, so it is also `String(v)`'s shortest text. Otherwise (D unknown or too small, or v · 10^D at 10^15 or
 *   beyond) the number takes the text path, `wireText(v)` run through byte by byte. Either way a number's text is a
 *   function of its value alone, which is what lets a part be reused.
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
/** zero-byte runs the tables advance at once, and the positions the digit table knows (":" and a fast-path number fit) */
const MAX_PART = 32;
/** ZT[k·256 + n]: byte n's CRC state advanced k more zero bytes (ZT[n] = the package's table); k < MAX_PART */
const ZT = new Int32Array(MAX_PART * 256);
ZT.set(T);
for (let k = 1; k < MAX_PART; k++) {
  for (let n = 0; n < 256; n++) {
    const prev = ZT[(k - 1) * 256 + n] as number;
    ZT[k * 256 + n] = (prev >>> 8) ^ (T[prev & 0xff] as number);
  }
}

/** Z_L(c): the CRC state c run over L zero bytes, L >= 1. */
function zeros(c: number, L: number): number {
  if (L >= 4 && L <= MAX_PART) {
    const at = (L - 4) * 256;
    return (ZT[at + 768 + (c & 0xff)] as number) ^ (ZT[at + 512 + ((c >>> 8) & 0xff)] as number) ^ (ZT[at + 256 + ((c >>> 16) & 0xff)] as number) ^ (ZT[at + (c >>> 24)] as number);
  }
  if (L > MAX_PART) return zerosLong(c, L); // only an outlandish number's text
  let out = c >>> (8 * L);
  for (let j = 0; j < L; j++) out ^= ZT[(L - 1 - j) * 256 + ((c >>> (8 * j)) & 0xff)] as number;
  return out;
}

function zerosLong(c: number, L: number): number {
  for (; L > MAX_PART; L -= MAX_PART) c = zeros(c, MAX_PART);
  return zeros(c, L);
}

/**
 * The state from which ":" leads to -1, CRC32's initial state: where the checksum's run starts, so that its first
 * number is added like the others. One byte's step, c' = (c >>> 8) ⊕ T[(c ⊕ byte) & 0xff], is invertible: c >>> 8 has
 * a zero top byte, so T[n]'s top byte is c''s, and T's 256 top bytes are all different.
 */
const START = (() => {
  for (let n = 0; n < 256; n++) {
    const t = T[n] as number;
    if (t >>> 24 === 0xff) return (((-1 ^ t) << 8) | (n ^ COLON)) | 0;
  }
  throw new Error('CRC32 table without distinct top bytes');
})();

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

/**
 * DT[pos·16 + code]: a character's part of G(S) when pos characters follow it in S: G(S) = ⊕ Z_pos(T[S[k]]) (one
 * byte's step is c' = Z_1(c) ⊕ T[byte], T being linear). Codes 0-9 are the digits, 10 the point, 11 the colon.
 */
const DT = new Int32Array(MAX_PART * 16);
for (let code = 0; code < 12; code++) {
  let c = T[code < 10 ? ZERO + code : code === 10 ? DOT : COLON] as number;
  for (let pos = 0; pos < MAX_PART; pos++, c = (c >>> 8) ^ (T[c & 0xff] as number)) DT[pos * 16 + code] = c;
}
const DOT_CODE = 10;
const COLON_CODE = 11;

/**
 * G(":" + v's wire text), its length left in `partLength` (decimals: the book's most decimals seen, -1 unknown).
 * `fixed`: the venue writes every number with exactly `decimals` decimals, trailing zeros kept (Bitget: "0.5000"),
 * instead of OKX's shortest text.
 */
let partLength = 0;
function partOf(v: number, decimals: number, fixed: boolean): number {
  if (decimals >= 0 && decimals <= 22) {
    const scale = POW10[decimals] as number;
    const m = Math.round(v * scale);
    if (m >= 0 && m < MAX_DIGITS_VALUE && m / scale === v) {
      // m = hi·10^8 + lo in int32 arithmetic (a double's % is a library call); hi < 10^7, and floor(m / 10^8) is
      // exact there (the quotient's fraction stays 10^-8 away from the next integer)
      let hi = Math.floor(m / 1e8) | 0;
      let lo = (m - hi * 1e8) | 0;
      let d = decimals;
      while (!fixed && d > 0 && lo % 10 === 0) {
        // the fraction's trailing zeros are not written: m /= 10
        lo = ((lo / 10) | 0) + (hi % 10) * 1e7;
        hi = (hi / 10) | 0;
        d--;
      }
      // m's digits from the last, the point after d of them, "0.00…" before the first significant one
      let g = 0;
      let pos = 0;
      let x = lo;
      for (let j = 0; ; ) {
        if (j === d && d > 0) g ^= DT[pos++ * 16 + DOT_CODE] as number;
        if (j === 8) x = hi;
        const q = (x / 10) | 0;
        g ^= DT[pos++ * 16 + (x - q * 10)] as number;
        x = q;
        j++;
        if (x === 0 && (j > 8 || hi === 0) && j > d) break;
      }
      partLength = pos + 1;
      return g ^ (DT[pos * 16 + COLON_CODE] as number);
    }
  }
  return textPart(fixed && decimals >= 0 && decimals <= 100 ? v.toFixed(decimals) : wireText(v));
}

/** The text path: G(":" + text) a byte at a time. */
function textPart(text: string): number {
  checksumStats.textPath++;
  let c = T[COLON] as number;
  for (let i = 0; i < text.length; i++) c = (c >>> 8) ^ (T[(c ^ text.charCodeAt(i)) & 0xff] as number);
  partLength = text.length + 1;
  return c;
}

/** The signed CRC32 of v's wire text alone (for tests): ":" and the text from START. */
export function numberCrc(v: number, decimals: number, fixed = false): number {
  const part = partOf(v, decimals, fixed);
  return ~(zeros(START, partLength) ^ part);
}

/**
 * One side's top 25 as the book's last checksum saw them (`levels`: price, size, best first) and each level's part of
 * the CRC (`parts`, four a level: its price's part G(":" + price) and length, the level's part G(":" + price + ":" +
 * size) and length).
 */
class SideParts {
  size = 0;
  readonly levels = new Float64Array(CHECKSUM_LEVELS * 2);
  readonly parts = new Int32Array(CHECKSUM_LEVELS * 4);
}

/** A book's parts: the last checksum's and the one being made, per side, swapped after each checksum. */
class BookParts {
  bids = new SideParts();
  asks = new SideParts();
  nextBids = new SideParts();
  nextAsks = new SideParts();
}
const partsOf = new WeakMap<OrderBook, BookParts>();

/** The level's part at `at` of parts from its price's part (at `at`) and its size. */
function withSize(parts: Int32Array, at: number, q: number, qd: number, fixed: boolean): void {
  const part = partOf(q, qd, fixed);
  parts[at + 2] = zeros(parts[at] as number, partLength) ^ part;
  parts[at + 3] = (parts[at + 1] as number) + partLength;
}

/**
 * The side's new top 25 into `next`, each level's part taken from `last` where the same price (and size) is there: a
 * merge walk, both lists ordered best first (better: higher for bids, lower for asks; `sign` is 1 for bids, -1 for
 * asks). Only new prices and changed sizes are made anew.
 */
function readSide(side: OrderBook['bids'], n: number, sign: number, last: SideParts, next: SideParts, pd: number, qd: number, fixed: boolean): void {
  const levels = next.levels;
  const parts = next.parts;
  const lastLevels = last.levels;
  const lastParts = last.parts;
  side.copyTop(n, levels);
  const m = last.size * 2;
  let j = 0;
  for (let i = 0, n2 = n * 2; i < n2; i += 2) {
    const p = levels[i] as number;
    while (j < m && (lastLevels[j] as number) * sign > p * sign) j += 2;
    const at = i * 2;
    if (j < m && lastLevels[j] === p) {
      const from = j * 2;
      parts[at] = lastParts[from] as number;
      parts[at + 1] = lastParts[from + 1] as number;
      if (lastLevels[j + 1] === levels[i + 1]) {
        parts[at + 2] = lastParts[from + 2] as number;
        parts[at + 3] = lastParts[from + 3] as number;
      } else withSize(parts, at, levels[i + 1] as number, qd, fixed);
      j += 2;
    } else {
      parts[at] = partOf(p, pd, fixed);
      parts[at + 1] = partLength;
      withSize(parts, at, levels[i + 1] as number, qd, fixed);
    }
  }
  next.size = n;
}

/** OKX's checksum of the book's top 25, allocation-free (see above). */
export function okxChecksum(book: OrderBook): number {
  return top25Checksum(book, false);
}

/**
 * The checksum of the book's top 25 (see above); `fixed`: its numbers written with the book's decimals, trailing
 * zeros kept (Bitget's), else as OKX writes them. A book is always checked the same way (its parts are reused).
 */
export function top25Checksum(book: OrderBook, fixed: boolean): number {
  let parts = partsOf.get(book);
  if (parts === undefined) partsOf.set(book, (parts = new BookParts())); // once a book
  const nb = book.bids.size < CHECKSUM_LEVELS ? book.bids.size : CHECKSUM_LEVELS;
  const na = book.asks.size < CHECKSUM_LEVELS ? book.asks.size : CHECKSUM_LEVELS;
  const bids = parts.nextBids;
  const asks = parts.nextAsks;
  readSide(book.bids, nb, 1, parts.bids, bids, book.priceDecimals, book.qtyDecimals, fixed);
  readSide(book.asks, na, -1, parts.asks, asks, book.priceDecimals, book.qtyDecimals, fixed);
  parts.nextBids = parts.bids;
  parts.nextAsks = parts.asks;
  parts.bids = bids;
  parts.asks = asks;
  if (nb === 0 && na === 0) return 0; // CRC32 of ""
  const bidParts = bids.parts;
  const askParts = asks.parts;
  const both = nb < na ? nb : na;
  let c = START;
  let i = 0;
  for (; i < both; i++) {
    c = zeros(c, bidParts[4 * i + 3] as number) ^ (bidParts[4 * i + 2] as number);
    c = zeros(c, askParts[4 * i + 3] as number) ^ (askParts[4 * i + 2] as number);
  }
  for (; i < nb; i++) c = zeros(c, bidParts[4 * i + 3] as number) ^ (bidParts[4 * i + 2] as number);
  for (; i < na; i++) c = zeros(c, askParts[4 * i + 3] as number) ^ (askParts[4 * i + 2] as number);
  return ~c;
}

/** The checksum through strings, as OKX's docs describe it (the reference the fast path is tested against). */
export function okxChecksumText(book: OrderBook): number {
  return checksumText(book, wireText, wireText);
}

/** The top-25 checksum through strings, the numbers written by `price` and `size` (OKX's and Bitget's references). */
export function checksumText(book: OrderBook, price: (v: number) => string, size: (v: number) => string): number {
  const parts: string[] = [];
  const bids = book.bids;
  const asks = book.asks;
  for (let i = 0; i < CHECKSUM_LEVELS; i++) {
    if (i < bids.size) parts.push(price(bids.priceAt(i)), size(bids.qtyAt(i)));
    if (i < asks.size) parts.push(price(asks.priceAt(i)), size(asks.qtyAt(i)));
  }
  return CRC32.str(parts.join(':'));
}
