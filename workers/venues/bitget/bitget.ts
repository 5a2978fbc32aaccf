import { KLINES_MAX, type EndpointConfig, type Kline, type Market, type MiniTicker, type Trade } from '../../contract.ts';
import { TRADES_LIMIT } from '../../rest.ts';
import {
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
import { bitgetDepth } from './bitget-book.ts';
import { readCandleRow } from '../candle-row.ts';
import { BitgetFrameReader, readBitgetTrade } from './bitget-reader.ts';
import { BITGET_CHANNEL_BARS, BITGET_GRANULARITY, bitgetInstType } from './bitget-symbols.ts';

/**
 * Bitget has no all-market ticker stream: the tickers topic polls `/api/v2/spot/market/tickers` (or the futures'
 * `/api/v2/mix/market/tickers`) every 2 s while held; Bitget allows each 20 requests a second per IP.
 */
export const BITGET_TICKERS_POLL_MS = 2_000;
/** `/api/v2/mix/market/fills` answers at most 100 trades (spot's `/market/fills` up to 500). */
const BITGET_FUTURES_TRADES_LIMIT = 100;
const PRODUCT_TYPE = 'USDT-FUTURES';

/**
 * Bitget v2's public socket protocol (docs "Websocket API"): one URL for every market, no streams in it;
 * `{"op":"subscribe","args":[{"instType","channel","instId"}]}`, at most 4096 bytes of args a request (40 args of
 * the longest names stay under it), 240 subscribe / unsubscribe requests an hour and 1000 channels a connection; a
 * text `ping` every 30 s answered by a text `pong` (Bitget drops a client that sent no ping for 2 minutes, and asks
 * to reconnect when no pong comes).
 */
export const bitgetProtocol: SocketProtocol = {
  connectUrl: (base) => base,
  maxStreamsInUrl: 0,
  maxStreams: 1000,
  maxArgsPerMessage: 40,
  maxControlPerHour: 240,
  control: (subscribe, streams) => JSON.stringify({ op: subscribe ? 'subscribe' : 'unsubscribe', args: streams.map(bitgetArg) }),
  keepAlive: { mode: 'interval', afterMs: 30_000, checkMs: 1_000, pongTimeoutMs: 10_000, ping: () => 'ping' },
  isShutdown: () => false,
  createReader: (maxFrameChars) => new BitgetFrameReader(maxFrameChars),
};

/** A stream `channel:instType:instId` as the socket's arg. */
export function bitgetArg(stream: string): { instType: string; channel: string; instId: string } {
  const [channel = '', instType = '', instId = ''] = stream.split(':');
  return { instType, channel, instId };
}

export interface BitgetConfig {
  public: EndpointConfig;
  rest: string;
}

export class BitgetAdapter implements VenueAdapter {
  readonly code = 'bitget' as const;
  readonly rest: VenueRest;
  readonly depth = bitgetDepth;
  readonly tickersPollMs = BITGET_TICKERS_POLL_MS;
  private readonly publicEndpoint: VenueEndpoint;

  constructor(fetchFn: FetchLike, config: BitgetConfig) {
    const get = async (path: string, query: Record<string, string | number>) => bitgetData(await getJson(fetchFn, config.rest, path, query));
    this.publicEndpoint = { id: 'bitget:public', ws: config.public.ws, maxMessagesPerSecond: config.public.maxMessagesPerSecond, protocol: bitgetProtocol };
    this.rest = {
      async trades(market, symbol) {
        const data =
          market === 'spot'
            ? await get('/api/v2/spot/market/fills', { symbol, limit: TRADES_LIMIT })
            : await get('/api/v2/mix/market/fills', { symbol, productType: PRODUCT_TYPE, limit: BITGET_FUTURES_TRADES_LIMIT });
        if (!Array.isArray(data)) return null;
        const out: Trade[] = [];
        for (const r of data) {
          const t = readBitgetTrade(r);
          if (t === null) return null;
          out.push(t);
        }
        return out.sort((a, b) => a.time - b.time || a.id - b.id); // newest first → oldest first
      },
      async tickers(market) {
        const data = market === 'spot' ? await get('/api/v2/spot/market/tickers', {}) : await get('/api/v2/mix/market/tickers', { productType: PRODUCT_TYPE });
        if (!Array.isArray(data)) return null;
        const out: MiniTicker[] = [];
        for (const r of data) {
          if (!isObject(r) || typeof r.symbol !== 'string') return null;
          const t: MiniTicker = {
            s: r.symbol,
            c: dec(r.lastPr),
            // spot names the 24 h open `open`, the futures `open24h`
            o: dec(market === 'spot' ? r.open : r.open24h),
            h: dec(r.high24h),
            l: dec(r.low24h),
            v: dec(r.baseVolume),
            q: dec(r.quoteVolume),
            E: intOf(r.ts),
          };
          if (!allNumbers(t.c, t.o, t.h, t.l, t.v, t.q, t.E)) return null;
          out.push(t);
        }
        return out;
      },
      async klines(market, symbol, interval, now) {
        const granularity = BITGET_GRANULARITY[market][interval];
        const step = INTERVAL_MS[interval];
        if (granularity === undefined || step === undefined) return null;
        const query: Record<string, string | number> = { symbol, granularity, limit: KLINES_MAX };
        if (market === 'usdm') query.productType = PRODUCT_TYPE;
        const data = await get(market === 'spot' ? '/api/v2/spot/market/candles' : '/api/v2/mix/market/candles', query);
        if (!Array.isArray(data)) return null;
        const out: Kline[] = [];
        for (const row of data) {
          const k = readCandleRow(row, step, now);
          if (k === null) return null;
          out.push(k);
        }
        return out.sort((a, b) => a.openTime - b.openTime);
      },
      async tickSizes(market, symbol) {
        const data =
          market === 'spot'
            ? await get('/api/v2/spot/public/symbols', { symbol })
            : await get('/api/v2/mix/market/contracts', { productType: PRODUCT_TYPE, symbol });
        const out = new Map<string, string>();
        for (const r of Array.isArray(data) ? data : []) {
          if (!isObject(r) || typeof r.symbol !== 'string') continue;
          const tick = market === 'spot' ? scaledText('1', r.pricePrecision) : scaledText(r.priceEndStep, r.pricePlace);
          if (tick !== null) out.set(r.symbol, tick);
        }
        return out;
      },
    };
  }

  endpoint(name: string): VenueEndpoint {
    if (name !== 'public') throw new Error(`bitget has no endpoint ${name}`);
    return this.publicEndpoint;
  }

  endpointOf(): string {
    return 'public';
  }

  /** `channel:instType:instId`: spot and futures share Bitget's one public socket, told apart by instType. */
  streams(topic: StreamTopic, market: Market, symbol: string, interval?: string): string[] {
    const type = bitgetInstType(market);
    switch (topic) {
      case 'book':
        return [`books:${type}:${symbol}`];
      case 'trades':
        return [`trade:${type}:${symbol}`];
      case 'tickers':
        return []; // polled (BITGET_TICKERS_POLL_MS)
      case 'klines': {
        const bar = BITGET_CHANNEL_BARS[interval ?? '1m'];
        return bar === undefined ? [] : [`candle${bar}:${type}:${symbol}`];
      }
      case 'mark':
        return [`ticker:${bitgetInstType('usdm')}:${symbol}`];
    }
  }

  /** Bitget sizes spot and futures alike in base units. */
  qtyScale(): number {
    return 1;
  }
}

/** Bitget's REST envelope `{"code":"00000","msg":"success","requestTime":…,"data":…}`: the data, or null. */
function bitgetData(json: unknown): unknown {
  return isObject(json) && json.code === '00000' ? json.data : null;
}

/** `step × 10^-places` as a decimal text ("1", 2 → "0.01"; "5", 1 → "0.5"); null when either is not a count. */
function scaledText(step: unknown, places: unknown): string | null {
  if (typeof step !== 'string' || !/^[1-9][0-9]{0,8}$/.test(step) || typeof places !== 'string' || !/^[0-9]{1,2}$/.test(places)) return null;
  const p = Number(places);
  if (p === 0) return step;
  const digits = step.padStart(p + 1, '0');
  return `${digits.slice(0, -p)}.${digits.slice(-p)}`;
}
