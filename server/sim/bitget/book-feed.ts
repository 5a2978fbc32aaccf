/**
 * Bitget's `books` channel for one instrument (docs "Depth Channel"): a snapshot on subscribing, then at the
 * channel's period an update of the levels that changed (size "0" deletes; the top 400 a side are sent, a level that
 * leaves them is deleted, one that enters is added), `seq` the engine's sequence at the push (it grows, by more than
 * one when several events fell in the period), and a CRC32 `checksum` of the top 25 built from the very strings
 * sent, with their fixed decimals. Shared by every subscriber of the instrument.
 */
import type { SymbolMarket } from '../market.ts';
import { checksumOf, SentSide, type BookPush, type LevelWire } from '../okx/book-feed.ts';
import { INST_TYPE, px, sz } from './wire.ts';

const LEVELS: LevelWire = { px, sz, row: (p, s) => `["${p}","${s}"]`, gone: (p) => `["${p}","0"]` };

export class BitgetBookFeed {
  private readonly bids = new SentSide(LEVELS);
  private readonly asks = new SentSide(LEVELS);
  /** seq of the last push (the market's lastUpdateId when it was sent) */
  seq: number;

  constructor(readonly market: SymbolMarket) {
    this.bids.read(market.inst, market.book.bids, undefined);
    this.asks.read(market.inst, market.book.asks, undefined);
    this.seq = market.lastUpdateId;
  }

  private frame(action: 'snapshot' | 'update', bids: string, asks: string, now: number): BookPush {
    const i = this.market.inst;
    const checksum = checksumOf(this.bids.levels, this.asks.levels);
    const json =
      `{"action":"${action}","arg":{"instType":"${INST_TYPE[i.market]}","channel":"books","instId":"${i.symbol}"},` +
      `"data":[{"asks":[${asks}],"bids":[${bids}],"checksum":%CHECKSUM%,"seq":${this.seq},"ts":"${now}"}],"ts":${now}}`;
    return { json, checksum, action, seqId: this.seq };
  }

  /** The snapshot a new subscriber gets: the levels of the last push, with its seq. */
  snapshot(now: number): BookPush {
    return this.frame('snapshot', this.bids.levels.map((l) => l.row).join(','), this.asks.levels.map((l) => l.row).join(','), now);
  }

  /** The update of this period; undefined when nothing changed in the levels sent. */
  update(now: number): BookPush | undefined {
    const m = this.market;
    if (m.lastUpdateId === this.seq) return undefined;
    const bids: string[] = [];
    const asks: string[] = [];
    this.bids.read(m.inst, m.book.bids, bids);
    this.asks.read(m.inst, m.book.asks, asks);
    // only levels below the top 400 changed: nothing is pushed, and seq stays the last one sent
    if (bids.length === 0 && asks.length === 0) return undefined;
    this.seq = m.lastUpdateId;
    return this.frame('update', bids.join(','), asks.join(','), now);
  }
}
