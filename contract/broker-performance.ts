import Decimal from 'decimal.js';
import { addDays, daysBetween, hkDay, hkMidnight } from './broker-projects-rules.ts';

/**
 * Performance of a broker project (server/broker/README.md "Performance and overview"), shared by the sandbox
 * (server/broker/analytics answers the charts' calls with it) and the app (the charts' summaries). Plain values
 * and decimal.js only, so the app may import it at run time (contract/bundle-boundary.test.ts).
 *
 * Day arithmetic is contract/broker-projects-rules.ts's (hkDay, hkMidnight, addDays, daysBetween).
 *
 * Everything is computed on NAV per unit (contract/broker-nav.ts): a capital increase buys units at the day's
 * NAV and a decrease redeems them, so a flow leaves NAV per unit unchanged and is never shown as profit. Days
 * are Hong Kong calendar days (UTC+8, no daylight saving) written `YYYY-MM-DD`; a zero-hour record of day D is
 * taken at D 00:00 UTC+8 (spec §9 "others 00:00 UTC+8").
 */

/** Enough digits that chaining a year of daily ratios agrees with NAV_end / NAV_start to far below 1e-20. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Num = Decimal.Value;

/** Rates handed out (returns, drawdowns) are rounded to this many places (ROUND_HALF_UP). */
export const RATE_DECIMALS = 10;
/** Day count of annualisation and of the money-weighted return's discounting. */
export const DAYS_PER_YEAR = 365;

function rate(x: Decimal): Decimal {
  return new Decimal(x.toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed());
}

// ---------------------------------------------------------------------------------------------- days (UTC+8)

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  const m = DAY_PATTERN.exec(day);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === day;
}

const dayStart = (day: string): number => hkMidnight(day).getTime();

// ------------------------------------------------------------------------------------ spec §9 refresh times

/** spec §9 "real-time assets every 10 minutes". */
export const ASSET_REFRESH_MS = 10 * 60_000;
/** spec §9 "volume daily 10:00 UTC+8": the hour (UTC+8) a day's trade statistics are published, the day after. */
export const VOLUME_REFRESH_HOUR = 10;

/** The real-time asset figures' stamp: `now` floored to 10 minutes. */
export function assetStamp(now: number): number {
  return Math.floor(now / ASSET_REFRESH_MS) * ASSET_REFRESH_MS;
}

/** The last zero-hour refresh (spec §9 "others 00:00 UTC+8") not after `now`: today 00:00 UTC+8. */
export function dailyStamp(now: number): number {
  return dayStart(hkDay(now));
}

/**
 * The volume statistics' refresh not after `now` (spec §9 "volume daily 10:00 UTC+8") and the last trading day
 * it covers: at D 10:00 UTC+8 the statistics of trading day D−1 are published; before 10:00 they run to D−2.
 */
export function volumeStamp(now: number): { refreshedAt: number; lastTradeDay: string } {
  const today = hkDay(now);
  const todayAt = dayStart(today) + VOLUME_REFRESH_HOUR * 3_600_000;
  const day = now >= todayAt ? today : addDays(today, -1);
  return { refreshedAt: dayStart(day) + VOLUME_REFRESH_HOUR * 3_600_000, lastTradeDay: addDays(day, -1) };
}

// ---------------------------------------------------------------------------------------------- time ranges

/**
 * spec §9 "Time-range choices: 7, 30, 90, 180, 365 days": the quick ranges of every record list, export and chart
 * (contract/schema.ts builds their schemas from it). Plain values, so the app imports it at run time.
 */
export const RANGE_DAYS = [7, 30, 90, 180, 365] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

/** A custom range may span at most this many days (a sandbox guard on the size of a reply: ten years). */
export const MAX_CUSTOM_RANGE_DAYS = 3660;

/** A range of days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export type RangeChoice = { days: RangeDays } | { from: string; to: string };

export type RangeError = 'badDay' | 'reversed' | 'future' | 'tooLong' | 'badChoice';

/**
 * The days a range choice covers, ending at `today` (the latest zero-hour record day, UTC+8). "7 days" is the
 * seven daily returns that end today: records from today − 7 to today (eight NAV points, seven changes). A custom
 * range is taken as given (both ends included) once checked: real days, from ≤ to, not after today, at most
 * MAX_CUSTOM_RANGE_DAYS long.
 */
