import type { DepthEvent } from '../../book/depth-event.ts';
import { TextCursor } from '../../parse/text-cursor.ts';
import { bookDataField } from '../book-fields.ts';

const PREFIX = '{"action":"';
const ARG = ',"arg":{"instType":"';
const CHANNEL = '","channel":"books","instId":"';
const DATA = '"},"data":[{';
const COMMA = 44;
const RBRACE = 125;
const RBRACKET = 93;

/**
 * Bitget v2 `books` frames straight from the text into the reused DepthEvent (no JSON.parse), in the key order Bitget
 * sends (`action`, `arg` with instType, channel, instId; `data` with its keys in any order; then the push's `ts`).
 * Anything else returns false: the reader's general path (JSON.parse + validation) decides. The stream is
 * `books:<instType>:<instId>`.
 */
export class BitgetDepthScanner {
  stream = '';
  private type = '';
  private id = '';
  private readonly cursor = new TextCursor();

  scan(text: string, ev: DepthEvent): boolean {
    if (!text.startsWith(PREFIX)) return false;
    let at = PREFIX.length;
    let snapshot: boolean;
    if (text.startsWith('update"', at)) {
      snapshot = false;
      at += 7;
    } else if (text.startsWith('snapshot"', at)) {
      snapshot = true;
      at += 9;
    } else return false;
    if (!text.startsWith(ARG, at)) return false;
    const typeStart = at + ARG.length;
    const typeEnd = text.indexOf('"', typeStart);
    if (typeEnd < 0 || !text.startsWith(CHANNEL, typeEnd)) return false;
    const idStart = typeEnd + CHANNEL.length;
    const idEnd = text.indexOf('"', idStart);
    if (idEnd < 0 || !text.startsWith(DATA, idEnd)) return false;
    const c = this.cursor;
    c.reset(text, idEnd + DATA.length);
    let seen = 0;
    ev.priceDecimals = ev.qtyDecimals = 0; // the most decimals seen, counted by the cursor
    for (;;) {
      const length = c.key();
      if (length < 0) return false;
      const field = bookDataField(c, ev, length);
      if (field < 0) return false;
      if (field > 0) seen |= field;
      else if (c.isKey('seq', length)) {
        if (!c.integer(false)) return false;
        ev.U = ev.u = c.value;
        seen |= 16;
      } else return false;
      if (c.expect(COMMA)) continue;
      if (!c.expect(RBRACE)) return false;
      break;
    }
    if (!c.expect(RBRACKET) || seen !== 31) return false;
    // the push's own `ts`, when it is there
    if (c.expect(COMMA)) {
      const length = c.key();
      if (length < 0 || !c.isKey('ts', length) || !c.integer(false)) return false;
    }
    if (!c.expect(RBRACE) || c.pos !== text.length) return false;
    // the routing key, kept while the instrument repeats (no string per frame)
    if (this.type.length !== typeEnd - typeStart || !text.startsWith(this.type, typeStart) || this.id.length !== idEnd - idStart || !text.startsWith(this.id, idStart)) {
      const type = text.slice(typeStart, typeEnd);
      const id = text.slice(idStart, idEnd);
      if (type.includes('\\') || id.includes('\\')) return false;
      this.type = type;
      this.id = id;
      this.stream = `books:${type}:${id}`;
    }
    ev.pu = -1;
    ev.snapshot = snapshot;
    ev.seq = 0;
    ev.symbol = '';
    return true;
  }
}
