import type Decimal from 'decimal.js';
import { exactNav, navPerUnit, netAssetOf } from '../../../contract/broker-nav.ts';
import type { BrokerExchange } from '../../../contract/broker-rules.ts';
import { type FlowDirection, type ProjectStatus, projectStatus } from '../../../contract/broker-projects-rules.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, ZERO } from '../../platform/decimal.ts';

/**
 * The projects' tables (migration 028) as the sandbox reads them: row types and the small reads the projects
 * core (server/broker/projects) and the interest, profit and analytics areas share. Numeric columns come back as
 * text, days as YYYY-MM-DD (UTC+8), ids as text.
 *
 * The money of a project is the USDT of every wallet (free and locked) of its live sub-accounts (primary and
 * linked, `broker_project_accounts`); the sandbox puts nothing but USDT there.
 */

export interface ProjectRow {
  project_no: string;
  org_id: string;
  name: string;
  description: string;
  asset: 'USDT';
  exchange_code: BrokerExchange;
  /** The primary sub-account. */
  account_id: string;
  account_name: string;
  start_day: string;
  end_day: string;
  interest_rate: string;
  performance_fee_rate: string;
  min_subscription: string;
  units: string;
  interest_payable: string;
  profit_payable: string;
  hwm: string;
  share_code: string;
  created_by: number;
  created_by_email: string;
  created_at: Date;
}

export interface ProjectAccountRow {
  id: string;
  project_no: string;
  account_id: string;
  role: 'primary' | 'linked';
  remark: string;
  created_by_email: string;
  created_at: Date;
  updated_at: Date;
}

export interface InvestorRow {
  id: string;
  org_id: string;
  name: string;
  email: string;
  created_at: Date;
}

export interface HoldingRow {
  project_no: string;
  investor_id: string;
  units: string;
  principal: string;
  created_at: Date;
  updated_at: Date;
}

export interface CapitalFlowRow {
  id: string;
  org_id: string;
  project_no: string;
  investor_id: string;
  direction: FlowDirection;
  source: 'investor' | 'broker_account';
  source_account_id: string | null;
  amount: string;
  units: string;
  nav: string;
  nav_day: string | null;
  principal_change: string;
  remark: string;
  operator_id: number;
  request_id: string;
  created_at: Date;
}

/** The zero-hour record of `day` (taken at day 00:00 UTC+8, covering trading day − 1). */
export interface UnitRecordRow {
  project_no: string;
  day: string;
  gross_asset: string;
  interest_payable: string;
  profit_payable: string;
  net_asset: string;
  units: string;
  nav: string;
  pnl: string;
  flows_in: string;
  flows_out: string;
  trade_volume: string;
  created_at: Date;
}

export interface ProjectTradeRow {
  id: string;
  project_no: string;
  account_id: string;
  trade_day: string;
  time: Date;
  symbol: string;
  side: 'BUY' | 'SELL';
  price: string;
  qty: string;
  quote_volume: string;
  fee: string;
  realized_pnl: string;
}

export interface InterestAccrualRow {
  project_no: string;
  investor_id: string;
  day: string;
  principal: string;
  amount: string;
  settlement_id: string | null;
}

export interface ProfitAccrualRow {
  project_no: string;
  day: string;
  nav_before: string;
  hwm_before: string;
  nav_after: string;
  units: string;
  amount: string;
}

export const PROJECT_COLUMNS = `p.project_no, p.org_id::text as org_id, p.name, p.description, p.asset, p.exchange_code,
  p.account_id::text as account_id, (select name from broker_accounts a where a.id = p.account_id) as account_name,
  p.start_day::text as start_day, p.end_day::text as end_day, p.interest_rate::text as interest_rate,
  p.performance_fee_rate::text as performance_fee_rate, p.min_subscription::text as min_subscription, p.units::text as units,
  p.interest_payable::text as interest_payable, p.profit_payable::text as profit_payable, p.hwm::text as hwm, p.share_code,
  p.created_by, (select email from users u where u.id = p.created_by) as created_by_email, p.created_at`;

