/**
 * The electricity-payment rules both sides need at run time (server/electricity and src/features/electricity):
 * the bill currencies, the assets a bill may be paid from, the states and the firm quote's lifetime. Plain values
 * only, so the app may import them (contract/electricity.ts re-exports them).
 */

/** Currencies a hosting site bills in. */
export const BILL_CURRENCIES = ['USD', 'HKD'] as const;
export type BillCurrency = (typeof BILL_CURRENCIES)[number];

/** Digital assets of the capital account a bill may be paid from. */
export const BILL_PAY_ASSETS = ['USDT', 'BTC', 'ETH'] as const;
export type BillPayAsset = (typeof BILL_PAY_ASSETS)[number];

/** A bill's state: unpaid, paid, or overdue (unpaid after its due time, on the sandbox clock). */
export const BILL_STATUSES = ['unpaid', 'paid', 'overdue'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** How long a payment quote may be accepted, on the server's clock. */
export const BILL_QUOTE_TTL_MS = 15_000;
