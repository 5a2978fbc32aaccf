import type { Static } from 'typebox';
import type { BrokerExchange, BrokerWallet } from '../../../contract/broker-rules.ts';
import { PROFIT_OPERATION_KIND_OF, type AllotMode, type ProfitApplicationType } from '../../../contract/broker-profit-rules.ts';
import type { ProfitAccrual, ProfitApplication } from '../../../contract/broker-profit.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D } from '../../platform/decimal.ts';
import { checkIdRange } from '../accounts.ts';
import { applicationHead, decisionView } from '../applications.ts';
import { type ListQuery, orgList, type OrgRow, orgRowByRequest, orgRowOf, type TimeFilter } from '../lists.ts';
import { plain } from '../valuation.ts';

/**
 * Profit applications (migration 030; server/broker/README.md "Profit"): the row as the lists and decisions read it,
 * its legs, its reply view, and the two lists' query builders (shared with the export, so a file's rows are the
 * page's rows for the same filters).
 */

export interface ProfitApplicationRow {
  id: string;
  org_id: string;
  project_no: string;
  project_name: string;
  type: ProfitApplicationType;
  status: 'applying' | 'approved' | 'rejected' | 'done';
  exchange_code: BrokerExchange;
  primary_account_id: string;
  primary_name: string;
  from_account_id: string;
  from_name: string;
  from_wallet: BrokerWallet;
  asset: string;
  amount: string;
  allot_mode: AllotMode | null;
  units: string | null;
  nav: string | null;
  remark: string;
  reject_reason: string | null;
  applicant_id: number;
  applicant: string;
  approver_id: number | null;
  approver: string | null;
  request_id: string;
  decision_request_id: string | null;
  created_at: Date;
  decided_at: Date | null;
  completed_at: Date | null;
}

export interface LegRow {
  application_id: string;
  account_id: string;
  name: string;
  wallet: BrokerWallet;
  amount: string;
  percent: string | null;
}

export const PROFIT_APPLICATION_FROM = `broker_profit_applications x
  join broker_projects p on p.project_no = x.project_no
  join broker_accounts pa on pa.id = p.account_id
  join broker_accounts fa on fa.id = x.from_account_id
  join users au on au.id = x.applicant_id
  left join users pu on pu.id = x.approver_id`;

export const PROFIT_APPLICATION_COLUMNS = `x.id::text as id, x.org_id::text as org_id, x.project_no, p.name as project_name, x.type, x.status,
  pa.exchange_code, p.account_id::text as primary_account_id, pa.name as primary_name, x.from_account_id::text as from_account_id,
  fa.name as from_name, x.from_wallet, x.asset, x.amount::text as amount, x.allot_mode, x.units::text as units, x.nav::text as nav,
  x.remark, x.reject_reason, x.applicant_id, au.email as applicant, x.approver_id, pu.email as approver, x.request_id,
  x.decision_request_id, x.created_at, x.decided_at, x.completed_at`;

/** The legs of some applications, in their order. */
export async function legsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, LegRow[]>> {
  const rows = ids.length
    ? await db.query<LegRow>(
        `select l.application_id::text as application_id, l.account_id::text as account_id, a.name, l.wallet, l.amount::text as amount, l.percent::text as percent
         from broker_profit_legs l join broker_accounts a on a.id = l.account_id where l.application_id = any($1::bigint[]) order by l.application_id, l.position`,
        [ids],
      )
    : [];
  const out = new Map<string, LegRow[]>();
  for (const r of rows) out.set(r.application_id, [...(out.get(r.application_id) ?? []), r]);
  return out;
}

