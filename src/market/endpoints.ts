import type { EndpointConfig, MarketEndpoints } from '../../workers/contract.ts';
import { venueRest } from './venue-hosts.ts';

/** Where market data comes from: the sandbox simulator (default), Binance alone, or the venues themselves. */
export type MarketSource = 'sandbox' | 'binance' | 'live';

/** Binance's incoming-message limits per connection: spot 5/s, USD-M futures 10/s. */
const SPOT_RATE = 5;
const FUTURES_RATE = 10;
/**
 * OKX counts subscribe / unsubscribe requests per connection (480 an hour, the protocol's budget) and connection
 * attempts per IP (3/s); 3 messages a second keeps a resubscription burst well inside both.
 */
const OKX_RATE = 3;
/** Bybit names no per-second message limit on public sockets; Binance's futures figure keeps bursts modest. */
const BYBIT_RATE = 10;
/** Gate neither (one channel a request, so a resubscription is a message a stream): the same modest figure. */
const GATE_RATE = 10;
/**
 * Bitget closes a public connection beyond 10 messages a second (pings included) and counts 240 subscribe /
 * unsubscribe requests an hour: half the per-second figure leaves the pings their room.
 */
const BITGET_RATE = 5;

type Location = { protocol: string; host: string };

const ws = (url: string, maxMessagesPerSecond: number): EndpointConfig => ({ ws: url, maxMessagesPerSecond });

/** The venues' own socket endpoints (docs: OKX v5 "Overview → WebSocket", Bybit v5 "WebSocket → Connect"). */
const REAL = {
  okxPublic: 'wss://ws.okx.com:8443/ws/v5/public',
  okxBusiness: 'wss://ws.okx.com:8443/ws/v5/business',
  bybitSpot: 'wss://stream.bybit.com/v5/public/spot',
  bybitLinear: 'wss://stream.bybit.com/v5/public/linear',
  gateSpot: 'wss://api.gateio.ws/ws/v4/',
  gateFutures: 'wss://fx-ws.gateio.ws/v4/ws/usdt',
  bitgetPublic: 'wss://ws.bitget.com/v2/ws/public',
};

/** The sandbox simulator under the same origin (the default market source): every venue at `/sim/<host>/…`. */
export function sandboxEndpoints(location: Location): MarketEndpoints {
  const base = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/sim`;
  const http = `${location.protocol}//${location.host}/sim`;
  return {
    spot: ws(`${base}/stream.binance.com`, SPOT_RATE),
    usdmPublic: ws(`${base}/fstream.binance.com/public`, FUTURES_RATE),
    usdmMarket: ws(`${base}/fstream.binance.com/market`, FUTURES_RATE),
    spotRest: `${http}/api.binance.com`,
    usdmRest: `${http}/fapi.binance.com`,
    venues: {
      okx: {
        public: ws(`${base}/ws.okx.com/ws/v5/public`, OKX_RATE),
        business: ws(`${base}/ws.okx.com/ws/v5/business`, OKX_RATE),
        rest: venueRest('okx', 'sandbox', location).spot,
      },
      bybit: {
        spot: ws(`${base}/stream.bybit.com/v5/public/spot`, BYBIT_RATE),
        linear: ws(`${base}/stream.bybit.com/v5/public/linear`, BYBIT_RATE),
        rest: venueRest('bybit', 'sandbox', location).spot,
      },
      gate: {
        spot: ws(`${base}/api.gateio.ws/ws/v4/`, GATE_RATE),
        futures: ws(`${base}/fx-ws.gateio.ws/v4/ws/usdt`, GATE_RATE),
        rest: venueRest('gate', 'sandbox', location).spot,
      },
      bitget: { public: ws(`${base}/ws.bitget.com/v2/ws/public`, BITGET_RATE), rest: venueRest('bitget', 'sandbox', location).spot },
    },
  };
}

/** Binance itself (the `binance` market source): Binance only, as before the other venues. */
export const binanceEndpoints: MarketEndpoints = {
  spot: ws('wss://stream.binance.com:9443', SPOT_RATE),
  usdmPublic: ws('wss://fstream.binance.com/public', FUTURES_RATE),
  usdmMarket: ws('wss://fstream.binance.com/market', FUTURES_RATE),
  spotRest: 'https://api.binance.com',
  usdmRest: 'https://fapi.binance.com',
};

/** The venues themselves (the `live` market source). */
export function liveEndpoints(location: Location): MarketEndpoints {
  return {
    ...binanceEndpoints,
    venues: {
      okx: { public: ws(REAL.okxPublic, OKX_RATE), business: ws(REAL.okxBusiness, OKX_RATE), rest: venueRest('okx', 'live', location).spot },
      bybit: { spot: ws(REAL.bybitSpot, BYBIT_RATE), linear: ws(REAL.bybitLinear, BYBIT_RATE), rest: venueRest('bybit', 'live', location).spot },
      gate: { spot: ws(REAL.gateSpot, GATE_RATE), futures: ws(REAL.gateFutures, GATE_RATE), rest: venueRest('gate', 'live', location).spot },
      bitget: { public: ws(REAL.bitgetPublic, BITGET_RATE), rest: venueRest('bitget', 'live', location).spot },
    },
  };
}

export function endpointsFor(source: MarketSource, location: Location): MarketEndpoints {
  if (source === 'binance') return binanceEndpoints;
  if (source === 'live') return liveEndpoints(location);
  return sandboxEndpoints(location);
}

/**
 * The origins a source's endpoints reach beyond the page's own (for the CSP's connect-src): the websocket URLs
 * (Binance's futures sockets by host, as their paths differ) and the REST bases. Empty for the sandbox.
 */
export function connectOrigins(source: MarketSource, location: Location): string[] {
  if (source === 'sandbox') return [];
  const e = endpointsFor(source, location);
  const sockets = [e.spot.ws, e.usdmPublic.ws, e.usdmMarket.ws, e.venues?.okx?.public.ws, e.venues?.okx?.business.ws, e.venues?.bybit?.spot.ws, e.venues?.bybit?.linear.ws, e.venues?.gate?.spot.ws, e.venues?.gate?.futures.ws, e.venues?.bitget?.public.ws];
  const rests = [e.spotRest, e.usdmRest, e.venues?.okx?.rest, e.venues?.bybit?.rest, e.venues?.gate?.rest, e.venues?.bitget?.rest];
  const out = new Set<string>();
  for (const url of [...sockets, ...rests]) if (url !== undefined) out.add(new URL(url).origin);
  return [...out];
}
