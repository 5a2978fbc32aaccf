import type { Kline, MarkPrice, MiniTicker, Trade } from '../contract.ts';
import { createDepthEvent, ensureLevels, type DepthEvent } from '../book/depth-event.ts';
import { DepthScanner } from './depth-scanner.ts';

export type Frame =
  | { kind: 'depth'; stream: string; event: DepthEvent }
  | { kind: 'trade'; stream: string; trade: Trade }
  /** several trades in one frame (OKX, Bybit), oldest first */
  | { kind: 'trades'; stream: string; trades: Trade[] }
  | { kind: 'tickers'; stream: string; tickers: MiniTicker[] }
  | { kind: 'kline'; stream: string; kline: Kline }
  | { kind: 'mark'; stream: string; mark: MarkPrice }
  | { kind: 'response'; id: number; result: unknown }
  | { kind: 'error'; id: number | null; code: number; msg: string };

/** Frames above this many characters are rejected unread (a full !miniTicker@arr is ~0.4 MB). */
export const DEFAULT_MAX_FRAME_CHARS = 1024 * 1024;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-negative decimal string (Binance sends prices and quantities as strings). NaN when invalid. */
function dec(v: unknown): number {
  if (typeof v !== 'string' || v.length === 0) return NaN;
  const n = Number(v);
  return n >= 0 && n !== Infinity ? n : NaN;
}

function int(v: unknown): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : NaN;
}

/**
 * Reads websocket frames once, where they enter (../shared/CONVENTIONS.md "validate once"): size cap,
 * JSON, shape and number checks. Anything else is counted in `rejected` and dropped (null), never thrown.
 * Depth frames take the allocation-free scanner first; the returned depth Frame and its event are reused
 * for the next frame.
 */
export class FrameReader {
  rejected = 0;
  /** frames read by the allocation-free depth scanner */
  scanned = 0;
  private readonly scanner = new DepthScanner();
  private readonly depthFrame: { kind: 'depth'; stream: string; event: DepthEvent } = {
    kind: 'depth',
    stream: '',
    event: createDepthEvent(64),
  };

  constructor(private readonly maxFrameChars = DEFAULT_MAX_FRAME_CHARS) {}

  read(data: unknown): Frame | null {
    if (typeof data !== 'string' || data.length > this.maxFrameChars) return this.reject();
    const frame = this.depthFrame;
    if (this.scanner.scan(data, frame.event)) {
      frame.stream = this.scanner.stream;
      this.scanned++;
      return frame;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return this.reject();
    }
    return this.fromJson(parsed) ?? this.reject();
  }

  private reject(): null {
    this.rejected++;
    return null;
  }

  private fromJson(msg: unknown): Frame | null {
    if (!isObject(msg)) return null;
    if ('result' in msg && 'id' in msg) {
      const id = int(msg.id);
      return id === id ? { kind: 'response', id, result: msg.result } : null;
    }
    const error = isObject(msg.error) ? msg.error : 'code' in msg && 'msg' in msg ? msg : null;
    if (error) {
      const code = typeof error.code === 'number' ? error.code : NaN;
      const id = msg.id === null || msg.id === undefined ? null : int(msg.id);
      if (code !== code || typeof error.msg !== 'string' || id !== id) return null;
      return { kind: 'error', id, code, msg: error.msg };
    }
    if (typeof msg.stream !== 'string') return null;
    return this.data(msg.stream, msg.data);
  }

