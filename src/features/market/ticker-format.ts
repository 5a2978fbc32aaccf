import Decimal from 'decimal.js';
import type { MiniTicker } from '../../market/index.ts';
import { groupThousands, PLACEHOLDER } from '../../lib/format/index.ts';

/** A live number shown at a fixed precision (display only: nothing is computed from the text). */
export function fixed(value: number | undefined | null, digits: number): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return PLACEHOLDER;
  return new Decimal(value).toFixed(digits, Decimal.ROUND_HALF_UP);
}

/** A live price at the pair's precision with thousands separators (glossary "Numbers": prices at the pair's tick). */
export function fixedGrouped(value: number | undefined | null, digits: number): string {
  return groupThousands(fixed(value, digits));
}

/** 24 h change in percent from open and last, exact (decimal.js), 2 places with a sign. */
export function changePercent(ticker: MiniTicker | undefined): { text: string; sign: -1 | 0 | 1 } {
  if (ticker === undefined || !(ticker.o > 0)) return { text: PLACEHOLDER, sign: 0 };
  const pct = new Decimal(ticker.c).minus(ticker.o).div(ticker.o).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const sign = pct.isZero() ? 0 : pct.isNegative() ? -1 : 1;
  return { text: `${sign > 0 ? '+' : ''}${pct.toFixed(2)}%`, sign };
}

// One formatter per locale: constructing an Intl.NumberFormat costs far more than formatting with one,
// and the market table formats two volumes per visible row on every ticker update.
const compactFormats = new Map<string, Intl.NumberFormat>();

/** Large volumes in a compact form (1.23M); the exact figure goes in the title. */
export function compact(value: number | undefined, locale: string): string {
  if (value === undefined || !Number.isFinite(value)) return PLACEHOLDER;
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    compactFormats.set(locale, format);
  }
  return format.format(value);
}
