import Type from 'typebox';
import { userPost } from './call.ts';
import { Amount, Asset, Cipher, Code6, CodeUuid, Id, IsoTime, Page, PageCondition, RequestId, Strict, StringEnum, Nullable } from './schema.ts';
import { API_KEY_PERMISSIONS, BROKER_EXCHANGES, BROKER_WALLETS, MAX_IP_TEXT, MAX_REMARK, SUB_ACCOUNT_KINDS } from './broker-rules.ts';

/**
 * Broker portal, sub-accounts, balances and API keys (spec §7 "Broker calls", all POST under /broker).
 * The spec names the calls but not their fields: they follow the exchanges' own sub-account APIs (binance
 * `sapi/v1/sub-account/*` and `broker/subAccountApi`, okx `api/v5/users/subaccount/*` and `broker/nd/subaccount/apikey`)
 * and are listed in server/broker/README.md "Sub-accounts, balances and API keys". Every call needs broker rights
 * (403 otherwise) and reaches only the caller's organisation: another organisation's sub-account or key is 404,
 * exactly as one that does not exist.
 */

export const BrokerExchangeCode = StringEnum([...BROKER_EXCHANGES]);
export const SubAccountKindName = StringEnum([...SUB_ACCOUNT_KINDS]);
export const BrokerWalletName = StringEnum([...BROKER_WALLETS]);
export const ApiKeyPermissionName = StringEnum([...API_KEY_PERMISSIONS]);
/** The sub-account's name on its exchange (contract/broker-rules.ts SUB_ACCOUNT_NAME_PATTERN). */
const SubAccountName = Type.String({ minLength: 4, maxLength: 32, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{3,31}$' });
const Remark = Type.String({ minLength: 0, maxLength: MAX_REMARK });
const Email = Type.String({ minLength: 3, maxLength: 254 });
/** The step-up of server/identity/step-up.ts (the password RSA-encrypted, an e-mail code, the Google code when bound). */
const StepUpFields = {
  password: Type.Optional(Cipher),
  emailUuid: Type.Optional(CodeUuid),
  emailCode: Type.Optional(Code6),
  gaCode: Type.Optional(Type.String({ pattern: '^\\d{6}$' })),
};

/** A sub-account (binance sub-account list: email, subUserId, createTime; okx: subAcct, label, type, uid, ts). */
export const BrokerAccount = Type.Object({
  brokerAccountId: Id,
  exchangeCode: BrokerExchangeCode,
  /** spec §3 kind: regular, custodial, asset_management (okx `type` 1, 5, 2; binance managed / custodial flags). */
  accountType: SubAccountKindName,
  subAccountName: Type.String(),
  /** The exchange's user id of the sub-account (okx `uid`, binance `subUserId`). */
  subAccountUid: Type.String(),
  /** The sub-account's login e-mail on the exchange (binance's virtual e-mail). */
  loginEmail: Type.String(),
  remark: Type.String(),
  /** API keys the sub-account holds now. */
  apiKeyCount: Type.Integer(),
  /** All four wallets valued in USDT at the simulator's prices now. */
  totalValueUsdt: Amount,
  createdBy: Type.String(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

/** A sub-account in a picker (spec §3 accountList entries carry brokerAccountId and a sort index). */
export const BrokerAccountOption = Type.Object({
  brokerAccountId: Id,
  exchangeCode: BrokerExchangeCode,
  accountType: SubAccountKindName,
  subAccountName: Type.String(),
  remark: Type.String(),
  sortIndex: Type.Integer(),
});

/** One asset of one wallet of one sub-account (binance sub-account assets: asset, free, locked). */
export const BrokerBalance = Type.Object({
  brokerAccountId: Id,
  exchangeCode: BrokerExchangeCode,
  subAccountName: Type.String(),
  wallet: BrokerWalletName,
  asset: Type.String(),
  free: Amount,
  /** Held by an application (transfer or withdrawal) being approved. */
  locked: Amount,
  total: Amount,
  /** USDT per unit at the simulator's last price (USDT is 1). */
  price: Amount,
  /** total × price, 8 decimals, rounded down; totals add these values, so they equal the sum of the rows. */
  valueUsdt: Amount,
});

export const BalancePage = Type.Object({
  list: Type.Array(BrokerBalance),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** Of every row that matches (all pages). */
  totalValueUsdt: Amount,
});

const WalletValue = Type.Object({ wallet: BrokerWalletName, valueUsdt: Amount });

export const TotalBalance = Type.Object({
  totalValueUsdt: Amount,
  wallets: Type.Array(WalletValue),
  accounts: Type.Array(
    Type.Object({
      brokerAccountId: Id,
      exchangeCode: BrokerExchangeCode,
      subAccountName: Type.String(),
      accountType: SubAccountKindName,
      totalValueUsdt: Amount,
      wallets: Type.Array(WalletValue),
    }),
  ),
  exchanges: Type.Array(Type.Object({ exchangeCode: BrokerExchangeCode, totalValueUsdt: Amount })),
  assets: Type.Array(Type.Object({ asset: Type.String(), total: Amount, price: Amount, valueUsdt: Amount })),
  valuedAt: IsoTime,
});

/** An API key of a sub-account (binance broker subAccountApi; okx nd/subaccount/apikey). The secret is never here. */
export const ExchangeKey = Type.Object({
  keyId: Id,
  brokerAccountId: Id,
  exchangeCode: BrokerExchangeCode,
  subAccountName: Type.String(),
  apiKey: Type.String(),
  permissions: Type.Array(ApiKeyPermissionName),
  /** Bound IPv4/IPv6 addresses; empty when none is bound. */
  ipList: Type.Array(Type.String()),
  remark: Type.String(),
  /** spec §9: a key with no bound IP is valid 3 months from creation; null when IPs are bound. */
  expiresAt: Nullable(IsoTime),
  /** `pending`: a key that can move money (transfers, withdraw) waits for another member's approval (`approvalId`). */
  status: StringEnum(['active', 'expired', 'pending']),
  /** The maker-checker request of a key that can move money (contract/broker-controls.ts); null for other keys. */
  approvalId: Nullable(Id),
  /** True for the key's maker while its approved secret is still to be taken (exchangeKey/claimSecret). */
  secretToClaim: Type.Boolean(),
  createdBy: Type.String(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

/**
 * insertBrokerExchangeKey's reply: the key, and its secret this once (null on a replay of the same requestId, and
 * for a key that can move money: that one is `pending` and its maker takes the secret once it is approved).
 */
export const CreatedExchangeKey = Type.Object({
  key: ExchangeKey,
  secretKey: Nullable(Type.String()),
  /** A replay of an earlier request with the same requestId: nothing new was made, the secret is not shown again. */
  replayed: Type.Boolean(),
});

export const DepositAddress = Type.Object({
  brokerAccountId: Id,
  exchangeCode: BrokerExchangeCode,
  subAccountName: Type.String(),
  asset: Type.String(),
  network: Type.String(),
  address: Type.String(),
  memo: Nullable(Type.String()),
});

export const MasterConfig = Type.Object({
  exchangeCode: BrokerExchangeCode,
  /** The provider configured a master-account API here: sub-accounts can be added. */
  masterApi: Type.Boolean(),
  subAccountTypes: Type.Array(SubAccountKindName),
  permissions: Type.Array(ApiKeyPermissionName),
  passphraseRequired: Type.Boolean(),
  maxSubAccounts: Type.Integer(),
  maxKeysPerAccount: Type.Integer(),
  /** The organisation's sub-accounts on this exchange now. */
  subAccountCount: Type.Integer(),
});

export const BrokerMemberView = Type.Object({ email: Type.String(), role: StringEnum(['owner', 'member']), joinedAt: IsoTime });

export const ManagerInvite = Type.Object({
  email: Type.String(),
  status: StringEnum(['pending', 'confirmed']),
  invitedAt: IsoTime,
});

/** A page request with optional filters, the shape of the spec's record pages (pageCondition, queryCondition). */
const PageQuery = <P extends Parameters<typeof Type.Object>[0]>(conditions: P) =>
  Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict(conditions)) });

const AccountId = Strict({ brokerAccountId: Id });
const KeyId = Strict({ keyId: Id });
const BalanceQuery = PageQuery({
  /** One sub-account (account-detail) or, without it, every sub-account of the organisation (total). */
  brokerAccountId: Type.Optional(Id),
  exchangeCode: Type.Optional(BrokerExchangeCode),
  asset: Type.Optional(Asset),
  /** Leave out rows whose total is zero. */
  hideZero: Type.Optional(Type.Boolean()),
});

export const brokerAccountCalls = {
  '/broker/account/pageBrokerAccount': userPost(
    PageQuery({
      exchangeCode: Type.Optional(BrokerExchangeCode),
      accountType: Type.Optional(SubAccountKindName),
      /** Part of the name, remark or uid. */
      keyword: Type.Optional(Type.String({ minLength: 0, maxLength: 64 })),
    }),
    Page(BrokerAccount),
  ),
  '/broker/account/list': userPost(Strict({ exchangeCode: Type.Optional(BrokerExchangeCode) }), Type.Array(BrokerAccountOption)),
  /** Opens a sub-account with a year of history (idempotent on requestId). */
  '/broker/account/insertBrokerAccount': userPost(
    Strict({
      exchangeCode: BrokerExchangeCode,
      accountType: SubAccountKindName,
      subAccountName: SubAccountName,
      remark: Type.Optional(Remark),
      requestId: RequestId,
    }),
    BrokerAccount,
  ),
  '/broker/account/getBrokerAccountId': userPost(AccountId, BrokerAccount),
  '/broker/account/updateBrokerAccount': userPost(Strict({ brokerAccountId: Id, remark: Remark }), BrokerAccount),
  /**
   * Unbinds the sub-account, its keys deleted. An empty one at once (`unbound`). One that holds money needs the step-up
   * (password, an e-mail code of business type brokerUnbind, the Google code when bound) and becomes a request
   * another member approves (`applying`, `approvalId`; contract/broker-controls.ts): nothing moves before; on
   * approval the balances go back to the exchange (`exchange:<code>`) and it is unbound.
   */
  '/broker/account/delete': userPost(
    Strict({ brokerAccountId: Id, ...StepUpFields }),
    Type.Object({
      brokerAccountId: Id,
      status: StringEnum(['unbound', 'applying']),
      approvalId: Nullable(Id),
      released: Type.Array(Type.Object({ wallet: BrokerWalletName, asset: Type.String(), amount: Amount })),
      deletedKeys: Type.Integer(),
    }),
  ),
  '/broker/account/checkIsExistMasterApi': userPost(
    Strict({ exchangeCode: BrokerExchangeCode }),
    Type.Object({ exchangeCode: BrokerExchangeCode, exist: Type.Boolean() }),
  ),
  /** The organisation's members (account managers), owner first. */
  '/broker/account/allEmail': userPost(undefined, Type.Array(BrokerMemberView)),
  /** Who is signed in to the broker manager: 403 without broker rights (the no-permission screen). */
  '/broker/account/getLoginInfo': userPost(
    undefined,
    Type.Object({
      email: Type.String(),
      role: StringEnum(['owner', 'member']),
      orgId: Id,
      ownerEmail: Type.String(),
      memberCount: Type.Integer(),
      pendingInvites: Type.Array(ManagerInvite),
    }),
  ),
  /** Owner only: names a registered user with broker rights as a new account manager (a member). */
  '/broker/account/submitAccountManager': userPost(Strict({ email: Email }), ManagerInvite),
  /** Owner only: e-mails the named manager a code (the sandbox's e-mail codes, business type `brokerManager`). */
  '/broker/account/invokeAccountManager': userPost(Strict({ email: Email }), Type.Object({ uuid: Type.String() })),
  /** Owner only: the code the manager received; the manager joins the organisation. */
  '/broker/account/confirmAccountManager': userPost(Strict({ email: Email, emailUuid: CodeUuid, emailCode: Code6 }), BrokerMemberView),

  '/broker/account/capital/spotPage': userPost(BalanceQuery, BalancePage),
  '/broker/account/capital/fundingPage': userPost(BalanceQuery, BalancePage),
  '/broker/account/capital/earnPage': userPost(BalanceQuery, BalancePage),
  '/broker/account/capital/futuresPage': userPost(BalanceQuery, BalancePage),
  /** Every wallet of one sub-account, one exchange or the organisation, by sub-account, exchange and asset. */
  '/broker/account/capital/spotFuturesTotalBalance': userPost(
    Strict({ brokerAccountId: Type.Optional(Id), exchangeCode: Type.Optional(BrokerExchangeCode) }),
    TotalBalance,
  ),

  '/broker/exchangeKey/pageBrokerExchangeKey': userPost(
    PageQuery({
      exchangeCode: Type.Optional(BrokerExchangeCode),
      brokerAccountId: Type.Optional(Id),
      status: Type.Optional(StringEnum(['active', 'expired', 'pending'])),
    }),
    Page(ExchangeKey),
  ),
  '/broker/exchangeKey/insertBrokerExchangeKey': userPost(
    Strict({
      brokerAccountId: Id,
      permissions: Type.Array(ApiKeyPermissionName, { minItems: 1, maxItems: API_KEY_PERMISSIONS.length, uniqueItems: true }),
      /** spec §5: up to 20 IPv4/IPv6, comma- or space-separated, at most 500 characters; empty for none. */
      ipList: Type.Optional(Type.String({ minLength: 0, maxLength: MAX_IP_TEXT })),
      remark: Type.Optional(Remark),
      /** Where the exchange signs with one (BROKER_EXCHANGE_RULES.passphrase): 8–32 characters, no spaces. */
      passphrase: Type.Optional(Type.String({ minLength: 8, maxLength: 32, pattern: '^\\S{8,32}$' })),
      requestId: RequestId,
      /**
       * spec §6: with the transfers or withdraw permission the key moves money, so the call needs the step-up: the
       * password, an e-mail code of business type brokerApiKey (broker/fundTransfer/invokeEmailValidation) and the
       * Google code when bound; the key is then `pending` until another member approves it.
       */
      ...StepUpFields,
    }),
    CreatedExchangeKey,
  ),
  /** The maker takes an approved money-moving key's secret, once, with the step-up (business type brokerApiKey); 10491 otherwise. */
  '/broker/exchangeKey/claimSecret': userPost(Strict({ keyId: Id, ...StepUpFields }), Type.Object({ keyId: Id, apiKey: Type.String(), secretKey: Type.String() })),
  '/broker/exchangeKey/accessKeyInfo': userPost(KeyId, ExchangeKey),
  '/broker/exchangeKey/delete': userPost(KeyId, Type.Object({ keyId: Id })),
  '/broker/exchangeKey/updateRemark': userPost(Strict({ keyId: Id, remark: Remark }), ExchangeKey),

  /** One sub-account's deposit addresses (binance sub-account deposit address; okx deposit-address). */
  '/broker/depositAddress/list': userPost(Strict({ brokerAccountId: Id, asset: Type.Optional(Asset) }), Type.Array(DepositAddress)),
  '/broker/depositAddress/listAllExchangeDepositAddress': userPost(
    Strict({ exchangeCode: Type.Optional(BrokerExchangeCode), asset: Type.Optional(Asset) }),
    Type.Array(DepositAddress),
  ),

  /** The sub-account kinds each exchange opens for this organisation, with its count there. */
  '/broker/subAccount/type/queryUserConfig': userPost(
    Strict({ exchangeCode: Type.Optional(BrokerExchangeCode) }),
    Type.Array(Type.Object({ exchangeCode: BrokerExchangeCode, subAccountTypes: Type.Array(SubAccountKindName), maxSubAccounts: Type.Integer(), subAccountCount: Type.Integer() })),
  ),
  '/broker/masterAccountConfig/getMasterConfigList': userPost(undefined, Type.Array(MasterConfig)),
};

export type BrokerAccountCalls = typeof brokerAccountCalls;
