import type { Kline, MarkPrice, Trade } from '../../contract.ts';
import { ensureLevels } from '../../book/depth-event.ts';
import { DEFAULT_MAX_FRAME_CHARS, type Frame } from '../../parse/frame-reader.ts';
import { ScanningReader } from '../../parse/scanning-reader.ts';
import { allNumbers, dec, intOf, isObject, levels, signedDec, type Json, type VenueFrameReader } from '../venue.ts';
import { BybitDepthScanner } from './bybit-scanner.ts';

/**
 * Reads Bybit v5 public socket frames (docs: "WebSocket Stream" → Public), once, where they enter:
 * - `{"success":true,"ret_msg":"pong"|"","op":"ping"|"subscribe",...}` (spot), `{"op":"pong","args":[...]}` (linear);
 * - `{"topic":"orderbook.200.BTCUSDT","type":"snapshot"|"delta","ts":…,"data":{"s","b":[["px","sz"]],"a":[...],"u":…,"seq":…}}`;
 * - `publicTrade.BTCUSDT`: data `[{"T","s","S":"Buy"|"Sell","v","p","i",…}]`;
 * - `kline.1.BTCUSDT`: data `[{"start","end","open","close","high","low","volume","confirm",…}]`;
 * - `tickers.BTCUSDT` (linear): a snapshot then deltas of the changed fields (markPrice, indexPrice, fundingRate,
 *   nextFundingTime), merged here per symbol into one MarkPrice.
 * The stream of a frame is its `topic`. Anything else is counted in `rejected` and dropped, never thrown.
 */
export class BybitFrameReader extends ScanningReader implements VenueFrameReader {
  /** per symbol: the linear ticker's fields merged from its snapshot and deltas */
  private readonly marks = new Map<string, MarkPrice>();

  constructor(maxFrameChars = DEFAULT_MAX_FRAME_CHARS) {
    super(new BybitDepthScanner(), maxFrameChars);
  }

  protected fromJson(msg: unknown): Frame | null {
    if (!isObject(msg)) return null;
    if (typeof msg.topic !== 'string') {
      if (typeof msg.op !== 'string') return null;
      if (msg.success === false) return { kind: 'error', id: null, code: 0, msg: typeof msg.ret_msg === 'string' ? msg.ret_msg : '' };
      return { kind: 'response', id: 0, result: msg.op };
    }
    const topic = msg.topic;
    const dot = topic.indexOf('.');
    switch (topic.slice(0, dot)) {
      case 'orderbook':
        return this.depth(topic, msg);
      case 'publicTrade':
        return this.trades(topic, msg.data);
      case 'kline': {
        const rows = msg.data;
        const kline = Array.isArray(rows) ? readBybitKline(rows[rows.length - 1]) : null;
        return kline && { kind: 'kline', stream: topic, kline };
      }
      case 'tickers':
        return this.mark(topic, msg);
      default:
        return null;
    }
  }

  private depth(stream: string, msg: Json): Frame | null {
    const d = msg.data;
    if (!isObject(d) || (msg.type !== 'snapshot' && msg.type !== 'delta')) return null;
    if (!Array.isArray(d.b) || !Array.isArray(d.a)) return null;
    const ev = this.depthFrame.event;
    const u = intOf(d.u);
    const seq = d.seq === undefined ? 0 : intOf(d.seq);
    const time = intOf(msg.ts);
    if (!allNumbers(u, seq, time)) return null;
    const bids = levels(d.b, ensureLevels(ev.bids, d.b.length));
    const asks = levels(d.a, ensureLevels(ev.asks, d.a.length));
    if (bids === null || asks === null) return null;
    ev.bids = bids;
    ev.asks = asks;
    ev.bidCount = d.b.length;
    ev.askCount = d.a.length;
    ev.U = ev.u = u;
    ev.pu = -1;
    ev.seq = seq;
    ev.checksum = 0;
    ev.snapshot = msg.type === 'snapshot';
    ev.time = time;
    ev.symbol = '';
    this.depthFrame.stream = stream;
    return this.depthFrame;
  }

  private trades(stream: string, rows: unknown): Frame | null {
    if (!Array.isArray(rows)) return null;
    const trades: Trade[] = [];
    for (const r of rows) {
      const t = readBybitTrade(r, 'T', 'p', 'v', 'S', 'i');
      if (t === null) return null;
      trades.push(t);
    }
    return { kind: 'trades', stream, trades };
  }

  private mark(stream: string, msg: Json): Frame | null {
    const d = msg.data;
    if (!isObject(d) || typeof d.symbol !== 'string' || (msg.type !== 'snapshot' && msg.type !== 'delta')) return null;
    const time = intOf(msg.ts);
    if (time !== time) return null;
    const before = msg.type === 'snapshot' ? undefined : this.marks.get(d.symbol);
    const next: MarkPrice = before
      ? { ...before, time }
      : { symbol: d.symbol, markPrice: NaN, indexPrice: 0, fundingRate: 0, nextFundingTime: 0, time };
    // a delta carries only the fields that changed
    if (d.markPrice !== undefined) next.markPrice = dec(d.markPrice);
    if (d.indexPrice !== undefined) next.indexPrice = dec(d.indexPrice);
    if (d.fundingRate !== undefined) next.fundingRate = signedDec(d.fundingRate);
    if (d.nextFundingTime !== undefined) next.nextFundingTime = intOf(d.nextFundingTime);
    if (!allNumbers(next.indexPrice, next.fundingRate, next.nextFundingTime)) return null;
    if (d.markPrice !== undefined && next.markPrice !== next.markPrice) return null;
    this.marks.set(d.symbol, next);
    return next.markPrice === next.markPrice ? { kind: 'mark', stream, mark: next } : { kind: 'response', id: 0, result: null };
  }
}

/** A Bybit trade id: numeric on spot, a UUID on linear; a UUID is folded into a safe integer after its time. */
function tradeId(v: unknown, time: number): number {
  const n = intOf(v);
  if (n === n) return n;
  if (typeof v !== 'string' || v.length === 0) return NaN;
  let h = 0x811c9dc5;
  for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v.charCodeAt(i), 0x01000193) >>> 0;
  return time * 1000 + (h % 1000);
}

/** A Bybit trade (stream: T p v S i; REST: time price size side execId); null when malformed. */
export function readBybitTrade(r: unknown, time: string, price: string, size: string, side: string, id: string): Trade | null {
  if (!isObject(r) || (r[side] !== 'Buy' && r[side] !== 'Sell')) return null;
  const t = intOf(r[time]);
  const trade: Trade = { id: tradeId(r[id], t), time: t, price: dec(r[price]), qty: dec(r[size]), isBuyerMaker: r[side] === 'Sell' };
  return allNumbers(trade.id, trade.time, trade.price, trade.qty) ? trade : null;
}

function readBybitKline(k: unknown): Kline | null {
  if (!isObject(k) || typeof k.confirm !== 'boolean') return null;
  const kline: Kline = {
    openTime: intOf(k.start),
    closeTime: intOf(k.end),
    open: dec(k.open),
    high: dec(k.high),
    low: dec(k.low),
    close: dec(k.close),
    volume: dec(k.volume),
    closed: k.confirm,
  };
  return allNumbers(kline.openTime, kline.closeTime, kline.open, kline.high, kline.low, kline.close, kline.volume) ? kline : null;
}
