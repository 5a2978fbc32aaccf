/**
 * OKX's `books` channel for one instrument: the top 400 levels a side, a snapshot then incremental updates every
 * 100 ms carrying only changed levels (size "0" deletes; a level that leaves the top 400 is deleted, one that enters
 * is added), `seqId`/`prevSeqId` chaining every push, and a CRC32 `checksum` of the top 25 levels built from the
 * very strings sent (OKX docs, "Order book channel" and "Checksum"). Shared by every subscriber of the instrument.
 */
import CRC32 from 'crc-32';
import type { BookSide } from '../book.ts';
import type { Instrument } from '../instruments.ts';
import type { SymbolMarket } from '../market.ts';
import { instId, orderCount, px, sz } from './wire.ts';

export const BOOK_DEPTH = 400;
const CHECKSUM_LEVELS = 25;

/** One level as sent: price and size strings and the row's JSON. */
interface Level {
  px: string;
  sz: string;
  row: string;
}

/** OKX checksum: `bidPx:bidSz:askPx:askSz:…` over the top 25, a shorter side's turn skipped; CRC32 as a signed int. */
export function checksumOf(bids: readonly { px: string; sz: string }[], asks: readonly { px: string; sz: string }[]): number {
  const parts: string[] = [];
  for (let k = 0; k < CHECKSUM_LEVELS; k++) {
    const b = bids[k];
    const a = asks[k];
    if (b) parts.push(b.px, b.sz);
    if (a) parts.push(a.px, a.sz);
  }
  return CRC32.str(parts.join(':'));
}

function readSide(i: Instrument, side: BookSide): Level[] {
  const n = Math.min(BOOK_DEPTH, side.length);
  const out = new Array<Level>(n);
  for (let k = 0; k < n; k++) {
    const tick = side.px[k]!;
    const steps = side.qty[k]!;
    const p = px(i, tick);
    const s = sz(i, steps);
    out[k] = { px: p, sz: s, row: `["${p}","${s}","0","${orderCount(tick, steps)}"]` };
  }
  return out;
}

/** Rows of the levels that changed from `before` to `after` (deleted ones with size "0"), best first. */
function diffSide(before: Map<string, Level>, after: Level[], deleted: (p: string) => string): string[] {
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const l of after) {
    seen.add(l.px);
    const old = before.get(l.px);
    if (!old || old.sz !== l.sz) rows.push(l.row);
  }
  for (const p of before.keys()) if (!seen.has(p)) rows.push(deleted(p));
  return rows;
}

export interface BookPush {
  /** the frame's JSON with `%CHECKSUM%` where the checksum goes (a connection's checksum fault changes it) */
  json: string;
  checksum: number;
  action: 'snapshot' | 'update';
  seqId: number;
}

export class BookFeed {
  private bids: Level[] = [];
  private asks: Level[] = [];
  private bidMap = new Map<string, Level>();
  private askMap = new Map<string, Level>();
  /** seqId of the last push (the market's lastUpdateId when it was read) */
  seqId: number;
  private lastChangeAt: number;

  constructor(
    readonly market: SymbolMarket,
    now: number,
    /** OKX pushes an empty update (seqId = prevSeqId) when the book has not changed for this long */
    private readonly heartbeatMs: number,
  ) {
    this.read();
    this.seqId = market.lastUpdateId;
    this.lastChangeAt = now;
  }

  private read(): void {
    const i = this.market.inst;
    this.bids = readSide(i, this.market.book.bids);
    this.asks = readSide(i, this.market.book.asks);
    this.bidMap = new Map(this.bids.map((l) => [l.px, l]));
    this.askMap = new Map(this.asks.map((l) => [l.px, l]));
  }

  private frame(action: 'snapshot' | 'update', bids: string, asks: string, prevSeqId: number, now: number): BookPush {
    const id = instId(this.market.inst);
    const checksum = checksumOf(this.bids, this.asks);
    const json =
      `{"arg":{"channel":"books","instId":"${id}"},"action":"${action}","data":[{"asks":[${asks}],"bids":[${bids}],` +
      `"ts":"${now}","checksum":%CHECKSUM%,"prevSeqId":${prevSeqId},"seqId":${this.seqId}}]}`;
    return { json, checksum, action, seqId: this.seqId };
  }

  /** The snapshot a new subscriber gets: the levels of the last push, with its seqId and prevSeqId -1. */
  snapshot(now: number): BookPush {
    return this.frame('snapshot', this.bids.map((l) => l.row).join(','), this.asks.map((l) => l.row).join(','), -1, now);
  }

  /**
   * The update of this 100 ms period: undefined when nothing changed and no heartbeat is due. An engine event that
   * changed only levels below the top 400 still moves seqId (an update with empty lists), so seqId always equals
   * the market's lastUpdateId after a push.
   */
  update(now: number): BookPush | undefined {
    const m = this.market;
    if (m.lastUpdateId === this.seqId) {
      if (now - this.lastChangeAt < this.heartbeatMs) return undefined;
      this.lastChangeAt = now;
      return this.frame('update', '', '', this.seqId, now);
    }
    const oldBids = this.bidMap;
    const oldAsks = this.askMap;
    this.read();
    const bids = diffSide(oldBids, this.bids, (p) => `["${p}","0","0","0"]`);
    const asks = diffSide(oldAsks, this.asks, (p) => `["${p}","0","0","0"]`);
    const prev = this.seqId;
    this.seqId = m.lastUpdateId;
    this.lastChangeAt = now;
    return this.frame('update', bids.join(','), asks.join(','), prev, now);
  }
}

export function withChecksum(push: BookPush, wrong: boolean): string {
  return push.json.replace('%CHECKSUM%', String(wrong ? push.checksum ^ 0x5a5a : push.checksum));
}
