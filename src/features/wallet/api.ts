import { type Body, type Reply, request } from '../../lib/api/request.ts';
import { encryptPassword } from '../account/shared.ts';

// The wallet's calls, typed from the contract (contract/wallet.ts): one definition with the sandbox. The
// screens show errors themselves, so every call is quiet (no toast).
const quiet = { silent: true } as const;

export type Assets = Reply<'/user/assets'>;
export type BalanceRow = Assets['accounts'][number]['balances'][number];
export type SupportedAsset = Reply<'/account/wallet/listAllSupportedCryptoAsset'>[number];
export type NetworkInfo = SupportedAsset['networks'][number];
export type Network = NetworkInfo['network'];
export type DepositAddress = Reply<'/account/wallet/getDepositAddress'>;
export type CoinRecordPage = Reply<'/account/block/pageBlockDepositWithdraw'>;
export type CoinRecord = CoinRecordPage['list'][number];
export type CoinRecordQuery = NonNullable<Body<'/account/block/pageBlockDepositWithdraw'>['queryCondition']>;
export type Withdrawal = Reply<'/account/block/invokeBlockWithdrawalEmailValidation'>;
export type WithdrawCheck = Reply<'/account/block/validateTransaction'>;
export type BookEntry = Reply<'/account/wallet/address/list'>[number];
export type WithdrawRemaining = Reply<'/account/block/getBlockWithdrawRemainingAmount'>;
export type WhitelistState = Reply<'/account/wallet/whitelist/get'>;

export const walletApi = {
  assets: () => request('/user/assets', undefined, quiet),
  supportedAssets: () => request('/account/wallet/listAllSupportedCryptoAsset', undefined, quiet),
  depositAddress: (body: Body<'/account/wallet/getDepositAddress'>) => request('/account/wallet/getDepositAddress', body, quiet),
  coinRecords: (body: Body<'/account/block/pageBlockDepositWithdraw'>) => request('/account/block/pageBlockDepositWithdraw', body, quiet),
  /** What the asset's withdrawal limit of the rolling 24 hours leaves. */
  remaining: (asset: string) => request('/account/block/getBlockWithdrawRemainingAmount', { asset }, quiet),
  validateWithdraw: (body: Body<'/account/block/validateTransaction'>) => request('/account/block/validateTransaction', body, quiet),
  /** spec §7 submitWithdrawRecord: the withdrawal's record (checks, hold, e-mail code); idempotent on the request id. */
  submitWithdraw: (body: Body<'/account/block/submitWithdrawRecord'>) => request('/account/block/submitWithdrawRecord', body, quiet),
  /** spec §7 submitDepositRecord: a coin deposit looked up by its transaction hash (the chain credits it). */
  declareDeposit: (body: Body<'/account/block/submitDepositRecord'>) => request('/account/block/submitDepositRecord', body, quiet),
  /** spec §7 accountCapital/list: the capital account's balances. */
  capital: (body: Body<'/account/block/accountCapital/list'> = {}) => request('/account/block/accountCapital/list', body, quiet),
  /** The same step under its older name: a retry with the same request id sends a fresh e-mail code. */
  invokeWithdraw: (body: Body<'/account/block/invokeBlockWithdrawalEmailValidation'>) =>
    request('/account/block/invokeBlockWithdrawalEmailValidation', body, quiet),
  confirmWithdraw: (body: Body<'/account/block/confirmBlockWithdraw'>) => request('/account/block/confirmBlockWithdraw', body, quiet),
  addresses: (body: Body<'/account/wallet/address/list'> = {}) => request('/account/wallet/address/list', body, quiet),
  /** The step-up's password goes RSA-encrypted like every password field. */
  addAddress: async ({ password, ...rest }: Body<'/account/wallet/address/add'>) =>
    request('/account/wallet/address/add', { ...rest, password: await encryptPassword(password) }, quiet),
  deleteAddress: (id: string) => request('/account/wallet/address/delete', { id }, quiet),
  whitelist: () => request('/account/wallet/whitelist/get', undefined, quiet),
  setWhitelist: async ({ password, ...rest }: Body<'/account/wallet/whitelist/set'>) =>
    request('/account/wallet/whitelist/set', { ...rest, ...(password ? { password: await encryptPassword(password) } : {}) }, quiet),
};

// The fiat wallet's calls (contract/fiat.ts).
export type FiatAssetInfo = Reply<'/account/wallet/listFiatSupportAsset'>[number];
export type FiatDepositInfo = Reply<'/account/wallet/fiat/depositInfo'>;
export type FiatRecord = Reply<'/account/block/fiat/pageTransaction'>['list'][number];
export type FiatRecordPage = Reply<'/account/block/fiat/pageTransaction'>;
export type FiatRecordQuery = Body<'/account/block/fiat/pageTransaction'>['queryCondition'];
export type FiatWithdrawal = Reply<'/account/block/submitBlockFiatWithdraw'>;
export type FiatRemaining = Reply<'/account/block/getBlockFiatWithdrawRemainingAmount'>;
export type FiatBookEntry = Reply<'/account/wallet/fiatAddress/list'>[number];
export type BankLookup = Reply<'/account/wallet/fiat/bankCode'>;

export const fiatApi = {
  assets: () => request('/account/wallet/listFiatSupportAsset', undefined, quiet),
  depositInfo: (asset: string) => request('/account/wallet/fiat/depositInfo', { asset }, quiet),
  declareDeposit: (body: Body<'/account/block/submitBlockFiatDeposit'>) => request('/account/block/submitBlockFiatDeposit', body, quiet),
  records: (body: Body<'/account/block/fiat/pageTransaction'>) => request('/account/block/fiat/pageTransaction', body, quiet),
  remaining: (asset: string) => request('/account/block/getBlockFiatWithdrawRemainingAmount', { asset }, quiet),
  submitWithdraw: (body: Body<'/account/block/submitBlockFiatWithdraw'>) => request('/account/block/submitBlockFiatWithdraw', body, quiet),
  resendCode: (withdrawId: string) => request('/account/block/invokeBlockFiatWithdrawalEmailValidation', { withdrawId }, quiet),
  confirmWithdraw: (body: Body<'/account/block/confirmBlockFiatWithdraw'>) => request('/account/block/confirmBlockFiatWithdraw', body, quiet),
  cancelWithdraw: (withdrawId: string) => request('/account/block/fiat/cancelWithdraw', { withdrawId }, quiet),
  bankCode: (bankCode: string) => request('/account/wallet/fiat/bankCode', { bankCode }, quiet),
  accounts: (asset?: string) => request('/account/wallet/fiatAddress/list', asset ? { asset } : {}, quiet),
  /** The step-up's password goes RSA-encrypted like every password field. */
  addAccount: async ({ password, ...rest }: Body<'/account/wallet/fiatAddress/add'>) =>
    request('/account/wallet/fiatAddress/add', { ...rest, password: await encryptPassword(password) }, quiet),
  deleteAccount: (id: string) => request('/account/wallet/fiatAddress/delete', { id }, quiet),
};

// record/transfer (contract/wallet.ts `transferCalls`).
export type TransferPage = Reply<'/account/wallet/transfer/page'>;
export type TransferRecord = TransferPage['list'][number];
export type TransferQuery = NonNullable<Body<'/account/wallet/transfer/page'>['queryCondition']>;
export const transferApi = {
  page: (body: Body<'/account/wallet/transfer/page'>) => request('/account/wallet/transfer/page', body, quiet),
};
