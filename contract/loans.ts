import Type from 'typebox';
import { publicPost, userPost } from './call.ts';
import { Amount, Id, IntegerEnum, IsoTime, Page, PageCondition, RequestId, Strict, StringEnum } from './schema.ts';
import { COLLATERAL_ASSETS, LOAN_ACTIONS, LOAN_ASSETS, LOAN_STATUSES, LOAN_TERMS } from './loan-rules.ts';

/**
 * Crypto-backed loans (spec §1 "Loans and collateral", §2 route `loan`, §4 loan states, §6 the `loan` switch).
 * The spec names the states but no calls: paths, bodies and replies are the sandbox's design
 * (server/README.md "Loans"). Collateral is valued at the simulator's live spot books; every money
 * movement is one ledger entry (server/ledger), idempotent on the client's requestId.
 */

export {
  COLLATERAL_ASSETS,
  LOAN_ACTIONS,
  LOAN_ASSETS,
  LOAN_OPEN_STATUSES,
  LOAN_STATUS,
  LOAN_STATUS_NAMES,
  LOAN_STATUSES,
  LOAN_STRESS_DROPS,
  LOAN_TERMS,
  type CollateralAsset,
  type LoanAction,
  type LoanAsset,
  type LoanStatus,
  type LoanTerm,
} from './loan-rules.ts';

const LoanAssetName = StringEnum([...LOAN_ASSETS]);
const CollateralName = StringEnum([...COLLATERAL_ASSETS]);
const Term = IntegerEnum([...LOAN_TERMS]);
const Status = IntegerEnum([...LOAN_STATUSES]);
const ActionName = StringEnum([...LOAN_ACTIONS]);
/** A ratio as a decimal string, "0.65" is 65 %. */
const Ratio = Amount;

export const LoanConfig = Type.Object({
  loanAssets: Type.Array(Type.Object({
    asset: Type.String(),
    decimals: Type.Integer(),
    minAmount: Amount,
    maxAmount: Amount,
    /** Interest per hour as a fraction of the principal outstanding. */
    hourlyRate: Ratio,
    /** Per hour after the term ends (state 3, overdue). */
    lateHourlyRate: Ratio,
  })),
  collaterals: Type.Array(Type.Object({
    asset: Type.String(),
    decimals: Type.Integer(),
    initialLtv: Ratio,
    marginCallLtv: Ratio,
    liquidationLtv: Ratio,
    /** The collateral's price in USDT now (the book's best bid). */
    price: Amount,
  })),
  terms: Type.Array(Term),
  /** Of the debt, charged when collateral is sold in a liquidation. */
  liquidationFee: Ratio,
  /** Hours an overdue loan may stay unpaid before its collateral is sold. */
  overdueGraceHours: Type.Integer(),
});

/** The LTV after a price drop. */
const Stress = Type.Object({ drop: Ratio, price: Amount, ltv: Ratio });

/** A loan's (or a preview's) collateral now, its loan-to-value ratio and the levels that act on it. */
const LtvFields = {
  /** The collateral's price now (USDT per coin), its value, and the loan-to-value ratio. */
  price: Amount,
  collateralValue: Amount,
  ltv: Ratio,
  initialLtv: Ratio,
  marginCallLtv: Ratio,
  liquidationLtv: Ratio,
  /** The price at which the LTV reaches the liquidation level. */
  liquidationPrice: Amount,
};

export const Loan = Type.Object({
  orderId: Id,
  loanAsset: Type.String(),
  collateralAsset: Type.String(),
  termDays: Term,
  status: Status,
  statusName: Type.String(),
  principal: Amount,
  /** Principal not yet repaid. */
  principalOutstanding: Amount,
  /** Interest charged so far and not yet paid. */
  interestOutstanding: Amount,
  /** Interest charged over the loan's life (paid or not). */
  interestTotal: Amount,
  /** What full repayment costs now: principal outstanding + interest outstanding. */
  debt: Amount,
  collateralAmount: Amount,
  /** Per hour now (the late rate once overdue). */
  hourlyRate: Ratio,
  /** Interest a day at the current rate on the principal outstanding. */
  dailyInterest: Amount,
  ...LtvFields,
  /** The LTV is at or above the margin-call level (add collateral or repay). */
  marginCall: Type.Boolean(),
  marginCallAt: Type.Union([IsoTime, Type.Null()]),
  stress: Type.Array(Stress),
  borrowedAt: IsoTime,
  dueAt: IsoTime,
  closedAt: Type.Union([IsoTime, Type.Null()]),
});

export const LoanPreview = Type.Object({
  loanAsset: Type.String(),
  collateralAsset: Type.String(),
  loanAmount: Amount,
  collateralAmount: Amount,
  ...LtvFields,
  hourlyRate: Ratio,
  dailyInterest: Amount,
  /** Interest over the whole term if nothing is repaid early. */
  termInterest: Amount,
  /** The most that can be borrowed against this collateral at the initial LTV. */
  maxLoanAmount: Amount,
  dueAt: IsoTime,
  /** The LTV is within the initial level: the borrow would be accepted. */
  allowed: Type.Boolean(),
});

