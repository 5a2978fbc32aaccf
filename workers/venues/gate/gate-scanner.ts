import type { DepthEvent } from '../../book/depth-event.ts';
import { TextCursor } from '../../parse/text-cursor.ts';

const PREFIX = '{"time":';
const CHANNEL = 'spot.order_book_update';
const COMMA = 44;
const LBRACE = 123;
const RBRACE = 125;

/**
 * Gate `spot.order_book_update` pushes straight from the text into the reused DepthEvent (no JSON.parse): the envelope
 * `time`, `time_ms`, `channel`, `event` and `result` in any order after `time`, the result's `t`, `e`, `E`, `s`, `U`,
 * `u`, `b`, `a` in any order. Anything else (the futures pushes' `{"p","s"}` levels among them) returns false: the
 * reader's general path (JSON.parse + validation) decides. The stream is `spot.order_book_update.<pair>`.
 */
export class GateDepthScanner {
  stream = '';
  private pair = '';
  private readonly cursor = new TextCursor();

  scan(text: string, ev: DepthEvent): boolean {
    if (!text.startsWith(PREFIX)) return false;
    const c = this.cursor;
    c.reset(text, 1);
    let seen = 0;
    ev.priceDecimals = ev.qtyDecimals = 0;
    for (;;) {
      const length = c.key();
      if (length < 0) return false;
      if (c.isKey('time', length) || c.isKey('time_ms', length)) {
        if (!c.integer(false)) return false;
      } else if (c.isKey('channel', length)) {
        if (!c.plainString() || c.pos - 1 - c.from !== CHANNEL.length || !text.startsWith(CHANNEL, c.from)) return false;
        seen |= 1;
      } else if (c.isKey('event', length)) {
        if (!c.plainString() || !text.startsWith('update"', c.from)) return false;
        seen |= 2;
      } else if (c.isKey('result', length)) {
        if (!c.expect(LBRACE) || !this.result(text, ev)) return false;
        seen |= 4;
      } else return false;
      if (c.expect(COMMA)) continue;
      if (!c.expect(RBRACE) || c.pos !== text.length || seen !== 7) return false;
      ev.snapshot = false;
      ev.pu = ev.U - 1;
      ev.checksum = 0;
      ev.seq = 0;
      return true;
    }
  }

  private result(text: string, ev: DepthEvent): boolean {
    const c = this.cursor;
    let seen = 0;
    for (;;) {
      const length = c.key();
      if (length < 0) return false;
      if (c.isKey('b', length) || c.isKey('a', length)) {
        const bids = c.isKey('b', length);
        const n = c.levels(ev, bids);
        if (n < 0) return false;
        if (bids) ev.bidCount = n;
        else ev.askCount = n;
        seen |= bids ? 1 : 2;
      } else if (c.isKey('U', length)) {
        if (!c.integer(false)) return false;
        ev.U = c.value;
        seen |= 4;
      } else if (c.isKey('u', length)) {
        if (!c.integer(false)) return false;
        ev.u = c.value;
        seen |= 8;
      } else if (c.isKey('t', length)) {
        if (!c.integer(false)) return false;
        ev.time = c.value;
        seen |= 16;
      } else if (c.isKey('E', length)) {
        if (!c.integer(false)) return false;
      } else if (c.isKey('e', length)) {
        if (!c.plainString()) return false;
      } else if (c.isKey('s', length)) {
        if (!c.plainString()) return false;
        const from = c.from;
        const to = c.pos - 1;
        if (this.pair.length !== to - from || !text.startsWith(this.pair, from)) {
          this.pair = text.slice(from, to);
          this.stream = `${CHANNEL}.${this.pair}`;
        }
      } else return false;
      if (c.expect(COMMA)) continue;
      return c.expect(RBRACE) && seen === 31 && ev.U <= ev.u;
    }
  }
}
