import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { BrokerAccountCalls } from '../../../contract/broker.ts';
import type { BrokerControlCalls } from '../../../contract/broker-controls.ts';
import { encryptPassword } from '../account/shared.ts';
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
export type Unbound = Reply<'/broker/account/delete'>;
export type ControlRequest = ReplyOf<BrokerControlCalls['/broker/control/approve']>;
type ControlBody<P extends keyof BrokerControlCalls> = BodyOf<BrokerControlCalls[P]>;
/** The step-up a call carries (server/identity/step-up.ts), its password typed in plain text: encrypted here (spec §5). */
export interface StepUpInput {
  password?: string;
  emailUuid?: string;
  emailCode?: string;
  gaCode?: string;
}
const sealed = async <T extends StepUpInput>({ password, ...rest }: T) => ({ ...rest, ...(password ? { password: await encryptPassword(password) } : {}) });
/** A wallet's balances page (spec §7 account/capital/spotPage, fundingPage, earnPage, futuresPage), one per wallet. */
type WalletPage = `/broker/account/capital/${BrokerWallet}Page`;

export const accountsApi = {
  page: (body: Body<'/broker/account/pageBrokerAccount'>) => post('/broker/account/pageBrokerAccount', body),
  list: (exchangeCode?: NewAccount['exchangeCode']) => post('/broker/account/list', exchangeCode ? { exchangeCode } : {}),
  get: (brokerAccountId: string) => post('/broker/account/getBrokerAccountId', { brokerAccountId }),
  create: (body: NewAccount) => post('/broker/account/insertBrokerAccount', body),
  update: (brokerAccountId: string, remark: string) => post('/broker/account/updateBrokerAccount', { brokerAccountId, remark }),
  /** An empty sub-account is unbound at once; one that holds money takes the step-up and becomes a request a second member approves. */
  remove: async (brokerAccountId: string, stepUp: StepUpInput = {}) => post('/broker/account/delete', { brokerAccountId, ...(await sealed(stepUp)) }),
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
  createKey: async (body: NewKey) => post('/broker/exchangeKey/insertBrokerExchangeKey', await sealed(body)),
  /** The maker takes an approved money-moving key's secret, once, with the step-up. */
  claimSecret: async (keyId: string, stepUp: StepUpInput) => post('/broker/exchangeKey/claimSecret', { keyId, ...(await sealed(stepUp)) }),
  controls: (body: ControlBody<'/broker/control/page'>) => requestAt('/broker/control/page', body, quiet),
  approveControl: (body: ControlBody<'/broker/control/approve'>) => requestAt('/broker/control/approve', body, quiet),
  rejectControl: (body: ControlBody<'/broker/control/reject'>) => requestAt('/broker/control/reject', body, quiet),
  removeKey: (keyId: string) => post('/broker/exchangeKey/delete', { keyId }),
  updateKeyRemark: (keyId: string, remark: string) => post('/broker/exchangeKey/updateRemark', { keyId, remark }),
};
