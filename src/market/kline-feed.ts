import type { Kline } from '../../workers/contract.ts';

/** What the chart has drawn: the open time of its first and last bars. */
export interface DrawnRange {
  first: number;
  last: number;
}

/**
 * How to bring the chart up to date with `bars` (oldest first): `setData` only when the series is new or was
 * replaced (older bars appeared, the series went back, or it no longer reaches the last drawn bar); otherwise
 * `update()` from the first bar at or after the last drawn one (lightweight-charts: update() takes the last bar
 * or a newer one, never an older one). A series whose oldest bars went past KLINES_MAX is updated, not set again
 * each new bar: the chart keeps the bars it drew.
 */
export function planKlines(drawn: DrawnRange | null, bars: readonly Kline[]): { kind: 'set' } | { kind: 'update'; from: number } | { kind: 'none' } {
  if (bars.length === 0) return { kind: 'none' };
  const first = (bars[0] as Kline).openTime;
  if (drawn === null || first < drawn.first || first > drawn.last) return { kind: 'set' };
  if ((bars[bars.length - 1] as Kline).openTime < drawn.last) return { kind: 'set' }; // the series went back: replaced
  let from = bars.length;
  while (from > 0 && (bars[from - 1] as Kline).openTime >= drawn.last) from--;
  return { kind: 'update', from };
}

/** What the chart shows after `plan` drew `bars`: an update keeps the older bars it drew. */
export function drawnAfter(drawn: DrawnRange | null, plan: ReturnType<typeof planKlines>, bars: readonly Kline[]): DrawnRange | null {
  if (plan.kind === 'none' || bars.length === 0) return drawn;
  const last = (bars[bars.length - 1] as Kline).openTime;
  return { first: plan.kind === 'update' && drawn ? drawn.first : (bars[0] as Kline).openTime, last };
}
