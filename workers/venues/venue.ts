import type { Kline, Market, MiniTicker, Trade, VenueCode } from '../contract.ts';
import type { DepthEvent, DepthSnapshot } from '../book/depth-event.ts';
import { OrderBook } from '../book/order-book.ts';
import type { Frame } from '../parse/frame-reader.ts';

/**
 * The venue adapter boundary (DESIGN.md "Venues"). Everything a venue does differently sits behind it: which socket a
 * topic of a market goes to, the venue's symbol and stream names, the subscribe / unsubscribe messages and how many
 * streams one may carry, the connect URL, the keep-alive, the per-connection message limits, the frame reader that
 * turns the venue's frames into the core's neutral Frames, the REST calls, and the depth stream's sequencing.
 * Above it (topics, reference counts, books, trades, tickers, klines, mark, publisher, parking, health) is neutral.
 */

/** The venues with an adapter. */
export type AdapterVenue = Extract<VenueCode, 'binance' | 'okx' | 'bybit' | 'bitget' | 'gate'>;

/** The core's neutral topics that need a socket stream (tickers may be REST-polled instead). */
export type StreamTopic = 'book' | 'trades' | 'tickers' | 'klines' | 'mark';

/** Reads one socket's frames where they enter: never throws, counts what it drops. */
export interface VenueFrameReader {
  rejected: number;
  /** depth frames read without JSON.parse */
  scanned: number;
  read(data: unknown): Frame | null;
}

/**
 * How a socket is kept alive. `silence`: a ping after `afterMs` without any frame (Binance's LIST_SUBSCRIPTIONS at 5 s,
 * OKX's text `ping` at 25 s); `interval`: a ping every `afterMs` whatever comes in (Bybit: `{"op":"ping"}` every 20 s).
 * No frame at all within `pongTimeoutMs` of a ping: the socket is lost.
 */
export interface KeepAlive {
  mode: 'silence' | 'interval';
  afterMs: number;
  checkMs: number;
  pongTimeoutMs: number;
  ping(id: number): string;
}

/** The wire protocol of one kind of socket of a venue. */
export interface SocketProtocol {
  /** the URL to open with the streams that go in it (only Binance puts streams in the URL) */
  connectUrl(base: string, initial: readonly string[]): string;
  maxStreamsInUrl: number;
  /** streams one connection may carry */
  maxStreams: number;
  /** streams (args) one subscribe / unsubscribe message may carry */
  maxArgsPerMessage: number;
  /** subscribe / unsubscribe messages a connection may send in an hour (OKX: 480); Infinity when unlimited */
  maxControlPerHour: number;
  control(subscribe: boolean, streams: readonly string[], id: number): string;
  keepAlive: KeepAlive;
  /** the server announces it is going away: move to a new socket now */
  isShutdown(data: string): boolean;
  createReader(maxFrameChars?: number): VenueFrameReader;
}

/** One socket endpoint of a venue, e.g. OKX's public and business sockets. */
export interface VenueEndpoint {
  /** health id: Binance's 'spot' / 'usdmPublic' / 'usdmMarket' as before; others `${venue}:${name}` */
  id: string;
  ws: string;
  /** messages a client may send per second on one socket */
  maxMessagesPerSecond: number;
  protocol: SocketProtocol;
}

/** REST calls, already turned into the core's neutral shapes; null when the answer is unusable. */
export interface VenueRest {
  trades(market: Market, symbol: string): Promise<Trade[] | null>;
  tickers(market: Market): Promise<MiniTicker[] | null>;
  /** oldest first */
  klines(market: Market, symbol: string, interval: string, now: number): Promise<Kline[] | null>;
  /** tick size per app symbol (the neutral name) */
  tickSizes(market: Market, symbol: string): Promise<Map<string, string>>;
  /** Binance's REST depth snapshot (venues whose stream starts with a snapshot do not have it) */
  depth?(market: Market, symbol: string): Promise<DepthSnapshot | null>;
}

/**
 * Depth sequencing of a venue whose stream carries its own snapshot (OKX `books`, Bybit `orderbook.N`): applies one
 * event to the book. 'gap' means the book is invalid (a sequence break or a checksum mismatch): the owner resubscribes
 * the channel for a fresh snapshot and the book stays unsynced (never published) meanwhile.
 */
export interface StreamDepth {
  kind: 'stream';
  /** the venue's depth: levels per side (its book is kept by streamBook) */
  levels(market: Market): number;
  apply(book: OrderBook, ev: DepthEvent): 'applied' | 'ignored' | 'gap';
}

