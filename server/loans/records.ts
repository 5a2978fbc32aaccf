import type Decimal from 'decimal.js';
import type { CollateralAsset } from '../../contract/loan-rules.ts';
import type { LoanCalls } from '../../contract/loans.ts';
import { nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { badInput } from '../platform/envelope.ts';
import { pageQuery } from '../platform/records.ts';
import { rankedPage, rankGroup } from '../platform/record-ranks.ts';
import { timeWindow } from '../platform/time-window.ts';
import type { LoanMarket } from './market.ts';
import { LOAN_COLUMNS, type LiquidationRow, type LoanRow, loadLoan, MAX_ID } from './rows.ts';
import { liquidationView, loanView } from './views.ts';

/** A loan, the pages of loans and of liquidations (contract/loans.ts). */
export function recordHandlers(m: LoanMarket): Pick<Handlers<LoanCalls>, '/loan/detail' | '/loan/pageLoanOrder' | '/loan/pageLiquidationRecord'> {
  const { ctx } = m;
  return {
    '/loan/detail': async ({ body, auth }) => {
      const row = await loadLoan(ctx.db, body.orderId, auth.user.id, false);
      if (!row) throw badInput('orderId', 'unknown', 'No loan with this id');
      return loanView(m, row, nowDate(ctx));
    },

    '/loan/pageLoanOrder': async ({ body, auth }) => {
      const q = body.queryCondition ?? {};
      const where = `user_id = $1 and ($2::smallint is null or status = $2) and ($3::text is null or loan_asset = $3) and ($4::text is null or collateral_asset = $4)`;
      const params = [auth.user.id, q.status ?? null, q.loanAsset ?? null, q.collateralAsset ?? null];
      const now = nowDate(ctx);
      // Every loan (no time range), by id: the loans' ranks have no time (migration 044).
      const grp = rankGroup([['status', q.status], ['loan', q.loanAsset], ['collateral', q.collateralAsset]]);
      const ranked = rankedPage('loan', auth.user.id, grp, timeWindow({}, now));
      const { rows, total } = await pageQuery<LoanRow>(ctx.db, { select: LOAN_COLUMNS, from: 'loans', where, order: 'id desc', params, key: 'id', ranked }, body.pageCondition);
      const prices = new Map<CollateralAsset, Decimal>();
      const price = (asset: CollateralAsset) => prices.get(asset) ?? prices.set(asset, m.priceOf(asset)).get(asset)!;
      return { list: rows.map((r) => loanView(m, r, now, price(r.collateral_asset))), total, pageNum: body.pageCondition.pageNum, pageSize: body.pageCondition.pageSize };
    },

    '/loan/pageLiquidationRecord': async ({ body, auth }) => {
      const asked = body.queryCondition?.orderId;
      const orderId = asked === undefined ? null : BigInt(asked) > MAX_ID ? '0' : asked;
      const { rows, total } = await pageQuery<LiquidationRow>(
        ctx.db,
        {
          select: `l.id::text as id, l.loan_id::text as loan_id, o.loan_asset, o.collateral_asset, l.reason, l.ltv::text as ltv,
            l.collateral_sold::text as collateral_sold, l.average_price::text as average_price, l.proceeds::text as proceeds,
            l.principal_repaid::text as principal_repaid, l.interest_repaid::text as interest_repaid, l.fee::text as fee,
            l.collateral_returned::text as collateral_returned, l.refund::text as refund, l.shortfall::text as shortfall, l.created_at`,
          from: 'loan_liquidations l join loans o on o.id = l.loan_id',
          where: 'l.user_id = $1 and ($2::bigint is null or l.loan_id = $2)',
          order: 'l.id desc',
          params: [auth.user.id, orderId],
        },
        body.pageCondition,
      );
      return { list: rows.map(liquidationView), total, pageNum: body.pageCondition.pageNum, pageSize: body.pageCondition.pageSize };
    },
  };
}
