import { addDays } from '../../../../contract/broker-projects-rules.ts';
import { RANGE_DAYS, type RangeDays } from '../../../../contract/broker-performance.ts';

export { addDays };

/** One zero-hour record as the performance chart draws it (decimal strings; `day` is the UTC+8 day, YYYY-MM-DD). */
export interface PerformancePoint {
  day: string;
  /** NAV per unit. */
  nav: string;
  /** Cumulative return over the drawn window, a fraction ('0.0123' = 1.23 %). */
  ret: string;
  /** Drawdown (retreat rate, 1 − NAV / running maximum), a fraction ≥ 0. */
  drawdown: string;
}

/** spec §9 time ranges: the last 7 to 365 days, or a custom range of days (both ends included). */
export type ChartRange = { days: RangeDays } | { from: string; to: string };

export const CHART_RANGES: readonly RangeDays[] = RANGE_DAYS;
export const DEFAULT_CHART_RANGE: ChartRange = { days: 30 };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export const isDay = (value: string): boolean => DAY_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value;

/**
 * The days a range covers, ending on `lastDay` (the latest record): a quick range of n days starts n days before
 * the last record (the record of that day is the window's base, so n daily changes are drawn); a custom range is
 * as chosen.
 */
export function rangeDays(range: ChartRange, lastDay: string): { from: string; to: string } {
  if ('days' in range) return { from: addDays(lastDay, -range.days), to: lastDay };
  return { from: range.from, to: range.to };
}

/** The records of a series (ascending by day) inside a range. */
export function pointsIn<T extends { day: string }>(series: readonly T[], range: ChartRange): T[] {
  const last = series[series.length - 1];
  if (!last) return [];
  const { from, to } = rangeDays(range, last.day);
  return series.filter((p) => p.day >= from && p.day <= to);
}

/** Why a custom range cannot be drawn, or null: both days valid, the first not after the last. */
export function customRangeError(from: string, to: string): 'missing' | 'order' | null {
  if (!isDay(from) || !isDay(to)) return 'missing';
  if (from > to) return 'order';
  return null;
}

export const sameRange = (a: ChartRange, b: ChartRange): boolean =>
  'days' in a ? 'days' in b && a.days === b.days : !('days' in b) && a.from === b.from && a.to === b.to;

/** The range fields of the analytics calls (contract/broker-analytics.ts RangeFields): a quick range, or a custom one's days. */
export const rangeQuery = (range: ChartRange): { days: RangeDays } | { startDay: string; endDay: string } =>
  'days' in range ? { days: range.days } : { startDay: range.from, endDay: range.to };
