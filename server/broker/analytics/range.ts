import { isDay, selectRange, volumeStamp } from '../../../contract/broker-performance.ts';
import { addDays, daysBetween, hkDay, hkMidnight } from '../../../contract/broker-projects-rules.ts';
import { badInput } from '../../platform/envelope.ts';

/**
 * The range filter of the analytics calls (spec §9 "Time-range choices: 7, 30, 90, 180, 365 days" and a custom
 * range; contract/broker-analytics.ts RangeFields), checked where it enters: `days` or `startDay` + `endDay`, not
 * both; a custom range of real days, in order, not after today (UTC+8), at most MAX_CUSTOM_RANGE_DAYS. A refusal is
 * 400 naming the field and the rule.
 */
export interface RangeInput {
  days?: number | undefined;
  startDay?: string | undefined;
  endDay?: string | undefined;
}

/** Days both ends included; `from` null is open (from the first record). */
export interface DayWindow {
  from: string | null;
  to: string;
}

type Checked = { kind: 'all' } | { kind: 'days'; days: number } | { kind: 'custom'; from: string; to: string };

function check(input: RangeInput, today: string): Checked {
  const custom = input.startDay !== undefined || input.endDay !== undefined;
  if (input.days !== undefined && custom) throw badInput('days', 'withCustomRange');
  if (input.days !== undefined) {
    const r = selectRange({ days: input.days as 7 }, today);
    if (!r.ok) throw badInput('days', r.error);
    return { kind: 'days', days: input.days };
  }
  if (!custom) return { kind: 'all' };
  if (input.startDay === undefined) throw badInput('startDay', 'required');
  if (input.endDay === undefined) throw badInput('endDay', 'required');
  if (!isDay(input.startDay)) throw badInput('startDay', 'badDay');
  if (!isDay(input.endDay)) throw badInput('endDay', 'badDay');
  const r = selectRange({ from: input.startDay, to: input.endDay }, today);
  if (!r.ok) throw badInput(r.error === 'tooLong' || r.error === 'reversed' ? 'startDay' : 'endDay', r.error);
  return { kind: 'custom', from: r.range.from, to: r.range.to };
}

/**
 * The zero-hour record days of a range: "N days" is today − N … today (N + 1 NAV points, N daily returns); custom as
 * given; neither is every record up to today.
 */
export function recordWindow(input: RangeInput, now: Date): DayWindow {
  const today = hkDay(now);
  const c = check(input, today);
  if (c.kind === 'all') return { from: null, to: today };
  if (c.kind === 'days') return { from: addDays(today, -c.days), to: today };
  return { from: c.from, to: c.to };
}

/**
 * The trading days of a range: "N days" is the N trading days today − N … today − 1 (those the last N records cover);
 * custom as given; neither is every trading day up to yesterday (today's is still running).
 */
export function tradeWindow(input: RangeInput, now: Date): DayWindow {
  const today = hkDay(now);
  const c = check(input, today);
  if (c.kind === 'all') return { from: null, to: addDays(today, -1) };
  if (c.kind === 'days') return { from: addDays(today, -c.days), to: addDays(today, -1) };
  return { from: c.from, to: c.to < today ? c.to : addDays(today, -1) };
}

/** The trading days trade statistics may count (spec §9 "volume daily 10:00 UTC+8"): the window cut at the last published day. */
export function volumeWindow(input: RangeInput, now: Date): DayWindow & { refreshedAt: Date; lastTradeDay: string } {
  const w = tradeWindow(input, now);
  const v = volumeStamp(now.getTime());
  return { from: w.from, to: w.to < v.lastTradeDay ? w.to : v.lastTradeDay, refreshedAt: new Date(v.refreshedAt), lastTradeDay: v.lastTradeDay };
}

/** The range a reply read: the window, its open start taken as the first day found (null when nothing was). */
export function readRange(window: DayWindow, firstFound: string | null): { from: string | null; to: string | null; days: number } {
  const from = window.from ?? firstFound;
  if (from === null || from > window.to) return { from, to: window.to, days: 0 };
  return { from, to: window.to, days: daysBetween(from, window.to) };
}

/** spec §9 "others 00:00 UTC+8": the zero-hour refresh the daily figures follow. */
export function dailyRefresh(now: Date): string {
  return hkMidnight(hkDay(now)).toISOString();
}
