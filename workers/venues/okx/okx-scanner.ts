import type { DepthEvent } from '../../book/depth-event.ts';
import { TextCursor } from '../../parse/text-cursor.ts';
import { bookDataField } from '../book-fields.ts';

const PREFIX = '{"arg":{"channel":"books","instId":"';
const ACTION = '"},"action":"';
const DATA = '","data":[{';
const COMMA = 44;
const RBRACE = 125;
const RBRACKET = 93;

/**
 * OKX `books` frames straight from the text into the reused DepthEvent (no JSON.parse), in the key order OKX sends
 * (`arg`, `action`, `data`; the data object's keys in any order). Anything else returns false: the reader's general
 * path (JSON.parse + validation) decides.
 */
export class OkxDepthScanner {
  stream = '';
  private instId = '';
  private readonly cursor = new TextCursor();

  scan(text: string, ev: DepthEvent): boolean {
    if (!text.startsWith(PREFIX)) return false;
    const idStart = PREFIX.length;
    const idEnd = text.indexOf('"', idStart);
    if (idEnd < 0 || !text.startsWith(ACTION, idEnd)) return false;
    let at = idEnd + ACTION.length;
    let snapshot: boolean;
    if (text.startsWith('update', at)) {
      snapshot = false;
      at += 6;
    } else if (text.startsWith('snapshot', at)) {
      snapshot = true;
      at += 8;
    } else return false;
    if (!text.startsWith(DATA, at)) return false;
    const c = this.cursor;
    c.reset(text, at + DATA.length);
    let seen = 0;
    ev.pu = -1;
    ev.priceDecimals = ev.qtyDecimals = 0; // the most decimals seen, counted by the cursor
    for (;;) {
      const length = c.key();
      if (length < 0) return false;
      const field = bookDataField(c, ev, length);
      if (field < 0) return false;
      if (field > 0) seen |= field;
      else if (c.isKey('prevSeqId', length)) {
        if (!c.integer(false, true) || c.value < -1) return false;
        ev.pu = c.value;
        seen |= 16;
      } else if (c.isKey('seqId', length)) {
        if (!c.integer(false)) return false;
        ev.U = ev.u = c.value;
        seen |= 32;
      } else return false;
      if (c.expect(COMMA)) continue;
      if (!c.expect(RBRACE)) return false;
      break;
    }
    if (!c.expect(RBRACKET) || !c.expect(RBRACE) || c.pos !== text.length || seen !== 63) return false;
    // the routing key, kept while the instrument repeats (no string per frame)
    if (this.instId.length !== idEnd - idStart || !text.startsWith(this.instId, idStart)) {
      this.instId = text.slice(idStart, idEnd);
      if (this.instId.includes('\\')) return false;
      this.stream = `books:${this.instId}`;
    }
    ev.snapshot = snapshot;
    ev.seq = 0;
    ev.symbol = '';
    return true;
  }
}
