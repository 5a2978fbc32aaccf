import Decimal from 'decimal.js';
import { PLACEHOLDER, formatAmount } from './display.ts';
import { toDecimal } from './numeric.ts';
import { pricePrecision } from './precision.ts';
import { PERCENT_DECIMAL_PLACES } from './rounding.ts';

/**
 * Display decimals of an asset (glossary "Numbers": amounts at the asset's precision): stablecoins 4 (a USD-M
 * fee of 0.02 % on the smallest order still shows), fiat 2, coins 8 (spec §9 long numbers).
 */
const ASSET_DECIMALS: Readonly<Record<string, number>> = { USDT: 4, USDC: 4, FDUSD: 4, USD: 2, HKD: 2 };
export const COIN_DECIMALS = 8;

export function assetDecimals(asset: string | null | undefined): number {
  return (asset ? ASSET_DECIMALS[asset.toUpperCase()] : undefined) ?? COIN_DECIMALS;
}

/** An amount of `asset` at its precision, truncated (a balance never shows more than there is), thousands separated. */
export function formatAssetAmount(value: unknown, asset: string | null | undefined): string {
  return formatAmount(value, assetDecimals(asset));
}

/** A price at the pair's tick size (glossary "Numbers"), thousands separated; without a tick, as it came. */
export function formatPrice(value: unknown, tickSize: string | null | undefined): string {
  const d = toDecimal(value);
  if (d === null) return PLACEHOLDER;
  if (!tickSize) return formatAmount(value, Math.min(d.decimalPlaces(), 8));
  return formatAmount(value, pricePrecision(tickSize));
}

/**
 * A valuation price with no pair tick to go by (an asset's USDT price in a total): cents from 1 up ("48,914.94"),
 * below 1 four significant digits (at most 8 decimals) so a small coin's price keeps its meaning; truncated.
 */
export function formatValuationPrice(value: unknown): string {
  const d = toDecimal(value);
  if (d === null) return PLACEHOLDER;
  if (d.abs().gte(1) || d.isZero()) return formatAmount(value, 2);
  const leadingZeros = -Math.floor(Math.log10(d.abs().toNumber())) - 1;
  return formatAmount(value, Math.min(COIN_DECIMALS, leadingZeros + 4));
}

/** A fraction as a percentage with 2 decimals and a `%` (glossary: never a raw fraction): '0.0005' → '0.05%'. */
export function formatFractionPercent(value: unknown, options: { signed?: boolean } = {}): string {
  const d = toDecimal(value);
  if (d === null) return PLACEHOLDER;
  const text = d.mul(100).toFixed(PERCENT_DECIMAL_PLACES, Decimal.ROUND_HALF_UP);
  const sign = options.signed && d.gt(0) && !/^0\.0+$/.test(text) ? '+' : '';
  return `${sign}${text}%`;
}
