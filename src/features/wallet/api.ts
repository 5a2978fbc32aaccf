import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { FiatCalls } from '../../../contract/fiat.ts';
import type { TransferCalls, WalletCalls } from '../../../contract/wallet.ts';
import { apiGet, apiPost } from '../../lib/api/index.ts';
import { encryptPassword } from '../account/shared.ts';

// The wallet's calls, typed from the contract (contract/wallet.ts): one definition with the sandbox. The
// screens show errors themselves, so every call is quiet (no toast).
type Reply<P extends keyof WalletCalls> = ReplyOf<WalletCalls[P]>;
type Body<P extends keyof WalletCalls> = BodyOf<WalletCalls[P]>;
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

export const walletApi = {
  assets: () => apiGet<Assets>('/user/assets', quiet),
  supportedAssets: () => apiGet<Reply<'/account/wallet/listAllSupportedCryptoAsset'>>('/account/wallet/listAllSupportedCryptoAsset', quiet),
  depositAddress: (body: Body<'/account/wallet/getDepositAddress'>) => apiPost<DepositAddress>('/account/wallet/getDepositAddress', body, quiet),
  coinRecords: (body: Body<'/account/block/pageBlockDepositWithdraw'>) => apiPost<CoinRecordPage>('/account/block/pageBlockDepositWithdraw', body, quiet),
  validateWithdraw: (body: Body<'/account/block/validateTransaction'>) => apiPost<WithdrawCheck>('/account/block/validateTransaction', body, quiet),
  invokeWithdraw: (body: Body<'/account/block/invokeBlockWithdrawalEmailValidation'>) =>
    apiPost<Withdrawal>('/account/block/invokeBlockWithdrawalEmailValidation', body, quiet),
  confirmWithdraw: (body: Body<'/account/block/confirmBlockWithdraw'>) => apiPost<Withdrawal>('/account/block/confirmBlockWithdraw', body, quiet),
  addresses: (body: Body<'/account/wallet/address/list'> = {}) => apiPost<BookEntry[]>('/account/wallet/address/list', body, quiet),
  /** The step-up's password goes RSA-encrypted like every password field. */
  addAddress: async ({ password, ...rest }: Body<'/account/wallet/address/add'>) =>
    apiPost<BookEntry>('/account/wallet/address/add', { ...rest, password: await encryptPassword(password) }, quiet),
  deleteAddress: (id: string) => apiPost<Reply<'/account/wallet/address/delete'>>('/account/wallet/address/delete', { id }, quiet),
  whitelist: () => apiGet<Reply<'/account/wallet/whitelist/get'>>('/account/wallet/whitelist/get', quiet),
  setWhitelist: async ({ password, ...rest }: Body<'/account/wallet/whitelist/set'>) =>
    apiPost<Reply<'/account/wallet/whitelist/set'>>(
      '/account/wallet/whitelist/set',
      { ...rest, ...(password ? { password: await encryptPassword(password) } : {}) },
      quiet,
    ),
};

// The fiat wallet's calls (contract/fiat.ts).
type FiatReply<P extends keyof FiatCalls> = ReplyOf<FiatCalls[P]>;
type FiatBody<P extends keyof FiatCalls> = BodyOf<FiatCalls[P]>;
export type FiatAssetInfo = FiatReply<'/account/wallet/listFiatSupportAsset'>[number];
export type FiatDepositInfo = FiatReply<'/account/wallet/fiat/depositInfo'>;
export type FiatRecord = FiatReply<'/account/block/fiat/pageTransaction'>['list'][number];
export type FiatRecordPage = FiatReply<'/account/block/fiat/pageTransaction'>;
export type FiatRecordQuery = FiatBody<'/account/block/fiat/pageTransaction'>['queryCondition'];
export type FiatWithdrawal = FiatReply<'/account/block/submitBlockFiatWithdraw'>;
export type FiatRemaining = FiatReply<'/account/block/getBlockFiatWithdrawRemainingAmount'>;
export type FiatBookEntry = FiatReply<'/account/wallet/fiatAddress/list'>[number];
export type BankLookup = FiatReply<'/account/wallet/fiat/bankCode'>;

export const fiatApi = {
  assets: () => apiGet<FiatAssetInfo[]>('/account/wallet/listFiatSupportAsset', quiet),
  depositInfo: (asset: string) => apiPost<FiatDepositInfo>('/account/wallet/fiat/depositInfo', { asset }, quiet),
  declareDeposit: (body: FiatBody<'/account/block/submitBlockFiatDeposit'>) => apiPost<FiatRecord>('/account/block/submitBlockFiatDeposit', body, quiet),
  records: (body: FiatBody<'/account/block/fiat/pageTransaction'>) => apiPost<FiatRecordPage>('/account/block/fiat/pageTransaction', body, quiet),
  remaining: (asset: string) => apiPost<FiatRemaining>('/account/block/getBlockFiatWithdrawRemainingAmount', { asset }, quiet),
  submitWithdraw: (body: FiatBody<'/account/block/submitBlockFiatWithdraw'>) => apiPost<FiatWithdrawal>('/account/block/submitBlockFiatWithdraw', body, quiet),
  resendCode: (withdrawId: string) => apiPost<FiatWithdrawal>('/account/block/invokeBlockFiatWithdrawalEmailValidation', { withdrawId }, quiet),
  confirmWithdraw: (body: FiatBody<'/account/block/confirmBlockFiatWithdraw'>) => apiPost<FiatWithdrawal>('/account/block/confirmBlockFiatWithdraw', body, quiet),
  cancelWithdraw: (withdrawId: string) => apiPost<FiatWithdrawal>('/account/block/fiat/cancelWithdraw', { withdrawId }, quiet),
  bankCode: (bankCode: string) => apiPost<BankLookup>('/account/wallet/fiat/bankCode', { bankCode }, quiet),
  accounts: (asset?: string) => apiPost<FiatBookEntry[]>('/account/wallet/fiatAddress/list', asset ? { asset } : {}, quiet),
  /** The step-up's password goes RSA-encrypted like every password field. */
  addAccount: async ({ password, ...rest }: FiatBody<'/account/wallet/fiatAddress/add'>) =>
    apiPost<FiatBookEntry>('/account/wallet/fiatAddress/add', { ...rest, password: await encryptPassword(password) }, quiet),
  deleteAccount: (id: string) => apiPost<FiatReply<'/account/wallet/fiatAddress/delete'>>('/account/wallet/fiatAddress/delete', { id }, quiet),
};

// record/transfer (contract/wallet.ts `transferCalls`).
export type TransferPage = ReplyOf<TransferCalls['/account/wallet/transfer/page']>;
export type TransferRecord = TransferPage['list'][number];
export type TransferQuery = NonNullable<BodyOf<TransferCalls['/account/wallet/transfer/page']>['queryCondition']>;
export const transferApi = {
  page: (body: BodyOf<TransferCalls['/account/wallet/transfer/page']>) => apiPost<TransferPage>('/account/wallet/transfer/page', body, quiet),
};