/**
 * The book a stream-depth venue's levels are kept in, with room for twice the venue's depth. The venue deletes each
 * level that leaves its depth, but within one message it may add before it deletes (OKX sends its deletions last,
 * Bybit its changes in price order): a book cut at the depth would drop its worst level for such an add, and the level
 * would stay lost when the delete made room again. After a whole message the book is back within the depth.
 */
export function streamBook(symbol: string, market: Market, depth: StreamDepth): OrderBook {
  return new OrderBook(symbol, market, 2 * depth.levels(market));
}

/** Binance: REST snapshot + buffered diff stream, U/u/pu (OrderBook's own rules). */
export interface SnapshotDepth {
  kind: 'rest';
}

export interface VenueAdapter {
  readonly code: AdapterVenue;
  readonly rest: VenueRest;
  readonly depth: StreamDepth | SnapshotDepth;
  /** the venue's socket endpoints by name (created as Connections when a subscription first needs one) */
  endpoint(name: string): VenueEndpoint;
  /** which endpoint name a topic of a market goes to */
  endpointOf(topic: StreamTopic, market: Market): string;
  /**
   * The venue's stream names for a topic (mark may need several channels); empty when the topic has no stream and
   * is polled over REST every `tickersPollMs` (tickers on OKX and Bybit: neither has an all-market ticker stream).
   */
  streams(topic: StreamTopic, market: Market, symbol: string, interval?: string): string[];
  /** ms between REST polls of the tickers topic; 0 when a stream carries it */
  readonly tickersPollMs: number;
  /** a book quantity in base units is the stored one times this (OKX swaps: contracts × ctVal); null while unknown */
  qtyScale(market: Market, symbol: string): number | null;
}

/** The endpoint `name` of a venue's table; throws for a name the venue has not. */
export function namedEndpoint(venue: AdapterVenue, endpoints: Readonly<Record<string, VenueEndpoint>>, name: string): VenueEndpoint {
  const e = endpoints[name];
  if (e === undefined) throw new Error(`${venue} has no endpoint ${name}`);
  return e;
}

/** Whether a topic goes to the venue's spot socket: spot's topics but mark (a futures figure), on Binance, Bybit and Gate. */
export const onSpotSocket = (topic: StreamTopic, market: Market): boolean => market === 'spot' && topic !== 'mark';

/** The neutral app symbol's base and quote (BTCUSDT → BTC, USDT): by the known quote assets, longest first. */
const QUOTES = ['USDT', 'USDC', 'FDUSD', 'BUSD', 'USD', 'EUR', 'BTC', 'ETH'];
export function splitSymbol(symbol: string): [string, string] | null {
  for (const q of QUOTES) {
    if (symbol.length > q.length && symbol.endsWith(q)) return [symbol.slice(0, -q.length), q];
  }
  return null;
}

/** Kline interval lengths in ms (Binance's interval names are the app's). */
export const INTERVAL_MS: Record<string, number> = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/** A JSON REST GET through the core's fetch; throws on a non-2xx answer (the entry's back-off retries). */
export type FetchLike = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export async function getJson(fetchFn: FetchLike, base: string, path: string, query: Record<string, string | number>): Promise<unknown> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) params.set(k, String(v));
  const qs = params.toString();
  const response = await fetchFn(`${base}${path}${qs ? `?${qs}` : ''}`);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
  return response.json();
}

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-negative decimal string; NaN when invalid. */
export function dec(v: unknown): number {
  if (typeof v !== 'string' || v.length === 0) return NaN;
  const n = Number(v);
  return n >= 0 && n !== Infinity ? n : NaN;
}

/** A signed decimal string (funding rates); NaN when invalid. */
export function signedDec(v: unknown): number {
  if (typeof v !== 'string' || v.length === 0) return NaN;
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
}

/** A non-negative integer given as a string (OKX / Bybit timestamps and ids) or a number. */
export function intOf(v: unknown): number {
  const n = typeof v === 'string' && v.length > 0 && v.length < 17 ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : NaN;
}

export function allNumbers(...values: number[]): boolean {
  for (const v of values) if (v !== v) return false;
  return true;
}

/** `[["px","sz",...], ...]` into a flat [price, size, ...] array; null when malformed. */
export function levels(list: unknown[], out: Float64Array): Float64Array | null {
  for (let i = 0; i < list.length; i++) {
    const level = list[i];
    if (!Array.isArray(level) || level.length < 2) return null;
    const price = dec(level[0]);
    const qty = dec(level[1]);
    if (price !== price || qty !== qty) return null;
    out[2 * i] = price;
    out[2 * i + 1] = qty;
  }
  return out;
}
