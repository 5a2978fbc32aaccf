import { RANGE_DAYS, type RangeDays } from '../../../contract/broker-performance.ts';
import type { TimeRange } from './TimeRangeFilter.tsx';

const DAY_MS = 86_400_000;

/** spec §9: the quick ranges a list offers (TimeRangeFilter offers the same, plus a custom range). */
export const TIME_RANGES: readonly RangeDays[] = RANGE_DAYS;
/** A list starts on the last 30 days. */
export const DEFAULT_RANGE: TimeRange = { days: 30 };

/**
 * The window a list's call is asked for: a custom range as chosen (calendar days, its end exclusive), a quick
 * range as the last n × 24 hours up to `now`.
 */
export function timeWindow(range: TimeRange, now: Date): { startTime: string; endTime: string } {
  if (range.startTime && range.endTime) return { startTime: range.startTime, endTime: range.endTime };
  const days = range.days ?? DEFAULT_RANGE.days!;
  return { startTime: new Date(now.getTime() - days * DAY_MS).toISOString(), endTime: now.toISOString() };
}
