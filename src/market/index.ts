// The market-data entry for the app: hooks and stores. The worker and Comlink stay behind this.
export {
  useOrderBook,
  useOrderBookTicks,
  bookSubscription,
  holdSubscriptions,
  useTrades,
  useTradesTicks,
  useTicker,
  useTickers,
  useKlines,
  useMarkPrice,
  useMarketHealth,
  useHealthRefresh,
  marketBridge,
  setMarketBridge,
  sessionVenue,
  marketVenue,
} from './hooks.ts';
export { MARKET_VENUES, TRADING_VENUES, isMarketVenue, isTradingVenue, venueRest, type MarketVenue, type VenueRest } from './venue-hosts.ts';
export { bookStore, tradesStore, tickersStore, klinesStore, markStore, healthStore, type BookView } from './stores.ts';
export { subscriptionId } from './subscription-id.ts';
export { planKlines, drawnAfter, type DrawnRange } from './kline-feed.ts';
export { endpointsFor, sandboxEndpoints, binanceEndpoints, liveEndpoints, connectOrigins, type MarketSource } from './endpoints.ts';
export type {
  Market,
  Subscription,
  Trade,
  MiniTicker,
  Kline,
  MarkPrice,
  HealthSnapshot,
  EndpointHealth,
} from '../../workers/contract.ts';
