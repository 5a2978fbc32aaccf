import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { HealthSnapshot, Kline, Market, MarkPrice, MiniTicker, Subscription, Trade } from '../../workers/contract.ts';
import { createMarketBridge, type MarketBridge } from './bridge.ts';
import { browserEnvironment } from './browser-environment.ts';
import { bookStore, healthStore, klinesStore, markStore, tickersStore, tradesStore, type BookView } from './stores.ts';
import { subscriptionId } from './subscription-id.ts';
// The module, not the session's entry: that starts the session, which needs a browser document (unit tests import this).
import { sessionExchangeCode } from '../lib/session/session-reads.ts';
import { isMarketVenue, type MarketVenue } from './venue-hosts.ts';


/**
 * The venue whose market the page shows: the session's exchange (spec §3 "User session" exchangeCode) when it has a
 * market here (MARKET_VENUES), else null — an exchange without one (coinex, kucoin, …) shows Binance's market under
 * the trading screens' notice (ExchangeNotice). Read when a subscription starts: switching exchange saves the
 * choice and reloads the page (spec §4 "Exchange switch"), so a page never changes venue while it lives.
 */
export function sessionVenue(): MarketVenue | null {
  const code = sessionExchangeCode();
  return isMarketVenue(code) ? code : null;
}

/** The venue whose market data and pair list the page uses: the session's, or Binance (see sessionVenue). */
export function marketVenue(): MarketVenue {
  return sessionVenue() ?? 'binance';
}

/**
 * Every subscription of the hooks below names the session's venue (workers/contract.ts Subscription.venue; absent
 * means binance): components never pass it. The subscription's id leaves the venue out — a page has one venue —
 * so stores keyed by subscriptionId(…) read the same keys on every venue.
 */
function withVenue(sub: Subscription): Subscription {
  const venue = sessionVenue();
  return venue === null ? sub : { ...sub, venue };
}

let bridge: MarketBridge | null = null;
let stamped: { of: MarketBridge; view: MarketBridge } | null = null;

/**
 * The tab's bridge, started on first use. What it acquires names the session's venue (withVenue), for the hooks
 * below and for the few panels that acquire themselves (the depth chart, the ticker feeds).
 */
export function marketBridge(): MarketBridge {
  bridge ??= createMarketBridge(browserEnvironment());
  if (stamped?.of !== bridge) {
    const of = bridge;
    const view: MarketBridge = {
      acquire: (sub) => of.acquire(withVenue(sub)),
      reconnect: () => of.reconnect(),
      refreshHealth: () => of.refreshHealth(),
      dispose: () => of.dispose(),
    };
    stamped = { of, view };
  }
  return stamped.view;
}

/** Tests and tools: use another bridge (e.g. one with a fake environment). */
export function setMarketBridge(next: MarketBridge | null): void {
  bridge = next;
}

function useSubscription(sub: Subscription | null): string | null {
  const id = sub ? subscriptionId(sub) : null;
  useEffect(() => {
    if (sub === null) return undefined;
    const handle = marketBridge().acquire(sub);
    return handle.release;
  }, [id]); // the id captures everything in sub
  return id;
}

const EMPTY_TRADES: Trade[] = [];
const EMPTY_KLINES: Kline[] = [];

export function useOrderBook(
  symbol: string,
  options: { depth: number; group?: number; market?: Market; intervalMs?: number },
): BookView | undefined {
  const { depth, group, market = 'spot', intervalMs } = options;
  const sub = useMemo<Subscription>(
    () => ({ topic: 'book', market, symbol, depth, ...(group ? { group } : {}), ...(intervalMs ? { intervalMs } : {}) }),
    [market, symbol, depth, group, intervalMs],
  );
  const id = useSubscription(sub) as string;
  return useStore(bookStore, (s) => s.books[id]);
}

/**
 * The store's value for a panel that draws its ticks itself (bench/results/browser.md "Trading page", the viewed
 * tab's main thread): every new value goes to `onTick`, outside React, from the store's subscription (in the
 * task that applied the worker's message), and the component renders only when `shape(value)` changes
 * (Object.is) — after `onTick` has had that value too, so parts that keep their shape are up to date without
 * rendering. Returns the value as it is at render. `key` names what `select` reads: a new key subscribes again.
 */
function useStoreTicks<S, T>(store: StoreApi<S>, key: string, select: (s: S) => T, shape: (value: T) => unknown, onTick: (value: T) => void): T {
  useStore(store, (s) => shape(select(s)));
  const value = select(store.getState());
  const handler = useRef(onTick);
  // The value this commit shows: the subscription hands on what comes after it.
  const shown = useRef(value);
  useLayoutEffect(() => {
    handler.current = onTick;
    shown.current = value;
  });
  useLayoutEffect(() => {
    let last = shown.current;
    const take = (state: S) => {
      const next = select(state);
      if (next === last) return;
      last = next;
      handler.current(next);
    };
    take(store.getState()); // a change between the render and this commit
    return store.subscribe(take);
  }, [store, key]); // `key` stands for `select`
  return value;
}

