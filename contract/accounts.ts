/**
 * The spec §3 account types and the spec §4 transfer directions between them, for the sandbox (ledger, transfers,
 * exports) and the app (transfer dialog, wallet, records). Plain values only (no schema library), so the app may
 * import them at run time (contract/bundle-boundary.test.ts); a module of their own, so they travel only with the
 * pages that use them. contract/schema.ts builds their schemas from these lists.
 */

/** spec §3 account types: capital_account 1, trade_account 2, swap_account 3. */
export const ACCOUNT_TYPES = { capital: 1, trade: 2, swap: 3 } as const;
export type AccountKind = keyof typeof ACCOUNT_TYPES;
export type AccountType = (typeof ACCOUNT_TYPES)[AccountKind];
/** The kinds in the spec's order, and their codes in the same order (the balances list, the schemas). */
export const ACCOUNT_KINDS = ['capital', 'trade', 'swap'] as const satisfies readonly AccountKind[];
export const ACCOUNT_TYPE_CODES = [ACCOUNT_TYPES.capital, ACCOUNT_TYPES.trade, ACCOUNT_TYPES.swap] as const;
/** The kind of a code (1 → capital). */
export const ACCOUNT_KIND_OF = Object.fromEntries(ACCOUNT_KINDS.map((kind) => [ACCOUNT_TYPES[kind], kind])) as Record<AccountType, AccountKind>;

/**
 * spec §4 transfer direction codes between the spec §3 accounts (FUNDING capital, MAIN trade, UMFUTURE USD-M swap),
 * in the spec's table order (capital → trade first), each with its from and to account.
 */
export const TRANSFER_DIRECTIONS = ['FUNDING_MAIN', 'FUNDING_UMFUTURE', 'MAIN_FUNDING', 'MAIN_UMFUTURE', 'UMFUTURE_FUNDING', 'UMFUTURE_MAIN'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const TRANSFER_ACCOUNTS = {
  FUNDING_MAIN: ['capital', 'trade'],
  FUNDING_UMFUTURE: ['capital', 'swap'],
  MAIN_FUNDING: ['trade', 'capital'],
  MAIN_UMFUTURE: ['trade', 'swap'],
  UMFUTURE_FUNDING: ['swap', 'capital'],
  UMFUTURE_MAIN: ['swap', 'trade'],
} as const satisfies Record<TransferDirection, readonly [AccountKind, AccountKind]>;
