import type { tradingPrefs } from '../trading/index.ts';
import { CHART_PERIODS_MAX, KLINE_INTERVALS } from '../trading/index.ts';

export type Periods = ReturnType<typeof tradingPrefs.store.getState>['periods'];
export type Interval = (typeof KLINE_INTERVALS)[number];

/**
 * The saved chart periods (spec §3 stored key "chart period settings", spec §9 at most 8) are the trading page's
 * own (trading-prefs.ts), so the full-page chart and the trading chart show the same choices. Adding a ninth is
 * refused (null); the last one cannot be removed; removing the active one makes the first left active.
 */
export function withPeriod(periods: Periods, interval: Interval, on: boolean): Periods | null {
  if (!on) {
    const saved = periods.saved.filter((p) => p !== interval);
    if (saved.length === 0) return periods;
    return { saved, active: periods.active === interval ? (saved[0] as Interval) : periods.active };
  }
  if (periods.saved.includes(interval)) return periods;
  if (periods.saved.length >= CHART_PERIODS_MAX) return null;
  return { ...periods, saved: KLINE_INTERVALS.filter((p) => p === interval || periods.saved.includes(p)) };
}
