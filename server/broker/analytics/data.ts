import Decimal from 'decimal.js';
import { hkMidnight } from '../../../contract/broker-projects-rules.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { FLOW_COLUMNS, type CapitalFlowRow, investorOf, projectOf, projectsOf, type ProjectRow, RECORD_COLUMNS, type UnitRecordRow } from '../projects/store.ts';
import type { DayWindow } from './range.ts';

/**
 * What the analytics calls read (server/broker/analytics/README in server/broker/README.md "Performance and
 * overview"): the organisation's projects, their zero-hour records (migration 028 broker_unit_records), the capital
 * flows, the interest and performance-fee accruals, and from them each investor's position on a record day.
 *
 * An investor's units on record day D are the flows that record already holds: a flow carries the day of the record
 * whose NAV it bought or redeemed at (`nav_day`), so it is in every later record; a flow before the project's first
 * record (`nav_day` null) is in every record, and before the first record it counts from the moment it was made.
 */

/** The organisation's projects, or the one named (404 `projectNo` for another organisation's or a missing one). */
export async function scopeProjects(db: Queryable, orgId: string, projectNo: string | undefined): Promise<ProjectRow[]> {
  return projectNo === undefined ? projectsOf(db, orgId) : [await projectOf(db, orgId, projectNo)];
}

/** The zero-hour records of projects in a window of days (either end open), per project, oldest first. */
export async function recordsByProject(db: Queryable, projectNos: readonly string[], window: { from: string | null; to: string | null }): Promise<Map<string, UnitRecordRow[]>> {
  const out = new Map<string, UnitRecordRow[]>(projectNos.map((p) => [p, []]));
  if (projectNos.length === 0) return out;
  const rows = await db.query<UnitRecordRow>(
    `select ${RECORD_COLUMNS} from broker_unit_records where project_no = any($1::text[])
       and ($2::date is null or day >= $2::date) and ($3::date is null or day <= $3::date) order by project_no, day`,
    [projectNos, window.from, window.to],
  );
  for (const r of rows) out.get(r.project_no)!.push(r);
  return out;
}

/** The record just before a day of each project (for a range's first daily change), or none. */
export async function recordsBefore(db: Queryable, projectNos: readonly string[], day: string | null): Promise<Map<string, UnitRecordRow>> {
  const out = new Map<string, UnitRecordRow>();
  if (projectNos.length === 0 || day === null) return out;
  const rows = await db.query<UnitRecordRow>(
    `select distinct on (project_no) ${RECORD_COLUMNS} from broker_unit_records where project_no = any($1::text[]) and day < $2::date order by project_no, day desc`,
    [projectNos, day],
  );
  for (const r of rows) out.set(r.project_no, r);
  return out;
}

/** The first record day of each project (null before its first). */
export async function firstRecordDays(db: Queryable, projectNos: readonly string[]): Promise<Map<string, string>> {
  if (projectNos.length === 0) return new Map();
  const rows = await db.query<{ project_no: string; day: string }>(
    'select project_no, min(day)::text as day from broker_unit_records where project_no = any($1::text[]) group by project_no',
    [projectNos],
  );
  return new Map(rows.map((r) => [r.project_no, r.day]));
}

/** Interest and performance fee accrued per project and record day (the day's sums), in a window. */
export async function accrualsByDay(
  db: Queryable,
  projectNos: readonly string[],
  window: { from: string | null; to: string | null },
): Promise<{ interest: Map<string, Decimal>; fee: Map<string, Decimal> }> {
  const key = (p: string, day: string) => `${p}|${day}`;
  const interest = new Map<string, Decimal>();
  const fee = new Map<string, Decimal>();
  if (projectNos.length === 0) return { interest, fee };
  const params = [projectNos, window.from, window.to];
  const range = `project_no = any($1::text[]) and ($2::date is null or day >= $2::date) and ($3::date is null or day <= $3::date)`;
  const [i, f] = await Promise.all([
    db.query<{ project_no: string; day: string; amount: string }>(`select project_no, day::text as day, sum(amount)::text as amount from broker_interest_accruals where ${range} group by 1, 2`, params),
    db.query<{ project_no: string; day: string; amount: string }>(`select project_no, day::text as day, amount::text as amount from broker_profit_accruals where ${range}`, params),
  ]);
  for (const r of i) interest.set(key(r.project_no, r.day), new D(r.amount));
  for (const r of f) fee.set(key(r.project_no, r.day), new D(r.amount));
  return { interest, fee };
}

export const dayKey = (projectNo: string, day: string): string => `${projectNo}|${day}`;

/** The capital flows of the organisation (a project's, an investor's), in the order records take them in. */
export async function capitalFlows(db: Queryable, orgId: string, filter: { projectNo?: string | undefined; investorId?: string | undefined }): Promise<CapitalFlowRow[]> {
  return db.query<CapitalFlowRow>(
    `select ${FLOW_COLUMNS} from broker_capital_flows f where f.org_id = $1 and ($2::text is null or f.project_no = $2) and ($3::bigint is null or f.investor_id = $3::bigint)
     order by f.nav_day nulls first, f.created_at, f.id`,
    [orgId, filter.projectNo ?? null, filter.investorId ?? null],
  );
}

