import Type from 'typebox';
import { userGet, userPost } from './call.ts';
import { Amount, Asset, Code6, CodeUuid, Id, IsoTime, Page, PageCondition, RangeDaysEnum, RangeDaysText, RequestId, Strict, StringEnum, Text, Nullable } from './schema.ts';
import { BROKER_EXCHANGES, BROKER_WALLETS, OPERATION_TYPES, SUB_ACCOUNT_KINDS } from './broker-rules.ts';
import { APPLICATION_TYPES, BILL_TYPES, BROKER_CODE_TYPES, MAX_APPLICATION_REMARK } from './broker-funds-rules.ts';

/**
 * Broker portal, transfers, withdrawals and approvals (spec §4 "Broker states", spec §7 "Broker calls").
 * The spec names the calls but not their fields: they follow the exchanges' sub-account transfer and withdrawal
 * APIs (binance `sapi/v1/sub-account/universalTransfer`, `capital/withdraw/apply`; okx `asset/transfer`,
 * `asset/withdrawal`) and are listed in server/broker/README.md "Transfers, withdrawals and approvals".
 * Every call needs broker rights (403) and reaches only the caller's organisation: another organisation's
 * sub-account, application, address or record is 404, exactly as a missing one.
 *
 * Approving (`fundTransfer/approve`) and rejecting (`fundTransfer/reject`) are not in the spec's list; they are
 * named after `fundTransfer/apply`. The approver must be another member of the organisation (maker-checker).
 */

const ExchangeCode = StringEnum([...BROKER_EXCHANGES]);
const Wallet = StringEnum([...BROKER_WALLETS]);
const Kind = StringEnum([...SUB_ACCOUNT_KINDS]);
/** A signed decimal (a record's change of a balance). */
const SignedAmount = Type.String({ pattern: '^-?(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$' });
/** A positive amount asked for: up to 18 integer and 18 fraction digits (the asset's decimals are checked after). */
const AskedAmount = Type.String({ pattern: '^(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$', maxLength: 37 });
const Remark = Text(0, MAX_APPLICATION_REMARK);
const GaCode = Type.String({ pattern: '^\\d{6}$' });

export const ApplicationTypeName = StringEnum([...APPLICATION_TYPES]);
/** spec §4 "Application: applying, approved, rejected, done". */
export const ApplicationStatus = StringEnum(['applying', 'approved', 'rejected', 'done']);
export const OperationTypeName = StringEnum([...OPERATION_TYPES]);
/** spec §9 time-range choices, in days. */

/** The time filter of every records list: a quick range (spec §9) or a custom range (at most 366 days), not both. */
export const TimeFields = {
  days: Type.Optional(RangeDaysEnum),
  startTime: Type.Optional(IsoTime),
  endTime: Type.Optional(IsoTime),
};


/**
 * The approval of an application, a funds one (spec §4) or a profit one (contract/broker-profit.ts): its remark,
 * who applied and who decided, and when.
 */
export const ApprovalFields = {
  remark: Type.String(),
  rejectReason: Nullable(Type.String()),
  /** The applicant's and the approver's e-mails (members of the organisation). */
  applicant: Type.String(),
  approver: Nullable(Type.String()),
  /** The caller may approve or reject it now: it is applying and the caller is not its applicant. */
  canDecide: Type.Boolean(),
  createdAt: IsoTime,
  decidedAt: Nullable(IsoTime),
  completedAt: Nullable(IsoTime),
};

/**
 * An application (spec §4): what it moves, from where to where, its state and who applied and decided.
 * `fee` is the network fee of an on-chain withdrawal ("0" otherwise); `receiveAmount` = amount − fee.
 */
