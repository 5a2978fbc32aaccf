import { toDecimal } from './numeric.ts';

/**
 * Decimal places of a tick or step size, trailing zeros dropped: '0.01000000' → 2, '1.00000000' → 0,
 * '1e-8' → 8. Missing or non-numeric input gives 0.
 */
export function decimalPlacesOf(size: unknown): number {
  const d = toDecimal(size);
  return d === null ? 0 : d.decimalPlaces();
}

/** spec §3: pricePrecision is the count of decimal digits of the first filter's tickSize, trailing zeros dropped. */
export function pricePrecision(tickSize: unknown): number {
  return decimalPlacesOf(tickSize);
}

/** spec §3: amountPrecision is derived from the third filter's stepSize, the same way. */
export function amountPrecision(stepSize: unknown): number {
  return decimalPlacesOf(stepSize);
}

/**
 * spec §5: precision step helper. Digits 0..10 map to 1, 0.1, … down to 1e-8; both 8 and 9 give 1e-8
 * and 10 gives 1e-9 (as the spec states; it is not a typo to fix here).
 */
export const PRECISION_STEPS: Readonly<Record<number, string>> = Object.freeze({
  0: '1',
  1: '0.1',
  2: '0.01',
  3: '0.001',
  4: '0.0001',
  5: '0.00001',
  6: '0.000001',
  7: '0.0000001',
  8: '0.00000001',
  9: '0.00000001',
  10: '0.000000001',
});

/** The step for a number of digits (see PRECISION_STEPS), or undefined outside 0..10 or for non-integers. */
export function precisionStep(digits: number): string | undefined {
  if (!Number.isInteger(digits)) return undefined;
  return PRECISION_STEPS[digits];
}
