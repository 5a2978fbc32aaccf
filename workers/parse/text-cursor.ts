import { ensureLevels, type DepthEvent } from '../book/depth-event.ts';

/**
 * A strict cursor over a frame's text for the venues' depth scanners (OKX, Bybit): integers, plain strings and
 * `[["price","size",...],...]` levels read in place, no JSON.parse, no intermediate strings. Like Binance's
 * DepthScanner, anything it does not recognise exactly makes the read fail (false / -1) and the caller takes the
 * general path (JSON.parse + validation), so a scanner can only make the common case faster, never change what is
 * accepted. Decimals: digits / 10^decimals with both exact doubles, the same double parseFloat returns.
 */
const POW10: number[] = [];
for (let i = 0; i <= 22; i++) POW10.push(10 ** i);
const MAX_EXACT = 9007199254740991;
const Q = 34;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const COLON = 58;
const LBRACKET = 91;
const RBRACKET = 93;
const BACKSLASH = 92;

export class TextCursor {
  text = '';
  pos = 0;
  value = 0;

  reset(text: string, pos: number): void {
    this.text = text;
    this.pos = pos;
  }

  /** `"key":` at the cursor; the key's length, or -1. Leaves `keyStart` for the caller's comparison. */
  keyStart = 0;
  key(): number {
    const text = this.text;
    if (text.charCodeAt(this.pos) !== Q) return -1;
    const start = this.pos + 1;
    const end = text.indexOf('"', start);
    if (end < 0 || text.charCodeAt(end + 1) !== COLON) return -1;
    this.keyStart = start;
    this.pos = end + 2;
    return end - start;
  }

  isKey(name: string, length: number): boolean {
    return length === name.length && this.text.startsWith(name, this.keyStart);
  }

  /** A bare integer (optionally negative), or one in quotes when `quoted`; into `value`. */
  integer(quoted: boolean, signed = false): boolean {
    const text = this.text;
    let pos = this.pos;
    if (quoted && text.charCodeAt(pos++) !== Q) return false;
    let negative = false;
    if (signed && text.charCodeAt(pos) === MINUS) {
      negative = true;
      pos++;
    }
    const start = pos;
    let value = 0;
    for (;;) {
      const d = text.charCodeAt(pos) - ZERO;
      if (d < 0 || d > 9) break;
      value = value * 10 + d;
      pos++;
    }
    if (pos === start || value > MAX_EXACT) return false;
    if (quoted && text.charCodeAt(pos++) !== Q) return false;
    this.pos = pos;
    this.value = negative ? -value : value;
    return true;
  }

  /** A string without escapes; its bounds are [from, pos - 1). */
  from = 0;
  plainString(): boolean {
    const text = this.text;
    if (text.charCodeAt(this.pos) !== Q) return false;
    const end = text.indexOf('"', this.pos + 1);
    if (end < 0) return false;
    for (let i = this.pos + 1; i < end; i++) if (text.charCodeAt(i) === BACKSLASH) return false;
    this.from = this.pos + 1;
    this.pos = end + 1;
    return true;
  }

  /** The next character is `c`: step over it. */
  expect(c: number): boolean {
    if (this.text.charCodeAt(this.pos) !== c) return false;
    this.pos++;
    return true;
  }

  /**
   * `[["p","q"(,"…")*],...]` into ev.bids / ev.asks (extra string fields, OKX's "0","orders", are skipped); the level
   * count, or -1.
   */
  levels(ev: DepthEvent, bids: boolean): number {
    const text = this.text;
    let pos = this.pos;
    if (text.charCodeAt(pos++) !== LBRACKET) return -1;
    let out = bids ? ev.bids : ev.asks;
    let n = 0;
    if (text.charCodeAt(pos) === RBRACKET) {
      this.pos = pos + 1;
      return 0;
    }
    // the most decimals seen (the caller resets them per frame): OKX's checksum writes the numbers back with them
    let priceDecimals = ev.priceDecimals;
    let qtyDecimals = ev.qtyDecimals;
    for (;;) {
      if (text.charCodeAt(pos++) !== LBRACKET) return -1;
      let price = 0;
      for (let field = 0; field < 2; field++) {
        if (text.charCodeAt(pos++) !== Q) return -1;
        let digits = 0;
        let mantissa = 0;
        let decimals = -1;
        let c = text.charCodeAt(pos);
        for (;;) {
          const d = c - ZERO;
          if (d >= 0 && d <= 9) {
            mantissa = mantissa * 10 + d;
            digits++;
            if (decimals >= 0) decimals++;
          } else if (c === DOT && decimals < 0 && digits > 0) {
            decimals = 0;
          } else break;
          c = text.charCodeAt(++pos);
        }
        if (c !== Q || digits === 0 || decimals === 0 || mantissa > MAX_EXACT || decimals > 22) return -1;
        pos++;
        const value = decimals > 0 ? mantissa / (POW10[decimals] as number) : mantissa;
        if (field === 0) {
          price = value;
          if (decimals > priceDecimals) priceDecimals = decimals;
          if (text.charCodeAt(pos++) !== COMMA) return -1;
        } else {
          if (decimals > qtyDecimals) qtyDecimals = decimals;
          if (out.length < (n + 1) * 2) {
            out = ensureLevels(out, n + 1); // deliberate: grows the scratch once for bigger frames
            if (bids) ev.bids = out;
            else ev.asks = out;
          }
          out[2 * n] = price;
          out[2 * n + 1] = value;
        }
      }
      // further fields of the level: plain strings
      // (OKX's two: short, so one pass over the characters beats indexOf; an escape, a control character or the
      // text's end, NaN, fails)
      while (text.charCodeAt(pos) === COMMA) {
        if (text.charCodeAt(pos + 1) !== Q) return -1;
        pos += 2;
        for (;;) {
          const ch = text.charCodeAt(pos++);
          if (ch === Q) break;
          if (!(ch >= 32) || ch === BACKSLASH) return -1;
        }
      }
      if (text.charCodeAt(pos++) !== RBRACKET) return -1;
      n++;
      const c = text.charCodeAt(pos++);
      if (c === COMMA) continue;
      if (c === RBRACKET) {
        this.pos = pos;
        ev.priceDecimals = priceDecimals;
        ev.qtyDecimals = qtyDecimals;
        return n;
      }
      return -1;
    }
  }
}
