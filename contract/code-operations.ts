import Type from 'typebox';
import { ACCOUNT_NUMBER_PATTERN, BANK_CODE_PATTERN } from './fiat-rules.ts';
import { Asset, Strict, Text } from './schema.ts';
import { Address, Memo, Network } from './wallet.ts';

/**
 * What an `addAddress` e-mail code approves (server/identity/operations.ts; server/README.md "Verification codes"):
 * the coin address or the bank account the add call will save, sent with the code request
 * (`POST /institution/email/captcha`, field `operation`). The add call takes only a code sent for the entry it
 * saves: the same asset, network, address and memo, or the same currency, beneficiary, bank and account number.
 */
export const AddressOperation = Type.Union([
  Strict({ book: Type.Literal('coin'), asset: Asset, network: Network, address: Address, memo: Type.Optional(Memo) }),
  Strict({
    book: Type.Literal('fiat'),
    asset: Asset,
    beneficiary: Text(1, 100),
    bankCode: Type.String({ pattern: BANK_CODE_PATTERN.source }),
    accountNumber: Type.String({ pattern: ACCOUNT_NUMBER_PATTERN.source }),
  }),
]);