export const RECORD_COLUMNS = `project_no, day::text as day, gross_asset::text as gross_asset, interest_payable::text as interest_payable,
  profit_payable::text as profit_payable, net_asset::text as net_asset, units::text as units, nav::text as nav, pnl::text as pnl,
  flows_in::text as flows_in, flows_out::text as flows_out, trade_volume::text as trade_volume, created_at`;

export const FLOW_COLUMNS = `f.id::text as id, f.org_id::text as org_id, f.project_no, f.investor_id::text as investor_id, f.direction, f.source,
  f.source_account_id::text as source_account_id, f.amount::text as amount, f.units::text as units, f.nav::text as nav,
  f.nav_day::text as nav_day, f.principal_change::text as principal_change, f.remark, f.operator_id, f.request_id, f.created_at`;

/**
 * The organisation's project, or 404 `projectNo` (another organisation's is as unknown as a missing one). With
 * `lock`, the row is locked (`for update`): every change of a project's units, liabilities or money locks it
 * first, so flows, the daily job, interest payments and profit withdrawals of one project run one after another.
 */
export async function projectOf(db: Queryable, orgId: string, projectNo: string, lock = false): Promise<ProjectRow> {
  const rows = await db.query<ProjectRow>(
    `select ${PROJECT_COLUMNS} from broker_projects p where p.project_no = $1 and p.org_id = $2${lock ? ' for update of p' : ''}`,
    [projectNo, orgId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(Code.notFound, { field: 'projectNo' });
  return row;
}

/** A project by number whatever its organisation (the daily job, the public chart); null when missing. */
export async function projectByNo(db: Queryable, projectNo: string, lock = false): Promise<ProjectRow | null> {
  const rows = await db.query<ProjectRow>(`select ${PROJECT_COLUMNS} from broker_projects p where p.project_no = $1${lock ? ' for update of p' : ''}`, [projectNo]);
  return rows[0] ?? null;
}

/** The organisation's projects, newest first. */
export async function projectsOf(db: Queryable, orgId: string): Promise<ProjectRow[]> {
  return db.query<ProjectRow>(`select ${PROJECT_COLUMNS} from broker_projects p where p.org_id = $1 order by p.created_at desc, p.project_no desc`, [orgId]);
}

/** spec §4 state of a project at a moment. */
export function statusOf(project: Pick<ProjectRow, 'start_day' | 'end_day'>, at: Date): ProjectStatus {
  return projectStatus(project.start_day, project.end_day, at);
}

/** The live sub-accounts of a project (primary first). */
export async function projectAccounts(db: Queryable, projectNo: string): Promise<ProjectAccountRow[]> {
  return db.query<ProjectAccountRow>(
    `select r.id::text as id, r.project_no, r.account_id::text as account_id, r.role, r.remark,
       (select email from users u where u.id = r.created_by) as created_by_email, r.created_at, r.updated_at
     from broker_project_accounts r where r.project_no = $1 and r.unlinked_at is null order by (r.role = 'primary') desc, r.id`,
    [projectNo],
  );
}

/** The project a live sub-account belongs to (as primary or linked), or null. */
export async function projectOfAccount(db: Queryable, accountId: string): Promise<string | null> {
  const rows = await db.query<{ project_no: string }>('select project_no from broker_project_accounts where account_id = $1 and unlinked_at is null', [accountId]);
  return rows[0]?.project_no ?? null;
}

/** The gross asset of each project: USDT of every wallet (free + locked) of its live sub-accounts. */
export async function grossAssets(db: Queryable, projectNos: readonly string[]): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>(projectNos.map((p) => [p, ZERO]));
  if (projectNos.length === 0) return out;
  const rows = await db.query<{ project_no: string; total: string }>(
    `select r.project_no, coalesce(sum(b.free + b.locked), 0)::text as total
     from broker_project_accounts r join broker_balances b on b.account_id = r.account_id and b.asset = 'USDT'
     where r.project_no = any($1::text[]) and r.unlinked_at is null group by r.project_no`,
    [projectNos],
  );
  for (const r of rows) out.set(r.project_no, new D(r.total));
  return out;
}

/** The gross asset of one project. */
export async function grossAsset(db: Queryable, projectNo: string): Promise<Decimal> {
  return (await grossAssets(db, [projectNo])).get(projectNo) ?? ZERO;
}

export interface LiveNav {
  gross: Decimal;
  net: Decimal;
  units: Decimal;
  /** The published NAV per unit: 8 decimals, half-up. */
  nav: Decimal;
  /** The exact ratio net / units that flows are priced at (contract/broker-nav.ts exactNav). */
  exact: Decimal;
}

/** The live figures of a project from its row and gross asset: net asset and NAV per unit (contract/broker-nav.ts). */
export function liveNavOf(project: Pick<ProjectRow, 'units' | 'interest_payable' | 'profit_payable'>, gross: Decimal): LiveNav {
  const net = netAssetOf(gross, project.interest_payable, project.profit_payable);
  const units = new D(project.units);
  return { gross, net: new D(net), units, nav: new D(navPerUnit(net, units)), exact: new D(exactNav(net, units)) };
}

/** The live NAV of one project (read its row locked first when a flow depends on it). */
export async function liveNav(db: Queryable, project: ProjectRow): Promise<LiveNav> {
  return liveNavOf(project, await grossAsset(db, project.project_no));
}

/** The primary account's free USDT on its futures wallet: what a decrease, interest payment or profit withdrawal may take. */
export async function primaryAvailable(db: Queryable, project: Pick<ProjectRow, 'account_id'>): Promise<Decimal> {
  const rows = await db.query<{ free: string }>("select free::text as free from broker_balances where account_id = $1 and wallet = 'futures' and asset = 'USDT'", [project.account_id]);
  return new D(rows[0]?.free ?? 0);
}

/** The holdings of a project (units > 0 or principal > 0), biggest first. */
export async function holdingsOf(db: Queryable, projectNo: string): Promise<HoldingRow[]> {
  return db.query<HoldingRow>(
    `select project_no, investor_id::text as investor_id, units::text as units, principal::text as principal, created_at, updated_at
     from broker_holdings where project_no = $1 and (units > 0 or principal > 0) order by units desc, investor_id`,
    [projectNo],
  );
}

/** One investor's holding of a project (units 0 when none). */
export async function holdingOf(db: Queryable, projectNo: string, investorId: string, lock = false): Promise<HoldingRow | null> {
  const rows = await db.query<HoldingRow>(
    `select project_no, investor_id::text as investor_id, units::text as units, principal::text as principal, created_at, updated_at
     from broker_holdings where project_no = $1 and investor_id = $2${lock ? ' for update' : ''}`,
    [projectNo, investorId],
  );
  return rows[0] ?? null;
}

/** The organisation's investor, or 404 `investorId`. */
export async function investorOf(db: Queryable, orgId: string, investorId: string): Promise<InvestorRow> {
  if (BigInt(investorId) > 9_223_372_036_854_775_807n) throw new ApiError(Code.notFound, { field: 'investorId' });
  const rows = await db.query<InvestorRow>('select id::text as id, org_id::text as org_id, name, email, created_at from broker_investors where id = $1 and org_id = $2', [
    investorId,
    orgId,
  ]);
  if (!rows[0]) throw new ApiError(Code.notFound, { field: 'investorId' });
  return rows[0];
}

/** The latest zero-hour record of a project, or null before the first. */
export async function latestRecord(db: Queryable, projectNo: string): Promise<UnitRecordRow | null> {
  const rows = await db.query<UnitRecordRow>(`select ${RECORD_COLUMNS} from broker_unit_records where project_no = $1 order by day desc limit 1`, [projectNo]);
  return rows[0] ?? null;
}

/** The zero-hour records of a project between two days (both included; either open), oldest first. */
export async function recordsOf(db: Queryable, projectNo: string, fromDay?: string, toDay?: string): Promise<UnitRecordRow[]> {
  return db.query<UnitRecordRow>(
    `select ${RECORD_COLUMNS} from broker_unit_records where project_no = $1 and ($2::date is null or day >= $2::date) and ($3::date is null or day <= $3::date) order by day`,
    [projectNo, fromDay ?? null, toDay ?? null],
  );
}

/** The capital flows of a project, oldest first. */
export async function flowsOf(db: Queryable, projectNo: string): Promise<CapitalFlowRow[]> {
  return db.query<CapitalFlowRow>(`select ${FLOW_COLUMNS} from broker_capital_flows f where f.project_no = $1 order by f.created_at, f.id`, [projectNo]);
}
