import Type from 'typebox';
import { call, publicPost, userGet, userPost } from './call.ts';
import { ADDRESS_NAME_MAX, ADDRESS_NAME_MIN, COIN_RECORD_ID_PATTERN, LANGUAGES } from './rules.ts';
import {
  AccountTypeUnion,
  Amount,
  Asset,
  Cipher,
  Code6,
  Id,
  IsoTime,
  LiteralUnion,
  Page,
  PageCondition,
  RangeDaysText,
  RangeDaysUnion,
  RecordSort,
  RequestId,
  Strict,
  Text,
  TransferDirectionUnion,
  Uuid,
} from './schema.ts';

/**
 * spec §5: an address name is 4 to 20 characters; the shape says so (a name with blanks around it is then
 * checked once more, without them: contract/rules.ts isAddressName). One schema for every address book.
 */
export const AddressName = Text(ADDRESS_NAME_MIN, ADDRESS_NAME_MAX);

/**
 * The wallet's calls (spec §7 "Wallet and account"; payloads not in the spec are designed here and
 * documented in server/README.md "Wallet"). Coin side: supported assets and networks, deposit
 * addresses, the records page, withdrawal in two steps (invoke: checks, holds and sends the e-mail code;
 * confirm: e-mail and Google codes, then broadcast), the address book and the whitelist.
 */
export const Network = Type.Union([Type.Literal('BTC'), Type.Literal('ETH'), Type.Literal('TRX'), Type.Literal('SOL')]);
/** Addresses are checked per network with their checksum (contract/chains.ts) after the shape. */
export const Address = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9]+$' });
export const Memo = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** spec §4 transfer directions between the spec §3 accounts (capital FUNDING, trade MAIN, USD-M UMFUTURE). */
export const TransferType = TransferDirectionUnion;

const NetworkRow = Type.Object({
  network: Network,
  label: Type.String(),
  confirmations: Type.Integer(),
  decimals: Type.Integer(),
  withdrawFee: Amount,
  withdrawMin: Amount,
  withdrawMax: Amount,
  depositMin: Amount,
  memo: Type.Boolean(),
});

/** spec §4 fund states of a coin record (an unconfirmed withdrawal is not a record yet). */
export const CoinRecordStatus = Type.Union([
  Type.Literal('deposit_pending'),
  Type.Literal('deposit_complete'),
  Type.Literal('withdraw_pending'),
  Type.Literal('withdraw_complete'),
  Type.Literal('withdraw_failed'),
  Type.Literal('cancelled'),
]);

/** Where coins went and what the network took, as a record and a withdrawal state it. */
const CoinMovement = {
  asset: Type.String(),
  network: Network,
  address: Type.String(),
  memo: Type.Union([Type.String(), Type.Null()]),
  amount: Amount,
  fee: Amount,
};

const CoinRecord = Type.Object({
  /** `D<id>` for a deposit, `W<id>` for a withdrawal. */
  recordId: Type.String(),
  type: Type.Union([Type.Literal('deposit'), Type.Literal('withdraw')]),
  ...CoinMovement,
  status: CoinRecordStatus,
  txHash: Type.Union([Type.String(), Type.Null()]),
  confirmations: Type.Integer(),
  confirmationsRequired: Type.Integer(),
  createdAt: IsoTime,
  completedAt: Type.Union([IsoTime, Type.Null()]),
});

const WithdrawTarget = {
  asset: Asset,
  network: Network,
  address: Address,
  memo: Type.Optional(Memo),
  amount: Amount,
};

const Withdrawal = Type.Object({
  withdrawId: Id,
  requestId: Type.String(),
  status: Type.Union([
    Type.Literal('unconfirmed'),
    Type.Literal('withdraw_pending'),
    Type.Literal('withdraw_complete'),
    Type.Literal('withdraw_failed'),
    Type.Literal('cancelled'),
  ]),
  ...CoinMovement,
  receive: Amount,
  /** The e-mail code sent for the confirmation step (null when the send was refused; retry the invoke). */
  emailUuid: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([IsoTime, Type.Null()]),
  txHash: Type.Union([Type.String(), Type.Null()]),
});

const BookEntry = Type.Object({
  id: Id,
  name: Type.String(),
  asset: Type.String(),
  network: Network,
  address: Type.String(),
  memo: Type.Union([Type.String(), Type.Null()]),
  whitelisted: Type.Boolean(),
  /** When the address may first be used (24 hours after it was saved, or after its first use if that came first). */
  usableAt: IsoTime,
  createdAt: IsoTime,
});

const StepUpFields = {
  password: Cipher,
  emailUuid: Uuid,
  emailCode: Code6,
  gaCode: Type.Optional(Code6),
};

/**
 * What the rolling 24 hours' withdrawal limit of an asset leaves (coin and fiat, contract/rules.ts
 * WITHDRAW_DAILY_LIMITS at the user's KYC level): `resetsAt` is when the oldest withdrawal counted leaves the
 * window (null when none counts).
 */
