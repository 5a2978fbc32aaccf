/**
 * The loan rules both sides need at run time (server/loans and src/features/loans): what may be borrowed and
 * pledged, the terms and the states of spec §4. Plain values only — no schema library — so the app may import
 * them without pulling the contract's schemas into its bundle (contract/loans.ts re-exports them).
 */

/** Stablecoins the provider lends. */
export const LOAN_ASSETS = ['USDT', 'USDC'] as const;
export type LoanAsset = (typeof LOAN_ASSETS)[number];

/** Coins the provider takes as collateral, valued at the simulator's live `<coin>USDT` spot book. */
export const COLLATERAL_ASSETS = ['BTC', 'ETH'] as const;
export type CollateralAsset = (typeof COLLATERAL_ASSETS)[number];

/** Loan terms in days. */
export const LOAN_TERMS = [7, 30, 90, 180] as const;
export type LoanTerm = (typeof LOAN_TERMS)[number];

/**
 * spec §4 loan states, numeric and named: 1 interest accruing, 2 ended, 3 overdue, 4 liquidation (the LTV
 * reached the liquidation level, the collateral is being sold), 5 forcefully liquidated.
 */
export const LOAN_STATUS = { accruing: 1, ended: 2, overdue: 3, liquidation: 4, liquidated: 5 } as const;
export type LoanStatus = (typeof LOAN_STATUS)[keyof typeof LOAN_STATUS];
export const LOAN_STATUS_NAMES = {
  1: 'interest_accruing',
  2: 'Ended',
  3: 'Overdue',
  4: 'liquidation',
  5: 'forcefully_liquidated',
} as const satisfies Record<LoanStatus, string>;
export const LOAN_STATUSES = [1, 2, 3, 4, 5] as const satisfies readonly LoanStatus[];

/** States in which the borrower may still act on a loan (add or remove collateral, repay). */
export const LOAN_OPEN_STATUSES: readonly LoanStatus[] = [LOAN_STATUS.accruing, LOAN_STATUS.overdue];

/** The price drops the loan page shows the LTV after. */
export const LOAN_STRESS_DROPS = ['0.1', '0.2', '0.3'] as const;

/** Actions on an open loan; each has a preview with the LTV and liquidation price after it. */
export const LOAN_ACTIONS = ['addCollateral', 'removeCollateral', 'repay', 'repayWithCollateral'] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];
