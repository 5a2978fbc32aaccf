import Type from 'typebox';
import { publicPost, userPost } from './call.ts';
import { ACCOUNT_NUMBER_PATTERN, BANK_CODE_PATTERN, BANK_REFERENCE_PATTERN } from './fiat-rules.ts';
import { FIAT_RECORD_ID_PATTERN } from './rules.ts';
import { AddressName, WithdrawRemaining } from './wallet.ts';
import { Amount, Asset, Cipher, Code6, Id, IsoTime, Page, PageCondition, RangeDaysUnion, RecordSort, RequestId, Strict, Text, Uuid } from './schema.ts';

/**
 * The fiat wallet (spec §2 recharge/fiat, withdraw/fiat, address/fiatAddress, record/fiat; §4 fiat states
 * cancelled, approvalPending, complete; §7 `submitBlockFiatDeposit`, `getBlockFiatWithdrawRemainingAmount`,
 * `submitBlockFiatWithdraw`, `invokeBlockFiatWithdrawalEmailValidation`, `confirmBlockFiatWithdraw`,
 * `fiat/pageTransaction`, `listFiatSupportAsset`; §8 'Bank Code Not Found'; §9 fiat recharge normally T+1).
 * Payloads the spec does not show are designed here and documented in server/README.md "Wallet, fiat side".
 */

export { ACCOUNT_NUMBER_PATTERN, BANK_CODE_PATTERN, BANK_REFERENCE_PATTERN, FIAT_ASSETS, FIAT_DAY_OFFSET_MS, fiatAsset, fiatDay, isBeneficiaryName, normaliseBankField, type FiatAsset } from './fiat-rules.ts';

const BankCode = Type.String({ pattern: BANK_CODE_PATTERN.source });
const AccountNumber = Type.String({ pattern: ACCOUNT_NUMBER_PATTERN.source });
const BankReference = Type.String({ pattern: BANK_REFERENCE_PATTERN.source });

export const FiatStatus = Type.Union([Type.Literal('approvalPending'), Type.Literal('complete'), Type.Literal('cancelled')]);

const FiatRecord = Type.Object({
  /** `FD<id>` for a deposit, `FW<id>` for a withdrawal. */
  recordId: Type.String(),
  type: Type.Union([Type.Literal('deposit'), Type.Literal('withdraw')]),
  asset: Type.String(),
  amount: Amount,
  fee: Amount,
  status: FiatStatus,
  /** Deposit: the reference the user quoted (theirs at the provider) and the sending bank's reference. */
  reference: Type.Union([Type.String(), Type.Null()]),
  bankReference: Type.Union([Type.String(), Type.Null()]),
  /** Withdrawal: the saved bank account it pays (kept after the entry is deleted from the book). */
  beneficiary: Type.Union([Type.String(), Type.Null()]),
  bankName: Type.Union([Type.String(), Type.Null()]),
  accountNumber: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
  completedAt: Type.Union([IsoTime, Type.Null()]),
});

const FiatWithdrawal = Type.Object({
  withdrawId: Id,
  requestId: Type.String(),
  status: Type.Union([Type.Literal('unconfirmed'), FiatStatus]),
  asset: Type.String(),
  addressId: Id,
  amount: Amount,
  fee: Amount,
  receive: Amount,
  /** The e-mail code sent for the confirmation step (null when the send was refused; resend with invoke…EmailValidation). */
  emailUuid: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([IsoTime, Type.Null()]),
});

const FiatBookEntry = Type.Object({
  id: Id,
  name: Type.String(),
  asset: Type.String(),
  beneficiary: Type.String(),
  bankCode: Type.String(),
  bankName: Type.String(),
  accountNumber: Type.String(),
  /** When the account may first be paid (24 hours after it was saved). */
  usableAt: IsoTime,
  createdAt: IsoTime,
});


const Days = RangeDaysUnion;

