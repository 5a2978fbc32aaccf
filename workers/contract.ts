/**
 * The one typed contract between the market core (workers/) and the tabs (src/market/). Types only:
 * src/ imports it with `import type`. Message shapes are tagged unions; a type test pins them.
 */

export type Market = 'spot' | 'usdm';

/**
 * Spec §1's exchanges by their exchangeCode (contract/exchanges.ts BROKER_EXCHANGES). A subscription names the venue
 * whose market it follows (absent: binance); its `symbol` is the app's (spec §3 symbol, e.g. BTCUSDT, and `market`
 * usdm for the venue's USDT-margined perpetual), which the venue's adapter (workers/venues/<code>) maps to the
 * venue's own name (OKX `BTC-USDT` / `BTC-USDT-SWAP`, Bybit `BTCUSDT` in category spot / linear).
 */
export type VenueCode = 'binance' | 'okx' | 'bybit' | 'coinex' | 'gate' | 'bitget' | 'kucoin' | 'coinbaseinternational';

/** The three exchange endpoints: one websocket each, whatever the number of tabs. */
export type EndpointId = 'spot' | 'usdmPublic' | 'usdmMarket';

export interface EndpointConfig {
  /** websocket base, e.g. wss://stream.binance.com:9443 (combined streams are opened at `${ws}/stream`) */
  ws: string;
  /** incoming message limit of the endpoint (Binance: spot 5/s, futures 10/s) */
  maxMessagesPerSecond: number;
}

/** Binance's endpoints (the fields at the top level) and the other venues' (under `venues`; absent: not configured). */
export interface MarketEndpoints {
  spot: EndpointConfig;
  usdmPublic: EndpointConfig;
  usdmMarket: EndpointConfig;
  /** REST bases: https://api.binance.com and https://fapi.binance.com (or the simulator's) */
  spotRest: string;
  usdmRest: string;
  venues?: {
    /** OKX v5: wss://ws.okx.com:8443/ws/v5/public and /ws/v5/business; REST https://www.okx.com */
    okx?: { public: EndpointConfig; business: EndpointConfig; rest: string };
    /** Bybit v5: wss://stream.bybit.com/v5/public/spot and /linear; REST https://api.bybit.com */
    bybit?: { spot: EndpointConfig; linear: EndpointConfig; rest: string };
    /** Bitget v2: wss://ws.bitget.com/v2/ws/public (spot and futures); REST https://api.bitget.com */
    bitget?: { public: EndpointConfig; rest: string };
    /** Gate v4: wss://api.gateio.ws/ws/v4/ (spot) and wss://fx-ws.gateio.ws/v4/ws/usdt (USDT futures); REST https://api.gateio.ws */
    gate?: { spot: EndpointConfig; futures: EndpointConfig; rest: string };
  };
}

/** What a tab subscribes to. `intervalMs` is how often it wants snapshots (default 100 ms, tickers 1 s). */
export type Subscription =
  | { topic: 'book'; venue?: VenueCode; market: Market; symbol: string; depth: number; group?: number; intervalMs?: number }
  | { topic: 'trades'; venue?: VenueCode; market: Market; symbol: string; intervalMs?: number }
  | { topic: 'tickers'; venue?: VenueCode; market: Market; intervalMs?: number }
  | { topic: 'klines'; venue?: VenueCode; market: Market; symbol: string; interval: string; intervalMs?: number }
  | { topic: 'mark'; venue?: VenueCode; symbol: string; intervalMs?: number };

export type Topic = Subscription['topic'];

export interface Trade {
  id: number;
  time: number;
  price: number;
  qty: number;
  isBuyerMaker: boolean;
}

/** `!miniTicker@arr` fields the product reads (spec §3): s, c, o, h, l, v, q. */
export interface MiniTicker {
  s: string;
  c: number;
  o: number;
  h: number;
  l: number;
  v: number;
  q: number;
  /** event time */
  E: number;
}