  private data(stream: string, data: unknown): Frame | null {
    if (Array.isArray(data)) {
      const tickers: MiniTicker[] = [];
      for (const t of data) {
        const ticker = miniTicker(t);
        if (ticker === null) return null;
        tickers.push(ticker);
      }
      return { kind: 'tickers', stream, tickers };
    }
    if (!isObject(data)) return null;
    switch (data.e) {
      case 'depthUpdate':
        return this.depth(stream, data);
      case 'aggTrade':
      case 'trade': {
        const trade: Trade = {
          id: int(data.e === 'aggTrade' ? data.a : data.t),
          time: int(data.T),
          price: dec(data.p),
          qty: dec(data.q),
          isBuyerMaker: data.m === true,
        };
        if (typeof data.m !== 'boolean' || !allNumbers(trade.id, trade.time, trade.price, trade.qty)) return null;
        return { kind: 'trade', stream, trade };
      }
      case '24hrMiniTicker': {
        const ticker = miniTicker(data);
        return ticker && { kind: 'tickers', stream, tickers: [ticker] };
      }
      case 'kline': {
        const k = data.k;
        if (!isObject(k) || typeof k.x !== 'boolean') return null;
        const kline: Kline = {
          openTime: int(k.t),
          closeTime: int(k.T),
          open: dec(k.o),
          high: dec(k.h),
          low: dec(k.l),
          close: dec(k.c),
          volume: dec(k.v),
          closed: k.x,
        };
        if (!allNumbers(kline.openTime, kline.closeTime, kline.open, kline.high, kline.low, kline.close, kline.volume)) {
          return null;
        }
        return { kind: 'kline', stream, kline };
      }
      case 'markPriceUpdate': {
        if (typeof data.s !== 'string') return null;
        const mark: MarkPrice = {
          symbol: data.s,
          markPrice: dec(data.p),
          indexPrice: dec(data.i),
          // the funding rate can be negative
          fundingRate: typeof data.r === 'string' && data.r !== '' ? Number(data.r) : NaN,
          nextFundingTime: int(data.T),
          time: int(data.E),
        };
        if (!allNumbers(mark.markPrice, mark.indexPrice, mark.fundingRate, mark.nextFundingTime, mark.time)) return null;
        return { kind: 'mark', stream, mark };
      }
      default:
        return null;
    }
  }

  private depth(stream: string, data: Json): Frame | null {
    const ev = this.depthFrame.event;
    const U = int(data.U);
    const u = int(data.u);
    const pu = data.pu === undefined ? -1 : int(data.pu);
    if (!allNumbers(U, u, pu) || !Array.isArray(data.b) || !Array.isArray(data.a)) return null;
    const bids = levels(data.b, ensureLevels(ev.bids, data.b.length));
    const asks = levels(data.a, ensureLevels(ev.asks, data.a.length));
    if (bids === null || asks === null) return null;
    ev.bids = bids;
    ev.asks = asks;
    ev.bidCount = data.b.length;
    ev.askCount = data.a.length;
    ev.U = U;
    ev.u = u;
    ev.pu = pu;
    ev.time = data.E === undefined ? 0 : int(data.E);
    ev.symbol = typeof data.s === 'string' ? data.s : '';
    if (ev.time !== ev.time) return null;
    this.depthFrame.stream = stream;
    return this.depthFrame;
  }
}

function allNumbers(...values: number[]): boolean {
  for (const v of values) if (v !== v) return false;
  return true;
}

function levels(list: unknown[], out: Float64Array): Float64Array | null {
  for (let i = 0; i < list.length; i++) {
    const level = list[i];
    if (!Array.isArray(level) || level.length < 2) return null;
    const price = dec(level[0]);
    const qty = dec(level[1]);
    if (price !== price || qty !== qty) return null;
    out[2 * i] = price;
    out[2 * i + 1] = qty;
  }
  return out;
}

function miniTicker(t: unknown): MiniTicker | null {
  if (!isObject(t) || typeof t.s !== 'string') return null;
  const ticker: MiniTicker = {
    s: t.s,
    c: dec(t.c),
    o: dec(t.o),
    h: dec(t.h),
    l: dec(t.l),
    v: dec(t.v),
    q: dec(t.q),
    E: int(t.E),
  };
  return allNumbers(ticker.c, ticker.o, ticker.h, ticker.l, ticker.v, ticker.q, ticker.E) ? ticker : null;
}

/** Parse a REST depth snapshot ({ lastUpdateId, bids, asks }); null when malformed. */
export function readDepthSnapshot(json: unknown): {
  lastUpdateId: number;
  bidCount: number;
  askCount: number;
  bids: Float64Array;
  asks: Float64Array;
} | null {
  if (!isObject(json) || !Array.isArray(json.bids) || !Array.isArray(json.asks)) return null;
  const lastUpdateId = int(json.lastUpdateId);
  if (lastUpdateId !== lastUpdateId) return null;
  const bids = levels(json.bids, new Float64Array(json.bids.length * 2));
  const asks = levels(json.asks, new Float64Array(json.asks.length * 2));
  if (bids === null || asks === null) return null;
  return { lastUpdateId, bidCount: json.bids.length, askCount: json.asks.length, bids, asks };
}
