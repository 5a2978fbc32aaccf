import type { EndpointConfig, Kline, Market, MiniTicker, Trade } from '../../contract.ts';
import type { DepthSnapshot } from '../../book/depth-event.ts';
import { TRADES_LIMIT } from '../../rest.ts';
import {
  namedEndpoint,
  onSpotSocket,
  INTERVAL_MS,
  allNumbers,
  dec,
  getJson,
  intOf,
  isObject,
  levels,
  type FetchLike,
  type SocketProtocol,
  type StreamTopic,
  type VenueAdapter,
  type VenueEndpoint,
  type VenueRest,
} from '../venue.ts';
import { GateContracts, gateId, gateSymbol, tickText } from './gate-contracts.ts';
import { GateFrameReader, objectLevels, readFuturesTrade, readSpotTrade } from './gate-reader.ts';

/** Gate has no all-market ticker push: `/spot/tickers` and `/futures/usdt/tickers` every 2 s (200 requests / 10 s allowed). */
export const GATE_TICKERS_POLL_MS = 2_000;
/** The REST base book: Gate answers spot up to 1000 levels a side, futures up to 300. */
export const GATE_BOOK_LIMIT: Record<Market, number> = { spot: 1000, usdm: 300 };
const GATE_KLINES_LIMIT = 500;

/** The app's intervals → Gate's candlestick intervals (3m, 6h and 12h: Gate has none). */
export const GATE_INTERVALS: Record<string, string> = { '1m': '1m', '5m': '5m', '15m': '15m', '30m': '30m', '1h': '1h', '2h': '2h', '4h': '4h', '1d': '1d', '1w': '7d' };

const SPOT_BOOK = 'spot.order_book_update';

/**
 * Gate v4's socket protocol (spot and USDT futures alike): no streams in the URL; one channel per request,
 * `{"time":s,"id":n,"channel":"spot.order_book_update","event":"subscribe","payload":["BTC_USDT","100ms"]}`, so one
 * stream a message; the application ping `spot.ping` / `futures.ping` every 15 s whatever comes in (its pong is a
 * frame like any other).
 */
export function gateProtocol(contracts: GateContracts, prefix: 'spot' | 'futures'): SocketProtocol {
  return {
    connectUrl: (base) => base,
    maxStreamsInUrl: 0,
    maxStreams: 1024,
    maxArgsPerMessage: 1,
    maxControlPerHour: Infinity,
    control: (subscribe, streams, id) => {
      const [channel, payload] = gateRequest(streams[0] ?? '');
      return JSON.stringify({ time: Math.floor(Date.now() / 1000), id, channel, event: subscribe ? 'subscribe' : 'unsubscribe', payload });
    },
    keepAlive: { mode: 'interval', afterMs: 15_000, checkMs: 1_000, pongTimeoutMs: 10_000, ping: (id) => JSON.stringify({ time: Math.floor(Date.now() / 1000), id, channel: `${prefix}.ping` }) },
    isShutdown: () => false,
    createReader: (maxFrameChars) => new GateFrameReader(contracts, maxFrameChars),
  };
}

/** A stream name `<channel>.<argument>` → the request's channel and payload. */
export function gateRequest(stream: string): [channel: string, payload: string[]] {
  const dot = stream.indexOf('.', stream.indexOf('.') + 1);
  const channel = stream.slice(0, dot);
  const arg = stream.slice(dot + 1);
  if (channel.endsWith('.order_book_update')) return [channel, channel === SPOT_BOOK ? [arg, '100ms'] : [arg, '100ms', '100']];
  if (channel.endsWith('.candlesticks')) {
    const cut = arg.indexOf('_');
    return [channel, [arg.slice(0, cut), arg.slice(cut + 1)]];
  }
  return [channel, [arg]];
}

export interface GateConfig {
  spot: EndpointConfig;
  futures: EndpointConfig;
  rest: string;
}

const path = (market: Market, what: string): string => (market === 'spot' ? `/api/v4/spot/${what}` : `/api/v4/futures/usdt/${what}`);
const nameField = (market: Market): string => (market === 'spot' ? 'currency_pair' : 'contract');

export class GateAdapter implements VenueAdapter {
  readonly code = 'gate' as const;
  readonly rest: VenueRest;
  /** Gate's book: the REST base book (with_id) + the buffered order_book_update stream (OrderBook's U/u rules). */
  readonly depth = { kind: 'rest' } as const;
  readonly tickersPollMs = GATE_TICKERS_POLL_MS;
  readonly contracts: GateContracts;
  private readonly endpoints: Record<string, VenueEndpoint>;