export const WithdrawRemaining = Type.Object({
  asset: Type.String(),
  kycLevel: Type.Union([Type.Literal('basic'), Type.Literal('advanced')]),
  dailyLimit: Amount,
  used: Amount,
  remaining: Amount,
  resetsAt: Type.Union([IsoTime, Type.Null()]),
});

/** The whitelist and, for 24 hours after it was switched off, when its cooling-off ends (null when none runs). */
const WhitelistState = Type.Object({ whitelistOn: Type.Boolean(), coolingOffUntil: Type.Union([IsoTime, Type.Null()]) });

export const BalanceRow = Type.Object({ asset: Type.String(), free: Amount, locked: Amount });

/** A transaction hash as the sandbox chain writes it (hex or base58, 16 to 100 characters). */
export const TxHash = Type.String({ minLength: 16, maxLength: 100, pattern: '^[A-Za-z0-9]+$' });

/** spec §3 capital account (FUNDING): an asset's free and held (locked) amounts and their sum. */
const CapitalRow = Type.Object({ asset: Type.String(), free: Amount, locked: Amount, total: Amount });

export const walletCalls = {
  /** spec §7 GET /user/assets: the balances of the three account types of spec §3. */
  '/user/assets': userGet(
    undefined,
    Type.Object({
      accounts: Type.Array(Type.Object({ accountType: AccountTypeUnion, balances: Type.Array(BalanceRow) })),
    }),
  ),
  '/account/wallet/listAllSupportedCryptoAsset': userPost(undefined, Type.Array(Type.Object({ asset: Type.String(), networks: Type.Array(NetworkRow) }))),
  '/account/wallet/getDepositAddress': userPost(
    Strict({ asset: Asset, network: Network }),
    Type.Object({
      asset: Type.String(),
      network: Network,
      address: Type.String(),
      memo: Type.Union([Type.String(), Type.Null()]),
      confirmations: Type.Integer(),
      depositMin: Amount,
    }),
  ),
  '/account/block/pageBlockDepositWithdraw': userPost(
    Strict({
      pageCondition: PageCondition,
      sort: Type.Optional(RecordSort),
      queryCondition: Type.Optional(
        Strict({
          type: Type.Optional(Type.Union([Type.Literal('deposit'), Type.Literal('withdraw')])),
          asset: Type.Optional(Asset),
          status: Type.Optional(CoinRecordStatus),
          // One record by the id the page shows (D12, W3); the other conditions then do not apply.
          recordId: Type.Optional(Type.String({ pattern: COIN_RECORD_ID_PATTERN.source })),
          days: Type.Optional(RangeDaysUnion),
          // A custom range instead of days: from startTime (inclusive) to endTime (exclusive), at most 366 days.
          startTime: Type.Optional(IsoTime),
          endTime: Type.Optional(IsoTime),
        }),
      ),
    }),
    Page(CoinRecord),
  ),
  '/account/block/validateTransaction': userPost(
    Strict(WithdrawTarget),
    Type.Object({ fee: Amount, receive: Amount, whitelisted: Type.Boolean(), usableAt: Type.Union([IsoTime, Type.Null()]) }),
  ),
  /** What the asset's withdrawal limit of the rolling 24 hours leaves (the withdraw page shows it). */
  '/account/block/getBlockWithdrawRemainingAmount': userPost(Strict({ asset: Asset }), WithdrawRemaining),
  /**
   * spec §7 submitWithdrawRecord: the coin withdrawal's record, as submitBlockFiatWithdraw is the fiat one: the checks,
   * the hold of amount and fee, and the e-mail code for the confirm step. Idempotent on `requestId`: a retry with the same
   * content returns the first withdrawal (and sends a fresh code while it waits), other content is refused.
   */
  '/account/block/submitWithdrawRecord': userPost(Strict({ requestId: RequestId, ...WithdrawTarget }), Withdrawal),
  /** The same step under its older name; the withdraw page sends it to resend the e-mail code of a submitted withdrawal. */
  '/account/block/invokeBlockWithdrawalEmailValidation': userPost(Strict({ requestId: RequestId, ...WithdrawTarget }), Withdrawal),
  /**
   * spec §7 submitDepositRecord: a coin deposit declared by its transaction hash, as submitBlockFiatDeposit declares a bank
   * transfer. Moves no money: the chain's confirmations credit it (spec §4 deposit_pending → deposit_complete). The reply
   * is the deposit's record (`D<id>`); a hash the chain has not seen to the user's address of that network is bad input
   * (400, `txHash` unknown), and declaring the same hash again returns the same record.
   */
  '/account/block/submitDepositRecord': userPost(Strict({ asset: Asset, network: Network, txHash: TxHash }), CoinRecord),
  /** spec §7 accountCapital/list: the capital account's (spec §3 FUNDING) balances per asset, all or one; `hideZero` leaves out empty rows. */
  '/account/block/accountCapital/list': userPost(Strict({ asset: Type.Optional(Asset), hideZero: Type.Optional(Type.Boolean()) }), Type.Array(CapitalRow)),
  '/account/block/confirmBlockWithdraw': userPost(Strict({ withdrawId: Id, emailUuid: Uuid, emailCode: Code6, gaCode: Code6 }), Withdrawal),
  '/account/wallet/address/list': userPost(Strict({ asset: Type.Optional(Asset), network: Type.Optional(Network) }), Type.Array(BookEntry)),
  '/account/wallet/address/add': userPost(
    Strict({ name: AddressName, asset: Asset, network: Network, address: Address, memo: Type.Optional(Memo), whitelisted: Type.Boolean(), ...StepUpFields }),
    BookEntry,
  ),
  '/account/wallet/address/delete': userPost(Strict({ id: Id }), Type.Object({ id: Id })),
  '/account/wallet/whitelist/get': userGet(undefined, WhitelistState),
  '/account/wallet/whitelist/set': call({
    method: 'POST',
    auth: 'user',
    // Turning it on needs nothing more; turning it off needs the password, e-mail and Google codes.
    body: Strict({
      on: Type.Boolean(),
      password: Type.Optional(Cipher),
      emailUuid: Type.Optional(Uuid),
      emailCode: Type.Optional(Code6),
      gaCode: Type.Optional(Code6),
    }),
    reply: WhitelistState,
  }),
};

