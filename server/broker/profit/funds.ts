import type { Static } from 'typebox';
import { PROFIT_ASSET, PROFIT_WALLET } from '../../../contract/broker-profit-rules.ts';
import type { ProfitFund } from '../../../contract/broker-profit.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { plain } from '../valuation.ts';
import { navOf, projectOf, type ProjectRow, projectStatus } from './project.ts';

/** What the project's profit is now (USDT): accrued, withdrawn, held, the liability, the primary wallet's free, available. */
export async function projectFund(ctx: ApiContext, db: Queryable, project: ProjectRow): Promise<Static<typeof ProfitFund>> {
  const sums = await db.query<{ accrued: string; withdrawn: string; applying: string; free: string }>(
    `select (select coalesce(sum(amount), 0) from broker_profit_accruals where project_no = $1)::text as accrued,
       (select coalesce(sum(amount), 0) from broker_profit_applications where project_no = $1 and type <> 'transfer_in' and status = 'done')::text as withdrawn,
       (select coalesce(sum(amount), 0) from broker_profit_applications where project_no = $1 and type <> 'transfer_in' and status = 'applying')::text as applying,
       (select coalesce(sum(free), 0) from broker_balances where account_id = $2 and wallet = $3 and asset = $4)::text as free`,
    [project.project_no, project.account_id, PROFIT_WALLET, PROFIT_ASSET],
  );
  const s = sums[0]!;
  const payable = new D(project.profit_payable);
  const free = new D(s.free);
  const available = D.max(ZERO, D.min(payable.sub(s.applying), free));
  return {
    projectNo: project.project_no,
    projectName: project.name,
    status: projectStatus(project, nowDate(ctx)),
    exchangeCode: project.exchange_code,
    primaryAccountId: project.account_id,
    asset: PROFIT_ASSET,
    accrued: plain(s.accrued),
    withdrawn: plain(s.withdrawn),
    applying: plain(s.applying),
    profitPayable: plain(payable),
    primaryFree: plain(free),
    available: plain(available),
    nav: (await navOf(db, project)).toFixed(),
  };
}

/** profitAccrual/accrualFund: per project its profit figures, newest project first (the page's and the export's rows; 404 another organisation's project). */
export async function profitFunds(ctx: ApiContext, orgId: string, projectNo: string | undefined) {
  const db = ctx.db;
  const projects =
    projectNo !== undefined
      ? [await projectOf(db, orgId, projectNo)]
      : await db.query<{ project_no: string }>('select project_no from broker_projects where org_id = $1 order by project_no desc', [orgId]).then((rows) =>
          Promise.all(rows.map((r) => projectOf(db, orgId, r.project_no))),
        );
  return Promise.all(projects.map((p) => projectFund(ctx, db, p)));
}
