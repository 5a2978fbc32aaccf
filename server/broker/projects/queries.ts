import { redeemAmount } from '../../../contract/broker-nav.ts';
import type { ProjectStatus } from '../../../contract/broker-projects-rules.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { timeWindow } from '../../platform/time-window.ts';
import { checkIdRange } from '../accounts.ts';
import { plain } from '../valuation.ts';
import { grossAssets, holdingsOf, liveNavOf, type ProjectRow, projectOf, projectsOf, statusOf } from './store.ts';
import { FLOW_FROM, FLOW_VIEW_COLUMNS, signed } from './views.ts';

/** The queries the project pages and their exports share: the project page's rows, the capital list, the flows' page. */

/** project/page's filter (status, exchange, number or name): the organisation's projects it keeps, newest first. */
export interface ProjectPageFilter {
  status?: ProjectStatus | undefined;
  exchangeCode?: string | undefined;
  keyword?: string | undefined;
}
export async function projectPageRows(db: Queryable, orgId: string, q: ProjectPageFilter, at: Date): Promise<ProjectRow[]> {
  const keyword = q.keyword?.trim().toLowerCase();
  return (await projectsOf(db, orgId)).filter(
    (p) =>
      (!q.status || statusOf(p, at) === q.status) &&
      (!q.exchangeCode || p.exchange_code === q.exchangeCode) &&
      (!keyword || p.project_no.toLowerCase().includes(keyword) || p.name.toLowerCase().includes(keyword)),
  );
}

/** project/listCapital: the investors' holdings of a project at the live NAV, biggest first (404 for another organisation's). */
export async function capitalList(db: Queryable, orgId: string, projectNo: string) {
  const project = await projectOf(db, orgId, projectNo);
  const live = liveNavOf(project, (await grossAssets(db, [project.project_no])).get(project.project_no) ?? ZERO);
  const holdings = await holdingsOf(db, project.project_no);
  const details = await db.query<{ id: string; name: string; email: string; interest: string; total_in: string; total_out: string; first_in: Date | null }>(
    `select i.id::text as id, i.name, i.email,
       (select coalesce(sum(amount), 0)::text from broker_interest_accruals a where a.project_no = $1 and a.investor_id = i.id and a.settlement_id is null) as interest,
       (select coalesce(sum(amount), 0)::text from broker_capital_flows f where f.project_no = $1 and f.investor_id = i.id and f.direction = 'increase') as total_in,
       (select coalesce(sum(amount), 0)::text from broker_capital_flows f where f.project_no = $1 and f.investor_id = i.id and f.direction = 'decrease') as total_out,
       (select min(created_at) from broker_capital_flows f where f.project_no = $1 and f.investor_id = i.id) as first_in
     from broker_investors i where i.id = any($2::bigint[])`,
    [project.project_no, holdings.map((h) => h.investor_id)],
  );
  const detailOf = new Map(details.map((d) => [d.id, d]));
  return {
    projectNo: project.project_no,
    nav: plain(live.nav),
    units: plain(project.units),
    list: holdings.map((h) => {
      const d = detailOf.get(h.investor_id)!;
      const value = redeemAmount(h.units, live.nav);
      return {
        investorId: h.investor_id,
        name: d.name,
        email: d.email,
        units: plain(h.units),
        principal: plain(h.principal),
        value: plain(new D(value)),
        gain: signed(new D(value).sub(h.principal)),
        sharePercent: live.units.gt(0) ? new D(h.units).div(live.units).mul(100).toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(4) : '0.0000',
        interestUnsettled: plain(d.interest),
        totalIn: plain(d.total_in),
        totalOut: plain(d.total_out),
        firstInAt: d.first_in?.toISOString() ?? null,
      };
    }),
  };
}

/** pageDepositWithdrawRecords' filter. */
export interface FlowFilter {
  projectNo?: string | undefined;
  investorId?: string | undefined;
  direction?: 'increase' | 'decrease' | undefined;
  days?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}
/** pageDepositWithdrawRecords' query (404 another organisation's project, 400 a bad id or range), newest first. */
export async function flowQuery(db: Queryable, orgId: string, q: FlowFilter, now: Date) {
  if (q.projectNo) await projectOf(db, orgId, q.projectNo);
  if (q.investorId) checkIdRange(q.investorId, 'investorId');
  const params: unknown[] = [orgId];
  const where = ['f.org_id = $1'];
  const add = (sql: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  add('f.project_no = ?', q.projectNo);
  add('f.investor_id = ?', q.investorId);
  add('f.direction = ?', q.direction);
  const { since, until } = timeWindow(q, now);
  add('f.created_at >= ?', since);
  add('f.created_at < ?', until);
  return { select: FLOW_VIEW_COLUMNS, from: FLOW_FROM, where: where.join(' and '), order: 'f.created_at desc, f.id desc', params };
}