  constructor(fetchFn: FetchLike, config: GateConfig) {
    const get = (p: string, query: Record<string, string | number>) => getJson(fetchFn, config.rest, p, query);
    const contracts = (this.contracts = new GateContracts(() => get('/api/v4/futures/usdt/contracts', {})));
    this.endpoints = {
      spot: { id: 'gate:spot', ws: config.spot.ws, maxMessagesPerSecond: config.spot.maxMessagesPerSecond, protocol: gateProtocol(contracts, 'spot') },
      futures: { id: 'gate:futures', ws: config.futures.ws, maxMessagesPerSecond: config.futures.maxMessagesPerSecond, protocol: gateProtocol(contracts, 'futures') },
    };
    this.rest = {
      async trades(market, symbol) {
        if (market === 'usdm') await contracts.ensure();
        const list = await get(path(market, 'trades'), { [nameField(market)]: gateId(symbol), limit: TRADES_LIMIT });
        if (!Array.isArray(list)) return null;
        const out: Trade[] = [];
        for (const r of list) {
          const t = market === 'spot' ? readSpotTrade(r) : readFuturesTrade(r, contracts, 'create_time_ms', 1000);
          if (t === null) return null;
          out.push(t);
        }
        return out.reverse(); // newest first → oldest first
      },
      async tickers(market) {
        const list = await get(path(market, 'tickers'), {});
        if (!Array.isArray(list)) return null;
        const out: MiniTicker[] = [];
        for (const r of list) {
          const id = isObject(r) ? r[nameField(market)] : undefined;
          if (!isObject(r) || typeof id !== 'string') return null;
          const c = dec(r.last);
          const pct = Number(r.change_percentage);
          const t: MiniTicker = {
            s: gateSymbol(id),
            c,
            o: Number.isFinite(pct) && pct > -100 ? c / (1 + pct / 100) : NaN,
            h: dec(r.high_24h),
            l: dec(r.low_24h),
            v: dec(market === 'spot' ? r.base_volume : r.volume_24h_base),
            q: dec(market === 'spot' ? r.quote_volume : r.volume_24h_quote),
            E: 0,
          };
          if (!allNumbers(t.c, t.o, t.h, t.l, t.v, t.q)) return null;
          out.push(t);
        }
        return out;
      },
      async klines(market, symbol, interval, now) {
        const step = INTERVAL_MS[interval];
        const gateInterval = GATE_INTERVALS[interval];
        if (step === undefined || gateInterval === undefined) return null;
        if (market === 'usdm') await contracts.ensure();
        const id = gateId(symbol);
        const scale = contracts.scale(market, id);
        const list = await get(path(market, 'candlesticks'), { [nameField(market)]: id, interval: gateInterval, limit: GATE_KLINES_LIMIT });
        if (!Array.isArray(list) || scale === null) return null;
        const out: Kline[] = [];
        for (const row of list) {
          // spot: [t (s), quote volume, close, high, low, open, base volume, closed]; futures: {t, v (contracts), c, h, l, o}
          const k = Array.isArray(row) ? { t: row[0], o: row[5], h: row[3], l: row[4], c: row[2], v: dec(row[6]) } : isObject(row) ? { t: row.t, o: row.o, h: row.h, l: row.l, c: row.c, v: intOf(row.v) * scale } : null;
          if (k === null) return null;
          const openTime = intOf(k.t) * 1000;
          const kline: Kline = { openTime, closeTime: openTime + step - 1, open: dec(k.o), high: dec(k.h), low: dec(k.l), close: dec(k.c), volume: k.v, closed: openTime + step - 1 < now };
          if (!allNumbers(kline.openTime, kline.open, kline.high, kline.low, kline.close, kline.volume)) return null;
          out.push(kline);
        }
        return out; // oldest first, as Gate answers
      },
      async tickSizes(market) {
        const out = new Map<string, string>();
        if (market === 'usdm') {
          await contracts.ensure();
          for (const [id, tick] of contracts.tick) out.set(gateSymbol(id), tick);
          return out;
        }
        const list = await get('/api/v4/spot/currency_pairs', {});
        for (const r of Array.isArray(list) ? list : []) {
          if (isObject(r) && typeof r.id === 'string' && typeof r.precision === 'number') out.set(gateSymbol(r.id), tickText(r.precision));
        }
        return out;
      },
      async depth(market, symbol) {
        const json = await get(path(market, 'order_book'), { [nameField(market)]: gateId(symbol), limit: GATE_BOOK_LIMIT[market], with_id: 'true' });
        return readGateBook(json, market);
      },
    };
  }

  endpoint(name: string): VenueEndpoint {
    return namedEndpoint(this.code, this.endpoints, name);
  }

  endpointOf(topic: StreamTopic, market: Market): string {
    return onSpotSocket(topic, market) ? 'spot' : 'futures';
  }

  /** Streams are `<channel>.<argument>` (gateRequest turns them into the request's payload). */
  streams(topic: StreamTopic, market: Market, symbol: string, interval?: string): string[] {
    const prefix = this.endpointOf(topic, market);
    const id = gateId(symbol);
    switch (topic) {
      case 'book':
        return [`${prefix}.order_book_update.${id}`];
      case 'trades':
        return [`${prefix}.trades.${id}`];
      case 'tickers':
        return []; // polled (GATE_TICKERS_POLL_MS)
      case 'klines':
        return [`${prefix}.candlesticks.${GATE_INTERVALS[interval ?? '1m'] ?? '1m'}_${id}`];
      case 'mark':
        return [`futures.tickers.${id}`];
    }
  }

  qtyScale(market: Market, symbol: string): number | null {
    return this.contracts.scale(market, gateId(symbol));
  }
}

/** Gate's REST book `{"id","current","update","asks","bids"}` (futures levels `{"p","s"}`) as a snapshot; null when unusable. */
export function readGateBook(json: unknown, market: Market): DepthSnapshot | null {
  if (!isObject(json) || !Array.isArray(json.bids) || !Array.isArray(json.asks)) return null;
  const id = intOf(json.id);
  const read = market === 'spot' ? levels : objectLevels;
  const bids = read(json.bids, new Float64Array(json.bids.length * 2));
  const asks = read(json.asks, new Float64Array(json.asks.length * 2));
  if (id !== id || bids === null || asks === null) return null;
  return { lastUpdateId: id, bidCount: json.bids.length, askCount: json.asks.length, bids, asks };
}
