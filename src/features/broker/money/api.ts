import type { BrokerAccountCalls } from '../../../../contract/broker.ts';
import type { BrokerFundCalls } from '../../../../contract/broker-funds.ts';
import type { BodyOf, QueryOf, ReplyOf } from '../../../../contract/call.ts';
import { apiGet, apiPost } from '../../../lib/api/index.ts';

// The money pages' calls (issue 14; spec §7 "Broker calls"; contract/broker.ts and contract/broker-funds.ts), typed
// from the contract (types only). Quiet: the screens show refusals beside their fields or above their lists.
const quiet = { silent: true } as const;
type Calls = BrokerAccountCalls & BrokerFundCalls;
type Reply<P extends keyof Calls> = ReplyOf<Calls[P]>;
type Body<P extends keyof Calls> = BodyOf<Calls[P]>;
type Query<P extends keyof Calls> = QueryOf<Calls[P]>;
type Paging = Body<'/broker/account/bill/page'>['pageCondition'];
type Filters<P extends keyof Calls> = Body<P> extends { queryCondition?: infer Q } ? NonNullable<Q> : never;

export type AccountOption = Reply<'/broker/account/list'>[number];
export type DepositAddress = Reply<'/broker/depositAddress/list'>[number];
export type Application = Reply<'/broker/fundTransfer/apply'>;
export type ApplyBody = Body<'/broker/fundTransfer/apply'>;
export type ApplicationFilters = Filters<'/broker/transfer/pageBrokerTransferRecord'>;
export type Organization = Reply<'/broker/transfer/organization'>;
export type Available = Reply<'/broker/fundTransfer/queryTransferAvailable'>;
export type TransferTarget = Reply<'/broker/fundTransfer/listBrokerAccountAvailableTransfer'>[number];
export type WithdrawProduct = Reply<'/broker/deposit/listWithdrawProduct'>[number];
export type WithdrawMethod = Reply<'/broker/deposit/listWithdrawMethod'>[number];
export type WithdrawAddress = Reply<'/broker/deposit/listWithdrawAddress'>[number];
export type OperationRecord = Reply<'/broker/pageBrokerFinancingAction'>['list'][number];
export type OperationFilters = Filters<'/broker/pageBrokerFinancingAction'>;
export type CapitalRecord = Reply<'/broker/pageBrokerCapitalRecord'>['list'][number];
export type CapitalFilters = Filters<'/broker/pageBrokerCapitalRecord'>;
export type CapitalDetail = Reply<'/broker/queryBrokerCapitalRecordDetail'>;
export type BillRecord = Reply<'/broker/account/bill/page'>['list'][number];
export type BillFilters = Filters<'/broker/account/bill/page'>;
export type CodeType = Body<'/broker/fundTransfer/invokeEmailValidation'>['businessType'];

const page = <P extends keyof Calls>(path: P) => (pageCondition: Paging, queryCondition: Filters<P>) => apiPost<Reply<P>>(path, { pageCondition, queryCondition }, quiet);

export const accountApi = {
  /** The organisation's sub-accounts for a picker (spec §3 accountList). */
  list: (body: Body<'/broker/account/list'> = {}) => apiPost<AccountOption[]>('/broker/account/list', body, quiet),
  /** One sub-account's deposit addresses, per asset and network. */
  depositAddresses: (body: Body<'/broker/depositAddress/list'>) => apiPost<DepositAddress[]>('/broker/depositAddress/list', body, quiet),
};

export const fundApi = {
  /** An e-mail code to the caller's own e-mail for a withdrawal or an approval. */
  invoke: (businessType: CodeType) => apiPost<Reply<'/broker/fundTransfer/invokeEmailValidation'>>('/broker/fundTransfer/invokeEmailValidation', { businessType }, quiet),
  apply: (body: ApplyBody) => apiPost<Application>('/broker/fundTransfer/apply', body, quiet),
  approve: (body: Body<'/broker/fundTransfer/approve'>) => apiPost<Application>('/broker/fundTransfer/approve', body, quiet),
  reject: (body: Body<'/broker/fundTransfer/reject'>) => apiPost<Application>('/broker/fundTransfer/reject', body, quiet),
  targets: (fromAccountId: string) => apiPost<TransferTarget[]>('/broker/fundTransfer/listBrokerAccountAvailableTransfer', { fromAccountId }, quiet),
  available: (query: Query<'/broker/fundTransfer/queryTransferAvailable'>) =>
    apiGet<Available>('/broker/fundTransfer/queryTransferAvailable', { ...quiet, searchParams: { ...query } }),
  applications: page('/broker/transfer/pageBrokerTransferRecord'),
  organization: () => apiPost<Organization>('/broker/transfer/organization', undefined, quiet),
  products: (brokerAccountId: string) => apiPost<WithdrawProduct[]>('/broker/deposit/listWithdrawProduct', { brokerAccountId }, quiet),
  methods: (asset: string) => apiPost<WithdrawMethod[]>('/broker/deposit/listWithdrawMethod', { asset }, quiet),
  addresses: (body: Body<'/broker/deposit/listWithdrawAddress'>) => apiPost<WithdrawAddress[]>('/broker/deposit/listWithdrawAddress', body, quiet),
};

export const recordApi = {
  operations: page('/broker/pageBrokerFinancingAction'),
  capital: page('/broker/pageBrokerCapitalRecord'),
  capitalDetail: (recordId: string) => apiPost<CapitalDetail>('/broker/queryBrokerCapitalRecordDetail', { recordId }, quiet),
  bills: page('/broker/account/bill/page'),
};
