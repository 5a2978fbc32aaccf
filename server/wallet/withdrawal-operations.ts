import type { Network } from '../../contract/chains.ts';
import type { Operation } from '../identity/operations.ts';
import { D } from '../platform/decimal.ts';

/**
 * What a withdrawal's e-mail code approves (server/identity/operations.ts): the one withdrawal, by its row's id
 * AND its content, so a code sent for withdrawal A never confirms withdrawal B (spec §6: a withdrawal takes its
 * own e-mail code). The amount is canonical (`1.50` and `1.5` are one amount).
 */
export function coinWithdrawalOperation(row: { id: string; asset: string; network: Network; address: string; memo: string | null; amount: string }): Operation {
  const amount = new D(row.amount).toFixed();
  return {
    kind: 'coinWithdrawal',
    title: `a withdrawal of ${amount} ${row.asset} on ${row.network}`,
    fields: [
      ['Withdrawal id', row.id],
      ['Amount', amount],
      ['Asset', row.asset],
      ['Network', row.network],
      ['Address', row.address],
      ['Memo', row.memo],
    ],
  };
}

/** A fiat withdrawal's: its id, the amount, the currency and the saved bank account it pays. */
export function fiatWithdrawalOperation(row: { id: string; asset: string; amount: string; address_book_id: string; address: string }): Operation {
  const amount = new D(row.amount).toFixed();
  return {
    kind: 'fiatWithdrawal',
    title: `a fiat withdrawal of ${amount} ${row.asset}`,
    fields: [
      ['Withdrawal id', row.id],
      ['Amount', amount],
      ['Asset', row.asset],
      ['Saved bank account', row.address_book_id],
      ['Account number', row.address],
    ],
  };
}
