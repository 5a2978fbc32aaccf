import type { Kline } from '../../workers/contract.ts';

/** What the chart has drawn: the open time of its first and last bars, and how many bars it holds. */
export interface DrawnRange {
  first: number;
  last: number;
  count: number;
}

/**
 * Bars the chart may hold beyond the series it is given before it is set again. lightweight-charts drops old
 * bars only through `setData`: a series that keeps its size (KLINES_MAX) while new bars come would otherwise
 * grow the chart by a bar an interval for as long as the tab is open. One `setData` per this many new bars.
 * A bar costs the trading page's chart (candle and volume series) about 1 KB of object heap (heap snapshots of the
 * soak, bench/results/browser.md): at 120 the chart grew a tab's object heap by up to 5 % before it was set again,
 * at 10 it stays within about 11 KB (0.5 %). A `setData` of both series with the redraw took a median 1.7–2.0 ms
 * against 1.3–1.4 ms for a tick's `update()` (`npx tsx bench/browser/chart-set.ts`): once per 10 minutes at the
 * shortest period (1m), it costs nothing a trader feels.
 */
export const KLINES_CHART_SLACK = 10;

/**
 * How to bring the chart up to date with `bars` (oldest first): `setData` when the series is new or was
 * replaced (older bars appeared, the series went back, or it no longer reaches the last drawn bar), or when the
 * chart would hold more than KLINES_CHART_SLACK bars beyond the series (its oldest bars went past KLINES_MAX);
 * otherwise `update()` from the first bar at or after the last drawn one (lightweight-charts: update() takes the
 * last bar or a newer one, never an older one).
 */
export function planKlines(drawn: DrawnRange | null, bars: readonly Kline[]): { kind: 'set' } | { kind: 'update'; from: number } | { kind: 'none' } {
  if (bars.length === 0) return { kind: 'none' };
  const first = (bars[0] as Kline).openTime;
  if (drawn === null || first < drawn.first || first > drawn.last) return { kind: 'set' };
  if ((bars[bars.length - 1] as Kline).openTime < drawn.last) return { kind: 'set' }; // the series went back: replaced
  let from = bars.length;
  while (from > 0 && (bars[from - 1] as Kline).openTime >= drawn.last) from--;
  if (drawn.count + added(drawn, bars, from) > bars.length + KLINES_CHART_SLACK) return { kind: 'set' };
  return { kind: 'update', from };
}

/** New bars an update from `from` adds to the chart: the bar at the last drawn time is replaced in place. */
function added(drawn: DrawnRange, bars: readonly Kline[], from: number): number {
  const replaced = from < bars.length && (bars[from] as Kline).openTime === drawn.last ? 1 : 0;
  return bars.length - from - replaced;
}

/** What the chart shows after `plan` drew `bars`: an update keeps the older bars it drew. */
export function drawnAfter(drawn: DrawnRange | null, plan: ReturnType<typeof planKlines>, bars: readonly Kline[]): DrawnRange | null {
  if (plan.kind === 'none' || bars.length === 0) return drawn;
  const last = (bars[bars.length - 1] as Kline).openTime;
  if (plan.kind === 'update' && drawn) return { first: drawn.first, last, count: drawn.count + added(drawn, bars, plan.from) };
  return { first: (bars[0] as Kline).openTime, last, count: bars.length };
}