export function profitApplicationView(r: ProfitApplicationRow, legs: readonly LegRow[], userId: number): Static<typeof ProfitApplication> {
  // A transfer in shows where the money came from; a withdrawal or allocation where it goes.
  const shown =
    r.type === 'transfer_in'
      ? [{ brokerAccountId: r.from_account_id, subAccountName: r.from_name, wallet: r.from_wallet, amount: plain(r.amount), percent: null }]
      : legs.map((l) => ({ brokerAccountId: l.account_id, subAccountName: l.name, wallet: l.wallet, amount: plain(l.amount), percent: l.percent === null ? null : plain(l.percent) }));
  return {
    ...applicationHead(r, PROFIT_OPERATION_KIND_OF),
    projectNo: r.project_no,
    projectName: r.project_name,
    exchangeCode: r.exchange_code,
    primaryAccountId: r.primary_account_id,
    primarySubAccountName: r.primary_name,
    asset: r.asset,
    amount: plain(r.amount),
    legs: shown,
    allotMode: r.allot_mode,
    units: r.units === null ? null : plain(r.units),
    nav: r.nav === null ? null : plain(r.nav),
    ...decisionView(r, userId),
  };
}

/** Views of some rows with their legs (one query for the legs). */
export async function profitApplicationViews(db: Queryable, rows: readonly ProfitApplicationRow[], userId: number): Promise<Static<typeof ProfitApplication>[]> {
  const legs = await legsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => profitApplicationView(r, legs.get(r.id) ?? [], userId));
}

const PROFIT_APPLICATION: OrgRow = {
  table: 'broker_profit_applications',
  alias: 'x',
  key: 'id',
  columns: PROFIT_APPLICATION_COLUMNS,
  from: PROFIT_APPLICATION_FROM,
  field: 'applicationId',
};

/** The organisation's profit application, or 404 (another organisation's is as unknown as a missing one). */
export async function profitApplicationOf(db: Queryable, orgId: string, id: string, lock = false): Promise<ProfitApplicationRow> {
  checkIdRange(id, 'applicationId');
  return orgRowOf<ProfitApplicationRow>(db, PROFIT_APPLICATION, orgId, id, lock);
}

export const profitApplicationByRequest = (db: Queryable, orgId: string, requestId: string) => orgRowByRequest<ProfitApplicationRow>(db, PROFIT_APPLICATION, orgId, requestId);

export type AccrualFilter = { projectNo?: string | undefined } & TimeFilter;
export type ApplicationFilter = { projectNo?: string | undefined; type?: string | undefined; status?: string | undefined } & TimeFilter;

export interface AccrualRow {
  project_no: string;
  project_name: string;
  day: string;
  nav_before: string;
  hwm_before: string;
  amount: string;
}

/**
 * The accrual records (profitAccrual/page), newest day first. A record's day is its zero hour (00:00 UTC+8 of
 * `day`), so the time filter reads that instant.
 */
export function accrualQuery(orgId: string, f: AccrualFilter, now: Date): ListQuery {
  return orgList(orgId, f, {
    org: 'p.org_id = $1',
    on: { projectNo: 'r.project_no = ?' },
    time: { column: `(r.day::timestamp - interval '8 hours')`, now },
    select: `r.project_no, p.name as project_name, to_char(r.day, 'YYYY-MM-DD') as day, r.nav_before::text as nav_before, r.hwm_before::text as hwm_before, r.amount::text as amount`,
    from: 'broker_profit_accruals r join broker_projects p on p.project_no = r.project_no',
    order: 'r.day desc, r.project_no',
  });
}

export const accrualView = (r: AccrualRow): Static<typeof ProfitAccrual> => ({
  projectNo: r.project_no,
  projectName: r.project_name,
  day: r.day,
  navBefore: plain(r.nav_before),
  hwmBefore: plain(r.hwm_before),
  amount: plain(new D(r.amount)),
});

/** The profit applications (profitAccrual/pageApplication), newest first. */
export function applicationQuery(orgId: string, f: ApplicationFilter, now: Date): ListQuery {
  return orgList(orgId, f, {
    org: 'x.org_id = $1',
    on: { projectNo: 'x.project_no = ?', type: 'x.type = ?', status: 'x.status = ?' },
    time: { column: 'x.created_at', now },
    select: PROFIT_APPLICATION_COLUMNS,
    from: PROFIT_APPLICATION_FROM,
    order: 'x.created_at desc, x.id desc',
  });
}
