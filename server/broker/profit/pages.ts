import type { BrokerProfitCalls } from '../../../contract/broker-profit.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { pageQuery } from '../../platform/records.ts';
import { brokerMember } from '../org.ts';
import { accrualQuery, type AccrualRow, accrualView, applicationQuery, type ProfitApplicationRow, profitApplicationViews } from './applications.ts';
import { profitFunds } from './funds.ts';
import { projectAccountIds, projectOf, type ProjectRow } from './project.ts';

type PageCalls = '/broker/profitAccrual/page' | '/broker/profitAccrual/pageApplication' | '/broker/profitAccrual/accrualFund' | '/broker/profitAccrual/accounts';

/** The profit accruals and applications pages, the projects' profit figures, and where profit may go. */
export function pageHandlers(ctx: ApiContext): Pick<Handlers<BrokerProfitCalls>, PageCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/profitAccrual/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const f = body.queryCondition ?? {};
      if (f.projectNo !== undefined) await projectOf(ctx.db, orgId, f.projectNo);
      const { rows, total } = await pageQuery<AccrualRow>(ctx.db, accrualQuery(orgId, f, nowDate(ctx)), body.pageCondition);
      return { list: rows.map(accrualView), total, ...body.pageCondition };
    },

    '/broker/profitAccrual/pageApplication': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const f = body.queryCondition ?? {};
      if (f.projectNo !== undefined) await projectOf(ctx.db, orgId, f.projectNo);
      const { rows, total } = await pageQuery<ProfitApplicationRow>(ctx.db, applicationQuery(orgId, f, nowDate(ctx)), body.pageCondition);
      return { list: await profitApplicationViews(ctx.db, rows, auth.user.id), total, ...body.pageCondition };
    },

    '/broker/profitAccrual/accrualFund': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      return profitFunds(ctx, orgId, query.projectNo);
    },

    '/broker/profitAccrual/accounts': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, query.projectNo);
      const taken = await projectAccountIds(ctx.db, orgId);
      const rows = await ctx.db.query<{ id: string; exchange_code: ProjectRow['exchange_code']; name: string; kind: 'regular' | 'custodial' | 'asset_management' }>(
        'select id::text as id, exchange_code, name, kind from broker_accounts where org_id = $1 and exchange_code = $2 and deleted_at is null order by id',
        [orgId, project.exchange_code],
      );
      return rows.filter((r) => !taken.has(r.id)).map((r) => ({ brokerAccountId: r.id, exchangeCode: r.exchange_code, subAccountName: r.name, accountType: r.kind }));
    },
  };
}
