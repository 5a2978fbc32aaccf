import { ACCOUNT_KINDS, TRANSFER_ACCOUNTS, TRANSFER_DIRECTIONS, type AccountKind } from '../../../../contract/accounts.ts';
import type { TransferCode } from '../futures-data/trade-api.ts';

/** spec §3 account types (contract/rules.ts). */
export { ACCOUNT_KINDS, type AccountKind };

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