/**
 * The most bars a kline series keeps, in the core (KlineSeries) and in a tab's copy (applyBatch). The REST history
 * loads this many (Binance's default), so a series starts at its cap and keeps its size: a session open for a day
 * holds what a new tab gets (bench/results/browser.md "Soak": memory stays flat).
 */
export const KLINES_MAX = 500;

export interface Kline {
  openTime: number;
  closeTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  closed: boolean;
}

export interface MarkPrice {
  symbol: string;
  markPrice: number;
  indexPrice: number;
  fundingRate: number;
  nextFundingTime: number;
  time: number;
}

/** Book snapshot: levels best first as flat [price, qty, ...] Float64Arrays (transferred, not copied). */
export interface BookPayload {
  type: 'book';
  key: string;
  market: Market;
  symbol: string;
  /** false while (re)syncing: bids/asks are then empty; a book that crossed a gap is never sent */
  synced: boolean;
  lastUpdateId: number;
  /** event time of the last applied diff */
  time: number;
  tickSize: string | null;
  depth: number;
  group: number;
  bids: Float64Array;
  asks: Float64Array;
}

export interface TradesPayload {
  type: 'trades';
  key: string;
  market: Market;
  symbol: string;
  /**
   * Newest first. In a full message the whole list (at most 200, spec §3, §9); otherwise only the trades added
   * since this tab's previous message, which the tab puts in front of its list and trims as the core's list
   * was trimmed (tradesKeptAfter).
   */
  trades: Trade[];
  full: boolean;
}

/** Spec §3/§9: the recent trades list is trimmed to 150 when it grows above 200. */
export const TRADES_KEEP = 150;
export const TRADES_MAX = 200;

/**
 * How many trades a list of `size` keeps after `added` more arrive one by one under the spec's trim rule: the
 * core's list (TradeList) and a tab's copy, merged from deltas, stay the same.
 */
export function tradesKeptAfter(size: number, added: number): number {
  const n = size + added;
  return n <= TRADES_MAX ? n : TRADES_KEEP + ((n - TRADES_MAX - 1) % (TRADES_MAX - TRADES_KEEP + 1));
}

export interface TickersPayload {
  type: 'tickers';
  key: string;
  market: Market;
  /** only the tickers that changed since this tab's previous message (all of them in a full snapshot) */
  tickers: MiniTicker[];
  full: boolean;
}

export interface KlinesPayload {
  type: 'klines';
  key: string;
  market: Market;
  symbol: string;
  interval: string;
  /** full: the whole series; otherwise only bars from the last one this tab has (merge by openTime) */
  full: boolean;
  klines: Kline[];
}

export interface MarkPayload {
  type: 'mark';
  key: string;
  symbol: string;
  mark: MarkPrice | null;
}

export type TopicPayload = BookPayload | TradesPayload | TickersPayload | KlinesPayload | MarkPayload;

/** The hot stream: one message per tab per tick, only the topics that changed. */
export interface BatchMessage {
  type: 'batch';
  /** per-tab sequence number */
  seq: number;
  /** true when this is a full snapshot (first message, or the tab became visible again) */
  full: boolean;
  items: TopicPayload[];
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

export interface EndpointHealth {
  /** Binance's EndpointId ('spot', 'usdmPublic', 'usdmMarket'); other venues `${venue}:${endpoint}`, e.g. 'okx:public' */
  id: EndpointId | `${VenueCode}:${string}`;
  /** the connection's venue (every connection the core makes says it; absent reads as binance) */
  venue?: VenueCode;
  state: ConnectionState;
  streams: number;
  messagesPerSecond: number;
  /** ms since the last frame, null before the first */
  lastEventAgeMs: number | null;
  rejectedFrames: number;
  reconnects: number;
}

export interface HealthSnapshot {
  endpoints: EndpointHealth[];
  resyncs: number;
  /** topics with no event for over 10 s (the clock-driven staleness watchdog) */
  staleTopics: string[];
  books: number;
  tabs: number;
}
