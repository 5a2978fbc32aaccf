import Decimal from 'decimal.js';
import { isNegativeZero, toDecimal } from './numeric.ts';
import { PLACEHOLDER } from './display.ts';

/** spec §5: rounding helpers default to 4 places; percentages use 2. */
export const DEFAULT_DECIMAL_PLACES = 4;
export const PERCENT_DECIMAL_PLACES = 2;

/**
 * Rounds with exact decimals (decimal.js, never float arithmetic) to a fixed number of places
 * (default 4, half-up). Non-numeric input gives '--'; negative zero keeps its sign.
 */
export function round(
  value: unknown,
  places: number = DEFAULT_DECIMAL_PLACES,
  rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP,
): string {
  const d = toDecimal(value);
  if (d === null) return PLACEHOLDER;
  const text = d.toFixed(places, rounding);
  return isNegativeZero(value) && !text.startsWith('-') ? `-${text}` : text;
}

/** Percent values: 2 places (spec §5). */
export function roundPercent(value: unknown, rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP): string {
  return round(value, PERCENT_DECIMAL_PLACES, rounding);
}

/** spec §5: flags numbers with more than 8 decimals (trailing zeros do not count). */
export function hasMoreThan8Decimals(value: unknown): boolean {
  const d = toDecimal(value);
  return d !== null && d.decimalPlaces() > 8;
}
