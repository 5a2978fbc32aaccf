import type Decimal from 'decimal.js';
import type { Static } from 'typebox';
import { type BillAction, billActions, billRefusal, type BillState, INTEREST_ASSET, INTEREST_WALLET, interestStateOfBill } from '../../../contract/broker-interest-rules.ts';
import type { BillReview, InterestLine, PayingAccount, SettleBill } from '../../../contract/broker-interest.ts';
import type { BrokerExchange } from '../../../contract/broker-rules.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { type OrgRow, orgRowOf } from '../lists.ts';
import type { ProjectRow } from '../projects/store.ts';
import { plain } from '../valuation.ts';

/**
 * Settle bills (migration 029) as the interest calls read them: the bill row and its reply view, its lines, its
 * history, and the unsettled accruals a settlement would take (server/broker/README.md "Interest settlement and bills").
 */

export interface BillRow {
  id: string;
  org_id: string;
  project_no: string;
  project_name: string;
  bill_no: string;
  from_day: string;
  until_day: string;
  total: string;
  investor_count: number;
  status: BillState;
  remark: string;
  reject_reason: string | null;
  applicant_id: number;
  applicant: string;
  initial_reviewer_id: number | null;
  initial_reviewer: string | null;
  re_reviewer: string | null;
  payer: string | null;
  rejecter: string | null;
  request_id: string;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
}

/** A settle bill as the lists and orgRowOf read it (lists.ts), asked for by its number: its joins and its columns. */
export const BILL: OrgRow = {
  table: 'broker_interest_bills',
  alias: 'b',
  key: 'bill_no',
  field: 'billNo',
  from: `broker_interest_bills b
  join broker_projects p on p.project_no = b.project_no
  join users au on au.id = b.applicant_id
  left join users iu on iu.id = b.initial_reviewer_id
  left join users ru on ru.id = b.re_reviewer_id
  left join users pu on pu.id = b.payer_id
  left join users xu on xu.id = b.rejecter_id`,
  columns: `b.id::text as id, b.org_id::text as org_id, b.project_no, p.name as project_name, b.bill_no,
  b.from_day::text as from_day, b.until_day::text as until_day, b.total::text as total,
  (select count(*)::int from broker_interest_bill_lines l where l.bill_id = b.id) as investor_count, b.status, b.remark, b.reject_reason,
  b.applicant_id, au.email as applicant, b.initial_reviewer_id, iu.email as initial_reviewer, ru.email as re_reviewer, pu.email as payer,
  xu.email as rejecter, b.request_id, b.created_at, b.updated_at, b.paid_at`,
};

type BillView = Static<typeof SettleBill>;

/** The reply view of a bill for the calling member: what it allows now and which of that the caller may do. */
export function billView(r: BillRow, userId: number): BillView {
  const actions = billActions(r.status);
  const people = { me: userId, applicant: r.applicant_id, initialReviewer: r.initial_reviewer_id };
  const refusals = actions.map((a) => billRefusal(a, r.status, people));
  return {
    billNo: r.bill_no,
    projectNo: r.project_no,
    projectName: r.project_name,
    asset: INTEREST_ASSET,
    fromDay: r.from_day,
    untilDay: r.until_day,
    total: plain(r.total),
    investorCount: r.investor_count,
    status: r.status,
    interestState: interestStateOfBill(r.status),
    remark: r.remark,
    rejectReason: r.reject_reason,
    applicant: r.applicant,
    initialReviewer: r.initial_reviewer,
    reReviewer: r.re_reviewer,
    payer: r.payer,
    rejecter: r.rejecter,
    actions,
    myActions: actions.filter((_, i) => refusals[i] === null),
    refusal: refusals.find((x) => x !== null) ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    paidAt: r.paid_at?.toISOString() ?? null,
  };
}

/** The organisation's bill by number, or 404 `billNo` (another organisation's is as unknown as a missing one). */
export const billOf = (db: Queryable, orgId: string, billNo: string, lock = false) =>
  orgRowOf<BillRow>(db, BILL, orgId, billNo, lock);

