import Decimal from 'decimal.js';
import { LOAN_STATUS } from '../../contract/loan-rules.ts';
import { nowDate } from '../platform/context.ts';
import { NoLiquidity } from '../convert/index.ts';
import { notify } from '../platform/notify.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { D, db, ZERO } from '../platform/decimal.ts';
import { COLLATERAL_CONFIG, LOAN_ASSET_CONFIG, LOAN_DESK } from './config.ts';
import { type LoanMarket, figures } from './market.ts';
import { liquidationTarget, settleLiquidation, zoneOf } from './math.ts';
import { bringUpToDate, HOUR_MS, loadLoan } from './rows.ts';

/**
 * Sells the collateral of a loan in state 4 through the simulator's book: enough to raise the debt and the
 * liquidation fee (all of it when that is not enough), proceeds pay interest, principal and fee, the rest of
 * the proceeds and the unsold collateral go back to the borrower; state 5. One transaction.
 */
const liquidate = async (m: LoanMarket, id: string, reason: 'ltv' | 'overdue'): Promise<void> => {
  const { ctx, pricer, priceOf } = m;
  await ctx.db.transaction(async (tx) => {
    const now = nowDate(ctx);
    const row = await loadLoan(tx, id, null, true);
    if (!row || row.status !== LOAN_STATUS.liquidation) return;
    const asset = LOAN_ASSET_CONFIG[row.loan_asset];
    const coll = COLLATERAL_CONFIG[row.collateral_asset];
    const f = figures(row, priceOf(row.collateral_asset));
    const { fee, target } = liquidationTarget(f.debt, LOAN_DESK.liquidationFee, asset.decimals);
    let sold: Decimal;
    try {
      sold = pricer.sellForUsdt(row.collateral_asset, target).toDecimalPlaces(coll.decimals, Decimal.ROUND_UP);
    } catch (error) {
      if (!(error instanceof NoLiquidity)) throw error;
      sold = f.collateral;
    }
    sold = D.min(sold, f.collateral);
    let proceeds: Decimal;
    try {
      proceeds = pricer.usdtForSelling(row.collateral_asset, sold).toDecimalPlaces(asset.decimals, Decimal.ROUND_DOWN);
    } catch (error) {
      // The book cannot take even that: the loan stays in liquidation and the next sweep tries again.
      if (error instanceof NoLiquidity) return;
      throw error;
    }
    const s = settleLiquidation(proceeds, f.interest, f.principal, fee);
    const returned = f.collateral.sub(sold);
    const user = row.user_id;
    const c = row.collateral_asset;
    const a = row.loan_asset;
    await post(
      tx,
      new Entry('loan_liquidation', `loan:${row.id}:liquidation`, user)
        .provider('loans', c, f.collateral.neg())
        .provider('desk', c, sold)
        .provider('desk', a, proceeds.neg())
        .provider('loans', a, s.principal)
        .provider('fees', a, s.interest.add(s.fee))
        .user(user, Account.capital, a, s.refund)
        .user(user, Account.capital, c, returned),
      now,
    );
    await tx.query(
      `insert into loan_liquidations (loan_id, user_id, reason, ltv, collateral_sold, average_price, proceeds, principal_repaid, interest_repaid, fee,
         collateral_returned, refund, shortfall, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        row.id, user, reason, f.ltv.toFixed(), db(sold), db(sold.isZero() ? ZERO : proceeds.div(sold).toDecimalPlaces(8, Decimal.ROUND_HALF_UP)), db(proceeds),
        db(s.principal), db(s.interest), db(s.fee), db(returned), db(s.refund), db(s.shortfall), now,
      ],
    );
    await tx.query(
      `update loans set status = $2, principal_outstanding = 0, interest_outstanding = 0, collateral_amount = 0, closed_at = $3 where id = $1`,
      [row.id, LOAN_STATUS.liquidated, now],
    );
    await notify(
      tx,
      user,
      'loanLiquidated',
      { orderId: row.id, collateralAsset: c, collateralSold: sold.toFixed(), collateralReturned: returned.toFixed(), loanAsset: a, refund: s.refund.toFixed() },
      `loan:${row.id}:liquidated`,
      now,
    );
  });
};

const sweepOne = async (m: LoanMarket, id: string): Promise<void> => {
  const { ctx, priceOf } = m;
  const reason = await ctx.db.transaction(async (tx): Promise<'ltv' | 'overdue' | null> => {
    const now = nowDate(ctx);
    const locked = await loadLoan(tx, id, null, true);
    if (!locked) return null;
    // Still in liquidation (the book could not take the sale last time): try again for the reason it entered.
    if (locked.status === LOAN_STATUS.liquidation) return locked.liquidation_reason ?? 'ltv';
    const row = await bringUpToDate(tx, locked, now);
    const f = figures(row, priceOf(row.collateral_asset));
    const zone = zoneOf(f.ltv, new D(row.margin_call_ltv), new D(row.liquidation_ltv));
    const overdueTooLong = row.status === LOAN_STATUS.overdue && now.getTime() >= row.due_at.getTime() + LOAN_DESK.overdueGraceHours * HOUR_MS;
    if (zone === 'liquidation' || overdueTooLong) {
      // spec §4 state 4: the collateral is being sold (in its own transaction, just after this one).
      const reason = zone === 'liquidation' ? 'ltv' : 'overdue';
      await tx.query('update loans set status = $2, liquidation_reason = $3 where id = $1', [id, LOAN_STATUS.liquidation, reason]);
      return reason;
    }
    if (zone === 'marginCall' && !row.margin_call_at) {
      // The margin call begins: the page shows it from the loan's `marginCall`, and the message centre is told once
      // per margin call (a loan that recovers and falls again is told again: its margin_call_at was cleared).
      await tx.query('update loans set margin_call_at = $2 where id = $1', [id, now]);
      const percent = (x: Decimal) => x.mul(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
      await notify(
        tx,
        row.user_id,
        'loanMarginCall',
        {
          orderId: row.id,
          collateralAsset: row.collateral_asset,
          ltv: percent(f.ltv),
          marginCallLtv: percent(new D(row.margin_call_ltv)),
          liquidationLtv: percent(new D(row.liquidation_ltv)),
          liquidationPrice: f.liquidationPrice.toFixed(),
        },
        `loan:${row.id}:marginCall:${now.toISOString()}`,
        now,
      );
    } else if (zone === 'safe' && row.margin_call_at) {
      await tx.query('update loans set margin_call_at = null where id = $1', [id]);
    }
    return null;
  });
  if (reason) await liquidate(m, id, reason);
};

/** The loans' clock work (spec §4): interest, overdue, margin calls and liquidations; returns the sweep of every open loan. */
export function loanSweep(m: LoanMarket): () => Promise<void> {
  return async (): Promise<void> => {
    const { ctx } = m;
    const open = await ctx.db.query<{ id: string }>(`select id::text as id from loans where status in (1, 3, 4) order by id limit 500`);
    // One loan's failure (say, a book with no bids) does not hold up the others; the first is reported after.
    let failure: unknown = null;
    for (const { id } of open) {
      try {
        await sweepOne(m, id);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  };
}
