import type { EndpointConfig, Market, MarketEndpoints } from '../../contract.ts';
import { FrameReader, readDepthSnapshot } from '../../parse/frame-reader.ts';
import { RestClient } from '../../rest.ts';
import { readKlineRows } from '../../topics/kline-series.ts';
import { namedEndpoint, onSpotSocket, type FetchLike, type SocketProtocol, type StreamTopic, type VenueAdapter, type VenueEndpoint, type VenueRest } from '../venue.ts';

/**
 * Binance's combined-stream protocol (spot and USD-M futures), as the core spoke it before the boundary: streams in the
 * URL (`/stream?streams=a/b`, up to 100), then SUBSCRIBE / UNSUBSCRIBE of up to 200 params, 1024 streams a socket;
 * keep-alive per spec §4 (silent 5 s → LIST_SUBSCRIPTIONS, checked every 3 s, answer within 10 s).
 */
export const binanceProtocol: SocketProtocol = {
  connectUrl: (base, initial) => `${base}/stream?streams=${initial.map(encodeURIComponent).join('/')}`,
  maxStreamsInUrl: 100,
  maxStreams: 1024,
  maxArgsPerMessage: 200,
  maxControlPerHour: Infinity,
  control: (subscribe, streams, id) => JSON.stringify({ method: subscribe ? 'SUBSCRIBE' : 'UNSUBSCRIBE', params: streams, id }),
  keepAlive: {
    mode: 'silence',
    afterMs: 5_000,
    checkMs: 3_000,
    pongTimeoutMs: 10_000,
    // Browsers cannot send ping frames; LIST_SUBSCRIPTIONS is a harmless request that gets an answer.
    ping: (id) => JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id }),
  },
  // raw, or on a combined stream as `!serverShutdown`
  isShutdown: (data) => data.startsWith('{"e":"serverShutdown"') || data.startsWith('{"stream":"!serverShutdown"'),
  createReader: (maxFrameChars) => new FrameReader(maxFrameChars),
};

export class BinanceAdapter implements VenueAdapter {
  readonly code = 'binance' as const;
  readonly rest: VenueRest;
  readonly depth = { kind: 'rest' } as const;
  readonly tickersPollMs = 0;
  private readonly endpoints: Record<string, VenueEndpoint>;

  constructor(fetchFn: FetchLike, config: MarketEndpoints) {
    const endpoint = (id: 'spot' | 'usdmPublic' | 'usdmMarket', c: EndpointConfig): VenueEndpoint => ({
      id,
      ws: c.ws,
      maxMessagesPerSecond: c.maxMessagesPerSecond,
      protocol: binanceProtocol,
    });
    this.endpoints = {
      spot: endpoint('spot', config.spot),
      usdmPublic: endpoint('usdmPublic', config.usdmPublic),
      usdmMarket: endpoint('usdmMarket', config.usdmMarket),
    };
    const client = new RestClient(fetchFn, config);
    this.rest = {
      trades: (market, symbol) => client.trades(market, symbol),
      tickers: (market) => client.tickers(market),
      klines: async (market, symbol, interval, now) => readKlineRows(await client.klines(market, symbol, interval), now),
      tickSizes: (market, symbol) => client.tickSizes(market, symbol),
      depth: async (market, symbol) => readDepthSnapshot(await client.depth(market, symbol)),
    };
  }

  endpoint(name: string): VenueEndpoint {
    return namedEndpoint(this.code, this.endpoints, name);
  }

  endpointOf(topic: StreamTopic, market: Market): string {
    if (onSpotSocket(topic, market)) return 'spot';
    // USD-M: the depth streams are on /public, the others on /market.
    return topic === 'book' ? 'usdmPublic' : 'usdmMarket';
  }

  streams(topic: StreamTopic, _market: Market, symbol: string, interval?: string): string[] {
    const s = symbol.toLowerCase();
    switch (topic) {
      case 'book':
        return [`${s}@depth@100ms`];
      case 'trades':
        return [`${s}@aggTrade`];
      case 'tickers':
        return ['!miniTicker@arr'];
      case 'klines':
        return [`${s}@kline_${interval ?? '1m'}`];
      case 'mark':
        return [`${s}@markPrice@1s`];
    }
  }

  qtyScale(): number {
    return 1;
  }
}