/** The organisation's investors by id (names), or the one named (404 `investorId`). */
export async function investorNames(db: Queryable, orgId: string, investorId: string | undefined): Promise<Map<string, string>> {
  if (investorId !== undefined) {
    const one = await investorOf(db, orgId, investorId);
    return new Map([[one.id, one.name]]);
  }
  const rows = await db.query<{ id: string; name: string }>('select id::text as id, name from broker_investors where org_id = $1', [orgId]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Interest accrued per project and investor up to each record day: the accrual rows themselves, oldest first. */
export async function investorAccruals(db: Queryable, projectNos: readonly string[], investorId: string | undefined): Promise<Array<{ project_no: string; investor_id: string; day: string; amount: string }>> {
  if (projectNos.length === 0) return [];
  return db.query(
    `select project_no, investor_id::text as investor_id, day::text as day, amount::text as amount from broker_interest_accruals
     where project_no = any($1::text[]) and ($2::bigint is null or investor_id = $2::bigint) order by day`,
    [projectNos, investorId ?? null],
  );
}

/**
 * Interest paid out to investors per project (ledger `broker_interest_payment`: the project's primary sub-account
 * pays, each `investor:<id>` receives its share).
 */
export async function interestPaid(db: Queryable, projects: readonly ProjectRow[]): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>();
  if (projects.length === 0) return out;
  const rows = await db.query<{ account_id: string; provider_account: string; amount: string }>(
    `select b.broker_account_id::text as account_id, p.provider_account, sum(p.amount)::text as amount
     from ledger_transactions t
     join ledger_postings b on b.tx_id = t.id and b.broker_account_id = any($1::bigint[])
     join ledger_postings p on p.tx_id = t.id and p.provider_account like 'investor:%'
     where t.kind = 'broker_interest_payment' group by 1, 2`,
    [projects.map((p) => p.account_id)],
  );
  const projectOfAccount = new Map(projects.map((p) => [p.account_id, p.project_no]));
  for (const r of rows) out.set(dayKey(projectOfAccount.get(r.account_id)!, r.provider_account.slice('investor:'.length)), new D(r.amount));
  return out;
}

/** Whether record day `day` of a project already holds a flow (see the module comment). */
export function flowCounts(flow: Pick<CapitalFlowRow, 'nav_day' | 'created_at'>, day: string, firstRecordDay: string | undefined): boolean {
  if (flow.nav_day !== null) return flow.nav_day < day;
  return (firstRecordDay !== undefined && day >= firstRecordDay) || flow.created_at.getTime() < hkMidnight(day).getTime();
}

/** An investor's position in one project on a record day. */
export interface Position {
  units: Decimal;
  capitalIn: Decimal;
  capitalOut: Decimal;
}

export const emptyPosition = (): Position => ({ units: ZERO, capitalIn: ZERO, capitalOut: ZERO });

/** The position a list of one holding's flows gives on a record day. */
export function positionAt(flows: readonly CapitalFlowRow[], day: string, firstRecordDay: string | undefined): Position {
  let p = emptyPosition();
  for (const f of flows) {
    if (!flowCounts(f, day, firstRecordDay)) continue;
    p =
      f.direction === 'increase'
        ? { units: p.units.add(f.units), capitalIn: p.capitalIn.add(f.amount), capitalOut: p.capitalOut }
        : { units: p.units.sub(f.units), capitalIn: p.capitalIn, capitalOut: p.capitalOut.add(f.amount) };
  }
  return p;
}

/** A holding's value at a NAV: units × NAV cut to 8 decimals (as a redemption would pay, contract/broker-nav.ts). */
export function valueOf(units: Decimal, nav: Decimal.Value): Decimal {
  return units.mul(nav).toDecimalPlaces(8, Decimal.ROUND_DOWN);
}

/** Flows grouped per project and investor (`project|investor`). */
export function flowsByHolding(flows: readonly CapitalFlowRow[]): Map<string, CapitalFlowRow[]> {
  const out = new Map<string, CapitalFlowRow[]>();
  for (const f of flows) {
    const key = dayKey(f.project_no, f.investor_id);
    const list = out.get(key);
    if (list) list.push(f);
    else out.set(key, [f]);
  }
  return out;
}

/** The NAV in force on a day: the latest record's at or before it, 1 before the first (records oldest first). */
export function navOn(records: readonly UnitRecordRow[], day: string): string {
  return lastOnOrBefore(records, day)?.nav ?? '1';
}

/** The last item of a list ordered by day whose day is not after `day` (binary search), or undefined. */
export function lastOnOrBefore<T extends { day: string }>(list: readonly T[], day: string): T | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.day <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : list[lo - 1];
}

export type { DayWindow };
