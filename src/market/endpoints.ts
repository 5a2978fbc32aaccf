import type { MarketEndpoints } from '../../workers/contract.ts';

/** Binance's incoming-message limits per connection: spot 5/s, USD-M futures 10/s. */
const SPOT_RATE = 5;
const FUTURES_RATE = 10;

/** The sandbox simulator under the same origin (the default market source). */
export function sandboxEndpoints(location: { protocol: string; host: string }): MarketEndpoints {
  const ws = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/sim`;
  const http = `${location.protocol}//${location.host}/sim`;
  return {
    spot: { ws: `${ws}/stream.binance.com`, maxMessagesPerSecond: SPOT_RATE },
    usdmPublic: { ws: `${ws}/fstream.binance.com/public`, maxMessagesPerSecond: FUTURES_RATE },
    usdmMarket: { ws: `${ws}/fstream.binance.com/market`, maxMessagesPerSecond: FUTURES_RATE },
    spotRest: `${http}/api.binance.com`,
    usdmRest: `${http}/fapi.binance.com`,
  };
}

/** Binance itself (the `binance` market source). */
export const binanceEndpoints: MarketEndpoints = {
  spot: { ws: 'wss://stream.binance.com:9443', maxMessagesPerSecond: SPOT_RATE },
  usdmPublic: { ws: 'wss://fstream.binance.com/public', maxMessagesPerSecond: FUTURES_RATE },
  usdmMarket: { ws: 'wss://fstream.binance.com/market', maxMessagesPerSecond: FUTURES_RATE },
  spotRest: 'https://api.binance.com',
  usdmRest: 'https://fapi.binance.com',
};

export function endpointsFor(source: 'sandbox' | 'binance', location: { protocol: string; host: string }): MarketEndpoints {
  return source === 'binance' ? binanceEndpoints : sandboxEndpoints(location);
}
