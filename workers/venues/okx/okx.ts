import type { Kline, Market, MiniTicker, Trade } from '../../contract.ts';
import { TRADES_LIMIT } from '../../rest.ts';
import {
  namedEndpoint,
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
import type { EndpointConfig } from '../../contract.ts';
import { okxDepth } from './okx-book.ts';
import { OkxFrameReader, readOkxCandle } from './okx-reader.ts';
import { OKX_BARS, OkxInstruments, okxInstId, okxSymbol } from './okx-symbols.ts';

/** OKX's `/market/candles` answers at most 300 bars. */
export const OKX_KLINES_LIMIT = 300;
/**
 * OKX has no all-market ticker stream: the tickers topic polls `/api/v5/market/tickers` every 2 s while held. OKX
 * allows that endpoint 20 requests / 2 s per IP; one poll per market per 2 s is 1/20 of it, and the ticker tables
 * (spec §3 "24 h change") do not need faster than the 2 s a person reads them at.
 */
export const OKX_TICKERS_POLL_MS = 2_000;

/**
 * OKX v5's socket protocol: no streams in the URL; `{"op":"subscribe","args":[{"channel","instId"}]}`; a text `ping`
 * after 25 s of silence, answered by a text `pong` (OKX drops a socket silent for 30 s); 480 subscribe / unsubscribe
 * requests per connection per hour (a token bucket, full at connect), however many args each carries.
 */
export function okxProtocol(instruments: OkxInstruments): SocketProtocol {
  const args = (streams: readonly string[]) =>
    streams.map((s) => {
      const at = s.indexOf(':');
      return { channel: s.slice(0, at), instId: s.slice(at + 1) };
    });
  return {
    connectUrl: (base) => base,
    maxStreamsInUrl: 0,
    maxStreams: 1024,
    // one request's args must stay under OKX's 64 KB; 100 short args are ~5 KB
    maxArgsPerMessage: 100,
    maxControlPerHour: 480,
    control: (subscribe, streams) => JSON.stringify({ op: subscribe ? 'subscribe' : 'unsubscribe', args: args(streams) }),
    // OKX closes a connection it has received nothing from for 30 s (4004 "No data received in 30s"), however busy
    // its pushes: a text `ping` every 20 s, answered by a text `pong`.
    keepAlive: { mode: 'interval', afterMs: 20_000, checkMs: 1_000, pongTimeoutMs: 5_000, ping: () => 'ping' },
    // notice 64008: "The connection will soon be closed for a service upgrade"
    isShutdown: (data) => data.startsWith('{"event":"notice"') && data.includes('"64008"'),
    createReader: (maxFrameChars) => new OkxFrameReader(instruments, maxFrameChars),
  };
}

export interface OkxConfig {
  public: EndpointConfig;
  business: EndpointConfig;
  rest: string;
}

export class OkxAdapter implements VenueAdapter {
  readonly code = 'okx' as const;
  readonly rest: VenueRest;
  readonly depth = okxDepth;
  readonly tickersPollMs = OKX_TICKERS_POLL_MS;
  readonly instruments: OkxInstruments;
  private readonly endpoints: Record<string, VenueEndpoint>;

  constructor(fetchFn: FetchLike, config: OkxConfig) {
    const get = (path: string, query: Record<string, string | number>) => getJson(fetchFn, config.rest, path, query);
    this.instruments = new OkxInstruments((market) => get('/api/v5/public/instruments', { instType: instType(market) }));
    const protocol = okxProtocol(this.instruments);
    this.endpoints = {
      public: { id: 'okx:public', ws: config.public.ws, maxMessagesPerSecond: config.public.maxMessagesPerSecond, protocol },
      business: { id: 'okx:business', ws: config.business.ws, maxMessagesPerSecond: config.business.maxMessagesPerSecond, protocol },
    };
    const instruments = this.instruments;
    this.rest = {
      async trades(market, symbol) {
        const instId = okxInstId(market, symbol);
        if (market === 'usdm') await instruments.ensure(market);
        const data = okxData(await get('/api/v5/market/trades', { instId, limit: TRADES_LIMIT }));
        const scale = instruments.scale(instId);
        if (data === null || scale === null) return null;
        const out: Trade[] = [];
        for (const r of data) {
          if (!isObject(r) || (r.side !== 'buy' && r.side !== 'sell')) return null;
          const t: Trade = { id: intOf(r.tradeId), time: intOf(r.ts), price: dec(r.px), qty: dec(r.sz) * scale, isBuyerMaker: r.side === 'sell' };
          if (!allNumbers(t.id, t.time, t.price, t.qty)) return null;
          out.push(t);
        }
        return out.reverse(); // newest first → oldest first
      },
      async tickers(market) {
        const data = okxData(await get('/api/v5/market/tickers', { instType: instType(market) }));
        if (data === null) return null;
        const out: MiniTicker[] = [];
        for (const r of data) {
          if (!isObject(r) || typeof r.instId !== 'string') return null;
          if (market === 'usdm' && !r.instId.endsWith('-USDT-SWAP')) continue; // the USDT-margined perpetuals only
          const c = dec(r.last);
          // spot: vol24h is base, volCcy24h quote; a swap's vol24h is contracts and volCcy24h base (quote ≈ base × last)
          const v = dec(market === 'spot' ? r.vol24h : r.volCcy24h);
          const t: MiniTicker = {
            s: okxSymbol(r.instId),
            c,
            o: dec(r.open24h),
            h: dec(r.high24h),
            l: dec(r.low24h),
            v,
            q: market === 'spot' ? dec(r.volCcy24h) : v * c,
            E: intOf(r.ts),
          };
          if (!allNumbers(t.c, t.o, t.h, t.l, t.v, t.q, t.E)) return null;
          out.push(t);
        }
        return out;
      },
      async klines(market, symbol, interval) {
        const bar = OKX_BARS[interval];
        if (bar === undefined) return null;
        const data = okxData(await get('/api/v5/market/candles', { instId: okxInstId(market, symbol), bar, limit: OKX_KLINES_LIMIT }));
        if (data === null) return null;
        const out: Kline[] = [];
        for (const row of data) {
          const k = readOkxCandle(row, market === 'usdm', interval);
          if (k === null) return null;
          out.push(k);
        }
        return out.reverse(); // newest first → oldest first
      },
      async tickSizes(market) {
        await instruments.ensure(market);
        const out = new Map<string, string>();
        for (const [instId, tick] of instruments.tickSz) {
          if (instId.endsWith('-SWAP') === (market === 'usdm')) out.set(okxSymbol(instId), tick);
        }
        return out;
      },
    };
  }

  endpoint(name: string): VenueEndpoint {
    return namedEndpoint(this.code, this.endpoints, name);
  }

  endpointOf(topic: StreamTopic): string {
    return topic === 'klines' ? 'business' : 'public';
  }

  streams(topic: StreamTopic, market: Market, symbol: string, interval?: string): string[] {
    const instId = okxInstId(market, symbol);
    switch (topic) {
      case 'book':
        return [`books:${instId}`];
      case 'trades':
        return [`trades:${instId}`];
      case 'tickers':
        return []; // polled (OKX_TICKERS_POLL_MS)
      case 'klines':
        return [`candle${OKX_BARS[interval ?? '1m'] ?? '1m'}:${instId}`];
      case 'mark': {
        const swap = okxInstId('usdm', symbol);
        return [`mark-price:${swap}`, `funding-rate:${swap}`, `index-tickers:${okxInstId('spot', symbol)}`];
      }
    }
  }

  qtyScale(market: Market, symbol: string): number | null {
    if (market === 'usdm') void this.instruments.ensure('usdm').catch(() => undefined);
    return this.instruments.scale(okxInstId(market, symbol));
  }
}

function instType(market: Market): 'SPOT' | 'SWAP' {
  return market === 'spot' ? 'SPOT' : 'SWAP';
}

/** OKX's REST envelope `{"code":"0","msg":"","data":[...]}`: the data, or null for an error or another shape. */
function okxData(json: unknown): unknown[] | null {
  return isObject(json) && json.code === '0' && Array.isArray(json.data) ? json.data : null;
}