interface LineRow {
  investor_id: string;
  investor_name: string;
  principal: string;
  days: number;
  from_day: string;
  to_day: string;
  amount: string;
}

const lineView = (l: LineRow): Static<typeof InterestLine> => ({
  investorId: l.investor_id,
  investorName: l.investor_name,
  principal: plain(l.principal),
  days: l.days,
  fromDay: l.from_day,
  toDay: l.to_day,
  amount: plain(l.amount),
});

/**
 * What a settlement up to `untilDay` takes: per investor the project's accruals that no bill holds, with their sum
 * (investors whose accruals sum to zero have no line). Sums are exact (numeric), the total is the lines' sum.
 */
export async function pendingLines(db: Queryable, projectNo: string, untilDay: string): Promise<{ lines: Static<typeof InterestLine>[]; total: Decimal; fromDay: string | null }> {
  const rows = await db.query<LineRow>(
    `select a.investor_id::text as investor_id, i.name as investor_name, ((array_agg(a.principal order by a.day desc))[1])::text as principal,
       count(*)::int as days, min(a.day)::text as from_day, max(a.day)::text as to_day, sum(a.amount)::text as amount
     from broker_interest_accruals a join broker_investors i on i.id = a.investor_id
     where a.project_no = $1 and a.settlement_id is null and a.day <= $2
     group by a.investor_id, i.name having sum(a.amount) > 0 order by a.investor_id`,
    [projectNo, untilDay],
  );
  const lines = rows.map(lineView);
  const total = rows.reduce((sum, r) => sum.add(r.amount), ZERO);
  const fromDay = rows.reduce<string | null>((min, r) => (min === null || r.from_day < min ? r.from_day : min), null);
  return { lines, total, fromDay };
}

/** A bill's lines, by investor. */
export async function billLines(db: Queryable, billId: string): Promise<Static<typeof InterestLine>[]> {
  const rows = await db.query<LineRow>(
    `select l.investor_id::text as investor_id, i.name as investor_name, l.principal::text as principal, l.days, l.from_day::text as from_day,
       l.to_day::text as to_day, l.amount::text as amount
     from broker_interest_bill_lines l join broker_investors i on i.id = l.investor_id where l.bill_id = $1 order by l.investor_id`,
    [billId],
  );
  return rows.map(lineView);
}

/** A bill's history, oldest first. */
export async function billSteps(db: Queryable, billId: string): Promise<Static<typeof BillReview>[]> {
  const rows = await db.query<{ step: 'apply' | BillAction; status: BillState; member: string; remark: string; created_at: Date }>(
    `select s.step, s.status, u.email as member, s.remark, s.created_at from broker_interest_bill_steps s join users u on u.id = s.member_id
     where s.bill_id = $1 order by s.created_at, s.id`,
    [billId],
  );
  return rows.map((r) => ({ step: r.step, status: r.status, member: r.member, remark: r.remark, createdAt: r.created_at.toISOString() }));
}

/** The project's paying account: its primary sub-account's futures wallet, USDT. */
export async function payingAccount(db: Queryable, project: ProjectRow): Promise<Static<typeof PayingAccount>> {
  const rows = await db.query<{ exchange_code: BrokerExchange; name: string; free: string | null; locked: string | null }>(
    `select a.exchange_code, a.name, b.free::text as free, b.locked::text as locked from broker_accounts a
     left join broker_balances b on b.account_id = a.id and b.wallet = $2 and b.asset = $3 where a.id = $1`,
    [project.account_id, INTEREST_WALLET, INTEREST_ASSET],
  );
  const row = rows[0];
  return {
    projectNo: project.project_no,
    brokerAccountId: project.account_id,
    exchangeCode: row?.exchange_code ?? project.exchange_code,
    subAccountName: row?.name ?? project.account_name,
    wallet: INTEREST_WALLET,
    asset: INTEREST_ASSET,
    free: plain(new D(row?.free ?? 0)),
    locked: plain(new D(row?.locked ?? 0)),
  };
}