/**
 * spec §7 `account/bill/export`: the coin records as an xlsx file (a download: the body is form-encoded, so
 * every field is a string; the reply is the file, or the JSON envelope on a refusal). Not a `call`: its reply
 * is not an envelope. The filters are the records page's; `lang` names the file's language and `tz` the
 * IANA time zone its times are written in.
 */
export const walletExport = {
  path: '/account/bill/export',
  body: Strict({
    /** Which records: coin (default), fiat deposits, fiat withdrawals, transfers or converts; `type` and `status` are that page's. */
    kind: Type.Optional(Type.Union([Type.Literal('coin'), Type.Literal('fiatDeposit'), Type.Literal('fiatWithdraw'), Type.Literal('transfer'), Type.Literal('convert')])),
    /** Deposit or withdraw (coin), a transfer direction (transfer), or the convert tab (convert: coin or fiat). */
    type: Type.Optional(Type.Union([Type.Literal('deposit'), Type.Literal('withdraw'), TransferType, Type.Literal('coin'), Type.Literal('fiat')])),
    asset: Type.Optional(Asset),
    /** The convert export's pair filters. */
    fromAsset: Type.Optional(Asset),
    toAsset: Type.Optional(Asset),
    status: Type.Optional(Type.Union([CoinRecordStatus, Type.Literal('approvalPending'), Type.Literal('complete')])),
    days: Type.Optional(RangeDaysText),
    startTime: Type.Optional(IsoTime),
    endTime: Type.Optional(IsoTime),
    lang: Type.Optional(LiteralUnion(LANGUAGES)),
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_+/-]*$' })),
  }),
} as const;

/** Sandbox controls (README "Wallet"): not part of the provider's API, served only with the dev routes. */
export const walletDevCalls = {
  '/_dev/chain/deposit': publicPost(
    Strict({ address: Address, asset: Asset, amount: Amount, memo: Type.Optional(Memo), txHash: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{16,100}$' })) }),
    Type.Object({ recordId: Type.String(), txHash: Type.String(), status: CoinRecordStatus, confirmationsRequired: Type.Integer() }),
  ),
  '/_dev/chain/withdrawal/fail': publicPost(Strict({ withdrawId: Id }), Type.Object({ withdrawId: Id, status: Type.String() })),
  '/_dev/clock/advance': publicPost(Strict({ ms: Type.Integer({ minimum: 1, maximum: 400 * 86_400_000 }) }), Type.Object({ now: IsoTime })),
};


/** spec §2 record/transfer: transfers between the user's own accounts, paged by number like the other records. */
export const transferCalls = {
  '/account/wallet/transfer/page': userPost(
    Strict({
      pageCondition: PageCondition,
      sort: Type.Optional(RecordSort),
      queryCondition: Type.Optional(
        Strict({
          asset: Type.Optional(Asset),
          type: Type.Optional(TransferType),
          days: Type.Optional(RangeDaysUnion),
          startTime: Type.Optional(IsoTime),
          endTime: Type.Optional(IsoTime),
        }),
      ),
    }),
    Page(
      Type.Object({
        transferId: Type.String(),
        asset: Type.String(),
        amount: Amount,
        type: TransferType,
        from: AccountTypeUnion,
        to: AccountTypeUnion,
        createdAt: IsoTime,
      }),
    ),
  ),
};

export type WalletCalls = typeof walletCalls;
export type TransferCalls = typeof transferCalls;
