import type { Kline, MarkPrice, Trade } from '../../contract.ts';
import { readBookSides } from '../book-fields.ts';
import { DEFAULT_MAX_FRAME_CHARS, type Frame } from '../../parse/frame-reader.ts';
import { EventReader } from '../event-reader.ts';
import { INTERVAL_MS, allNumbers, dec, intOf, isObject, signedDec, type Json, type VenueFrameReader } from '../venue.ts';
import { intervalOfCandle, okxSymbol, type OkxInstruments } from './okx-symbols.ts';
import { OkxDepthScanner } from './okx-scanner.ts';

/**
 * Reads OKX v5 public / business socket frames (docs: "WebSocket API" → Public channels), once, where they enter:
 * - text `pong` (the answer to our text `ping`);
 * - `{"event":"subscribe"|"unsubscribe"|"notice",...}`, `{"event":"error","code":"60012","msg":"..."}`;
 * - `{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"snapshot"|"update","data":[{"asks":[["px","sz","0","n"]],
 *   "bids":[...],"ts":"…","checksum":-123,"seqId":…,"prevSeqId":…}]}`;
 * - `trades`: data `[{"instId","tradeId","px","sz","side":"buy"|"sell","ts"}]`;
 * - `candle<bar>`: data `[["ts","o","h","l","c","vol","volCcy","volCcyQuote","confirm"]]`;
 * - `mark-price`: `[{"instId","markPx","ts"}]`; `funding-rate`: `[{"instId","fundingRate","fundingTime","ts"}]`;
 *   `index-tickers`: `[{"instId":"BTC-USDT","idxPx","ts"}]` — merged per swap into one MarkPrice.
 * Swap sizes come in contracts: trades and candles are turned into base units (× ctVal); a book keeps the wire's
 * contracts (its checksum is over them) and is scaled when published. The stream of a frame is `${channel}:${instId}`.
 * Anything else is counted in `rejected` and dropped, never thrown.
 */
export class OkxFrameReader extends EventReader implements VenueFrameReader {
  /** per swap instId: the mark price, index and funding merged from their three channels */
  private readonly marks = new Map<string, MarkPrice>();

  constructor(
    private readonly instruments: OkxInstruments,
    maxFrameChars = DEFAULT_MAX_FRAME_CHARS,
  ) {
    super(new OkxDepthScanner(), maxFrameChars);
  }

  protected fromJson(msg: unknown): Frame | null {
    if (!isObject(msg)) return null;
    const event = this.event(msg);
    if (event !== undefined) return event;
    const arg = msg.arg;
    if (!isObject(arg) || typeof arg.channel !== 'string' || typeof arg.instId !== 'string' || !Array.isArray(msg.data)) return null;
    const channel = arg.channel;
    const instId = arg.instId;
    const stream = `${channel}:${instId}`;
    const rows = msg.data as unknown[];
    switch (channel) {
      case 'books':
        return this.depth(stream, msg.action, rows[0]);
      case 'trades':
        return this.trades(stream, instId, rows);
      case 'mark-price':
      case 'funding-rate':
      case 'index-tickers':
        return this.mark(stream, channel, rows);
      default: {
        const interval = intervalOfCandle(channel);
        return interval === undefined ? null : this.candle(stream, instId, interval, rows);
      }
    }
  }

  private depth(stream: string, action: unknown, row: unknown): Frame | null {
    if (!isObject(row) || (action !== 'snapshot' && action !== 'update')) return null;
    if (!Array.isArray(row.bids) || !Array.isArray(row.asks)) return null;
    const ev = this.depthFrame.event;
    const seqId = intOf(row.seqId);
    const prev = row.prevSeqId === -1 ? -1 : intOf(row.prevSeqId);
    const checksum = row.checksum;
    const time = intOf(row.ts);
    if (!allNumbers(seqId, prev, time) || typeof checksum !== 'number' || !Number.isInteger(checksum)) return null;
    if (!readBookSides(ev, row.bids, row.asks)) return null;
    ev.U = ev.u = seqId;
    ev.pu = prev;
    ev.snapshot = action === 'snapshot';
    ev.checksum = checksum;
    ev.seq = 0;
    ev.time = time;
    ev.symbol = '';
    this.depthFrame.stream = stream;
    return this.depthFrame;
  }