export const LoanActionPreview = Type.Object({
  orderId: Id,
  action: ActionName,
  amount: Amount,
  debtAfter: Amount,
  collateralAfter: Amount,
  ltvBefore: Ratio,
  ltvAfter: Ratio,
  liquidationPriceBefore: Amount,
  liquidationPriceAfter: Amount,
  /** repayWithCollateral: the loan asset the sold collateral brings (at the book, less the desk's spread). */
  proceeds: Type.Union([Amount, Type.Null()]),
  /** The action would be accepted (within the initial LTV for a removal, no more than the debt for a repayment). */
  allowed: Type.Boolean(),
  /** Why not: `ltv`, `exceedsDebt`, `exceedsCollateral`. */
  reason: Type.Union([Type.String(), Type.Null()]),
});

export const LoanActionRecord = Type.Object({
  actionId: Id,
  orderId: Id,
  action: ActionName,
  amount: Amount,
  /** repayWithCollateral: the loan asset the sold collateral brought. */
  proceeds: Type.Union([Amount, Type.Null()]),
  interestPaid: Amount,
  principalPaid: Amount,
  /** Loan asset returned when a repayment with collateral brought more than the debt. */
  refund: Amount,
  ltvAfter: Ratio,
  createdAt: IsoTime,
  loan: Loan,
});

export const Liquidation = Type.Object({
  liquidationId: Id,
  orderId: Id,
  loanAsset: Type.String(),
  collateralAsset: Type.String(),
  /** Why: `ltv` (the liquidation level was reached) or `overdue` (unpaid past the grace hours). */
  reason: StringEnum(['ltv', 'overdue']),
  ltv: Ratio,
  collateralSold: Amount,
  /** Average price the book paid (USDT per coin). */
  averagePrice: Amount,
  proceeds: Amount,
  principalRepaid: Amount,
  interestRepaid: Amount,
  fee: Amount,
  /** Collateral given back to the borrower, and proceeds beyond the debt and fee. */
  collateralReturned: Amount,
  refund: Amount,
  /** Debt the proceeds could not cover (written off by the provider). */
  shortfall: Amount,
  createdAt: IsoTime,
});

const ActionBody = {
  orderId: Id,
  amount: Amount,
};

export const loanCalls = {
  '/loan/config': userPost(undefined, LoanConfig),
  '/loan/preview': userPost(
    Strict({ loanAsset: LoanAssetName, loanAmount: Amount, collateralAsset: CollateralName, collateralAmount: Amount, termDays: Term }),
    LoanPreview,
  ),
  /** Borrow: collateral leaves the capital account for the provider's `loans` account, the loan arrives. */
  '/loan/borrow': userPost(
    Strict({ loanAsset: LoanAssetName, loanAmount: Amount, collateralAsset: CollateralName, collateralAmount: Amount, termDays: Term, requestId: RequestId }),
    Loan,
  ),
  '/loan/detail': userPost(Strict({ orderId: Id }), Loan),
  '/loan/previewAction': userPost(Strict({ ...ActionBody, action: ActionName }), LoanActionPreview),
  '/loan/addCollateral': userPost(Strict({ ...ActionBody, requestId: RequestId }), LoanActionRecord),
  '/loan/removeCollateral': userPost(Strict({ ...ActionBody, requestId: RequestId }), LoanActionRecord),
  /** Repay in the loan asset, interest first; the full debt ends the loan and returns the collateral. */
  '/loan/repay': userPost(Strict({ ...ActionBody, requestId: RequestId }), LoanActionRecord),
  /** Sell `amount` of the collateral through the book for the loan asset and repay with it. */
  '/loan/repayWithCollateral': userPost(Strict({ ...ActionBody, requestId: RequestId }), LoanActionRecord),
  '/loan/pageLoanOrder': userPost(
    Strict({
      pageCondition: PageCondition,
      queryCondition: Type.Optional(Strict({
        status: Type.Optional(Status),
        loanAsset: Type.Optional(LoanAssetName),
        collateralAsset: Type.Optional(CollateralName),
      })),
    }),
    Page(Loan),
  ),
  '/loan/pageLiquidationRecord': userPost(
    Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict({ orderId: Type.Optional(Id) })) }),
    Page(Liquidation),
  ),
};

export type LoanCalls = typeof loanCalls;

/**
 * Sandbox control (server/README.md "Developer controls"): move a simulator listing's price at once, so a
 * margin call and a liquidation can be shown and tested; the loans are swept at the new price before the reply.
 */
export const loanDevCalls = {
  '/_dev/market/move': publicPost(
    Strict({
      symbol: Type.String({ pattern: '^[A-Z0-9]{2,20}$' }),
      /** −90 … +500: the new price is the old × (1 + changePercent / 100). */
      changePercent: Type.Number({ minimum: -90, maximum: 500 }),
    }),
    Type.Object({ symbol: Type.String(), price: Amount }),
  ),
};
