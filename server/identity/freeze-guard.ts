import type { UserRow } from '../platform/auth.ts';
import { ApiError, Code } from '../platform/envelope.ts';

/**
 * What an account freeze refuses (spec §4 "Account freeze: it disables withdrawals and exchange, and logs the user
 * out"; server/README.md "Account freeze"). Every call it names asks this one guard, at its start and before
 * anything is written:
 * - withdrawals: coin and fiat withdrawals, and whatever else takes money out of the account;
 * - exchange: convert, OTC, trading orders that open or add exposure, and the trading settings (leverage, margin
 *   type, position and multi-assets modes), which serve only new exposure;
 * - freeing margin: money leaving the USD-M account's margin (removing isolated margin, a transfer out of the USD-M
 *   account), which raises the risk of its open positions: a frozen account's risk may go down, never up.
 *
 * Not refused: signing in, reading, cancelling orders, closing or reducing positions, take-profit / stop-loss, adding
 * margin, and transfers between the account's own capital and trade accounts or into its USD-M account. These move
 * nothing out of the account and none is a withdrawal or an exchange; shutting the risk-reducing ones would leave a
 * frozen customer exposed with no way out (server/trade/README.md "Frozen accounts").
 *
 * Throws 10011 'The account is frozen'.
 */
export function refuseIfFrozen(user: Pick<UserRow, 'frozen_at'>): void {
  if (user.frozen_at !== null) throw new ApiError(Code.frozen);
}