export const Application = Type.Object({
  applicationId: Id,
  type: ApplicationTypeName,
  status: ApplicationStatus,
  /** The operation log kind it writes (spec §4): inferior_transfer or inferior_extract. */
  operationKind: Type.String(),
  exchangeCode: ExchangeCode,
  fromAccountId: Id,
  fromSubAccountName: Type.String(),
  fromWallet: Wallet,
  /** A transfer's destination; null for a withdrawal. */
  toAccountId: Nullable(Id),
  toSubAccountName: Nullable(Type.String()),
  toWallet: Nullable(Wallet),
  asset: Type.String(),
  amount: Amount,
  fee: Amount,
  receiveAmount: Amount,
  /** A withdrawal's whitelisted address (the address book entry, spec §5). */
  addressId: Nullable(Id),
  addressName: Nullable(Type.String()),
  addressType: Nullable(StringEnum(['broker', 'master'])),
  network: Nullable(Type.String()),
  address: Nullable(Type.String()),
  memo: Nullable(Type.String()),
  ...ApprovalFields,
});

/** One row of the operation log (pageBrokerFinancingAction; spec §4 operation log types). */
export const OperationRecord = Type.Object({
  id: Id,
  operationType: OperationTypeName,
  applicationId: Nullable(Id),
  /** The member who acted (applied, approved or rejected). */
  operator: Type.String(),
  brokerAccountId: Nullable(Id),
  exchangeCode: Nullable(ExchangeCode),
  subAccountName: Nullable(Type.String()),
  /** A transfer's destination sub-account, or a withdrawal's address name. */
  counterparty: Nullable(Type.String()),
  asset: Type.String(),
  amount: Amount,
  fee: Amount,
  remark: Type.String(),
  createdAt: IsoTime,
});

/** One change of one wallet's balance by one ledger transaction (pageBrokerCapitalRecord: the asset flow). */
export const CapitalRecord = Type.Object({
  /** `<ledger transaction>-<sub-account>-<wallet>-<asset>`. */
  recordId: Type.String(),
  /** The ledger kind: broker_deposit, broker_wallet_transfer, broker_transfer_hold, broker_transfer, broker_withdraw, broker_release, broker_account_unbind. */
  kind: Type.String(),
  brokerAccountId: Id,
  exchangeCode: ExchangeCode,
  subAccountName: Type.String(),
  wallet: Wallet,
  asset: Type.String(),
  /** The change of the wallet's total (free + locked): a hold or release changes free and locked but not the total. */
  amount: SignedAmount,
  freeChange: SignedAmount,
  lockedChange: SignedAmount,
  applicationId: Nullable(Id),
  createdAt: IsoTime,
});

/** spec §4 fund states of a deposit-withdraw record. */
const BillStatus = StringEnum(['deposit_complete', 'withdraw_pending', 'withdraw_complete', 'cancelled']);

/** A deposit into a sub-account or a withdrawal application out of one (account/bill/page). */
export const BillRecord = Type.Object({
  /** `D<ledger transaction>-<sub-account>-<asset>` for a deposit, `W<application>` for a withdrawal. */
  recordId: Type.String(),
  type: StringEnum([...BILL_TYPES]),
  brokerAccountId: Id,
  exchangeCode: ExchangeCode,
  subAccountName: Type.String(),
  wallet: Wallet,
  asset: Type.String(),
  network: Nullable(Type.String()),
  address: Nullable(Type.String()),
  amount: Amount,
  fee: Amount,
  /** spec §4 fund states: deposit_complete; withdraw_pending (applying, approved), withdraw_complete (done), cancelled (rejected). */
  status: BillStatus,
  createdAt: IsoTime,
  completedAt: Nullable(IsoTime),
});

const PageQuery = <P extends Parameters<typeof Type.Object>[0]>(conditions: P) =>
  Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict(conditions)) });

