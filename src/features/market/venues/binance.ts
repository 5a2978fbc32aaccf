import type { Market } from '../../../market/index.ts';
import { makePair, type Pair } from '../pair.ts';

// Binance's symbol lists: GET /api/v3/exchangeInfo (spot) and /fapi/v1/exchangeInfo (USD-M), spec §7 "Public REST".

interface RawFilter {
  filterType?: unknown;
  maxPrice?: unknown;
  maxQty?: unknown;
  maxNotional?: unknown;
  tickSize?: unknown;
  stepSize?: unknown;
  minQty?: unknown;
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

/** A positive bound of a filter (Binance lists 0 for "no bound"). */
function boundOf(filters: RawFilter[], type: string, field: 'maxPrice' | 'maxQty' | 'maxNotional' | 'minQty'): string | null {
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
    if (raw === null || typeof raw !== 'object') continue;
    const { symbol, status } = raw;
    if (typeof symbol !== 'string') continue;
    if (status !== undefined && status !== 'TRADING') continue;
    const filters = Array.isArray(raw.filters) ? (raw.filters as RawFilter[]).filter((f) => f !== null && typeof f === 'object') : [];
    const pair = makePair({
      market,
      exchangeCode: 'binance',
      symbol,
      baseAsset: raw.baseAsset,
      quoteAsset: raw.quoteAsset,
      tickSize: filterValue(filters, 'PRICE_FILTER', 0, 'tickSize'),
      stepSize: filterValue(filters, 'LOT_SIZE', 2, 'stepSize'),
      limits: {
        minQty: boundOf(filters, 'LOT_SIZE', 'minQty'),
        minNotional: minNotionalOf(filters),
        maxPrice: boundOf(filters, 'PRICE_FILTER', 'maxPrice'),
        maxQty: boundOf(filters, 'LOT_SIZE', 'maxQty'),
        marketMaxQty: boundOf(filters, 'MARKET_LOT_SIZE', 'maxQty'),
        maxNotional: boundOf(filters, 'NOTIONAL', 'maxNotional'),
      },
    });
    if (pair) out.push(pair);
  }
  return out;
}
