import Decimal from 'decimal.js';
import type { Static } from 'typebox';
import { LOAN_OPEN_STATUSES, LOAN_STATUS_NAMES, LOAN_STRESS_DROPS } from '../../contract/loan-rules.ts';
import type { Liquidation, Loan, LoanActionRecord } from '../../contract/loans.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { LOAN_ASSET_CONFIG } from './config.ts';
import { type LoanMarket, currentRate, figures, plain } from './market.ts';
import { collateralValue, dailyInterest, ltvOf } from './math.ts';
import type { ActionRow, LiquidationRow, LoanRow } from './rows.ts';

/** The replies of contract/loans.ts built from the rows: a loan at its collateral's price, an action, a liquidation. */

export type LoanView = Static<typeof Loan>;
export type ActionView = Static<typeof LoanActionRecord>;
export type LiquidationView = Static<typeof Liquidation>;

export const loanView = (m: LoanMarket, row: LoanRow, now: Date, price = m.priceOf(row.collateral_asset)): LoanView => {
  const f = figures(row, price);
  const decimals = LOAN_ASSET_CONFIG[row.loan_asset].decimals;
  const rate = currentRate(row, now);
  const open = LOAN_OPEN_STATUSES.includes(row.status);
  const marginCallLtv = new D(row.margin_call_ltv);
  return {
    orderId: row.id,
    loanAsset: row.loan_asset,
    collateralAsset: row.collateral_asset,
    termDays: row.term_days,
    status: row.status,
    statusName: LOAN_STATUS_NAMES[row.status],
    principal: plain(row.principal),
    principalOutstanding: plain(f.principal),
    interestOutstanding: plain(f.interest),
    interestTotal: plain(row.interest_total),
    debt: plain(f.debt),
    collateralAmount: plain(f.collateral),
    hourlyRate: plain(rate),
    dailyInterest: plain(open ? dailyInterest(f.principal, rate, decimals) : ZERO),
    price: plain(price),
    collateralValue: plain(f.value),
    ltv: plain(f.ltv),
    initialLtv: plain(row.initial_ltv),
    marginCallLtv: plain(marginCallLtv),
    liquidationLtv: plain(row.liquidation_ltv),
    liquidationPrice: plain(f.liquidationPrice),
    marginCall: open && f.ltv.gte(marginCallLtv),
    marginCallAt: row.margin_call_at?.toISOString() ?? null,
    stress: LOAN_STRESS_DROPS.map((drop) => {
      const dropped = price.mul(new D(1).sub(drop)).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      return { drop, price: plain(dropped), ltv: plain(ltvOf(f.debt, collateralValue(f.collateral, dropped))) };
    }),
    borrowedAt: row.borrowed_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
};

export const actionView = (row: ActionRow, loan: LoanView): ActionView => ({
  actionId: row.id,
  orderId: row.loan_id,
  action: row.action,
  amount: plain(row.amount),
  proceeds: row.proceeds === null ? null : plain(row.proceeds),
  interestPaid: plain(row.interest_paid),
  principalPaid: plain(row.principal_paid),
  refund: plain(row.refund),
  ltvAfter: plain(row.ltv_after),
  createdAt: row.created_at.toISOString(),
  loan,
});

export const liquidationView = (r: LiquidationRow): LiquidationView => ({
  liquidationId: r.id,
  orderId: r.loan_id,
  loanAsset: r.loan_asset,
  collateralAsset: r.collateral_asset,
  reason: r.reason,
  ltv: plain(r.ltv),
  collateralSold: plain(r.collateral_sold),
  averagePrice: plain(r.average_price),
  proceeds: plain(r.proceeds),
  principalRepaid: plain(r.principal_repaid),
  interestRepaid: plain(r.interest_repaid),
  fee: plain(r.fee),
  collateralReturned: plain(r.collateral_returned),
  refund: plain(r.refund),
  shortfall: plain(r.shortfall),
  createdAt: r.created_at.toISOString(),
});
