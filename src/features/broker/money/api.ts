import type { BrokerAccountCalls } from '../../../../contract/broker.ts';
import type { BrokerFundCalls } from '../../../../contract/broker-funds.ts';
import { type Body, type Reply, request, requestAt } from '../../../lib/api/request.ts';

// The money pages' calls (issue 14; spec §7 "Broker calls"; contract/broker.ts and contract/broker-funds.ts), typed
// from the contract (types only). Quiet: the screens show refusals beside their fields or above their lists.
const quiet = { silent: true } as const;
type Calls = BrokerAccountCalls & BrokerFundCalls;
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

const page = <P extends keyof Calls>(path: P) => (pageCondition: Paging, queryCondition: Filters<P>) => requestAt(path, { pageCondition, queryCondition } as Body<P>, quiet);

export const accountApi = {
  /** The organisation's sub-accounts for a picker (spec §3 accountList). */
  list: (body: Body<'/broker/account/list'> = {}) => request('/broker/account/list', body, quiet),
  /** One sub-account's deposit addresses, per asset and network. */
  depositAddresses: (body: Body<'/broker/depositAddress/list'>) => request('/broker/depositAddress/list', body, quiet),
};

export const fundApi = {
  /** An e-mail code to the caller's own e-mail for a withdrawal or an approval. */
  invoke: (businessType: CodeType) => request('/broker/fundTransfer/invokeEmailValidation', { businessType }, quiet),
  apply: (body: ApplyBody) => request('/broker/fundTransfer/apply', body, quiet),
  approve: (body: Body<'/broker/fundTransfer/approve'>) => request('/broker/fundTransfer/approve', body, quiet),
  reject: (body: Body<'/broker/fundTransfer/reject'>) => request('/broker/fundTransfer/reject', body, quiet),
  targets: (fromAccountId: string) => request('/broker/fundTransfer/listBrokerAccountAvailableTransfer', { fromAccountId }, quiet),
  available: (query: Body<'/broker/fundTransfer/queryTransferAvailable'>) =>
    request('/broker/fundTransfer/queryTransferAvailable', query, quiet),
  applications: page('/broker/transfer/pageBrokerTransferRecord'),
  organization: () => request('/broker/transfer/organization', undefined, quiet),
  products: (brokerAccountId: string) => request('/broker/deposit/listWithdrawProduct', { brokerAccountId }, quiet),
  methods: (asset: string) => request('/broker/deposit/listWithdrawMethod', { asset }, quiet),
  addresses: (body: Body<'/broker/deposit/listWithdrawAddress'>) => request('/broker/deposit/listWithdrawAddress', body, quiet),
};

export const recordApi = {
  operations: page('/broker/pageBrokerFinancingAction'),
  capital: page('/broker/pageBrokerCapitalRecord'),
  capitalDetail: (recordId: string) => request('/broker/queryBrokerCapitalRecordDetail', { recordId }, quiet),
  bills: page('/broker/account/bill/page'),
};
