import { PROJECT_STATUSES, type ProjectStatus } from '../../../contract/broker-projects-rules.ts';
import type { BrokerProjectCalls } from '../../../contract/broker-projects.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { pageQuery } from '../../platform/records.ts';
import { brokerMember } from '../org.ts';
import { plain } from '../valuation.ts';
import { createProject } from './create.ts';
import { capitalList, flowQuery, projectPageRows } from './queries.ts';
import { latestRecord, primaryAvailable, type ProjectRow, projectOf, projectsOf, statusOf } from './store.ts';
import { applyRecordView, type FlowViewRow, flowView, projectViews, recordView, relationViews } from './views.ts';

type PageCalls =
  | '/broker/project'
  | '/broker/applyRecord/add'
  | '/broker/project/listProjectByStatus'
  | '/broker/project/page'
  | '/broker/project/queryBrokerProjectInfo'
  | '/broker/project/listCapital'
  | '/broker/project/pageDepositWithdrawRecords';

/** The organisation's projects: applying for one, the lists and pages, a project's figures, capital and flows. */
export function projectPageHandlers(ctx: ApiContext): Pick<Handlers<BrokerProjectCalls>, PageCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  const views = (rows: readonly ProjectRow[]) => projectViews(ctx.db, rows, nowDate(ctx));
  const viewOf = async (orgId: string, projectNo: string) => (await views([await projectOf(ctx.db, orgId, projectNo)]))[0]!;
  return {
    '/broker/project': async ({ auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      return (await projectsOf(ctx.db, orgId)).map((p) => ({ projectNo: p.project_no, name: p.name, status: statusOf(p, at), exchangeCode: p.exchange_code, brokerAccountId: p.account_id }));
    },

    '/broker/applyRecord/add': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const row = await ctx.db.transaction((tx) =>
        createProject(
          tx,
          {
            orgId,
            userId: auth.user.id,
            requestId: body.requestId,
            terms: {
              name: body.name,
              description: body.description ?? '',
              exchangeCode: body.exchangeCode,
              subAccountName: body.subAccountName,
              startDay: body.startDay,
              endDay: body.endDay,
              interestRate: body.interestRate,
              performanceFeeRate: body.performanceFeeRate,
              minSubscription: body.minSubscription,
            },
          },
          at,
        ),
      );
      return applyRecordView(row, row.project_no ? await viewOf(orgId, row.project_no) : null);
    },

    '/broker/project/listProjectByStatus': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const rows = await projectsOf(ctx.db, orgId);
      const counts = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
      for (const p of rows) counts[statusOf(p, at)]++;
      return { counts, list: await views(body.status ? rows.filter((p) => statusOf(p, at) === body.status) : rows) };
    },

    '/broker/project/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const rows = await projectPageRows(ctx.db, orgId, body.queryCondition ?? {}, nowDate(ctx));
      const { pageNum, pageSize } = body.pageCondition;
      return { list: await views(rows.slice((pageNum - 1) * pageSize, pageNum * pageSize)), total: rows.length, pageNum, pageSize };
    },

    '/broker/project/queryBrokerProjectInfo': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      const [view] = await views([project]);
      const totals = await ctx.db.query<{ inflow: string; outflow: string }>(
        `select coalesce(sum(amount) filter (where direction = 'increase'), 0)::text as inflow, coalesce(sum(amount) filter (where direction = 'decrease'), 0)::text as outflow
         from broker_capital_flows where project_no = $1`,
        [project.project_no],
      );
      const record = await latestRecord(ctx.db, project.project_no);
      return {
        project: view!,
        accounts: await relationViews(ctx.db, project.project_no),
        latestRecord: record ? recordView(record) : null,
        totalIn: plain(totals[0]!.inflow),
        totalOut: plain(totals[0]!.outflow),
        available: plain(await primaryAvailable(ctx.db, project)),
      };
    },

    '/broker/project/listCapital': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return capitalList(ctx.db, orgId, body.projectNo);
    },

    '/broker/project/pageDepositWithdrawRecords': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const { rows, total } = await pageQuery<FlowViewRow>(ctx.db, await flowQuery(ctx.db, orgId, body.queryCondition ?? {}, nowDate(ctx)), body.pageCondition);
      return { list: rows.map(flowView), total, pageNum: body.pageCondition.pageNum, pageSize: body.pageCondition.pageSize };
    },
  };
}
