import { navPerUnit, netAssetOf } from '../../../contract/broker-nav.ts';
import { addDays, hkDay, hkMidnight } from '../../../contract/broker-projects-rules.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount, ZERO } from '../../platform/decimal.ts';
import { simulateDay } from './simulate.ts';
import { projectByNo, type ProjectRow } from './store.ts';

/**
 * The daily zero-hour job (shared design "Daily zero-hour job"; spec §9 "others 00:00 UTC+8"). The record of day D
 * is taken at D 00:00 UTC+8 and covers trading day D − 1. A project gets records for the days after its start day
 * up to its end day (the day it becomes completed): D in (start_day, end_day]. For each due day, in one
 * transaction with the project row locked:
 * 1. the simulated trading of D − 1 (simulate.ts) on the primary account's free futures USDT: the P&L posted as
 *    `broker_trade_pnl` (`exchange:<code>` ↔ primary futures), the trades written;
 * 2. interest accrual: each holding's principal × interest_rate / 365 (8 decimals, down) → interest_payable;
 * 3. performance fee: NAV before the fee above the high-water mark → fee = rate × (NAV − hwm) × units (8 decimals,
 *    down) → profit_payable; the mark becomes the NAV after the fee;
 * 4. the record: gross, liabilities, net, units, NAV, the day's P&L, flows in and out during D − 1, trade volume.
 * Idempotent per (project, day): the record's primary key; a re-run finds it and does nothing. `catchUpProject`
 * runs the due days of one project in the caller's transaction: every capital flow calls it first (after locking
 * the project), so a flow at a time after D 00:00 always comes after D's record.
 */

/** The entries of the job are dated one second before the record's zero hour: the last moment of the trading day. */
function postedAt(day: string): Date {
  return new Date(hkMidnight(day).getTime() - 1000);
}

/** The last day whose zero hour has passed at `at`: today (UTC+8). */
export function latestZeroDay(at: Date): string {
  return hkDay(at);
}

/** The first and last record day a project may still need at `at`, or null when it is up to date. */
function dueRange(project: Pick<ProjectRow, 'start_day' | 'end_day'>, lastRecordDay: string | null, at: Date): [string, string] | null {
  const first = lastRecordDay ? addDays(lastRecordDay, 1) : addDays(project.start_day, 1);
  const latest = latestZeroDay(at);
  const last = latest < project.end_day ? latest : project.end_day;
  return first <= last ? [first, last] : null;
}

/** Collects the parameters of one statement: `add` returns the placeholder of a new one. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

interface DayState {
  done: boolean;
  available: string;
  gross: string;
  inflow: string;
  outflow: string;
  holdings: Array<{ i: string; p: string }> | string;
}

/**
 * Writes the record of `day` for the project (locked by the caller), with its trading, interest and fee. Returns
 * false when the record exists already or the day is outside (start_day, end_day]. One read, the ledger entry and
 * one write (the year of the demo project is seeded through here at every sandbox start).
 */
