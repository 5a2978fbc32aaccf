import { KLINES_MAX, type Market, type MarketEndpoints, type Trade, type MiniTicker } from './contract.ts';
import { reconnectDelay } from './connection/timing.ts';

/** The part of fetch the core uses (the global fetch in a worker, anything equivalent in tests). */
export type FetchLike = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** Spec §7 "External exchange market data": depth (limit 500), klines, trades (limit 150), 24hr ticker, exchangeInfo. */
export const DEPTH_LIMIT = 500;
export const TRADES_LIMIT = 150;
/** The whole series in one call: a series starts at its cap (KLINES_MAX) and then keeps its size. */
export const KLINES_LIMIT = KLINES_MAX;

export class RestClient {
  constructor(
    private readonly fetchFn: FetchLike,
    private readonly endpoints: MarketEndpoints,
  ) {}

  private url(market: Market, path: string, query: Record<string, string | number>): string {
    const base = market === 'spot' ? `${this.endpoints.spotRest}/api/v3/` : `${this.endpoints.usdmRest}/fapi/v1/`;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) params.set(k, String(v));
    const qs = params.toString();
    return base + path + (qs ? `?${qs}` : '');
  }

  async get(market: Market, path: string, query: Record<string, string | number> = {}): Promise<unknown> {
    const response = await this.fetchFn(this.url(market, path, query));
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
    return response.json();
  }

  depth(market: Market, symbol: string): Promise<unknown> {
    return this.get(market, 'depth', { symbol, limit: DEPTH_LIMIT });
  }

  async trades(market: Market, symbol: string): Promise<Trade[] | null> {
    const json = await this.get(market, 'trades', { symbol, limit: TRADES_LIMIT });
    if (!Array.isArray(json)) return null;
    const out: Trade[] = [];
    for (const t of json as Record<string, unknown>[]) {
      const trade: Trade = {
        id: t.id as number,
        time: t.time as number,
        price: Number(t.price),
        qty: Number(t.qty),
        isBuyerMaker: t.isBuyerMaker === true,
      };
      if (!Number.isSafeInteger(trade.id) || !Number.isSafeInteger(trade.time) || !(trade.price >= 0) || !(trade.qty >= 0)) {
        return null;
      }
      out.push(trade);
    }
    return out;
  }

  klines(market: Market, symbol: string, interval: string): Promise<unknown> {
    return this.get(market, 'klines', { symbol, interval, limit: KLINES_LIMIT });
  }

  async tickers(market: Market): Promise<MiniTicker[] | null> {
    const json = await this.get(market, 'ticker/24hr');
    if (!Array.isArray(json)) return null;
    const out: MiniTicker[] = [];
    for (const t of json as Record<string, unknown>[]) {
      if (typeof t.symbol !== 'string') return null;
      const ticker: MiniTicker = {
        s: t.symbol,
        c: Number(t.lastPrice),
        o: Number(t.openPrice),
        h: Number(t.highPrice),
        l: Number(t.lowPrice),
        v: Number(t.volume),
        q: Number(t.quoteVolume),
        E: typeof t.closeTime === 'number' ? t.closeTime : 0,
      };
      if (![ticker.c, ticker.o, ticker.h, ticker.l, ticker.v, ticker.q].every((n) => n >= 0)) return null;
      out.push(ticker);
    }
    return out;
  }

  /** tick size per symbol from exchangeInfo (PRICE_FILTER.tickSize) */
  async tickSizes(market: Market, symbol: string): Promise<Map<string, string>> {
    const json = (await this.get(market, 'exchangeInfo', market === 'spot' ? { symbol } : {})) as {
      symbols?: { symbol?: unknown; filters?: { filterType?: unknown; tickSize?: unknown }[] }[];
    };
    const out = new Map<string, string>();
    for (const s of json.symbols ?? []) {
      const filter = s.filters?.find((f) => f.filterType === 'PRICE_FILTER');
      if (typeof s.symbol === 'string' && typeof filter?.tickSize === 'string') out.set(s.symbol, filter.tickSize);
    }
    return out;
  }
}

/**
 * When a failed REST load (snapshot, first trades / tickers / klines, exchangeInfo) may go out again: the reconnect
 * step of the sockets (spec §4: a quick burst, then the capped, jittered step; timing.ts), read by the core's
 * watchdog tick, never given up. `now()` lets it go at once (a tab attached or was shown, the browser is online).
 */
export class RestRetry {
  failures = 0;
  private at = 0;

  constructor(private readonly random: () => number) {}

  failed(now: number): void {
    this.failures++;
    this.at = now + reconnectDelay(this.failures, this.random);
  }

  succeeded(): void {
    this.failures = 0;
    this.at = 0;
  }

  due(now: number): boolean {
    return now >= this.at;
  }

  /** Try at once, with a fresh burst. */
  now(): void {
    this.failures = 0;
    this.at = 0;
  }
}
