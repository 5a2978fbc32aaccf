import type Decimal from 'decimal.js';
import type { CollateralAsset } from '../../contract/loan-rules.ts';
import type { ApiContext } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { UserRow } from '../identity/users.ts';
import { DeskPricer } from '../convert/index.ts';
import { instrument } from '../sim/index.ts';
import type { Simulator } from '../sim/index.ts';
import { D } from '../platform/decimal.ts';
import { MarketView } from '../trade/index.ts';
import { collateralValue, liquidationPrice, ltvOf } from './math.ts';
import type { LoanRow } from './rows.ts';
import { refuseIfFrozen } from '../identity/freeze-guard.ts';

export const plain = (value: Decimal | string) => {
  const d = new D(value);
  return d.isZero() ? '0' : d.toFixed();
};

/** The numbers of a loan as they stand at `price`. */
export interface Figures {
  principal: Decimal;
  interest: Decimal;
  debt: Decimal;
  collateral: Decimal;
  value: Decimal;
  ltv: Decimal;
  liquidationPrice: Decimal;
}

export function figures(row: LoanRow, price: Decimal): Figures {
  const principal = new D(row.principal_outstanding);
  const interest = new D(row.interest_outstanding);
  const debt = principal.add(interest);
  const collateral = new D(row.collateral_amount);
  const value = collateralValue(collateral, price);
  return { principal, interest, debt, collateral, value, ltv: ltvOf(debt, value), liquidationPrice: liquidationPrice(debt, collateral, new D(row.liquidation_ltv)) };
}

export function currentRate(row: LoanRow, now: Date): Decimal {
  return new D(now >= row.due_at ? row.late_hourly_rate : row.hourly_rate);
}

/** spec §6: operations can switch loans off ("contact the provider"); a frozen account may not take money out. */
export function checkMayLoan(user: UserRow, outgoing: boolean): void {
  if (user.disabled_features.includes('loan')) throw new ApiError(Code.serviceSuspended, { feature: 'loan' });
  if (outgoing) refuseIfFrozen(user);
}

export function decimalsAllowed(field: string, amount: Decimal, decimals: number): void {
  if (amount.lte(0)) throw badInput(field, 'positive', `${field} must be greater than zero`);
  if (amount.decimalPlaces() > decimals) throw badInput(field, 'decimals', `${field} has more than ${decimals} decimals`);
}

/** What every loan handler shares: the context, the desk's pricer on the simulator's books and the collateral's price. */
export interface LoanMarket {
  ctx: ApiContext;
  pricer: DeskPricer;
  priceOf: (asset: CollateralAsset) => Decimal;
}

export function loanMarket(ctx: ApiContext, sim: Simulator): LoanMarket {
  const view = new MarketView(sim);
  const pricer = new DeskPricer(view);

  /** The collateral's price now: the best bid of its `<coin>USDT` spot book (what a sale would get first). */
  const priceOf = (asset: CollateralAsset): Decimal => {
    const inst = instrument('spot', `${asset}USDT`);
    if (!inst) throw new Error(`no spot book for ${asset}`);
    const best = view.opposite(inst, 'sell').next();
    if (best.done) throw new ApiError(Code.quoteUnavailable, { asset });
    return best.value.price;
  };
  return { ctx, pricer, priceOf };
}
