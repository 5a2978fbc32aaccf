import type { FastifyInstance } from 'fastify';
import { brokerProjectDevCalls } from '../../../contract/broker-projects.ts';
import { type ApiContext, nowDate } from '../../api/context.ts';
import { serveCalls } from '../../api/contract.ts';
import { D } from '../../trade/decimal.ts';
import { plain } from '../valuation.ts';
import { runDailyJob } from './daily.ts';
import { recordView } from './routes.ts';
import { recordsOf } from './store.ts';

/** The projects' sandbox controls (server/broker/README.md "Projects"); only with the dev routes. */
export function brokerProjectDevRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerProjectDevCalls, {
    '/_dev/broker/projects/runDaily': async () => ({ written: await runDailyJob(ctx.db, nowDate(ctx)) }),
    '/_dev/broker/projects/records': async ({ query }) => {
      const records = await recordsOf(ctx.db, query.projectNo);
      const sums = await ctx.db.query<{ day: string; trades: number; net: string; interest: string; profit: string }>(
        `select r.day::text as day,
           (select count(*)::int from broker_project_trades t where t.project_no = r.project_no and t.trade_day = r.day - 1) as trades,
           (select coalesce(sum(t.realized_pnl - t.fee), 0)::text from broker_project_trades t where t.project_no = r.project_no and t.trade_day = r.day - 1) as net,
           (select coalesce(sum(a.amount), 0)::text from broker_interest_accruals a where a.project_no = r.project_no and a.day = r.day) as interest,
           (select coalesce(sum(a.amount), 0)::text from broker_profit_accruals a where a.project_no = r.project_no and a.day = r.day) as profit
         from broker_unit_records r where r.project_no = $1`,
        [query.projectNo],
      );
      const sumOf = new Map(sums.map((s) => [s.day, s]));
      return {
        list: records.map((r) => {
          const s = sumOf.get(r.day)!;
          const net = new D(s.net);
          return { ...recordView(r), tradeCount: s.trades, tradesNet: net.isZero() ? '0' : net.toFixed(), interestAccrued: plain(s.interest), profitAccrued: plain(s.profit) };
        }),
      };
    },
  });
}
