import type { FiatCalls } from '../../contract/fiat.ts';
import type { ApiContext } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { fiatBankBookHandlers } from './fiat-bank-book.ts';
import { fiatDepositHandlers } from './fiat-deposits.ts';
import { fiatRecordHandlers } from './fiat-records.ts';
import { fiatWithdrawalHandlers } from './fiat-withdrawals.ts';

/**
 * The fiat wallet (contract/fiat.ts; server/README.md "Wallet, fiat side"):
 * - deposits are declared by the user (amount and the sending bank's reference, quoting their own reference)
 *   and wait for the provider's approval (approvalPending → complete, or cancelled), credited from `bank:<asset>`;
 * - withdrawals go only to a saved bank account past its 24-hour lock, in three calls: submit (rules, hold,
 *   today's limit, e-mail code) → confirm (e-mail and Google codes) → the provider's approval pays out
 *   (complete) or refuses (cancelled, hold and limit given back). The user may cancel before it is paid.
 */

export function fiatHandlers(ctx: ApiContext): Handlers<FiatCalls> {
  return {
    ...fiatDepositHandlers(ctx),
    ...fiatRecordHandlers(ctx),
    ...fiatWithdrawalHandlers(ctx),
    ...fiatBankBookHandlers(ctx),
  };
}