export function selectRange(choice: RangeChoice, today: string): { ok: true; range: DayRange } | { ok: false; error: RangeError } {
  if ('days' in choice) {
    if (!(RANGE_DAYS as readonly number[]).includes(choice.days)) return { ok: false, error: 'badChoice' };
    return { ok: true, range: { from: addDays(today, -choice.days), to: today } };
  }
  if (!isDay(choice.from) || !isDay(choice.to)) return { ok: false, error: 'badDay' };
  if (choice.from > choice.to) return { ok: false, error: 'reversed' };
  if (choice.to > today) return { ok: false, error: 'future' };
  if (daysBetween(choice.from, choice.to) > MAX_CUSTOM_RANGE_DAYS) return { ok: false, error: 'tooLong' };
  return { ok: true, range: { from: choice.from, to: choice.to } };
}

/** The points of a series (ordered by day) that fall in a range, both ends included. */
export function inRange<T extends { day: string }>(points: readonly T[], range: DayRange): T[] {
  return points.filter((p) => p.day >= range.from && p.day <= range.to);
}

// --------------------------------------------------------------------------------------------------- returns

/** NAV per unit on a day (the zero-hour record of that day). */
export interface NavPoint {
  day: string;
  nav: Num;
}

export interface DailyReturn {
  day: string;
  /** NAV(day) / NAV(previous point) − 1 */
  rate: Decimal;
}

/** The return of each point against the one before it (the first point has none). */
export function dailyReturns(points: readonly NavPoint[]): DailyReturn[] {
  const out: DailyReturn[] = [];
  for (let i = 1; i < points.length; i++) {
    const prev = new D(points[i - 1]!.nav);
    out.push({ day: points[i]!.day, rate: rate(prev.isZero() ? new D(0) : new D(points[i]!.nav).div(prev).sub(1)) });
  }
  return out;
}

/** Π(1 + rᵢ) − 1 over period returns. */
export function chainReturns(rates: readonly Num[]): Decimal {
  let growth = new D(1);
  for (const r of rates) growth = growth.mul(new D(1).add(r));
  return rate(growth.sub(1));
}

/**
 * Time-weighted return over the points (ordered by day): the daily NAV ratios chained, which is
 * NAV_last / NAV_first − 1 — flows buy and redeem units at NAV, so they do not enter it. Null with fewer than
 * two points or a zero first NAV.
 */
export function timeWeightedReturn(points: readonly NavPoint[]): Decimal | null {
  if (points.length < 2 || new D(points[0]!.nav).lte(0)) return null;
  let growth = new D(1);
  for (let i = 1; i < points.length; i++) growth = growth.mul(new D(points[i]!.nav).div(points[i - 1]!.nav));
  return rate(growth.sub(1));
}

/**
 * A period return over `days` days as a yearly rate: (1 + r)^(365 / days) − 1. Null for a period under one day
 * or a return at or below −100 %.
 */
export function annualise(periodReturn: Num, days: number): Decimal | null {
  const growth = new D(1).add(periodReturn);
  if (days < 1 || growth.lte(0)) return null;
  return rate(growth.pow(new D(DAYS_PER_YEAR).div(days)).sub(1));
}

// ---------------------------------------------------------------------------------- money-weighted return

/** A capital flow from the investor's side of the fund: `amount` > 0 a capital increase, < 0 a decrease paid out (interest paid counts as a decrease). */
export interface CapitalFlow {
  day: string;
  amount: Num;
}

export interface MoneyWeightedInput {
  /** The range's first day and the value held at its start (0 for an investor who joins inside the range). */
  startDay: string;
  startValue: Num;
  flows: readonly CapitalFlow[];
  /** The range's last day and the value held then. */
  endDay: string;
  endValue: Num;
}

export interface MoneyWeightedReturn {
  /** The rate over the whole range, (1 + annual)^(days / 365) − 1. */
  period: Decimal;
  /** The internal rate of return as a yearly rate (XIRR, 365-day year). */
  annual: Decimal;
}

/**
 * Bisection stops when the bracket on ln(1 + period return) is narrower than this: the period return is then
 * known to a relative 1e-14 of (1 + r), far below RATE_DECIMALS (1e-10).
 */
export const MWR_TOLERANCE = new Decimal('1e-14');
/** The search covers ln(1 + period return) ∈ [−30, 30]: period returns from −99.9999999999 % to about 1e13. */
const LOG_BRACKET = 30;
const MAX_STEPS = 200;

/**
 * Money-weighted return: the rate R over the range at which the investor's cash flows are worth nothing,
 *   −startValue − Σ flowᵢ · (1 + R)^(−tᵢ/T) + endValue · (1 + R)^(−1) = 0,
 * with tᵢ the whole days from startDay to each flow and T the range's days (equivalently XIRR's
 * Σ cfᵢ (1 + r)^(−tᵢ/365) = 0 with (1 + r) = (1 + R)^(365/T)). Solved by bisection on ln(1 + R) within [−30, 30]
 * (searched as the daily rate ln(1 + R) / T) until the bracket on ln(1 + R) is narrower than MWR_TOLERANCE.
 * Null when there is no solution: a range under one day, no money at work, or no sign change of the value
 * across the bracket (e.g. every flow in one direction, or a total loss with nothing paid out).
 * Flows on startDay count at t = 0, on endDay at t = T (before the end value).
 */
