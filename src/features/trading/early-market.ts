// Loaded beside the trading page's chunk when the page starts loading (pages.ts): what its first book needs starts now,
// not once the page has rendered (bench/results/browser.md "Cold start"). The market worker starts and takes the
// book and the tickers the page will show, the pair list loads (the page renders its panels once it has the pair),
// and the list painter worker starts. The page's own subscriptions take them over when it mounts.
import '../../lib/session/index.ts'; // the session's exchange names the venue of the subscriptions (started already)
import { bookSubscription, holdSubscriptions, type Market } from '../../market/index.ts';
import { findPair, loadPairs, pairsStore } from '../market/index.ts';
import { BOOK_DEPTH } from './book-constants.ts';
import { prepareRowPainter } from './row-painter.ts';

/** How long the early subscriptions are held at most (a page that never mounted); the page lets them go once it has its own. */
export const EARLY_HOLD_MS = 10_000;

/** The pair a trading page's address names (`/:lang/trading/:instrumentId`, `?market=usdm`; TradingPage), or null. */
export function tradingPairOf(location: Pick<Location, 'pathname' | 'search'>): { symbol: string; market: Market } | null {
  const match = /^\/[^/]+\/trading\/([^/]+)\/?$/.exec(location.pathname);
  if (!match?.[1]) return null;
  const market: Market = new URLSearchParams(location.search).get('market') === 'usdm' ? 'usdm' : 'spot';
  return { symbol: decodeURIComponent(match[1]).toUpperCase(), market };
}

let held: { key: string; release: () => void } | null = null;

/** The page has taken its own subscriptions (its effects ran): the early ones go now, not at EARLY_HOLD_MS. */
export function releaseEarlyMarket(): void {
  held?.release();
}

/** Starts what the trading page at `location` shows first; the same pair again is a no-op while it is held. */
export function startEarlyMarket(location: Pick<Location, 'pathname' | 'search'>): void {
  const pair = tradingPairOf(location);
  if (pair === null) return;
  const key = `${pair.market}:${pair.symbol}`;
  if (held?.key === key) return;
  held?.release();
  // The book as the page's order book takes it (group 1 when it opens), then the header's tickers.
  const letGo = holdSubscriptions([bookSubscription(pair.symbol, { depth: BOOK_DEPTH, group: 1, market: pair.market }), { topic: 'tickers', market: pair.market }]);
  let stopWatching = () => {};
  const release = () => {
    clearTimeout(timer);
    stopWatching();
    letGo();
    if (held === entry) held = null;
  };
  const entry = { key, release };
  held = entry;
  const timer = setTimeout(release, EARLY_HOLD_MS);
  // A pair the venue does not list: nothing to wait for (the page shows its notice).
  const check = () => {
    const state = pairsStore.getState();
    if (state.status === 'ready' && !findPair(state, pair.market, pair.symbol)) release();
  };
  stopWatching = pairsStore.subscribe(check);
  void loadPairs();
  check();
  prepareRowPainter();
}
