import { amountPrecision, pricePrecision, toDecimal } from '../../lib/format/index.ts';
import type { Market } from '../../market/index.ts';
import type { MarketVenue } from '../../market/index.ts';

/**
 * spec §3 "Trading pair": symbol, baseAsset, quoteAsset, tick and step, precisions, exchangeCode, listInstrumentId.
 * Every venue's pair speaks the app's neutral terms: `symbol` is base + quote (BTCUSDT on every venue, whatever the
 * venue calls it), `market` usdm is the venue's USDT-margined perpetual, and every size (stepSize, minQty, maxQty)
 * is in base units — on OKX's swaps, where a lot is a number of contracts, one lot is lotSz × ctVal base units.
 */
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
  /** spec §3: "exchangeCode is added from user state" — the venue whose list the pair came from (absent: binance). */
  exchangeCode?: MarketVenue;
  /** The venue's own instrument name (OKX BTC-USDT-SWAP), when it differs from `symbol`. */
  venueSymbol?: string;
  /** The smallest order size, in base units, when the venue lists one. */
  minQty?: string;
  /** spec §5 "The exchange has a minimum sell or purchase amount": NOTIONAL / MIN_NOTIONAL, when listed. */
  minNotional?: string;
  /** Upper bounds of the filters, when listed: PRICE_FILTER maxPrice, LOT_SIZE / MARKET_LOT_SIZE maxQty, NOTIONAL maxNotional. */
  maxPrice?: string;
  maxQty?: string;
  marketMaxQty?: string;
  maxNotional?: string;
}

export type PairLimits = Partial<Record<'minQty' | 'minNotional' | 'maxPrice' | 'maxQty' | 'marketMaxQty' | 'maxNotional', string | null>>;

/** A positive decimal string as the venue wrote it, or null (missing, empty, zero, negative, not a number). */
export function positive(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const d = toDecimal(value);
  return d !== null && d.isPositive() && !d.isZero() ? value.trim() : null;
}

/** `a × b` of two positive decimal strings (OKX lot × contract value), exact; null when either is missing. */
export function times(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return null;
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x === null || y === null ? null : x.times(y).toFixed();
}

/** 10^−n as a decimal string, for a count of decimals (Gate's numbers, Bitget's digit strings); null when it is not one. */
export function decimals(n: unknown): string | null {
  const k = typeof n === 'string' && /^\d{1,2}$/.test(n) ? Number(n) : n;
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > 18) return null;
  return k === 0 ? '1' : `0.${'0'.repeat(k - 1)}1`;
}

/** An asset code as the venues write it (Binance lists a few in Chinese characters): no spaces, no slash. */
const ASSET = /^[^\s/]{1,30}$/u;

/** A pair in the app's terms, or null when an asset or a size is missing; limits that are null are left out. */
export function makePair(fields: {
  market: Market;
  baseAsset: unknown;
  quoteAsset: unknown;
  tickSize: string | null;
  stepSize: string | null;
  exchangeCode?: MarketVenue;
  symbol?: string;
  venueSymbol?: string;
  limits?: PairLimits;
}): Pair | null {
  const { market, baseAsset, quoteAsset, tickSize, stepSize } = fields;
  if (typeof baseAsset !== 'string' || typeof quoteAsset !== 'string' || !ASSET.test(baseAsset) || !ASSET.test(quoteAsset)) return null;
  if (tickSize === null || stepSize === null) return null;
  const symbol = fields.symbol ?? `${baseAsset}${quoteAsset}`;
  const limits = Object.fromEntries(Object.entries(fields.limits ?? {}).filter(([, value]) => value !== null && value !== undefined)) as Partial<Pair>;
  return {
    symbol,
    market,
    baseAsset,
    quoteAsset,
    tickSize,
    stepSize,
    pricePrecision: pricePrecision(tickSize),
    amountPrecision: amountPrecision(stepSize),
    listInstrumentId: `${baseAsset}/${quoteAsset}`,
    ...(fields.exchangeCode ? { exchangeCode: fields.exchangeCode } : {}),
    ...(fields.venueSymbol && fields.venueSymbol !== symbol ? { venueSymbol: fields.venueSymbol } : {}),
    ...limits,
  };
}
