import type { Market, MiniTicker } from '../../market/index.ts';
import type { SortOrder } from '../../components/index.ts';
import type { Pair } from './pairs.ts';
import { assetsNamed } from './asset-names.ts';

// spec §3 "Market ticker fields read": s, c, o, h, l, v, q. The change column is derived from c and o.
export const TICKER_COLUMNS = ['symbol', 'last', 'change', 'high', 'low', 'volume', 'quoteVolume'] as const;
export type TickerColumn = (typeof TICKER_COLUMNS)[number];

export type MarketTab = 'spot' | 'usdm' | 'favourites';

export type TickerMaps = Record<Market, Record<string, MiniTicker>>;

/** Sort key of a live column (float is fine here: it only orders rows, nothing is computed from it). */
export function columnValue(ticker: MiniTicker | undefined, column: Exclude<TickerColumn, 'symbol'>): number {
  if (ticker === undefined) return Number.NaN;
  switch (column) {
    case 'last':
      return ticker.c;
    case 'change':
      return ticker.o > 0 ? (ticker.c - ticker.o) / ticker.o : Number.NaN;
    case 'high':
      return ticker.h;
    case 'low':
      return ticker.l;
    case 'volume':
      return ticker.v;
    case 'quoteVolume':
      return ticker.q;
  }
}

export const rowKey = (pair: Pair) => `${pair.market}:${pair.symbol}`;

/**
 * The rows of a tab: filtered by the search text (symbol, base/quote, or the base asset's name: 比特幣, bitcoin)
 * and sorted by one column.
 * Rows without a ticker sort last whatever the direction; ties keep the exchange's order.
 */
export function tickerRows(
  pairs: { spot: readonly Pair[]; usdm: readonly Pair[] },
  tab: MarketTab,
  favourites: readonly string[],
  query: string,
  column: TickerColumn,
  order: SortOrder,
  tickers: TickerMaps | null,
): Pair[] {
  let rows: Pair[];
  if (tab === 'favourites') {
    rows = [...pairs.spot, ...pairs.usdm].filter((p) => favourites.includes(p.symbol));
  } else {
    rows = [...pairs[tab]]; // deliberate copy: sorted below
  }
  const q = query.trim().toUpperCase().replace('/', '');
  if (q !== '') {
    const named = assetsNamed(query);
    rows = rows.filter((p) => p.symbol.includes(q) || `${p.baseAsset}${p.quoteAsset}`.includes(q) || named.has(p.baseAsset));
  }
  if (order === 'none') return rows;
  const sign = order === 'asc' ? 1 : -1;
  if (column === 'symbol') {
    const index = new Map(rows.map((p, i) => [p, i]));
    return rows.sort((a, b) => sign * a.symbol.localeCompare(b.symbol) || (index.get(a) ?? 0) - (index.get(b) ?? 0));
  }
  // A live column re-sorts on every ticker update (once a second with 2,000 symbols, bench/results/browser.md
  // "Market page"): each row's key is read once, then the sort compares numbers (Array.prototype.sort is stable:
  // ties keep the exchange's order).
  const keyed = rows.map((pair) => ({ pair, value: columnValue(tickers?.[pair.market][pair.symbol], column) }));
  keyed.sort((a, b) => {
    const na = Number.isNaN(a.value);
    const nb = Number.isNaN(b.value);
    if (na || nb) return na === nb ? 0 : na ? 1 : -1;
    return sign * (a.value - b.value);
  });
  return keyed.map((k) => k.pair);
}
