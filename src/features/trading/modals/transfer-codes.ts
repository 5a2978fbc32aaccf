import { ACCOUNT_KINDS, ACCOUNT_TYPES, TRANSFER_ACCOUNTS, TRANSFER_DIRECTIONS, type AccountKind } from '../../../../contract/accounts.ts';
import type { TransferCode } from '../futures-data/trade-api.ts';

/** spec §3 account types (contract/rules.ts). */
export { ACCOUNT_KINDS, type AccountKind };

/** spec §3 account type codes (1 capital, 2 trade, 3 swap), as the balance query takes them. */
export const ACCOUNT_TYPE_OF = ACCOUNT_TYPES;

/** The USD-M account's asset (spec §7 futures account query: assetSymbolList [USDT]). */
export const SWAP_ASSET = 'USDT';

/**
 * The assets a transfer on `route` can move: the USD-M account's one asset when it is either side, else what the
 * source account holds (sorted), with the asset the transfer was opened for kept in the list.
 */
export function transferAssets(route: { from: AccountKind; to: AccountKind }, held: readonly string[], opened: string): string[] {
  if (route.from === 'swap' || route.to === 'swap') return [SWAP_ASSET];
  return [...new Set([opened, ...held])].sort();
}

/** Every route with its spec §4 code (contract/rules.ts TRANSFER_ACCOUNTS), in the spec's table order. */
export const TRANSFER_ROUTES: readonly { from: AccountKind; to: AccountKind; code: TransferCode }[] = TRANSFER_DIRECTIONS.map((code) => ({
  from: TRANSFER_ACCOUNTS[code][0],
  to: TRANSFER_ACCOUNTS[code][1],
  code,
}));

/** spec §4: "the default is from capital to trade". */
export const DEFAULT_TRANSFER = { from: 'capital', to: 'trade' } as const satisfies { from: AccountKind; to: AccountKind };

export function transferCode(from: AccountKind, to: AccountKind): TransferCode | null {
  return TRANSFER_ROUTES.find((route) => route.from === from && route.to === to)?.code ?? null;
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
