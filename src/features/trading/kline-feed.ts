import type { Kline } from '../../market/index.ts';

/** What the chart has drawn: the open time of its first and last bars. */
export interface DrawnRange {
  first: number;
  last: number;
}

/**
 * How to bring the chart up to date with `bars` (oldest first): `setData` only when the series is new
 * or was replaced (first bar moved, or bars before the last drawn one changed count); otherwise
 * `update()` from the first bar at or after the last drawn one (lightweight-charts: update() takes the
 * last bar or a newer one, never an older one).
 */
export function planKlines(drawn: DrawnRange | null, bars: readonly Kline[]): { kind: 'set' } | { kind: 'update'; from: number } | { kind: 'none' } {
  if (bars.length === 0) return { kind: 'none' };
  if (drawn === null || (bars[0] as Kline).openTime !== drawn.first) return { kind: 'set' };
  if ((bars[bars.length - 1] as Kline).openTime < drawn.last) return { kind: 'set' }; // the series went back: replaced
  let from = bars.length;
  while (from > 0 && (bars[from - 1] as Kline).openTime >= drawn.last) from--;
  return { kind: 'update', from };
}
