/**
 * The OTC desk's terms both sides need at run time (server/otc and src/features/otc): spec §9's minimum, hours
 * and promises, and the assets the desk trades. Plain values only — no schema library — so the app may import
 * them without pulling the contract's schemas into its bundle (contract/otc.ts re-exports them).
 */

/** spec §9, the desk's published terms. */
export const OTC_TERMS = {
  minUsd: '200000',
  /** Weekdays (0 Sunday … 6 Saturday) and hours in UTC when the desk quotes. */
  days: [1, 2, 3, 4, 5],
  openUtcHour: 0,
  closeUtcHour: 17,
  resultMinutes: 30,
  settlementDays: 1,
  quoteTtlMs: 30_000,
} as const;

export const OTC_ASSETS = ['BTC', 'ETH', 'SOL', 'USDT', 'USD', 'HKD'] as const;
export type OtcAssetName = (typeof OTC_ASSETS)[number];

/** The states of an OTC order (server/README.md "OTC"): open → pendingSettlement → settled; open → cancelled | rejected | expired. */
export const OTC_STATUSES = ['open', 'pendingSettlement', 'settled', 'cancelled', 'rejected', 'expired'] as const;
export type OtcStatusName = (typeof OTC_STATUSES)[number];
export const OTC_MODES = ['quote', 'limit'] as const;
export type OtcModeName = (typeof OTC_MODES)[number];

/**
 * A delegated order's limit may be at most this far (a fraction, 0.2 is 20 %) from the desk's own price for its
 * size, measured in the direction traders read the pair (contract/otc-limit-rules.ts): a limit further away is a
 * typing slip far more often than an intent, and it would hold the amount for nothing. Spec §1 delegated mode.
 */
export const OTC_LIMIT_BAND = '0.2';
