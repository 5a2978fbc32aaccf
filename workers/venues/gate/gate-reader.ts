import type { Kline, MarkPrice, Trade } from '../../contract.ts';
import { ensureLevels } from '../../book/depth-event.ts';
import { DEFAULT_MAX_FRAME_CHARS, type Frame } from '../../parse/frame-reader.ts';
import { ScanningReader } from '../../parse/scanning-reader.ts';
import { INTERVAL_MS, allNumbers, dec, intOf, isObject, levels, signedDec, type Json, type VenueFrameReader } from '../venue.ts';
import type { GateContracts } from './gate-contracts.ts';
import { GateDepthScanner } from './gate-scanner.ts';

/** Gate's funding is settled every 8 hours, at 00:00, 08:00 and 16:00 UTC. */
const FUNDING_MS = 8 * 3_600_000;

/** Gate's candlestick intervals → the app's (7d is the week). */
const APP_INTERVAL: Record<string, string> = { '1m': '1m', '5m': '5m', '15m': '15m', '30m': '30m', '1h': '1h', '2h': '2h', '4h': '4h', '1d': '1d', '7d': '1w' };

/**
 * Reads Gate API v4 socket frames (spot `/ws/v4/`, USDT futures `/v4/ws/usdt`), once, where they enter. Every push is
 * `{"time","time_ms","channel","event":"update","result":…}`; the stream of a frame is `<channel>.<argument>`:
 * - `spot.order_book_update` / `futures.order_book_update`: `{"t","s","U","u","b","a"}`, spot levels `["px","sz"]`
 *   (read by GateDepthScanner without JSON.parse), futures `{"p":"px","s":contracts}`; pu is set to U − 1 (Gate's
 *   updates are contiguous: the previous one ended at U − 1), so OrderBook's futures rule (pu = the last u) is Gate's;
 * - `*.trades`: spot one trade object (`side`, `amount`), futures an array (`size` in contracts, negative a sell);
 * - `*.candlesticks`: spot one object (`t` s, `a` base volume, `w` closed), futures an array (`v` contracts), `n` is
 *   `<interval>_<pair>`;
 * - `futures.tickers`: the mark price, index and funding rate.
 * Subscribe answers (`event: subscribe`, `error`) and `*.pong` are responses; anything else is counted in `rejected`.
 */
export class GateFrameReader extends ScanningReader implements VenueFrameReader {
  constructor(
    private readonly contracts: GateContracts,
    maxFrameChars = DEFAULT_MAX_FRAME_CHARS,
  ) {
    super(new GateDepthScanner(), maxFrameChars);
  }

  protected fromJson(msg: unknown): Frame | null {
    if (!isObject(msg) || typeof msg.channel !== 'string') return null;
    const channel = msg.channel;
    const id = typeof msg.id === 'number' ? msg.id : 0;
    if (isObject(msg.error)) return { kind: 'error', id, code: typeof msg.error.code === 'number' ? msg.error.code : 0, msg: typeof msg.error.message === 'string' ? msg.error.message : '' };
    if (channel.endsWith('.pong')) return { kind: 'response', id, result: null };
    if (msg.event === 'subscribe' || msg.event === 'unsubscribe') return { kind: 'response', id, result: msg.result ?? null };
    if (msg.event !== 'update') return null;
    const futures = channel.startsWith('futures.');
    if (!futures && !channel.startsWith('spot.')) return null;
    const r = msg.result;
    switch (channel.slice(futures ? 8 : 5)) {
      case 'order_book_update':
        return isObject(r) ? this.depth(channel, r, futures) : null;
      case 'trades':
        return this.trades(channel, futures ? r : [r], futures);
      case 'candlesticks': {
        const row = futures ? (Array.isArray(r) ? r[r.length - 1] : undefined) : r;
        if (!isObject(row) || typeof row.n !== 'string') return null;
        const kline = this.kline(row, futures);
        return kline && { kind: 'kline', stream: `${channel}.${row.n}`, kline };
      }
      case 'tickers':
        return futures && Array.isArray(r) ? this.mark(channel, r[0], intOf(msg.time_ms)) : null;
      default:
        return null;
    }
  }

  private depth(channel: string, r: Json, futures: boolean): Frame | null {
    if (typeof r.s !== 'string' || !Array.isArray(r.b) || !Array.isArray(r.a)) return null;
    const ev = this.depthFrame.event;
    const U = intOf(r.U);
    const u = intOf(r.u);
    const time = intOf(r.t);
    if (!allNumbers(U, u, time) || U > u) return null;
    const read = futures ? objectLevels : levels;
    const bids = read(r.b, ensureLevels(ev.bids, r.b.length));
    const asks = read(r.a, ensureLevels(ev.asks, r.a.length));
    if (bids === null || asks === null) return null;
    ev.bids = bids;
    ev.asks = asks;
    ev.bidCount = r.b.length;
    ev.askCount = r.a.length;
    ev.U = U;
    ev.u = u;
    ev.pu = U - 1;
    ev.seq = 0;
    ev.checksum = 0;
    ev.snapshot = false;
    ev.time = time;
    ev.symbol = '';
    ev.priceDecimals = ev.qtyDecimals = -1;
    this.depthFrame.stream = `${channel}.${r.s}`;
    return this.depthFrame;
  }