export async function recordDay(tx: Queryable, project: ProjectRow, day: string): Promise<boolean> {
  if (day <= project.start_day || day > project.end_day) return false;
  const tradingDay = addDays(day, -1);
  const at = postedAt(day);
  const state = (
    await tx.query<DayState>(
      `select exists (select 1 from broker_unit_records where project_no = $1 and day = $2::date) as done,
         coalesce((select free from broker_balances where account_id = $3 and wallet = 'futures' and asset = 'USDT'), 0)::text as available,
         (select coalesce(sum(b.free + b.locked), 0) from broker_project_accounts r join broker_balances b on b.account_id = r.account_id and b.asset = 'USDT'
           where r.project_no = $1 and r.unlinked_at is null)::text as gross,
         (select coalesce(sum(amount), 0) from broker_capital_flows where project_no = $1 and direction = 'increase' and created_at >= $4 and created_at < $5)::text as inflow,
         (select coalesce(sum(amount), 0) from broker_capital_flows where project_no = $1 and direction = 'decrease' and created_at >= $4 and created_at < $5)::text as outflow,
         (select coalesce(json_agg(json_build_object('i', investor_id::text, 'p', principal::text) order by investor_id), '[]'::json)
           from broker_holdings where project_no = $1 and principal > 0) as holdings`,
      [project.project_no, day, project.account_id, hkMidnight(tradingDay), hkMidnight(day)],
    )
  )[0]!;
  if (state.done) return false;

  // 1. Simulated trading on the primary account's free futures USDT.
  const sim = simulateDay(project.project_no, tradingDay, new D(state.available));
  if (!sim.pnl.isZero()) {
    await post(
      tx,
      new Entry('broker_trade_pnl', `broker_project:${project.project_no}:${tradingDay}`, null, project.account_id)
        .broker(project.account_id, 'futures', 'USDT', sim.pnl)
        .provider(`exchange:${project.exchange_code}`, 'USDT', sim.pnl.neg()),
      at,
    );
  }
  const gross = new D(state.gross).add(sim.pnl);

  // 2. Interest on each holding's principal.
  const rate = new D(project.interest_rate);
  const holdings = typeof state.holdings === 'string' ? (JSON.parse(state.holdings) as Array<{ i: string; p: string }>) : state.holdings;
  const accruals = rate.gt(0)
    ? holdings.map((h) => ({ investor: h.i, principal: h.p, amount: new D(h.p).mul(rate).div(365).toDecimalPlaces(8, D.ROUND_DOWN) })).filter((r) => r.amount.gt(0))
    : [];
  const interestPayable = accruals.reduce((sum, r) => sum.add(r.amount), new D(project.interest_payable));

  // 3. Performance fee above the high-water mark.
  const units = new D(project.units);
  let profitPayable = new D(project.profit_payable);
  let hwm = new D(project.hwm);
  let fee = ZERO;
  const navBefore = new D(navPerUnit(netAssetOf(gross, interestPayable, profitPayable), units));
  let navAfter = navBefore;
  if (units.gt(0) && navBefore.gt(hwm)) {
    fee = new D(project.performance_fee_rate).mul(navBefore.sub(hwm)).mul(units).toDecimalPlaces(8, D.ROUND_DOWN);
    navAfter = new D(navPerUnit(netAssetOf(gross, interestPayable, profitPayable.add(fee)), units));
    profitPayable = profitPayable.add(fee);
  }
  const hwmBefore = hwm;
  if (units.gt(0) && navBefore.gt(hwm)) hwm = navAfter;

  // 4. The trades, accruals and record in one statement, the project's liabilities and mark with them.
  const q = new Params();
  const no = q.add(project.project_no);
  const d = q.add(day, '::date');
  const parts: string[] = [];
  if (sim.trades.length > 0) {
    const account = q.add(project.account_id);
    const trading = q.add(tradingDay, '::date');
    const rows = sim.trades.map(
      (t) =>
        `(${no}, ${account}, ${trading}, ${[q.add(t.time), q.add(t.symbol), q.add(t.side), q.add(t.price.toFixed()), q.add(t.qty.toFixed()), q.add(t.quoteVolume.toFixed()), q.add(t.fee.toFixed()), q.add(t.realizedPnl.toFixed())].join(', ')})`,
    );
    parts.push(`trades as (insert into broker_project_trades (project_no, account_id, trade_day, time, symbol, side, price, qty, quote_volume, fee, realized_pnl) values ${rows.join(', ')})`);
  }
  if (accruals.length > 0) {
    const rows = accruals.map((r) => `(${no}, ${q.add(r.investor)}::bigint, ${d}, ${q.add(r.principal)}::numeric, ${q.add(r.amount.toFixed())}::numeric)`);
    parts.push(`interest as (insert into broker_interest_accruals (project_no, investor_id, day, principal, amount) values ${rows.join(', ')})`);
  }
  if (fee.gt(0)) {
    parts.push(
      `fee as (insert into broker_profit_accruals (project_no, day, nav_before, hwm_before, nav_after, units, amount)
       values (${no}, ${d}, ${q.add(navBefore.toFixed())}, ${q.add(hwmBefore.toFixed())}, ${q.add(navAfter.toFixed())}, ${q.add(units.toFixed())}, ${q.add(fee.toFixed())}))`,
    );
  }
  const net = netAssetOf(gross, interestPayable, profitPayable);
  const ip = q.add(dbAmount(interestPayable));
  const pp = q.add(dbAmount(profitPayable));
  parts.push(
    `record as (insert into broker_unit_records (project_no, day, gross_asset, interest_payable, profit_payable, net_asset, units, nav, pnl, flows_in, flows_out, trade_volume, created_at)
     values (${no}, ${d}, ${q.add(dbAmount(gross))}, ${ip}::numeric, ${pp}::numeric, ${q.add(dbAmount(new D(net)))}, ${q.add(units.toFixed())}, ${q.add(navPerUnit(net, units).toFixed())},
       ${q.add(sim.pnl.toFixed())}, ${q.add(state.inflow)}, ${q.add(state.outflow)}, ${q.add(sim.volume.toFixed())}, ${q.add(hkMidnight(day))}))`,
  );
  await tx.query(`with ${parts.join(', ')} update broker_projects set interest_payable = ${ip}::numeric, profit_payable = ${pp}::numeric, hwm = ${q.add(hwm.toFixed())} where project_no = ${no}`, q.values);
  project.interest_payable = interestPayable.toFixed();
  project.profit_payable = profitPayable.toFixed();
  project.hwm = hwm.toFixed();
  return true;
}