  private trades(stream: string, instId: string, rows: unknown[]): Frame | null {
    const scale = this.instruments.scale(instId);
    const trades: Trade[] = [];
    for (const r of rows) {
      if (!isObject(r) || (r.side !== 'buy' && r.side !== 'sell')) return null;
      const trade: Trade = {
        id: intOf(r.tradeId),
        time: intOf(r.ts),
        price: dec(r.px),
        qty: dec(r.sz),
        // the taker sold: the buyer was the maker
        isBuyerMaker: r.side === 'sell',
      };
      if (!allNumbers(trade.id, trade.time, trade.price, trade.qty)) return null;
      trades.push(trade);
    }
    // a swap's trades before its contract value is known cannot be shown in base units: skipped (the REST fill waits)
    if (scale === null) return { kind: 'trades', stream, trades: [] };
    if (scale !== 1) for (const t of trades) t.qty *= scale;
    return { kind: 'trades', stream, trades };
  }

  private candle(stream: string, instId: string, interval: string, rows: unknown[]): Frame | null {
    const row = rows[rows.length - 1];
    const kline = readOkxCandle(row, instId.endsWith('-SWAP'), interval);
    return kline === null ? null : { kind: 'kline', stream, kline };
  }

  private mark(stream: string, channel: string, rows: unknown[]): Frame | null {
    const r = rows[rows.length - 1];
    if (!isObject(r) || typeof r.instId !== 'string') return null;
    const swap = channel === 'index-tickers' ? `${r.instId}-SWAP` : r.instId;
    const time = intOf(r.ts);
    if (time !== time) return null;
    let mark = this.marks.get(swap);
    if (mark === undefined) {
      mark = { symbol: okxSymbol(swap), markPrice: NaN, indexPrice: 0, fundingRate: 0, nextFundingTime: 0, time };
      this.marks.set(swap, mark);
    }
    const next: MarkPrice = { ...mark, time: Math.max(mark.time, time) };
    if (!readMarkPart(channel, r, next)) return null;
    this.marks.set(swap, next);
    // nothing to show before the mark price itself
    return next.markPrice === next.markPrice ? { kind: 'mark', stream, mark: next } : { kind: 'response', id: 0, result: null };
  }
}

function readMarkPart(channel: string, r: Json, into: MarkPrice): boolean {
  switch (channel) {
    case 'mark-price':
      into.markPrice = dec(r.markPx);
      return into.markPrice === into.markPrice;
    case 'index-tickers':
      into.indexPrice = dec(r.idxPx);
      return into.indexPrice === into.indexPrice;
    default:
      // funding-rate: `fundingTime` is the coming settlement (Binance's "next funding time")
      into.fundingRate = signedDec(r.fundingRate);
      into.nextFundingTime = intOf(r.fundingTime);
      return allNumbers(into.fundingRate, into.nextFundingTime);
  }
}

/** An OKX candle row `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`; a swap's volume is volCcy (base units). */
export function readOkxCandle(row: unknown, swap: boolean, interval: string): Kline | null {
  if (!Array.isArray(row) || row.length < 9) return null;
  const openTime = intOf(row[0]);
  const kline: Kline = {
    openTime,
    closeTime: openTime + (INTERVAL_MS[interval] ?? 0) - 1,
    open: dec(row[1]),
    high: dec(row[2]),
    low: dec(row[3]),
    close: dec(row[4]),
    volume: dec(swap ? row[6] : row[5]),
    closed: row[8] === '1',
  };
  if (!allNumbers(kline.openTime, kline.open, kline.high, kline.low, kline.close, kline.volume)) return null;
  if (row[8] !== '0' && row[8] !== '1') return null;
  return kline;
}
