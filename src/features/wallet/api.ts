import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { WalletCalls } from '../../../contract/wallet.ts';
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