const ApplicationFilter = {
  type: Type.Optional(ApplicationTypeName),
  status: Type.Optional(ApplicationStatus),
  /** Either end of the application (its source or destination sub-account). */
  brokerAccountId: Type.Optional(Id),
  exchangeCode: Type.Optional(ExchangeCode),
  asset: Type.Optional(Asset),
  ...TimeFields,
};
const OperationFilter = {
  operationType: Type.Optional(OperationTypeName),
  brokerAccountId: Type.Optional(Id),
  exchangeCode: Type.Optional(ExchangeCode),
  asset: Type.Optional(Asset),
  ...TimeFields,
};
const CapitalFilter = {
  brokerAccountId: Type.Optional(Id),
  exchangeCode: Type.Optional(ExchangeCode),
  wallet: Type.Optional(Wallet),
  asset: Type.Optional(Asset),
  kind: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' })),
  ...TimeFields,
};
const BillFilter = {
  type: Type.Optional(StringEnum([...BILL_TYPES])),
  status: Type.Optional(BillStatus),
  brokerAccountId: Type.Optional(Id),
  exchangeCode: Type.Optional(ExchangeCode),
  asset: Type.Optional(Asset),
  ...TimeFields,
};

/** The second factor of a money call: an e-mail code of the call's business type, and the Google code when one is bound. */
const SecondFactor = { emailUuid: CodeUuid, emailCode: Code6, gaCode: Type.Optional(GaCode) };

const AccountWallets = Type.Object({
  brokerAccountId: Id,
  exchangeCode: ExchangeCode,
  subAccountName: Type.String(),
  accountType: Kind,
  /** Rows with something free, by wallet and asset. */
  balances: Type.Array(Type.Object({ wallet: Wallet, asset: Type.String(), free: Amount, locked: Amount })),
});

/**
 * What a brokerWithdraw or brokerApprove code approves (server/broker/code-operations.ts): the withdrawal
 * application to be made (its requestId and content, as fundTransfer/apply will carry them), or the one transfer
 * (`approve`) or profit (`approveProfit`) application, or the API key or unbinding request (`approveControl`,
 * contract/broker-controls.ts), to be approved. The code confirms that operation only; a code
 * sent without one confirms none of them.
 */
const BrokerCodeOperation = Type.Union([
  Strict({ kind: Type.Literal('withdraw'), requestId: RequestId, fromAccountId: Id, fromWallet: Wallet, asset: Asset, amount: AskedAmount, addressId: Id }),
  Strict({ kind: Type.Literal('approve'), applicationId: Id }),
  Strict({ kind: Type.Literal('approveProfit'), applicationId: Id }),
  Strict({ kind: Type.Literal('approveControl'), approvalId: Id }),
]);

