import type { DepthEvent } from '../../book/depth-event.ts';
import { TextCursor } from '../../parse/text-cursor.ts';

const PREFIX = '{"topic":"orderbook.';
const TYPE = '","type":"';
const COMMA = 44;
const RBRACE = 125;

/**
 * Bybit `orderbook.N.SYMBOL` frames straight from the text into the reused DepthEvent (no JSON.parse): `topic` first,
 * then `type`, then `ts`, `data` (`s`, `b`, `a`, `u`, `seq` in any order) and `cts` in any order. Anything else
 * returns false: the reader's general path (JSON.parse + validation) decides.
 */
export class BybitDepthScanner {
  stream = '';
  private readonly cursor = new TextCursor();

  scan(text: string, ev: DepthEvent): boolean {
    if (!text.startsWith(PREFIX)) return false;
    const topicStart = 10;
    const topicEnd = text.indexOf('"', PREFIX.length);
    if (topicEnd < 0 || !text.startsWith(TYPE, topicEnd)) return false;
    let at = topicEnd + TYPE.length;
    let snapshot: boolean;
    if (text.startsWith('delta"', at)) {
      snapshot = false;
      at += 6;
    } else if (text.startsWith('snapshot"', at)) {
      snapshot = true;
      at += 9;
    } else return false;
    const c = this.cursor;
    c.reset(text, at);
    let seen = 0;
    ev.seq = 0;
    ev.priceDecimals = ev.qtyDecimals = 0;
    while (c.expect(COMMA)) {
      const length = c.key();
      if (length < 0) return false;
      if (c.isKey('ts', length)) {
        if (!c.integer(false)) return false;
        ev.time = c.value;
        seen |= 1;
      } else if (c.isKey('cts', length)) {
        if (!c.integer(false)) return false;
      } else if (c.isKey('data', length)) {
        if (!c.expect(123) || !this.data(ev)) return false;
        seen |= 2;
      } else return false;
    }
    if (!c.expect(RBRACE) || c.pos !== text.length || seen !== 3) return false;
    if (this.stream.length !== topicEnd - topicStart || !text.startsWith(this.stream, topicStart)) {
      const stream = text.slice(topicStart, topicEnd);
      if (stream.includes('\\')) return false;
      this.stream = stream;
    }
    ev.snapshot = snapshot;
    ev.pu = -1;
    ev.checksum = 0;
    return true;
  }

  private data(ev: DepthEvent): boolean {
    const c = this.cursor;
    let seen = 0;
    for (;;) {
      const length = c.key();
      if (length < 0) return false;
      if (c.isKey('b', length)) {
        const n = c.levels(ev, true);
        if (n < 0) return false;
        ev.bidCount = n;
        seen |= 1;
      } else if (c.isKey('a', length)) {
        const n = c.levels(ev, false);
        if (n < 0) return false;
        ev.askCount = n;
        seen |= 2;
      } else if (c.isKey('u', length)) {
        if (!c.integer(false)) return false;
        ev.U = ev.u = c.value;
        seen |= 4;
      } else if (c.isKey('seq', length)) {
        if (!c.integer(false)) return false;
        ev.seq = c.value;
      } else if (c.isKey('s', length)) {
        if (!c.plainString()) return false;
      } else return false;
      if (c.expect(COMMA)) continue;
      return c.expect(RBRACE) && seen === 7;
    }
  }
}
