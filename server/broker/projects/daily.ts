import { navPerUnit, netAssetOf } from '../../../contract/broker-nav.ts';
import { addDays, hkDay, hkMidnight } from '../../../contract/broker-projects-rules.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount, ZERO } from '../../trade/decimal.ts';
import { simulateDay } from './simulate.ts';
import { grossAsset, primaryAvailable, projectByNo, type ProjectRow } from './store.ts';

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

/**
 * Writes the record of `day` for the project (locked by the caller), with its trading, interest and fee. Returns
 * false when the record exists already or the day is outside (start_day, end_day].
 */
export async function recordDay(tx: Queryable, project: ProjectRow, day: string): Promise<boolean> {
  if (day <= project.start_day || day > project.end_day) return false;
  const done = await tx.query('select 1 from broker_unit_records where project_no = $1 and day = $2::date', [project.project_no, day]);
  if (done[0]) return false;
  const tradingDay = addDays(day, -1);
  const at = postedAt(day);

  // 1. Simulated trading on the primary account's free futures USDT.
  const balance = await primaryAvailable(tx, project);
  const sim = simulateDay(project.project_no, tradingDay, balance);
  if (!sim.pnl.isZero()) {
    await post(
      tx,
      new Entry('broker_trade_pnl', `broker_project:${project.project_no}:${tradingDay}`, null, project.account_id)
        .broker(project.account_id, 'futures', 'USDT', sim.pnl)
        .provider(`exchange:${project.exchange_code}`, 'USDT', sim.pnl.neg()),
      at,
    );
  }
  if (sim.trades.length > 0) {
    const values: string[] = [];
    const params: unknown[] = [project.project_no, project.account_id, tradingDay];
    for (const t of sim.trades) {
      const base = params.length;
      params.push(t.time, t.symbol, t.side, t.price.toFixed(), t.qty.toFixed(), t.quoteVolume.toFixed(), t.fee.toFixed(), t.realizedPnl.toFixed());
      values.push(`($1, $2, $3::date, ${Array.from({ length: 8 }, (_, i) => `$${base + i + 1}`).join(', ')})`);
    }
    await tx.query(
      `insert into broker_project_trades (project_no, account_id, trade_day, time, symbol, side, price, qty, quote_volume, fee, realized_pnl) values ${values.join(', ')}`,
      params,
    );
  }

  // 2. Interest on each holding's principal.
  const rate = new D(project.interest_rate);
  let interest = ZERO;
  if (rate.gt(0)) {
    const holdings = await tx.query<{ investor_id: string; principal: string }>(
      'select investor_id::text as investor_id, principal::text as principal from broker_holdings where project_no = $1 and principal > 0 order by investor_id',
      [project.project_no],
    );
    const rows = holdings
      .map((h) => ({ investor: h.investor_id, principal: h.principal, amount: new D(h.principal).mul(rate).div(365).toDecimalPlaces(8, D.ROUND_DOWN) }))
      .filter((r) => r.amount.gt(0));
    if (rows.length > 0) {
      const params: unknown[] = [project.project_no, day];
      const values = rows.map((r) => {
        params.push(r.investor, r.principal, r.amount.toFixed());
        const n = params.length;
        return `($1, $${n - 2}, $2::date, $${n - 1}, $${n})`;
      });
      await tx.query(`insert into broker_interest_accruals (project_no, investor_id, day, principal, amount) values ${values.join(', ')}`, params);
      interest = rows.reduce((sum, r) => sum.add(r.amount), ZERO);
    }
  }
  const interestPayable = new D(project.interest_payable).add(interest);

  // 3. Performance fee above the high-water mark.
  const gross = await grossAsset(tx, project.project_no);
  const units = new D(project.units);
  let profitPayable = new D(project.profit_payable);
  let hwm = new D(project.hwm);
  const navBefore = new D(navPerUnit(netAssetOf(gross, interestPayable, profitPayable), units));
  if (units.gt(0) && navBefore.gt(hwm)) {
    const fee = new D(project.performance_fee_rate).mul(navBefore.sub(hwm)).mul(units).toDecimalPlaces(8, D.ROUND_DOWN);
    const navAfter = new D(navPerUnit(netAssetOf(gross, interestPayable, profitPayable.add(fee)), units));
    if (fee.gt(0)) {
      await tx.query(
        'insert into broker_profit_accruals (project_no, day, nav_before, hwm_before, nav_after, units, amount) values ($1, $2::date, $3, $4, $5, $6, $7)',
        [project.project_no, day, navBefore.toFixed(), hwm.toFixed(), navAfter.toFixed(), units.toFixed(), fee.toFixed()],
      );
      profitPayable = profitPayable.add(fee);
    }
    hwm = navAfter;
  }

  // 4. The record.
  const flows = await tx.query<{ inflow: string; outflow: string }>(
    `select coalesce(sum(amount) filter (where direction = 'increase'), 0)::text as inflow,
            coalesce(sum(amount) filter (where direction = 'decrease'), 0)::text as outflow
     from broker_capital_flows where project_no = $1 and created_at >= $2 and created_at < $3`,
    [project.project_no, hkMidnight(tradingDay), hkMidnight(day)],
  );
  const net = netAssetOf(gross, interestPayable, profitPayable);
  await tx.query(
    `insert into broker_unit_records (project_no, day, gross_asset, interest_payable, profit_payable, net_asset, units, nav, pnl, flows_in, flows_out, trade_volume, created_at)
     values ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      project.project_no,
      day,
      dbAmount(gross),
      dbAmount(interestPayable),
      dbAmount(profitPayable),
      dbAmount(new D(net)),
      units.toFixed(),
      navPerUnit(net, units).toFixed(),
      sim.pnl.toFixed(),
      flows[0]!.inflow,
      flows[0]!.outflow,
      sim.volume.toFixed(),
      hkMidnight(day),
    ],
  );
  await tx.query('update broker_projects set interest_payable = $2, profit_payable = $3, hwm = $4 where project_no = $1', [
    project.project_no,
    dbAmount(interestPayable),
    dbAmount(profitPayable),
    hwm.toFixed(),
  ]);
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

