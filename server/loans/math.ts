import Decimal from 'decimal.js';
import { D, ZERO } from '../platform/decimal.ts';

/**
 * The loan arithmetic (server/README.md "Loans"), decimal.js throughout, each step rounded as the provider would:
 * - interest is charged hour by hour on the principal outstanding, each hour rounded UP to the loan asset's
 *   decimals (the borrower never pays less than the rate);
 * - the collateral's value is amount × price rounded DOWN to 6 decimals (USDT's);
 * - the LTV is debt ÷ value cut to 4 decimals (0.0001 = 0.01 %); the states are decided on that LTV, the one
 *   the page shows — cutting (not rounding up) makes "shown LTV ≥ level" the same as "exact LTV ≥ level", so a
 *   page showing 83.00 % never shows a loan that is not being liquidated;
 * - the liquidation price is debt ÷ (collateral × liquidation LTV) rounded DOWN to the cent: at that price or
 *   below, the loan is liquidated (the collateral's value, itself rounded down, is then at most debt ÷ level).
 */

export const LTV_DECIMALS = 4;
export const VALUE_DECIMALS = 6;
export const PRICE_DECIMALS = 2;
/** What an LTV is shown as when the collateral is worth nothing. */
export const LTV_NO_COLLATERAL = new D(9999);
const HOUR_MS = 3_600_000;

export function collateralValue(amount: Decimal, price: Decimal): Decimal {
  return amount.mul(price).toDecimalPlaces(VALUE_DECIMALS, Decimal.ROUND_DOWN);
}

export function ltvOf(debt: Decimal, value: Decimal): Decimal {
  if (debt.isZero()) return ZERO;
  if (value.lte(0)) return LTV_NO_COLLATERAL;
  return D.min(LTV_NO_COLLATERAL, debt.div(value).toDecimalPlaces(LTV_DECIMALS, Decimal.ROUND_DOWN));
}

export function liquidationPrice(debt: Decimal, collateral: Decimal, liquidationLtv: Decimal): Decimal {
  if (debt.isZero()) return ZERO;
  if (collateral.lte(0)) return LTV_NO_COLLATERAL.mul(1e6);
  return debt.div(collateral.mul(liquidationLtv)).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_DOWN);
}

/** One hour's interest on `principal`, rounded up to `decimals`. */
export function hourInterest(principal: Decimal, hourlyRate: Decimal, decimals: number): Decimal {
  return principal.mul(hourlyRate).toDecimalPlaces(decimals, Decimal.ROUND_UP);
}

/** A day's interest as it will be charged: 24 rounded hours. */
export function dailyInterest(principal: Decimal, hourlyRate: Decimal, decimals: number): Decimal {
  return hourInterest(principal, hourlyRate, decimals).mul(24);
}

/** The most that may be borrowed against `collateral` at `price` within `initialLtv`, rounded down. */
export function maxLoan(collateral: Decimal, price: Decimal, initialLtv: Decimal, decimals: number): Decimal {
  return collateralValue(collateral, price).mul(initialLtv).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

export interface Accrual {
  /** Whole hours charged so far since the loan was made. */
  hoursCharged: number;
  interest: Decimal;
}

/**
 * The interest due from hour `hoursCharged + 1` up to the last whole hour before `now`: hour k is charged at
 * borrowedAt + k h, at the late rate when it ends after the due time. The principal is what is outstanding
 * now (every action accrues first, so a repayment only changes the hours after it).
 */
export function accrue(
  loan: { borrowedAt: Date; dueAt: Date; hoursCharged: number; principalOutstanding: Decimal; hourlyRate: Decimal; lateHourlyRate: Decimal },
  now: Date,
  decimals: number,
): Accrual {
  const hoursDue = Math.floor((now.getTime() - loan.borrowedAt.getTime()) / HOUR_MS);
  let interest = ZERO;
  let hours = loan.hoursCharged;
  if (loan.principalOutstanding.isZero()) return { hoursCharged: Math.max(hours, hoursDue), interest };
  const normal = hourInterest(loan.principalOutstanding, loan.hourlyRate, decimals);
  const late = hourInterest(loan.principalOutstanding, loan.lateHourlyRate, decimals);
  for (; hours < hoursDue; hours++) {
    const endsAt = loan.borrowedAt.getTime() + (hours + 1) * HOUR_MS;
    interest = interest.add(endsAt > loan.dueAt.getTime() ? late : normal);
  }
  return { hoursCharged: hours, interest };
}

/** Interest first, then principal: how `amount` pays a debt (the rest is what exceeds it). */
export function allocate(amount: Decimal, interest: Decimal, principal: Decimal): { interest: Decimal; principal: Decimal; rest: Decimal } {
  const toInterest = D.min(amount, interest);
  const toPrincipal = D.min(amount.sub(toInterest), principal);
  return { interest: toInterest, principal: toPrincipal, rest: amount.sub(toInterest).sub(toPrincipal) };
}

export type LoanZone = 'safe' | 'marginCall' | 'liquidation';

export function zoneOf(ltv: Decimal, marginCallLtv: Decimal, liquidationLtv: Decimal): LoanZone {
  if (ltv.gte(liquidationLtv)) return 'liquidation';
  if (ltv.gte(marginCallLtv)) return 'marginCall';
  return 'safe';
}

export interface LiquidationPlan {
  fee: Decimal;
  /** What the sale must raise: debt + fee. */
  target: Decimal;
}

export function liquidationTarget(debt: Decimal, feeRate: Decimal, decimals: number): LiquidationPlan {
  const fee = debt.mul(feeRate).toDecimalPlaces(decimals, Decimal.ROUND_UP);
  return { fee, target: debt.add(fee) };
}

export interface Settlement {
  interest: Decimal;
  principal: Decimal;
  fee: Decimal;
  refund: Decimal;
  shortfall: Decimal;
}

/** Proceeds of a liquidation pay interest, then principal, then the fee; beyond that they go back to the borrower. */
export function settleLiquidation(proceeds: Decimal, interest: Decimal, principal: Decimal, fee: Decimal): Settlement {
  const paid = allocate(proceeds, interest, principal);
  const feePaid = D.min(paid.rest, fee);
  const refund = paid.rest.sub(feePaid);
  const shortfall = interest.sub(paid.interest).add(principal.sub(paid.principal)).add(fee.sub(feePaid));
  return { interest: paid.interest, principal: paid.principal, fee: feePaid, refund, shortfall };
}
