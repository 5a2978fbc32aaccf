import type Decimal from 'decimal.js';
import type { Static } from 'typebox';
import type { MaxDrawdown, ReturnSummary } from '../../../contract/broker-analytics.ts';
import {
  annualise,
  dailyReturns,
  drawdownSeries,
  maxDrawdown,
  moneyWeightedReturn,
  timeWeightedReturn,
  type CapitalFlow,
} from '../../../contract/broker-performance.ts';
import { addDays, daysBetween } from '../../../contract/broker-projects-rules.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import type { UnitRecordRow } from '../projects/store.ts';
import { plain } from '../valuation.ts';

/**
 * The figures of a project's zero-hour records over a range (contract/broker-performance.ts on NAV per unit): the
 * points of the return and drawdown charts, and time-weighted against money-weighted return.
 */

/** The sums of some amount fields over rows (a list's total line). */
export function totals<K extends string>(rows: ReadonlyArray<Record<K, string>>, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, plain(rows.reduce((s, r) => s.add(r[k]), ZERO))])) as Record<K, string>;
}

export const rateOut = (r: Decimal | null): string | null => (r === null ? null : r.toFixed());

/** Each record's return against the one before (null for the first) and against the first (time-weighted). */
export function returnPoints(records: readonly UnitRecordRow[]) {
  const daily = new Map(dailyReturns(records).map((r) => [r.day, r.rate]));
  const first = records[0];
  return records.map((r) => ({
    day: r.day,
    nav: plain(r.nav),
    dailyReturn: rateOut(daily.get(r.day) ?? null),
    cumulativeReturn: first ? (timeWeightedReturn([first, r]) ?? ZERO).toFixed() : '0',
  }));
}

/** Each record's NAV against its running high from the first record (retreat rate). */
export function retreatPoints(records: readonly UnitRecordRow[]) {
  return drawdownSeries(records).map((p) => ({ day: p.day, nav: plain(p.nav), peak: plain(p.peak), retreatRate: p.retreat.toFixed() }));
}

export function maxDrawdownOut(records: readonly UnitRecordRow[]): Static<typeof MaxDrawdown> {
  const m = maxDrawdown(records);
  return { rate: m.rate.toFixed(), peakDay: m.peakDay, troughDay: m.troughDay, recoveryDay: m.recoveryDay };
}

/** Time-weighted return over the records and as a yearly rate. */
export function timeWeighted(records: readonly UnitRecordRow[]): { timeWeighted: string | null; timeWeightedAnnualised: string | null } {
  const twr = timeWeightedReturn(records);
  const first = records[0];
  const last = records[records.length - 1];
  const days = first && last ? daysBetween(first.day, last.day) : 0;
  return { timeWeighted: rateOut(twr), timeWeightedAnnualised: twr === null ? null : rateOut(annualise(twr, days)) };
}

/**
 * The fund's capital flows between the records, dated on the trading day they happened (a record's flows are of the
 * day before it).
 */
export function recordFlows(records: readonly UnitRecordRow[]): CapitalFlow[] {
  return records.slice(1).map((r) => ({ day: addDays(r.day, -1), amount: new D(r.flows_in).sub(r.flows_out) }));
}

/**
 * Time-weighted against money-weighted over the records (ReturnSummary): the money-weighted return takes the net
 * asset at the first record, the capital in and out between, and the net asset at the last.
 */
export function returnSummary(records: readonly UnitRecordRow[]): Static<typeof ReturnSummary> {
  const first = records[0];
  const last = records[records.length - 1];
  const later = records.slice(1);
  const capitalIn = later.reduce((s, r) => s.add(r.flows_in), ZERO);
  const capitalOut = later.reduce((s, r) => s.add(r.flows_out), ZERO);
  const mwr =
    first && last ? moneyWeightedReturn({ startDay: first.day, startValue: first.net_asset, flows: recordFlows(records), endDay: last.day, endValue: last.net_asset }) : null;
  return {
    ...timeWeighted(records),
    moneyWeighted: rateOut(mwr?.period ?? null),
    moneyWeightedAnnualised: rateOut(mwr?.annual ?? null),
    netAssetStart: first ? plain(first.net_asset) : null,
    netAssetEnd: last ? plain(last.net_asset) : null,
    capitalIn: plain(capitalIn),
    capitalOut: plain(capitalOut),
    profit: first && last ? plain(new D(last.net_asset).sub(first.net_asset).sub(capitalIn).add(capitalOut)) : '0',
  };
}