async function lastRecordDay(db: Queryable, projectNo: string): Promise<string | null> {
  const rows = await db.query<{ day: string | null }>('select max(day)::text as day from broker_unit_records where project_no = $1', [projectNo]);
  return rows[0]?.day ?? null;
}

/**
 * Brings one project (locked by the caller, in the caller's transaction) up to date at `at`: the records of every
 * due day, oldest first. The row passed in is updated to the new liabilities and mark. Returns how many it wrote.
 */
export async function catchUpProject(tx: Queryable, project: ProjectRow, at: Date): Promise<number> {
  const range = dueRange(project, await lastRecordDay(tx, project.project_no), at);
  if (!range) return 0;
  let written = 0;
  for (let day = range[0]; day <= range[1]; day = addDays(day, 1)) if (await recordDay(tx, project, day)) written++;
  return written;
}

/**
 * The job over every project at `at` (run from ctx.timed after each sweep and clock advance, and at start-up): each
 * due (project, day) in its own transaction, the project row locked first, so a record and a capital flow of one
 * project never interleave. Returns the records written.
 */
export async function runDailyJob(db: Db, at: Date): Promise<number> {
  const latest = latestZeroDay(at);
  const due = await db.query<{ project_no: string; start_day: string; end_day: string; last_day: string | null }>(
    `select p.project_no, p.start_day::text as start_day, p.end_day::text as end_day, r.last_day::text as last_day
     from broker_projects p left join lateral (select max(day) as last_day from broker_unit_records r where r.project_no = p.project_no) r on true
     where p.start_day < $1::date and coalesce(r.last_day, p.start_day) < least(p.end_day, $1::date)
     order by p.project_no`,
    [latest],
  );
  let written = 0;
  for (const p of due) {
    const range = dueRange(p, p.last_day, at);
    if (!range) continue;
    for (let day = range[0]; day <= range[1]; day = addDays(day, 1)) {
      const wrote = await db.transaction(async (tx) => {
        const project = await projectByNo(tx, p.project_no, true);
        return project ? recordDay(tx, project, day) : false;
      });
      if (wrote) written++;
    }
  }
  return written;
}

