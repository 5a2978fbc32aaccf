import Decimal from 'decimal.js';
import type { LoanAction } from '../../contract/loan-rules.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { DESK, NoLiquidity } from '../convert/index.ts';
import { Account, Entry } from '../ledger/ledger.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { COLLATERAL_CONFIG, LOAN_ASSET_CONFIG } from './config.ts';
import { type LoanMarket, decimalsAllowed, figures, plain } from './market.ts';
import { allocate, collateralValue, liquidationPrice, ltvOf } from './math.ts';
import type { LoanRow } from './rows.ts';

export interface Outcome {
  /** The loan's new numbers (null: unchanged). */
  principal: Decimal;
  interest: Decimal;
  collateral: Decimal;
  proceeds: Decimal | null;
  interestPaid: Decimal;
  principalPaid: Decimal;
  refund: Decimal;
  /** Collateral sold through the book (repay with collateral). */
  sold: Decimal;
  ended: boolean;
  ltvAfter: Decimal;
  liquidationPriceAfter: Decimal;
}

/** What `action` of `amount` would do to the loan at `price`; throws the refusal when it may not. */
export const plan = (m: LoanMarket, row: LoanRow, action: LoanAction, amount: Decimal, price: Decimal): { outcome: Outcome; refusal: ApiError | null; reason: string | null } => {
  const f = figures(row, price);
  const asset = LOAN_ASSET_CONFIG[row.loan_asset];
  const coll = COLLATERAL_CONFIG[row.collateral_asset];
  const initialLtv = new D(row.initial_ltv);
  const liqLtv = new D(row.liquidation_ltv);
  let principal = f.principal;
  let interest = f.interest;
  let collateral = f.collateral;
  let proceeds: Decimal | null = null;
  let paid = { interest: ZERO, principal: ZERO, rest: ZERO };
  let sold = ZERO;
  let refusal: ApiError | null = null;
  let reason: string | null = null;
  const outOfRange = (field: string, max: Decimal, why: string) => {
    refusal = new ApiError(Code.amountOutOfRange, { field, min: '0', max: plain(max) });
    reason = why;
  };
  switch (action) {
    case 'addCollateral':
      decimalsAllowed('amount', amount, coll.decimals);
      collateral = collateral.add(amount);
      break;
    case 'removeCollateral':
      decimalsAllowed('amount', amount, coll.decimals);
      if (amount.gt(collateral)) outOfRange('amount', collateral, 'exceedsCollateral');
      collateral = D.max(ZERO, collateral.sub(amount));
      break;
    case 'repay':
      decimalsAllowed('amount', amount, asset.decimals);
      if (amount.gt(f.debt)) outOfRange('amount', f.debt, 'exceedsDebt');
      paid = allocate(amount, interest, principal);
      break;
    case 'repayWithCollateral': {
      decimalsAllowed('amount', amount, coll.decimals);
      if (amount.gt(collateral)) {
        outOfRange('amount', collateral, 'exceedsCollateral');
        break;
      }
      try {
        // Sold through the book less the desk's coin spread, as a convert to the loan asset would (USDC at par).
        proceeds = m.pricer.usdtForSelling(row.collateral_asset, amount).mul(new D(1).sub(DESK.spread.coin)).toDecimalPlaces(asset.decimals, Decimal.ROUND_DOWN);
      } catch (error) {
        if (error instanceof NoLiquidity) throw new ApiError(Code.quoteUnavailable, { fromAsset: row.collateral_asset, toAsset: row.loan_asset });
        throw error;
      }
      sold = amount;
      collateral = collateral.sub(amount);
      paid = allocate(proceeds, interest, principal);
      break;
    }
  }
  interest = interest.sub(paid.interest);
  principal = principal.sub(paid.principal);
  const debt = principal.add(interest);
  const ended = debt.isZero();
  const ltvAfter = ltvOf(debt, collateralValue(collateral, price));
  if (!refusal && action === 'removeCollateral' && !ended && ltvAfter.gt(initialLtv)) {
    refusal = new ApiError(Code.loanLtvTooHigh, { ltv: plain(ltvAfter), initialLtv: plain(initialLtv) });
    reason = 'ltv';
  }
  return {
    outcome: {
      principal,
      interest,
      collateral,
      proceeds,
      interestPaid: paid.interest,
      principalPaid: paid.principal,
      refund: paid.rest,
      sold,
      ended,
      ltvAfter,
      liquidationPriceAfter: liquidationPrice(debt, collateral, liqLtv),
    },
    refusal,
    reason,
  };
};

/** The ledger entry of an action (kind `loan_<action>`); when the debt is cleared the collateral goes back too. */
export const actionEntry = (row: LoanRow, action: LoanAction, amount: Decimal, o: Outcome, ref: string): Entry => {
  const user = row.user_id;
  const c = row.collateral_asset;
  const a = row.loan_asset;
  const entry = new Entry(`loan_${action.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`, ref, user);
  if (action === 'addCollateral') entry.user(user, Account.capital, c, amount.neg()).provider('loans', c, amount);
  if (action === 'removeCollateral') entry.provider('loans', c, amount.neg()).user(user, Account.capital, c, amount);
  if (action === 'repay') {
    entry.user(user, Account.capital, a, o.interestPaid.add(o.principalPaid).neg()).provider('fees', a, o.interestPaid).provider('loans', a, o.principalPaid);
  }
  if (action === 'repayWithCollateral') {
    const proceeds = o.proceeds!;
    entry
      .provider('loans', c, o.sold.neg())
      .provider('desk', c, o.sold)
      .provider('desk', a, proceeds.neg())
      .provider('fees', a, o.interestPaid)
      .provider('loans', a, o.principalPaid)
      .user(user, Account.capital, a, o.refund);
  }
  if (o.ended && o.collateral.gt(0)) entry.provider('loans', c, o.collateral.neg()).user(user, Account.capital, c, o.collateral);
  return entry;
};
