import { createHash } from 'node:crypto';
import type { Static } from 'typebox';
import type { AddressOperation } from '../../contract/code-operations.ts';

/**
 * What one verification code approves (server/README.md "Verification codes"; spec §6: withdrawals and other money
 * calls take their own e-mail code): the operation's kind and, in a fixed order, what it is — its id where it has
 * one (a withdrawal's row, a broker application), the amount, asset, network, address, memo, a bank account. The
 * code row keeps the sha-256 of that (`operationKey`), set when the code is sent; a check computes the key again
 * from the request it confirms, so a code sent for one operation, or for none, confirms no other. The same
 * fields, labelled, are what the e-mail says the code approves.
 */
export interface Operation {
  kind: string;
  /** What the e-mail says the code approves, e.g. `Withdrawal of 1.5 USDT`. */
  title: string;
  /** `[label, value]` in the builder's fixed order; a null value is part of the key but not of the mail. */
  fields: ReadonlyArray<readonly [string, string | null]>;
}

export function operationKey(operation: Operation): string {
  return createHash('sha256')
    .update(JSON.stringify([operation.kind, operation.fields.map(([label, value]) => [label, value ?? null])]))
    .digest('hex');
}


export type AddressContent = Static<typeof AddressOperation>;

/**
 * An `addAddress` code's operation: the coin address (asset, network, address, memo) or the bank account
 * (currency, beneficiary, bank code, account number) to be saved, as the add call stores it.
 */
export function addressOperation(content: AddressContent): Operation {
  if (content.book === 'coin') {
    return {
      kind: 'addCoinAddress',
      title: `adding the ${content.network} address ${content.address} (${content.asset}) to your address book`,
      fields: [
        ['Asset', content.asset],
        ['Network', content.network],
        ['Address', content.address],
        ['Memo', content.memo ?? null],
      ],
    };
  }
  return {
    kind: 'addFiatAccount',
    title: `adding the ${content.asset} bank account ${content.accountNumber} to your address book`,
    fields: [
      ['Asset', content.asset],
      ['Beneficiary', content.beneficiary.trim()],
      ['Bank code', content.bankCode],
      ['Account number', content.accountNumber],
    ],
  };
}

/** A `whitelistOff` code's operation: switching the signed-in user's own withdrawal whitelist off. */
export function whitelistOffOperation(userId: number): Operation {
  return { kind: 'whitelistOff', title: 'switching your withdrawal whitelist off', fields: [['Account', String(userId)]] };
}
