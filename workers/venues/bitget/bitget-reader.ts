import type { MarkPrice, Trade } from '../../contract.ts';
import { DEFAULT_MAX_FRAME_CHARS, type Frame } from '../../parse/frame-reader.ts';
import { readCandleRow } from '../candle-row.ts';
import { EventReader } from '../event-reader.ts';
import { readBookSides } from '../book-fields.ts';
import { INTERVAL_MS, allNumbers, dec, intOf, isObject, signedDec, type VenueFrameReader } from '../venue.ts';
import { BitgetDepthScanner } from './bitget-scanner.ts';
import { intervalOfCandle } from './bitget-symbols.ts';

/**
 * Reads Bitget v2 public socket frames (docs: "Websocket API", spot and contract "Public Channels"), once, where they
 * enter:
 * - text `pong` (the answer to our text `ping`);
 * - `{"event":"subscribe"|"unsubscribe","arg":{…}}`, `{"event":"error","code":30001,"msg":"…"}`;
 * - `{"action":"snapshot"|"update","arg":{"instType","channel","instId"},"data":[…],"ts":…}` for `books`
 *   (data `[{"asks":[["px","sz"]],"bids":[…],"checksum":…,"seq":…,"ts":"…"}]`), `trade` (`[{"ts","price","size",
 *   "side":"buy"|"sell","tradeId"}]`, newest first), `candle<bar>` (`[["ts","o","h","l","c","baseVol","quoteVol",
 *   "usdtVol"]]`, closed once the push's `ts` is past its end) and the futures' `ticker` (markPrice, indexPrice,
 *   fundingRate, nextFundingTime: one MarkPrice).
 * The stream of a frame is `${channel}:${instType}:${instId}`. Anything else is counted in `rejected` and dropped,
 * never thrown.
 */
export class BitgetFrameReader extends EventReader implements VenueFrameReader {
  constructor(maxFrameChars = DEFAULT_MAX_FRAME_CHARS) {
    super(new BitgetDepthScanner(), maxFrameChars);
  }

  protected fromJson(msg: unknown): Frame | null {
    if (!isObject(msg)) return null;
    const event = this.event(msg);
    if (event !== undefined) return event;
    const arg = msg.arg;
    if (!isObject(arg) || typeof arg.channel !== 'string' || typeof arg.instType !== 'string' || typeof arg.instId !== 'string') return null;
    if (!Array.isArray(msg.data) || (msg.action !== 'snapshot' && msg.action !== 'update')) return null;
    const channel = arg.channel;
    const stream = `${channel}:${arg.instType}:${arg.instId}`;
    const rows = msg.data as unknown[];
    switch (channel) {
      case 'books':
        return this.depth(stream, msg.action === 'snapshot', rows[0]);
      case 'trade':
        return trades(stream, rows);
      case 'ticker':
        return mark(stream, arg.instId, rows[rows.length - 1]);
      default: {
        const interval = intervalOfCandle(channel);
        const kline = interval === undefined ? null : readCandleRow(rows[rows.length - 1], INTERVAL_MS[interval] ?? 0, intOf(msg.ts));
        return kline && { kind: 'kline', stream, kline };
      }
    }
  }

  private depth(stream: string, snapshot: boolean, row: unknown): Frame | null {
    if (!isObject(row) || !Array.isArray(row.bids) || !Array.isArray(row.asks)) return null;
    const ev = this.depthFrame.event;
    const seq = intOf(row.seq);
    const time = intOf(row.ts);
    const checksum = row.checksum;
    if (!allNumbers(seq, time) || typeof checksum !== 'number' || !Number.isInteger(checksum)) return null;
    if (!readBookSides(ev, row.bids, row.asks)) return null;
    ev.U = ev.u = seq;
    ev.pu = -1;
    ev.snapshot = snapshot;
    ev.checksum = checksum;
    ev.seq = 0;
    ev.time = time;
    ev.symbol = '';
    this.depthFrame.stream = stream;
    return this.depthFrame;
  }
}

/** Bitget sends a push's trades newest first: handed on oldest first. */
function trades(stream: string, rows: unknown[]): Frame | null {
  const out: Trade[] = [];
  for (let k = rows.length - 1; k >= 0; k--) {
    const t = readBitgetTrade(rows[k]);
    if (t === null) return null;
    out.push(t);
  }
  return { kind: 'trades', stream, trades: out };
}

/** A trade of the `trade` channel or of `market/fills` (the same fields); null when malformed. */
export function readBitgetTrade(r: unknown): Trade | null {
  if (!isObject(r) || (r.side !== 'buy' && r.side !== 'sell')) return null;
  // the taker sold: the buyer was the maker
  const t: Trade = { id: intOf(r.tradeId), time: intOf(r.ts), price: dec(r.price), qty: dec(r.size), isBuyerMaker: r.side === 'sell' };
  return allNumbers(t.id, t.time, t.price, t.qty) ? t : null;
}

function mark(stream: string, instId: string, r: unknown): Frame | null {
  if (!isObject(r)) return null;
  const m: MarkPrice = {
    symbol: instId,
    markPrice: dec(r.markPrice),
    indexPrice: dec(r.indexPrice),
    fundingRate: signedDec(r.fundingRate),
    nextFundingTime: intOf(r.nextFundingTime),
    time: intOf(r.ts),
  };
  return allNumbers(m.markPrice, m.indexPrice, m.fundingRate, m.nextFundingTime, m.time) ? { kind: 'mark', stream, mark: m } : null;
}