  private trades(channel: string, rows: unknown, futures: boolean): Frame | null {
    if (!Array.isArray(rows) || rows.length === 0) return null;
    const trades: Trade[] = [];
    let id = '';
    for (const r of rows) {
      const t = futures ? readFuturesTrade(r, this.contracts, 'create_time_ms', 1) : readSpotTrade(r);
      if (t === null || !isObject(r)) return null;
      id = String(futures ? r.contract : r.currency_pair);
      trades.push(t);
    }
    return { kind: 'trades', stream: `${channel}.${id}`, trades };
  }

  private kline(k: Json, futures: boolean): Kline | null {
    const cut = (k.n as string).indexOf('_');
    const step = INTERVAL_MS[APP_INTERVAL[(k.n as string).slice(0, cut)] ?? ''];
    const openTime = intOf(k.t) * 1000;
    if (step === undefined) return null;
    let volume: number;
    if (futures) {
      const scale = this.contracts.scale('usdm', (k.n as string).slice(cut + 1));
      volume = scale === null ? NaN : intOf(k.v) * scale;
    } else volume = dec(k.a);
    const kline: Kline = { openTime, closeTime: openTime + step - 1, open: dec(k.o), high: dec(k.h), low: dec(k.l), close: dec(k.c), volume, closed: k.w === true };
    return allNumbers(kline.openTime, kline.open, kline.high, kline.low, kline.close, kline.volume) ? kline : null;
  }

  private mark(channel: string, r: unknown, time: number): Frame | null {
    if (!isObject(r) || typeof r.contract !== 'string' || time !== time) return null;
    const mark: MarkPrice = {
      symbol: r.contract.replace('_', ''),
      markPrice: dec(r.mark_price),
      indexPrice: dec(r.index_price),
      fundingRate: signedDec(r.funding_rate),
      nextFundingTime: (Math.floor(time / FUNDING_MS) + 1) * FUNDING_MS,
      time,
    };
    return allNumbers(mark.markPrice, mark.indexPrice, mark.fundingRate) ? { kind: 'mark', stream: `${channel}.${r.contract}`, mark } : null;
  }
}

/** `[{"p":"px","s":contracts}, ...]` (Gate's futures levels) into a flat [price, size, ...] array; null when malformed. */
export function objectLevels(list: unknown[], out: Float64Array): Float64Array | null {
  for (let i = 0; i < list.length; i++) {
    const level = list[i];
    if (!isObject(level)) return null;
    const price = dec(level.p);
    const qty = typeof level.s === 'number' && level.s >= 0 ? level.s : NaN;
    if (price !== price || qty !== qty) return null;
    out[2 * i] = price;
    out[2 * i + 1] = qty;
  }
  return out;
}

/** A spot trade (push and REST: `id`, `create_time_ms` "ms.fraction", `side` of the taker, `amount`, `price`). */
export function readSpotTrade(r: unknown): Trade | null {
  if (!isObject(r) || (r.side !== 'buy' && r.side !== 'sell')) return null;
  const ms = typeof r.create_time_ms === 'string' ? Math.floor(Number(r.create_time_ms)) : NaN;
  const t: Trade = { id: intOf(r.id), time: ms >= 0 ? ms : NaN, price: dec(r.price), qty: dec(r.amount), isBuyerMaker: r.side === 'sell' };
  return allNumbers(t.id, t.time, t.price, t.qty) ? t : null;
}

/**
 * A futures trade: `size` in contracts (negative: the taker sold) × the contract's multiplier; its time in `field`
 * × `msPerUnit` (the push's create_time_ms is ms, REST's is seconds with ms decimals).
 */
export function readFuturesTrade(r: unknown, contracts: GateContracts, field: string, msPerUnit: number): Trade | null {
  if (!isObject(r) || typeof r.contract !== 'string' || typeof r.size !== 'number' || r.size === 0) return null;
  const scale = contracts.scale('usdm', r.contract);
  const raw = r[field];
  const time = typeof raw === 'number' && raw >= 0 ? Math.round(raw * msPerUnit) : NaN;
  const t: Trade = { id: intOf(r.id), time, price: dec(r.price), qty: scale === null ? NaN : Math.abs(r.size) * scale, isBuyerMaker: r.size < 0 };
  return allNumbers(t.id, t.time, t.price, t.qty) ? t : null;
}
