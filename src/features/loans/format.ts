import Decimal from 'decimal.js';
import { formatAssetAmount, groupThousands, displayNumber } from '../../lib/format/index.ts';

/** A ratio as a percentage with two decimals ("0.6153" → "61.53"), cut as the sandbox cuts the LTV. */
export const ltvText = (ratio: string): string => new Decimal(ratio).times(100).toFixed(2, Decimal.ROUND_DOWN);

/** An amount at its asset's display precision (glossary "Numbers": USDT 4 decimals, coins 8), truncated, with thousands separators. */
export const amountText = (value: string, asset: string): string => formatAssetAmount(value, asset);

/** A price in USDT: cents, with thousands separators. */
export const priceText = (value: string): string => groupThousands(new Decimal(value).toFixed(2, Decimal.ROUND_DOWN));

/** An hourly rate as a percentage ("0.000008" → "0.0008"). */
export const rateText = (rate: string): string => displayNumber(new Decimal(rate).times(100).toFixed());

/** Hours in a (365-day) year: the annual rate beside the hourly one is simple interest, hourly × 24 × 365. */
export const HOURS_PER_YEAR = 24 * 365;

/**
 * The hourly rate as a simple annual percentage, hourly × 24 × 365 (not compounded, as the label says), to at most
 * four decimals of a percent, trailing zeros dropped: "0.000008" → "7.008".
 */
export const annualRateText = (rate: string): string =>
  new Decimal(rate).times(HOURS_PER_YEAR).times(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed();

export type Zone = 'safe' | 'marginCall' | 'liquidation';

/** Where an LTV stands against the loan's levels. */
export function zoneOf(ltv: string, marginCallLtv: string, liquidationLtv: string): Zone {
  const value = new Decimal(ltv);
  if (value.gte(liquidationLtv)) return 'liquidation';
  if (value.gte(marginCallLtv)) return 'marginCall';
  return 'safe';
}

/** A decimal the person typed: digits with at most `decimals` decimals, greater than zero. */
export function amountIssue(value: string, decimals: number): 'required' | 'number' | 'decimals' | 'positive' | null {
  const text = value.trim();
  if (text === '') return 'required';
  if (!/^\d+(\.\d+)?$/.test(text)) return 'number';
  if ((text.split('.')[1] ?? '').length > decimals) return 'decimals';
  if (new Decimal(text).lte(0)) return 'positive';
  return null;
}