export const brokerFundCalls = {
  /** An e-mail code to the caller's own e-mail for a withdrawal, an approval or a withdraw-permission API key (10 minutes, 5 tries, 1 s guard). */
  '/broker/fundTransfer/invokeEmailValidation': userPost(
    Strict({ businessType: StringEnum([...BROKER_CODE_TYPES]), operation: Type.Optional(BrokerCodeOperation) }),
    Type.Object({ uuid: Type.String(), expiresAt: IsoTime }),
  ),
  /**
   * Applies for a transfer (to `toAccountId`/`toWallet` on the same exchange) or a withdrawal (to the whitelisted
   * `addressId`): the amount is held on the source wallet until the application is decided. A withdrawal needs
   * the second factor (business type brokerWithdraw). Idempotent on `requestId` (the same id with other content is 10209).
   */
  '/broker/fundTransfer/apply': userPost(
    Strict({
      type: ApplicationTypeName,
      fromAccountId: Id,
      fromWallet: Wallet,
      asset: Asset,
      amount: AskedAmount,
      toAccountId: Type.Optional(Id),
      toWallet: Type.Optional(Wallet),
      addressId: Type.Optional(Id),
      remark: Type.Optional(Remark),
      requestId: RequestId,
      emailUuid: Type.Optional(CodeUuid),
      emailCode: Type.Optional(Code6),
      gaCode: Type.Optional(GaCode),
    }),
    Application,
  ),
  /**
   * Approves an application (another member than the applicant: 10451): a transfer moves at once (done), a
   * withdrawal pays out (approved, done after the chain's confirmations; an extraction to the master account is
   * done at once). Needs the second factor (business type brokerApprove). A retry with the same `requestId` returns
   * the application; only one of racing approvals and rejections wins (10450 for the others).
   */
  '/broker/fundTransfer/approve': userPost(Strict({ applicationId: Id, requestId: RequestId, ...SecondFactor }), Application),
  /** Rejects an application (another member than the applicant): the hold is released. */
  /** The checker's decision too: advanced KYC, a bound authenticator and the current Google code (server/broker/checker.ts). */
  '/broker/fundTransfer/reject': userPost(Strict({ applicationId: Id, requestId: RequestId, reason: Type.Optional(Remark), gaCode: Type.Optional(GaCode) }), Application),
  /** The sub-accounts a transfer from `fromAccountId` may go to: the same exchange's, itself included (wallet to wallet). */
  '/broker/fundTransfer/listBrokerAccountAvailableTransfer': userPost(
    Strict({ fromAccountId: Id }),
    Type.Array(Type.Object({ brokerAccountId: Id, exchangeCode: ExchangeCode, subAccountName: Type.String(), accountType: Kind, sameAccount: Type.Boolean() })),
  ),
  /** What a sub-account can do now: transfer (another sub-account on its exchange or two wallets) and withdraw (a whitelisted address there). */
  '/broker/fundTransfer/accountActions': userGet(
    Strict({ brokerAccountId: Id }),
    Type.Object({
      brokerAccountId: Id,
      exchangeCode: ExchangeCode,
      actions: Type.Array(
        Type.Object({
          action: ApplicationTypeName,
          enabled: Type.Boolean(),
          /**
           * Why not: noBalance, noWhitelistedAddress, notOffered (the exchange grants no withdraw permission),
           * projectAccount (a project's sub-account: money leaves it only through the project, server/broker/README.md
           * "Projects").
           */
          reason: Nullable(StringEnum(['noBalance', 'noWhitelistedAddress', 'notOffered', 'projectAccount'])),
        }),
      ),
    }),
  ),
  /** The sub-accounts a transfer or withdrawal can start from (no project's), with their free balances per wallet. */
  '/broker/fundTransfer/accounts': userGet(Strict({ exchangeCode: Type.Optional(ExchangeCode), asset: Type.Optional(Asset) }), Type.Array(AccountWallets)),
  /** How much of one wallet's asset may be applied for now (free; locked is held by applications). */
  '/broker/fundTransfer/queryTransferAvailable': userGet(
    Strict({ brokerAccountId: Id, wallet: Wallet, asset: Asset }),
    Type.Object({ brokerAccountId: Id, wallet: Wallet, asset: Type.String(), free: Amount, locked: Amount, available: Amount }),
  ),

  /** The organisation's applications (transfers and withdrawals), newest first. */
  '/broker/transfer/pageBrokerTransferRecord': userPost(PageQuery(ApplicationFilter), Page(Application)),
  /** The organisation behind the approvals: its members (who may approve whose applications) and what waits for a decision. */
  '/broker/transfer/organization': userPost(
    undefined,
    Type.Object({
      orgId: Id,
      members: Type.Array(Type.Object({ email: Type.String(), role: StringEnum(['owner', 'member']), isMe: Type.Boolean() })),
      /** Applications still applying, and how many of them the caller may decide (another member's). */
      applying: Type.Integer(),
      awaitingMe: Type.Integer(),
      /** With one member only, nobody can approve: a second member is needed (spec §4 maker-checker). */
      canBeApproved: Type.Boolean(),
    }),
  ),

  /** The assets a sub-account can withdraw, with their networks and the account's free balance per wallet. */
  '/broker/deposit/listWithdrawProduct': userPost(
    Strict({ brokerAccountId: Id }),
    Type.Array(Type.Object({ asset: Type.String(), networks: Type.Array(Type.String()), balances: Type.Array(Type.Object({ wallet: Wallet, free: Amount })) })),
  ),
  /** An asset's withdrawal networks: fee (to a broker address; none to the master account), limits and decimals. */
  '/broker/deposit/listWithdrawMethod': userPost(
    Strict({ asset: Asset }),
    Type.Array(Type.Object({ network: Type.String(), label: Type.String(), fee: Amount, masterFee: Amount, min: Amount, max: Amount, decimals: Type.Integer() })),
  ),
  /** The whitelisted addresses a sub-account's withdrawal may go to (its exchange, the asset, the network if given). */
  '/broker/deposit/listWithdrawAddress': userPost(
    Strict({ brokerAccountId: Id, asset: Asset, network: Type.Optional(Type.String({ minLength: 2, maxLength: 10 })) }),
    Type.Array(
      Type.Object({ addressId: Id, name: Type.String(), addressType: StringEnum(['broker', 'master']), network: Type.String(), address: Type.String(), memo: Nullable(Type.String()) }),
    ),
  ),

  /** The asset flow: every change of the organisation's sub-account wallets, newest first. */
  '/broker/pageBrokerCapitalRecord': userPost(PageQuery(CapitalFilter), Page(CapitalRecord)),
  /** The flow's sums for the same filters, per asset: in, out, held now by applications. */
  '/broker/queryBrokerCapitalInfo': userPost(
    Strict(CapitalFilter),
    Type.Object({
      records: Type.Integer(),
      assets: Type.Array(Type.Object({ asset: Type.String(), inflow: Amount, outflow: Amount, held: Amount })),
      applying: Type.Integer(),
    }),
  ),
  /** One record with its whole ledger transaction's legs on the organisation's sub-accounts, and its application. */
  '/broker/queryBrokerCapitalRecordDetail': userPost(
    Strict({ recordId: Type.String({ pattern: '^[1-9]\\d{0,18}-[1-9]\\d{0,18}-(spot|funding|earn|futures)-[A-Z0-9]{2,12}$' }) }),
    Type.Object({
      record: CapitalRecord,
      legs: Type.Array(Type.Object({ brokerAccountId: Id, subAccountName: Type.String(), wallet: Wallet, bucket: StringEnum(['free', 'locked']), asset: Type.String(), amount: SignedAmount })),
      /** The provider side: `exchange:<code>`, `chain:<network>`, `fees`. */
      counterparties: Type.Array(Type.Object({ account: Type.String(), asset: Type.String(), amount: SignedAmount })),
      application: Nullable(Application),
    }),
  ),

  /** Deposits into and withdrawals out of the sub-accounts, newest first. */
  '/broker/account/bill/page': userPost(PageQuery(BillFilter), Page(BillRecord)),
  /** The operation log (spec §4 types), newest first. */
  '/broker/pageBrokerFinancingAction': userPost(PageQuery(OperationFilter), Page(OperationRecord)),
};

