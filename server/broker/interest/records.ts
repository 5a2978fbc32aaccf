import type { Static } from 'typebox';
import type { BillState, InterestState } from '../../../contract/broker-interest-rules.ts';
import type { InterestRecord } from '../../../contract/broker-interest.ts';
import { type ListQuery, orgList, orgWhere, type TimeFilter, Where } from '../lists.ts';
import { plain } from '../valuation.ts';
import { BILL } from './bills.ts';

/**
 * The interest lists as query builders (pageQuery; the bills' export reads the same builder, so its rows are the
 * page's rows for the same filters, in its order). `$1` is always the organisation.
 */

export type SettleBillFilter = { status?: BillState | undefined; projectNo?: string | undefined } & TimeFilter;

/** pageSettleBill: the organisation's bills, newest first, by state, project and time of application. */
export function billQuery(orgId: string, f: SettleBillFilter, now: Date): ListQuery {
  return orgList(orgId, f, {
    org: 'b.org_id = $1',
    on: { status: 'b.status = ?', projectNo: 'b.project_no = ?' },
    time: { column: 'b.created_at', now },
    select: BILL.columns,
    from: BILL.from,
    order: 'b.created_at desc, b.id desc',
  });
}

export interface InterestRecordRow {
  project_no: string;
  project_name: string;
  investor_id: string;
  investor_name: string;
  state: InterestState;
  bill_no: string | null;
  from_day: string;
  to_day: string;
  days: number;
  amount: string;
}

/**
 * interestSettle/page: per project and investor, the accruals no bill holds (pending payment) and each bill's share
 * (in application, paid); by project, the newest days first.
 */
export function interestRecordQuery(orgId: string, f: { projectNo?: string | undefined; investorId?: string | undefined; state?: InterestState | undefined }): ListQuery {
  const inner = orgWhere(orgId, 'p.org_id = $1', f, { projectNo: 'a.project_no = ?', investorId: 'a.investor_id = ?' });
  const grouped = `(select a.project_no, p.name as project_name, a.investor_id::text as investor_id, i.name as investor_name,
      case when a.settlement_id is null then 'pending_payment' when b.status = 'paid' then 'paid' else 'in_application' end as state,
      b.bill_no, min(a.day)::text as from_day, max(a.day)::text as to_day, count(*)::int as days, sum(a.amount)::text as amount
    from broker_interest_accruals a join broker_projects p on p.project_no = a.project_no join broker_investors i on i.id = a.investor_id
      left join broker_interest_bills b on b.id = a.settlement_id
    where ${inner.sql}
    group by a.project_no, p.name, a.investor_id, i.name, a.settlement_id, b.status, b.bill_no) r`;
  const outer = new Where(inner.params);
  outer.parts.push('true');
  outer.add('r.state = ?', f.state);
  return { select: 'r.*', from: grouped, where: outer.sql, order: 'r.project_no, r.to_day desc, r.investor_id', params: outer.params };
}

export const interestRecordView = (r: InterestRecordRow): Static<typeof InterestRecord> => ({
  projectNo: r.project_no,
  projectName: r.project_name,
  investorId: r.investor_id,
  investorName: r.investor_name,
  state: r.state,
  billNo: r.bill_no,
  fromDay: r.from_day,
  toDay: r.to_day,
  days: r.days,
  amount: plain(r.amount),
});