/**
 * A book for a panel that draws its ticks itself (the trading page's order book): it renders when `shape`
 * changes and hands every other new book to `onTick` (see useStoreTicks).
 */
export function useOrderBookTicks(
  symbol: string,
  options: { depth: number; group?: number; market?: Market },
  shape: (book: BookView | undefined) => unknown,
  onTick: (book: BookView | undefined) => void,
): BookView | undefined {
  const { depth, group, market = 'spot' } = options;
  const sub = useMemo(() => bookSubscription(symbol, { depth, group, market }), [market, symbol, depth, group]);
  const id = useSubscription(sub) as string;
  return useStoreTicks(bookStore, id, (s) => s.books[id], shape, onTick);
}

/** The subscription of useOrderBookTicks: the same one (the same id) for a page that takes it early (holdSubscriptions). */
export function bookSubscription(symbol: string, options: { depth: number; group?: number | undefined; market?: Market }): Subscription {
  const { depth, group, market = 'spot' } = options;
  return { topic: 'book', market, symbol, depth, ...(group ? { group } : {}) };
}

/**
 * Takes subscriptions before the components that use them mount (the trading page's book and tickers while its
 * chunks and texts load, src/features/trading/early-market.ts): the market worker starts and the data comes meanwhile,
 * and the components find it in the stores. Returns the release of them all (once).
 */
export function holdSubscriptions(subs: readonly Subscription[]): () => void {
  const handles = subs.map((sub) => marketBridge().acquire(sub));
  return () => {
    for (const handle of handles.splice(0)) handle.release();
  };
}

export function useTrades(symbol: string, market: Market = 'spot'): Trade[] {
  const sub = useMemo<Subscription>(() => ({ topic: 'trades', market, symbol }), [market, symbol]);
  const id = useSubscription(sub) as string;
  return useStore(tradesStore, (s) => s.trades[id] ?? EMPTY_TRADES);
}

/** Trades for a panel that draws its ticks itself (the recent trades), as useOrderBookTicks. */
export function useTradesTicks(symbol: string, market: Market, shape: (trades: Trade[]) => unknown, onTick: (trades: Trade[]) => void): Trade[] {
  const sub = useMemo<Subscription>(() => ({ topic: 'trades', market, symbol }), [market, symbol]);
  const id = useSubscription(sub) as string;
  return useStoreTicks(tradesStore, id, (s) => s.trades[id] ?? EMPTY_TRADES, shape, onTick);
}

/** One symbol's mini ticker (re-renders only when that symbol changes). */
export function useTicker(symbol: string, market: Market = 'spot'): MiniTicker | undefined {
  const sub = useMemo<Subscription>(() => ({ topic: 'tickers', market }), [market]);
  useSubscription(sub);
  return useStore(tickersStore, (s) => s.tickers[market][symbol]);
}

/** The whole ticker map of a market (for market lists; rows should select their own symbol). */
export function useTickers(market: Market = 'spot'): Record<string, MiniTicker> {
  const sub = useMemo<Subscription>(() => ({ topic: 'tickers', market }), [market]);
  useSubscription(sub);
  return useStore(tickersStore, (s) => s.tickers[market]);
}

export function useKlines(symbol: string, interval: string, market: Market = 'spot'): Kline[] {
  const sub = useMemo<Subscription>(() => ({ topic: 'klines', market, symbol, interval }), [market, symbol, interval]);
  const id = useSubscription(sub) as string;
  return useStore(klinesStore, (s) => s.klines[id] ?? EMPTY_KLINES);
}

/** USD-M mark price (markPrice@1s). */
export function useMarkPrice(symbol: string): MarkPrice | null {
  const sub = useMemo<Subscription>(() => ({ topic: 'mark', symbol }), [symbol]);
  const id = useSubscription(sub) as string;
  return useStore(markStore, (s) => s.marks[id] ?? null);
}

/** Asks the core for its health every `everyMs` while mounted (the snapshot lands in healthStore). */
export function useHealthRefresh(everyMs = 2000): void {
  useEffect(() => {
    const refresh = (): void => void marketBridge().refreshHealth();
    refresh();
    const timer = setInterval(refresh, everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
}

/** Health figures of the core, refreshed every `everyMs` while mounted. */
export function useMarketHealth(everyMs = 2000): HealthSnapshot | null {
  useHealthRefresh(everyMs);
  return useStore(healthStore, (s) => s.health);
}
