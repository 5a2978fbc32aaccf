import type { FastifyInstance } from 'fastify';
import { brokerProjectDevCalls } from '../../../contract/broker-projects.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import type { BrokerWallet } from '../../../contract/broker-rules.ts';
import { badInput } from '../../platform/envelope.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D } from '../../platform/decimal.ts';
import { plain } from '../valuation.ts';
import { runDailyJob } from './daily.ts';
import { recordView } from './views.ts';
import { checkIdRange } from '../accounts.ts';
import { projectOfAccount, recordsOf } from './store.ts';

/** The projects' sandbox controls (server/broker/README.md "Projects"); only with the dev routes. */
export function brokerProjectDevRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerProjectDevCalls, {
    '/_dev/broker/projects/runDaily': async () => ({ written: await runDailyJob(ctx.db, nowDate(ctx)) }),
    '/_dev/broker/accounts/drain': async ({ body }) =>
      ctx.db.transaction(async (tx) => {
        checkIdRange(body.brokerAccountId, 'brokerAccountId');
        const account = await tx.query<{ id: string; exchange_code: string }>('select id::text as id, exchange_code from broker_accounts where id = $1 and deleted_at is null for update', [body.brokerAccountId]);
        if (!account[0]) throw badInput('brokerAccountId', 'unknown', 'No such sub-account');
        if (await projectOfAccount(tx, account[0].id)) throw badInput('brokerAccountId', 'inProject', 'A project sub-account is emptied only through the project');
        const rows = await tx.query<{ wallet: BrokerWallet; asset: string; free: string; locked: string }>(
          'select wallet, asset, free::text as free, locked::text as locked from broker_balances where account_id = $1 and (free <> 0 or locked <> 0) order by wallet, asset',
          [account[0].id],
        );
        if (rows.some((r) => !new D(r.locked).isZero())) throw badInput('brokerAccountId', 'locked', 'Something is held by an application');
        const entry = new Entry('broker_account_drain', `broker_account:${account[0].id}`, null, account[0].id);
        for (const r of rows) entry.broker(account[0].id, r.wallet, r.asset, new D(r.free).neg()).provider(`exchange:${account[0].exchange_code}`, r.asset, new D(r.free));
        await post(tx, entry, nowDate(ctx));
        return { brokerAccountId: account[0].id, drained: rows.length };
      }),
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
