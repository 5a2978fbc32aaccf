import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { BrokerAccountCalls } from '../../../contract/broker.ts';
import type { BrokerWallet } from '../../../contract/broker-rules.ts';
import { type Body as CallBody, requestAt } from '../../lib/api/request.ts';
import { quiet } from './calls.ts';

// The sub-account, balance and API key calls (spec §7 broker calls), typed from contract/broker.ts. Quiet: the
// screens show their errors beside what was asked.
type Calls = BrokerAccountCalls;
type Reply<P extends keyof Calls> = ReplyOf<Calls[P]>;
type Body<P extends keyof Calls> = BodyOf<Calls[P]>;
const post = <P extends keyof Calls & string>(path: P, body?: CallBody<P>) => requestAt(path, body, quiet);

export type BrokerAccount = Reply<'/broker/account/getBrokerAccountId'>;
export type AccountQuery = NonNullable<Body<'/broker/account/pageBrokerAccount'>['queryCondition']>;
export type BrokerBalance = Reply<'/broker/account/capital/spotPage'>['list'][number];
export type BalancePage = Reply<'/broker/account/capital/spotPage'>;
export type TotalBalance = Reply<'/broker/account/capital/spotFuturesTotalBalance'>;
export type ExchangeKey = Reply<'/broker/exchangeKey/accessKeyInfo'>;
export type KeyQuery = NonNullable<Body<'/broker/exchangeKey/pageBrokerExchangeKey'>['queryCondition']>;
export type NewKey = Body<'/broker/exchangeKey/insertBrokerExchangeKey'>;
export type CreatedKey = Reply<'/broker/exchangeKey/insertBrokerExchangeKey'>;
export type DepositAddress = Reply<'/broker/depositAddress/list'>[number];
export type MasterConfig = Reply<'/broker/masterAccountConfig/getMasterConfigList'>[number];
export type LoginInfo = Reply<'/broker/account/getLoginInfo'>;
export type Member = Reply<'/broker/account/allEmail'>[number];
export type NewAccount = Body<'/broker/account/insertBrokerAccount'>;
/** A wallet's balances page (spec §7 account/capital/spotPage, fundingPage, earnPage, futuresPage), one per wallet. */
type WalletPage = `/broker/account/capital/${BrokerWallet}Page`;

export const accountsApi = {
  page: (body: Body<'/broker/account/pageBrokerAccount'>) => post('/broker/account/pageBrokerAccount', body),
  list: (exchangeCode?: NewAccount['exchangeCode']) => post('/broker/account/list', exchangeCode ? { exchangeCode } : {}),
  get: (brokerAccountId: string) => post('/broker/account/getBrokerAccountId', { brokerAccountId }),
  create: (body: NewAccount) => post('/broker/account/insertBrokerAccount', body),
  update: (brokerAccountId: string, remark: string) => post('/broker/account/updateBrokerAccount', { brokerAccountId, remark }),
  remove: (brokerAccountId: string) => post('/broker/account/delete', { brokerAccountId }),
  masterConfig: () => post('/broker/masterAccountConfig/getMasterConfigList'),
  loginInfo: () => post('/broker/account/getLoginInfo'),
  members: () => post('/broker/account/allEmail'),
  submitManager: (email: string) => post('/broker/account/submitAccountManager', { email }),
  invokeManager: (email: string) => post('/broker/account/invokeAccountManager', { email }),
  confirmManager: (email: string, emailUuid: string, emailCode: string) => post('/broker/account/confirmAccountManager', { email, emailUuid, emailCode }),
  walletPage: (wallet: BrokerWallet, body: Body<WalletPage>) => post(`/broker/account/capital/${wallet}Page` as const, body),
  total: (body: Body<'/broker/account/capital/spotFuturesTotalBalance'>) => post('/broker/account/capital/spotFuturesTotalBalance', body),
  depositAddresses: (brokerAccountId: string) => post('/broker/depositAddress/list', { brokerAccountId }),
  keys: (body: Body<'/broker/exchangeKey/pageBrokerExchangeKey'>) => post('/broker/exchangeKey/pageBrokerExchangeKey', body),
  createKey: (body: NewKey) => post('/broker/exchangeKey/insertBrokerExchangeKey', body),
  removeKey: (keyId: string) => post('/broker/exchangeKey/delete', { keyId }),
  updateKeyRemark: (keyId: string, remark: string) => post('/broker/exchangeKey/updateRemark', { keyId, remark }),
};
