import type { FastifyInstance } from 'fastify';
import { brokerPublicChartCalls } from '../../../contract/broker-analytics.ts';
import { serveCalls } from '../../platform/contract.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import { takeRate } from '../../platform/rates.ts';
import { projectByNo, statusOf } from '../projects/store.ts';
import { recordsByProject } from './data.ts';
import { maxDrawdownOut, retreatPoints, returnPoints, timeWeighted } from './figures.ts';
import { dailyRefresh, readRange, recordWindow } from './range.ts';

/**
 * The public dataChart page's one call (spec §2 dataChart, h5/dataChart; no token): a project's NAV series, returns
 * and drawdown by its share code. Only rates, NAV per unit, the name, state and days leave: no amount, unit,
 * investor, member or sub-account. An unknown code is 404 like a missing page. Limited per source address
 * (`Limits.projectChart`, 10041), the place taken in the read's own transaction like the other public calls.
 */
export function publicChartRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerPublicChartCalls, {
    '/broker/public/projectChart': async ({ body, request }) => {
      const now = nowDate(ctx);
      const window = recordWindow(body, now);
      return ctx.db.transaction(async (tx) => {
        await takeRate(ctx, tx, 'projectChart', request.ip, ctx.limits.projectChart);
        const found = await tx.query<{ project_no: string }>('select project_no from broker_projects where share_code = $1', [body.shareCode]);
        const project = found[0] ? await projectByNo(tx, found[0].project_no) : null;
        if (!project) throw new ApiError(Code.notFound, { field: 'shareCode' });
        const records = (await recordsByProject(tx, [project.project_no], window)).get(project.project_no) ?? [];
        const returns = returnPoints(records);
        const retreats = retreatPoints(records);
        return {
          name: project.name,
          status: statusOf(project, now),
          startDay: project.start_day,
          endDay: project.end_day,
          range: readRange(window, records[0]?.day ?? null),
          refreshedAt: dailyRefresh(now),
          list: returns.map((r, i) => ({ ...r, retreatRate: retreats[i]!.retreatRate })),
          ...timeWeighted(records),
          maxDrawdown: maxDrawdownOut(records),
        };
      });
    },
  });
}