export type BrokerFundCalls = typeof brokerFundCalls;

export const TimeText = { days: Type.Optional(RangeDaysText), startTime: Type.Optional(IsoTime), endTime: Type.Optional(IsoTime) };

/**
 * spec §7 `account/bill/export` (broker): the deposit-withdraw records as an xlsx file, file name 充提幣記錄-YYYYMMDD.xlsx.
 * A download (spec §7 "Downloads"): the body is form-encoded (every field a string, the filters of account/bill/page);
 * the reply is the file, or the JSON envelope on a refusal. Not a `call`: its reply is not an envelope.
 */
export const brokerBillExport = {
  path: '/broker/account/bill/export',
  body: Strict({
    type: Type.Optional(StringEnum([...BILL_TYPES])),
    status: Type.Optional(BillStatus),
    brokerAccountId: Type.Optional(Id),
    exchangeCode: Type.Optional(ExchangeCode),
    asset: Type.Optional(Asset),
    ...TimeText,
  }),
} as const;

/**
 * spec §7 `exportBrokerFinancingAction` (download, query params): the operation log as an xlsx file, file name
 * 操作記錄-YYYYMMDD.xlsx; the filters of pageBrokerFinancingAction as query parameters of a POST.
 */
export const brokerOperationExport = {
  path: '/broker/exportBrokerFinancingAction',
  query: Strict({
    operationType: Type.Optional(OperationTypeName),
    brokerAccountId: Type.Optional(Id),
    exchangeCode: Type.Optional(ExchangeCode),
    asset: Type.Optional(Asset),
    ...TimeText,
  }),
} as const;