export const fiatCalls = {
  '/account/wallet/listFiatSupportAsset': userPost(
    undefined,
    Type.Array(
      Type.Object({
        asset: Type.String(),
        decimals: Type.Integer(),
        depositMin: Amount,
        withdrawFee: Amount,
        withdrawMin: Amount,
        withdrawMax: Amount,
        dailyLimit: Amount,
      }),
    ),
  ),
  /** The provider's bank account to pay into and the user's own reference to quote on the transfer. */
  '/account/wallet/fiat/depositInfo': userPost(
    Strict({ asset: Asset }),
    Type.Object({
      asset: Type.String(),
      reference: Type.String(),
      beneficiary: Type.String(),
      bankName: Type.String(),
      bankAddress: Type.String(),
      swift: Type.String(),
      accountNumber: Type.String(),
      depositMin: Amount,
    }),
  ),
  /** The user declares a bank transfer they made; it waits for the provider's approval (spec §9 T+1). */
  '/account/block/submitBlockFiatDeposit': userPost(Strict({ requestId: RequestId, asset: Asset, amount: Amount, bankReference: BankReference }), FiatRecord),
  '/account/block/fiat/pageTransaction': userPost(
    Strict({
      pageCondition: PageCondition,
      sort: Type.Optional(RecordSort),
      queryCondition: Strict({
        type: Type.Union([Type.Literal('deposit'), Type.Literal('withdraw')]),
        asset: Type.Optional(Asset),
        status: Type.Optional(FiatStatus),
        // One record of this type by the id the page shows (FD3, FW2); the other conditions then do not apply.
        recordId: Type.Optional(Type.String({ pattern: FIAT_RECORD_ID_PATTERN.source })),
        days: Type.Optional(Days),
        startTime: Type.Optional(IsoTime),
        endTime: Type.Optional(IsoTime),
      }),
    }),
    Page(FiatRecord),
  ),
  '/account/block/getBlockFiatWithdrawRemainingAmount': userPost(Strict({ asset: Asset }), WithdrawRemaining),
  /** Checks the rules, holds the amount, counts it against today's limit and sends the e-mail code. */
  '/account/block/submitBlockFiatWithdraw': userPost(Strict({ requestId: RequestId, asset: Asset, addressId: Id, amount: Amount }), FiatWithdrawal),
  /** Sends a fresh e-mail code for a withdrawal still waiting for its codes. */
  '/account/block/invokeBlockFiatWithdrawalEmailValidation': userPost(Strict({ withdrawId: Id }), FiatWithdrawal),
  /** The e-mail and Google codes: the withdrawal goes to the provider's approval (approvalPending). */
  '/account/block/confirmBlockFiatWithdraw': userPost(Strict({ withdrawId: Id, emailUuid: Uuid, emailCode: Code6, gaCode: Code6 }), FiatWithdrawal),
  /** The user withdraws the request before it is paid: the hold and today's limit are given back. */
  '/account/block/fiat/cancelWithdraw': userPost(Strict({ withdrawId: Id }), FiatWithdrawal),
  '/account/wallet/fiat/bankCode': userPost(Strict({ bankCode: BankCode }), Type.Object({ bankCode: Type.String(), bankName: Type.String(), country: Type.String() })),
  '/account/wallet/fiatAddress/list': userPost(Strict({ asset: Type.Optional(Asset) }), Type.Array(FiatBookEntry)),
  '/account/wallet/fiatAddress/add': userPost(
    Strict({
      name: AddressName,
      asset: Asset,
      beneficiary: Text(1, 100),
      bankCode: BankCode,
      accountNumber: AccountNumber,
      password: Cipher,
      emailUuid: Uuid,
      emailCode: Code6,
      gaCode: Type.Optional(Code6),
    }),
    FiatBookEntry,
  ),
  '/account/wallet/fiatAddress/delete': userPost(Strict({ id: Id }), Type.Object({ id: Id })),
};

/** Sandbox controls (README "Wallet, fiat side"): the provider's operations approving or refusing. */
export const fiatDevCalls = {
  '/_dev/bank/deposit/decide': publicPost(Strict({ depositId: Id, approve: Type.Boolean() }), Type.Object({ depositId: Id, status: FiatStatus })),
  '/_dev/bank/withdrawal/decide': publicPost(Strict({ withdrawId: Id, approve: Type.Boolean() }), Type.Object({ withdrawId: Id, status: FiatStatus })),
};

export type FiatCalls = typeof fiatCalls;
