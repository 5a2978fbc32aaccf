import { BILL_STATES, type BillState } from '../../../contract/broker-interest-rules.ts';
import type { BrokerInterestCalls } from '../../../contract/broker-interest.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { pageQuery } from '../../platform/records.ts';
import { brokerMember } from '../org.ts';
import { projectOf } from '../projects/store.ts';
import { BILL, type BillRow, billLines, billOf, billSteps, billView, payingAccount } from './bills.ts';
import { billQuery } from './records.ts';

/**
 * The settle bills as the pages read them (spec §4 "Broker states"; contract/broker-interest.ts): a project's bills,
 * the organisation's bill list, one bill with its lines, history and paying account, the counts by state (and how
 * many wait for the caller), a bill's history and a project's paying account. Only the caller's organisation's rows.
 */

type BillListHandlers = Pick<
  Handlers<BrokerInterestCalls>,
  | '/broker/interestSettle/querySettleBill'
  | '/broker/pageSettleBill'
  | '/broker/settleBillDetailQuery'
  | '/broker/queryFinancingInterestCount'
  | '/broker/findInterestApply'
  | '/broker/queryBrokerAccount'
>;

export function billListHandlers(ctx: ApiContext): BillListHandlers {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  const bills = async (where: string, params: unknown[]) => ctx.db.query<BillRow>(`select ${BILL.columns} from ${BILL.from} where ${where} order by b.created_at desc, b.id desc`, params);

  return {
    '/broker/interestSettle/querySettleBill': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      return (await bills('b.org_id = $1 and b.project_no = $2', [orgId, project.project_no])).map((r) => billView(r, auth.user.id));
    },

    '/broker/pageSettleBill': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      if (q.projectNo) await projectOf(ctx.db, orgId, q.projectNo);
      const { rows, total } = await pageQuery<BillRow>(ctx.db, billQuery(orgId, q, nowDate(ctx)), body.pageCondition);
      return { list: rows.map((r) => billView(r, auth.user.id)), total, ...body.pageCondition };
    },

    '/broker/settleBillDetailQuery': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const bill = await billOf(ctx.db, orgId, body.billNo);
      const project = await projectOf(ctx.db, orgId, bill.project_no);
      return { bill: billView(bill, auth.user.id), lines: await billLines(ctx.db, bill.id), reviews: await billSteps(ctx.db, bill.id), account: await payingAccount(ctx.db, project) };
    },

    '/broker/queryFinancingInterestCount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if (body.projectNo) await projectOf(ctx.db, orgId, body.projectNo);
      const rows = await ctx.db.query<{ status: BillState; n: number; mine: number }>(
        `select status, count(*)::int as n, (count(*) filter (where (status = 'pending_initial_review' and applicant_id <> $3)
           or (status = 'pending_re_review' and initial_reviewer_id <> $3) or status = 'pending_payment'))::int as mine
         from broker_interest_bills where org_id = $1 and ($2::text is null or project_no = $2) group by status`,
        [orgId, body.projectNo ?? null, auth.user.id],
      );
      const counts = Object.fromEntries(BILL_STATES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<BillState, number>;
      return { counts, awaitingMe: rows.reduce((n, r) => n + r.mine, 0) };
    },

    '/broker/findInterestApply': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const bill = await billOf(ctx.db, orgId, body.billNo);
      return billSteps(ctx.db, bill.id);
    },

    '/broker/queryBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return payingAccount(ctx.db, await projectOf(ctx.db, orgId, body.projectNo));
    },
  };
}
