import { createStore } from 'zustand/vanilla';
import { amountPrecision, pricePrecision } from '../../lib/format/index.ts';
import { endpointsFor, type Market } from '../../market/index.ts';
import { config } from '../../lib/config/index.ts';

/** spec §3 "Trading pair": symbol, baseAsset, quoteAsset, tick and step from the filters, precisions. */
export interface Pair {
  symbol: string;
  market: Market;
  baseAsset: string;
  quoteAsset: string;
  tickSize: string;
  stepSize: string;
  pricePrecision: number;
  amountPrecision: number;
  /** spec §3: listInstrumentId is base/quote */
  listInstrumentId: string;
  /** spec §5 "The exchange has a minimum sell or purchase amount": NOTIONAL / MIN_NOTIONAL, when listed. */
  minNotional?: string;
  /** Upper bounds of the filters, when listed: PRICE_FILTER maxPrice, LOT_SIZE / MARKET_LOT_SIZE maxQty, NOTIONAL maxNotional. */
  maxPrice?: string;
  maxQty?: string;
  marketMaxQty?: string;
  maxNotional?: string;
}

interface RawFilter {
  filterType?: unknown;
  maxPrice?: unknown;
  maxQty?: unknown;
  maxNotional?: unknown;
  tickSize?: unknown;
  stepSize?: unknown;
  minNotional?: unknown;
  notional?: unknown;
}

/** Spot lists NOTIONAL.minNotional (older listings MIN_NOTIONAL.minNotional); USD-M lists MIN_NOTIONAL.notional. */
function minNotionalOf(filters: RawFilter[]): string | null {
  for (const f of filters) {
    if (f.filterType !== 'NOTIONAL' && f.filterType !== 'MIN_NOTIONAL') continue;
    const value = f.minNotional ?? f.notional;
    if (typeof value === 'string' && Number(value) > 0) return value;
  }
  return null;
}

/** A positive upper bound of a filter (Binance lists 0 for "no bound"). */
function maxOf(filters: RawFilter[], type: string, field: 'maxPrice' | 'maxQty' | 'maxNotional'): string | null {
  const value = filters.find((f) => f.filterType === type)?.[field];
  return typeof value === 'string' && Number(value) > 0 ? value : null;
}

interface RawSymbol {
  symbol?: unknown;
  status?: unknown;
  baseAsset?: unknown;
  quoteAsset?: unknown;
  filters?: unknown;
}

/**
 * spec §3: "filters (the first has tickSize, the third has stepSize)". Binance's spot list has
 * ICEBERG_PARTS third, so the filters are found by type, with the spec's positions as the fallback.
 */
function filterValue(filters: RawFilter[], type: string, index: number, field: 'tickSize' | 'stepSize'): string | null {
  const byType = filters.find((f) => f.filterType === type)?.[field];
  const value = byType ?? filters[index]?.[field];
  return typeof value === 'string' && Number(value) > 0 ? value : null;
}

/** Parse an exchangeInfo body into pairs; entries that are not trading or lack filters are skipped. */
export function parseExchangeInfo(body: unknown, market: Market): Pair[] {
  const symbols = (body as { symbols?: unknown } | null)?.symbols;
  if (!Array.isArray(symbols)) return [];
  const out: Pair[] = [];
  for (const raw of symbols as RawSymbol[]) {
    const { symbol, baseAsset, quoteAsset, status } = raw;
    if (typeof symbol !== 'string' || typeof baseAsset !== 'string' || typeof quoteAsset !== 'string') continue;
    if (status !== undefined && status !== 'TRADING') continue;
    const filters = Array.isArray(raw.filters) ? (raw.filters as RawFilter[]) : [];
    const tickSize = filterValue(filters, 'PRICE_FILTER', 0, 'tickSize');
    const stepSize = filterValue(filters, 'LOT_SIZE', 2, 'stepSize');
    if (tickSize === null || stepSize === null) continue;
    const minNotional = minNotionalOf(filters);
    const maxima = {
      maxPrice: maxOf(filters, 'PRICE_FILTER', 'maxPrice'),
      maxQty: maxOf(filters, 'LOT_SIZE', 'maxQty'),
      marketMaxQty: maxOf(filters, 'MARKET_LOT_SIZE', 'maxQty'),
      maxNotional: maxOf(filters, 'NOTIONAL', 'maxNotional'),
    };
    out.push({
      symbol,
      market,
      baseAsset,
      quoteAsset,
      tickSize,
      stepSize,
      pricePrecision: pricePrecision(tickSize),
      amountPrecision: amountPrecision(stepSize),
      listInstrumentId: `${baseAsset}/${quoteAsset}`,
      ...(minNotional === null ? {} : { minNotional }),
      ...Object.fromEntries(Object.entries(maxima).filter(([, value]) => value !== null)),
    });
  }
  return out;
}

export interface PairsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  spot: Pair[];
  usdm: Pair[];
}

export const pairsStore = createStore<PairsState>(() => ({ status: 'idle', spot: [], usdm: [] }));

let loading: Promise<void> | null = null;

/** Loads both symbol lists once (spec §7 "Public REST: … exchangeInfo"); a failed load can be retried. */
export function loadPairs(fetcher: typeof fetch = fetch): Promise<void> {
  if (loading) return loading;
  const endpoints = endpointsFor(config.marketSource, window.location);
  pairsStore.setState({ status: 'loading' });
  const get = async (url: string, market: Market) => {
    const response = await fetcher(url);
    if (!response.ok) throw new Error(`exchangeInfo ${response.status}`);
    return parseExchangeInfo(await response.json(), market);
  };
  loading = Promise.all([
    get(`${endpoints.spotRest}/api/v3/exchangeInfo`, 'spot'),
    get(`${endpoints.usdmRest}/fapi/v1/exchangeInfo`, 'usdm'),
  ]).then(
    ([spot, usdm]) => pairsStore.setState({ status: 'ready', spot, usdm }),
    () => {
      loading = null;
      pairsStore.setState({ status: 'error' });
    },
  );
  return loading;
}

export function findPair(state: PairsState, market: Market, symbol: string): Pair | undefined {
  return state[market].find((p) => p.symbol === symbol);
}