export function moneyWeightedReturn(input: MoneyWeightedInput): MoneyWeightedReturn | null {
  const T = daysBetween(input.startDay, input.endDay);
  if (T < 1) return null;
  // Investor's cash flows by whole day: money in is negative, money out (and the value at the end) positive.
  const byDay = new Map<number, Decimal>([[0, new D(input.startValue).neg()]]);
  const add = (t: number, cf: Decimal) => byDay.set(t, (byDay.get(t) ?? new D(0)).add(cf));
  for (const f of input.flows) {
    const t = daysBetween(input.startDay, f.day);
    if (t >= 0 && t <= T) add(t, new D(f.amount).neg());
  }
  add(T, new D(input.endValue));
  const live = [...byDay].filter(([, cf]) => !cf.isZero());
  if (live.length === 0) return null;

  // Search on the daily log growth x = ln(1 + R) / T: one exp per step, then whole-day powers (fast, exact-ish).
  const npv = (x: Decimal): Decimal => {
    const down = D.exp(x.neg());
    return live.reduce((sum, [t, cf]) => sum.add(cf.mul(down.pow(t))), new D(0));
  };
  const tolerance = new D(MWR_TOLERANCE).div(T);
  let lo = new D(-LOG_BRACKET).div(T);
  let hi = new D(LOG_BRACKET).div(T);
  let fLo = npv(lo);
  const fHi = npv(hi);
  if (fLo.isZero()) hi = lo;
  else if (fHi.isZero()) lo = hi;
  else if (fLo.s === fHi.s) return null;
  for (let step = 0; step < MAX_STEPS && hi.sub(lo).gt(tolerance); step++) {
    const mid = lo.add(hi).div(2);
    const fMid = npv(mid);
    if (fMid.isZero()) {
      lo = mid;
      hi = mid;
    } else if (fMid.s === fLo.s) {
      lo = mid;
      fLo = fMid;
    } else hi = mid;
  }
  const x = lo.add(hi).div(2);
  return { period: rate(D.exp(x.mul(T)).sub(1)), annual: rate(D.exp(x.mul(DAYS_PER_YEAR)).sub(1)) };
}

// -------------------------------------------------------------------------------------------------- drawdown

export interface DrawdownPoint {
  day: string;
  nav: Decimal;
  /** The highest NAV up to and including this day. */
  peak: Decimal;
  /** Retreat rate: 1 − NAV / peak (0 at a new high). */
  retreat: Decimal;
}

/** The retreat rate of each point against the running maximum of NAV from the first point. */
export function drawdownSeries(points: readonly NavPoint[]): DrawdownPoint[] {
  const out: DrawdownPoint[] = [];
  let peak: Decimal | null = null;
  for (const p of points) {
    const nav = new D(p.nav);
    if (peak === null || nav.gt(peak)) peak = nav;
    out.push({ day: p.day, nav: new Decimal(nav), peak: new Decimal(peak), retreat: peak.lte(0) ? new Decimal(0) : rate(new D(1).sub(nav.div(peak))) });
  }
  return out;
}

export interface MaxDrawdown {
  /** The largest retreat rate (0 when NAV never fell below an earlier high). */
  rate: Decimal;
  /** The day of the high it fell from, the day of the low, and the first later day NAV was back at the high (null: not yet). Null days when rate is 0. */
  peakDay: string | null;
  troughDay: string | null;
  recoveryDay: string | null;
}

/** The deepest fall of NAV from an earlier high; the earliest trough when two are equally deep. */
export function maxDrawdown(points: readonly NavPoint[]): MaxDrawdown {
  const series = drawdownSeries(points);
  let worst: { i: number; rate: Decimal } | null = null;
  series.forEach((p, i) => {
    if (p.retreat.gt(0) && (worst === null || p.retreat.gt(worst.rate))) worst = { i, rate: p.retreat };
  });
  if (worst === null) return { rate: new Decimal(0), peakDay: null, troughDay: null, recoveryDay: null };
  const { i, rate: deepest } = worst as { i: number; rate: Decimal };
  const trough = series[i]!;
  let peakIndex = i;
  while (peakIndex > 0 && !series[peakIndex]!.nav.eq(trough.peak)) peakIndex--;
  const recovery = series.slice(i + 1).find((p) => p.nav.gte(trough.peak));
  return { rate: deepest, peakDay: series[peakIndex]!.day, troughDay: trough.day, recoveryDay: recovery?.day ?? null };
}
