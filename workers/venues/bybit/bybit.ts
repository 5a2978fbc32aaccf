import type { EndpointConfig, Kline, Market, MiniTicker, Trade } from '../../contract.ts';
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
  type FetchLike,
  type SocketProtocol,
  type StreamTopic,
  type VenueAdapter,
  type VenueEndpoint,
  type VenueRest,
} from '../venue.ts';
import { readCandleRow } from '../candle-row.ts';
import { bybitBookDepth, bybitDepth } from './bybit-book.ts';
import { BybitFrameReader, readBybitTrade } from './bybit-reader.ts';

/** Bybit has no all-market ticker stream either: `/v5/market/tickers` every 2 s (Bybit allows 600 requests / 5 s per IP). */
export const BYBIT_TICKERS_POLL_MS = 2_000;
/** `/v5/market/kline` answers up to 1000 bars: the app's series (KLINES_MAX) in one call. */
const BYBIT_KLINES_LIMIT = 500;
/** `/v5/market/recent-trade`: spot answers at most 60, linear up to 1000. */
const BYBIT_SPOT_TRADES_LIMIT = 60;

/** The app's intervals → Bybit's kline intervals (minutes, D, W). */
export const BYBIT_INTERVALS: Record<string, string> = {
  '1m': '1',
  '3m': '3',
  '5m': '5',
  '15m': '15',
  '30m': '30',
  '1h': '60',
  '2h': '120',
  '4h': '240',
  '6h': '360',
  '12h': '720',
  '1d': 'D',
  '1w': 'W',
};

/**
 * Bybit v5's public socket protocol: no streams in the URL; `{"op":"subscribe","args":["orderbook.200.BTCUSDT"],
 * "req_id":"1"}` with at most 10 args a request (the spot limit; linear shares it here); `{"op":"ping"}` every 20 s,
 * as Bybit asks, whatever else comes in.
 */
export const bybitProtocol: SocketProtocol = {
  connectUrl: (base) => base,
  maxStreamsInUrl: 0,
  maxStreams: 1024,
  maxArgsPerMessage: 10,
  maxControlPerHour: Infinity,
  control: (subscribe, streams, id) => JSON.stringify({ op: subscribe ? 'subscribe' : 'unsubscribe', args: streams, req_id: String(id) }),
  keepAlive: { mode: 'interval', afterMs: 20_000, checkMs: 1_000, pongTimeoutMs: 10_000, ping: (id) => JSON.stringify({ op: 'ping', req_id: String(id) }) },
  isShutdown: () => false,
  createReader: (maxFrameChars) => new BybitFrameReader(maxFrameChars),
};

export interface BybitConfig {
  spot: EndpointConfig;
  linear: EndpointConfig;
  rest: string;
}

export class BybitAdapter implements VenueAdapter {
  readonly code = 'bybit' as const;
  readonly rest: VenueRest;
  readonly depth = bybitDepth;
  readonly tickersPollMs = BYBIT_TICKERS_POLL_MS;
  private readonly endpoints: Record<string, VenueEndpoint>;

  constructor(fetchFn: FetchLike, config: BybitConfig) {
    const get = (path: string, query: Record<string, string | number>) => getJson(fetchFn, config.rest, path, query);
    const endpoint = (name: 'spot' | 'linear', c: EndpointConfig): VenueEndpoint => ({
      id: `bybit:${name}`,
      ws: c.ws,
      maxMessagesPerSecond: c.maxMessagesPerSecond,
      protocol: bybitProtocol,
    });
    this.endpoints = { spot: endpoint('spot', config.spot), linear: endpoint('linear', config.linear) };
    this.rest = {
      async trades(market, symbol) {
        const limit = market === 'spot' ? BYBIT_SPOT_TRADES_LIMIT : TRADES_LIMIT;
        const list = bybitList(await get('/v5/market/recent-trade', { category: category(market), symbol, limit }));
        if (list === null) return null;
        const out: Trade[] = [];
        for (const r of list) {
          const t = readBybitTrade(r, 'time', 'price', 'size', 'side', 'execId');
          if (t === null) return null;
          out.push(t);
        }
        return out.sort((a, b) => a.time - b.time); // oldest first
      },
      async tickers(market) {
        const json = await get('/v5/market/tickers', { category: category(market) });
        const list = bybitList(json);
        if (list === null) return null;
        const E = intOf((json as { time?: unknown }).time);
        const out: MiniTicker[] = [];
        for (const r of list) {
          if (!isObject(r) || typeof r.symbol !== 'string') return null;
          const t: MiniTicker = {
            s: r.symbol,
            c: dec(r.lastPrice),
            o: dec(r.prevPrice24h),
            h: dec(r.highPrice24h),
            l: dec(r.lowPrice24h),
            v: dec(r.volume24h),
            q: dec(r.turnover24h),
            E: E === E ? E : 0,
          };
          if (!allNumbers(t.c, t.o, t.h, t.l, t.v, t.q)) return null;
          out.push(t);
        }
        return out;
      },
      async klines(market, symbol, interval, now) {
        const step = INTERVAL_MS[interval];
        const bybitInterval = BYBIT_INTERVALS[interval];
        if (step === undefined || bybitInterval === undefined) return null;
        const list = bybitList(await get('/v5/market/kline', { category: category(market), symbol, interval: bybitInterval, limit: BYBIT_KLINES_LIMIT }));
        if (list === null) return null;
        const out: Kline[] = [];
        for (const row of list) {
          const k = readCandleRow(row, step, now);
          if (k === null) return null;
          out.push(k);
        }
        return out.reverse(); // newest first → oldest first
      },
      async tickSizes(market, symbol) {
        const list = bybitList(await get('/v5/market/instruments-info', { category: category(market), symbol }));
        const out = new Map<string, string>();
        for (const r of list ?? []) {
          const tick = isObject(r) && isObject(r.priceFilter) ? r.priceFilter.tickSize : undefined;
          if (isObject(r) && typeof r.symbol === 'string' && typeof tick === 'string') out.set(r.symbol, tick);
        }
        return out;
      },
    };
  }

  endpoint(name: string): VenueEndpoint {
    return namedEndpoint(this.code, this.endpoints, name);
  }

  endpointOf(topic: StreamTopic, market: Market): string {
    return onSpotSocket(topic, market) ? 'spot' : 'linear';
  }

  /** Bybit's symbols are the app's (BTCUSDT); the category (spot / linear) is the socket. */
  streams(topic: StreamTopic, market: Market, symbol: string, interval?: string): string[] {
    switch (topic) {
      case 'book':
        return [`orderbook.${bybitBookDepth(market)}.${symbol}`];
      case 'trades':
        return [`publicTrade.${symbol}`];
      case 'tickers':
        return []; // polled (BYBIT_TICKERS_POLL_MS)
      case 'klines':
        return [`kline.${BYBIT_INTERVALS[interval ?? '1m'] ?? '1'}.${symbol}`];
      case 'mark':
        return [`tickers.${symbol}`];
    }
  }

  qtyScale(): number {
    return 1;
  }
}

function category(market: Market): 'spot' | 'linear' {
  return market === 'spot' ? 'spot' : 'linear';
}

/** Bybit's REST envelope `{"retCode":0,"retMsg":"OK","result":{"list":[...]}}`: the list, or null. */
function bybitList(json: unknown): unknown[] | null {
  if (!isObject(json) || json.retCode !== 0 || !isObject(json.result) || !Array.isArray(json.result.list)) return null;
  return json.result.list;
}
