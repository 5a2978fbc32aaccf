import type { TransferCode } from '../futures-data/trade-api.ts';

/** spec §3 account types. */
export const ACCOUNT_TYPES = { capital: 1, trade: 2, swap: 3 } as const;
export type AccountKind = keyof typeof ACCOUNT_TYPES;
export const ACCOUNT_KINDS: readonly AccountKind[] = ['capital', 'trade', 'swap'];

/** spec §4 transfer direction codes. */
const CODES: Record<AccountKind, Partial<Record<AccountKind, TransferCode>>> = {
  capital: { trade: 'FUNDING_MAIN', swap: 'FUNDING_UMFUTURE' },
  trade: { capital: 'MAIN_FUNDING', swap: 'MAIN_UMFUTURE' },
  swap: { capital: 'UMFUTURE_FUNDING', trade: 'UMFUTURE_MAIN' },
};

/** Every route with its code, in the spec's table order. */
export const TRANSFER_ROUTES: readonly { from: AccountKind; to: AccountKind; code: TransferCode }[] = ACCOUNT_KINDS.flatMap((from) =>
  ACCOUNT_KINDS.filter((to) => to !== from).map((to) => ({ from, to, code: CODES[from][to] as TransferCode })),
);

/** spec §4: "the default is from capital to trade". */
export const DEFAULT_TRANSFER = { from: 'capital', to: 'trade' } as const satisfies { from: AccountKind; to: AccountKind };

export function transferCode(from: AccountKind, to: AccountKind): TransferCode | null {
  return CODES[from][to] ?? null;
}

/** Choosing `from` equal to the current `to` swaps the two, so the pair stays valid. */
export function chooseFrom(current: { from: AccountKind; to: AccountKind }, from: AccountKind): { from: AccountKind; to: AccountKind } {
  if (from === current.to) return { from, to: current.from };
  return { from, to: current.to };
}

export function chooseTo(current: { from: AccountKind; to: AccountKind }, to: AccountKind): { from: AccountKind; to: AccountKind } {
  if (to === current.from) return { from: current.to, to };
  return { from: current.from, to };
}
