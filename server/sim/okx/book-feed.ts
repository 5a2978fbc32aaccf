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

/** One level as sent: its tick and steps, the price and size strings and the row's JSON. */
interface Level {
  tick: number;
  steps: number;
  px: string;
  sz: string;
  row: string;
  /** the push that last saw it in the top 400 */
  gen: number;
}

/** How a venue writes a book level (OKX: `["px","sz","0","orders"]`; Bitget: `["px","sz"]`). */
export interface LevelWire {
  px(i: Instrument, ticks: number): string;
  sz(i: Instrument, steps: number): string;
  row(px: string, sz: string, tick: number, steps: number): string;
  /** the row that deletes a level */
  gone(px: string): string;
}

const OKX_LEVELS: LevelWire = {
  px,
  sz,
  row: (p, s, tick, steps) => `["${p}","${s}","0","${orderCount(tick, steps)}"]`,
  gone: (p) => `["${p}","0","0","0"]`,
};

/**
 * One side's top 400 as last sent, by tick. `read` walks the book's top 400 and formats only the levels that are new
 * or changed size (a push changes a handful of 800), adding their rows to `changed`, deletions last as size "0".
 */
export class SentSide {
  readonly levels: Level[] = [];
  private readonly byTick = new Map<number, Level>();
  private gen = 0;

  constructor(private readonly wire: LevelWire = OKX_LEVELS) {}

  read(i: Instrument, side: BookSide, changed: string[] | undefined): void {
    const gen = ++this.gen;
    const n = Math.min(BOOK_DEPTH, side.length);
    const out = this.levels;
    out.length = n;
    for (let k = 0; k < n; k++) {
      const tick = side.px[k]!;
      const steps = side.qty[k]!;
      let l = this.byTick.get(tick);
      if (!l || l.steps !== steps) {
        const p = l?.px ?? this.wire.px(i, tick);
        const s = this.wire.sz(i, steps);
        // Deliberate: a new level object per new or changed level only.
        l = { tick, steps, px: p, sz: s, row: this.wire.row(p, s, tick, steps), gen };
        this.byTick.set(tick, l);
        changed?.push(l.row);
      } else l.gen = gen;
      out[k] = l;
    }
    for (const [tick, l] of this.byTick) {
      if (l.gen === gen) continue;
      this.byTick.delete(tick);
      changed?.push(this.wire.gone(l.px));
    }
  }
}

export interface BookPush {
  /** the frame's JSON with `%CHECKSUM%` where the checksum goes (a connection's checksum fault changes it) */
  json: string;
  checksum: number;
  action: 'snapshot' | 'update';
  seqId: number;
}

export class BookFeed {
  private readonly bids = new SentSide();
  private readonly asks = new SentSide();
  /** seqId of the last push (the market's lastUpdateId when it was read) */
  seqId: number;
  private lastChangeAt: number;

  constructor(
    readonly market: SymbolMarket,
    now: number,
    /** OKX pushes an empty update (seqId = prevSeqId) when the book has not changed for this long */
    private readonly heartbeatMs: number,
  ) {
    this.bids.read(market.inst, market.book.bids, undefined);
    this.asks.read(market.inst, market.book.asks, undefined);
    this.seqId = market.lastUpdateId;
    this.lastChangeAt = now;
  }

  private frame(action: 'snapshot' | 'update', bids: string, asks: string, prevSeqId: number, now: number): BookPush {
    const id = instId(this.market.inst);
    const checksum = checksumOf(this.bids.levels, this.asks.levels);
    const json =
      `{"arg":{"channel":"books","instId":"${id}"},"action":"${action}","data":[{"asks":[${asks}],"bids":[${bids}],` +
      `"ts":"${now}","checksum":%CHECKSUM%,"prevSeqId":${prevSeqId},"seqId":${this.seqId}}]}`;
    return { json, checksum, action, seqId: this.seqId };
  }

  /** The snapshot a new subscriber gets: the levels of the last push, with its seqId and prevSeqId -1. */
  snapshot(now: number): BookPush {
    return this.frame('snapshot', this.bids.levels.map((l) => l.row).join(','), this.asks.levels.map((l) => l.row).join(','), -1, now);
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
    const bids: string[] = [];
    const asks: string[] = [];
    this.bids.read(m.inst, m.book.bids, bids);
    this.asks.read(m.inst, m.book.asks, asks);
    const prev = this.seqId;
    this.seqId = m.lastUpdateId;
    this.lastChangeAt = now;
    return this.frame('update', bids.join(','), asks.join(','), prev, now);
  }
}

export function withChecksum(push: BookPush, wrong: boolean): string {
  return push.json.replace('%CHECKSUM%', String(wrong ? push.checksum ^ 0x5a5a : push.checksum));
}
