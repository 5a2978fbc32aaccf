import Decimal from 'decimal.js';
import { isNegativeZero, toDecimal } from './numeric.ts';

export const PLACEHOLDER = '--';

/** spec §9: the long-number display shows 8 decimals. */
export const LONG_NUMBER_DECIMALS = 8;

export interface DisplayOptions {
  /** Fixed number of decimals; without it, the value keeps the decimals it came with. */
  decimals?: number;
  /** decimal.js rounding mode for `decimals`; default ROUND_DOWN (a display never shows more than there is). */
  rounding?: Decimal.Rounding;
}

const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * spec §5: number display. '--' for null, undefined, '--' and non-numeric values; strings with commas
 * are returned as is (already formatted); negative zero keeps its sign ('-0', '-0.00').
 * Plain decimal strings keep their own digits (trailing zeros are precision); numbers and scientific
 * notation are written out in plain notation.
 */
export function displayNumber(value: unknown, options: DisplayOptions = {}): string {
  if (value === null || value === undefined || value === PLACEHOLDER) return PLACEHOLDER;
  if (typeof value === 'string' && value.includes(',')) return value;
  const d = toDecimal(value);
  if (d === null) return PLACEHOLDER;
  const negativeZero = isNegativeZero(value);
  let text: string;
  if (options.decimals !== undefined) {
    text = d.toFixed(options.decimals, options.rounding ?? Decimal.ROUND_DOWN);
  } else if (typeof value === 'string' && PLAIN.test(value.trim())) {
    text = value.trim().replace(/^\+/, '');
  } else {
    text = d.toFixed();
  }
  // decimal.js prints -0 as '0'; the spec wants the sign kept.
  return negativeZero && !text.startsWith('-') ? `-${text}` : text;
}

/**
 * spec §9: long numbers show at most 8 decimals (truncated, never rounded up); values with fewer
 * decimals keep theirs. The full value belongs in a title/tooltip (see the LongNumber component).
 */
export function formatLongNumber(value: unknown, decimals: number = LONG_NUMBER_DECIMALS): string {
  const d = toDecimal(value);
  if (d !== null && d.decimalPlaces() > decimals) return displayNumber(value, { decimals });
  return displayNumber(value);
}

/** Thousands separators in the integer part of a plain number string (glossary: tables show full digits). */
export function groupThousands(text: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = '', int = '', frac = ''] = match;
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac}`;
}

/** An amount at a fixed number of decimals (truncated), with thousands separators. */
export function formatAmount(value: unknown, decimals: number): string {
  const text = displayNumber(value, { decimals });
  return text === PLACEHOLDER ? text : groupThousands(text);
}

/** An amount with the decimals it came with (at most 8, spec §9), with thousands separators. */
export function formatQuantity(value: unknown): string {
  return groupThousands(formatLongNumber(value));
}
