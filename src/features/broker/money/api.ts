import { type Body, type Reply, request } from '../../../lib/api/request.ts';
import { paged, quiet } from '../calls.ts';

// The money pages' calls (spec §7 "Broker calls": account/list, depositAddress/list, fundTransfer/*, transfer/*,
// deposit/*, pageBrokerFinancingAction, pageBrokerCapitalRecord, account/bill/page; contract/broker.ts and
// contract/broker-funds.ts), typed from the contract (types only).

export type AccountOption = Reply<'/broker/account/list'>[number];
export type DepositAddress = Reply<'/broker/depositAddress/list'>[number];

export const accountApi = {
  /** The organisation's sub-accounts for a picker (spec §3 accountList). */
  list: (body: Body<'/broker/account/list'> = {}) => request('/broker/account/list', body, quiet),
  /** One sub-account's deposit addresses, per asset and network. */
  depositAddresses: (body: Body<'/broker/depositAddress/list'>) => request('/broker/depositAddress/list', body, quiet),
};

export type Application = Reply<'/broker/fundTransfer/apply'>;
export type WithdrawAddress = Reply<'/broker/deposit/listWithdrawAddress'>[number];
export type CodeType = Body<'/broker/fundTransfer/invokeEmailValidation'>['businessType'];
/** What a brokerWithdraw or brokerApprove code approves (server/broker/code-operations.ts): the code confirms only it. */
export type CodeOperation = NonNullable<Body<'/broker/fundTransfer/invokeEmailValidation'>['operation']>;

export const fundApi = {
  /** An e-mail code to the caller's own e-mail for a withdrawal or an approval (`operation`: the one it approves). */
  invoke: (businessType: CodeType, operation?: CodeOperation) =>
    request('/broker/fundTransfer/invokeEmailValidation', { businessType, ...(operation ? { operation } : {}) }, quiet),
  /** The code that approves this one transfer or withdrawal application. */
  approveCode: (applicationId: string) => fundApi.invoke('brokerApprove', { kind: 'approve', applicationId }),
  apply: (body: Body<'/broker/fundTransfer/apply'>) => request('/broker/fundTransfer/apply', body, quiet),
  approve: (body: Body<'/broker/fundTransfer/approve'>) => request('/broker/fundTransfer/approve', body, quiet),
  reject: (body: Body<'/broker/fundTransfer/reject'>) => request('/broker/fundTransfer/reject', body, quiet),
  targets: (fromAccountId: string) => request('/broker/fundTransfer/listBrokerAccountAvailableTransfer', { fromAccountId }, quiet),
  available: (query: Body<'/broker/fundTransfer/queryTransferAvailable'>) => request('/broker/fundTransfer/queryTransferAvailable', query, quiet),
  applications: paged('/broker/transfer/pageBrokerTransferRecord'),
  organization: () => request('/broker/transfer/organization', undefined, quiet),
  products: (brokerAccountId: string) => request('/broker/deposit/listWithdrawProduct', { brokerAccountId }, quiet),
  methods: (asset: string) => request('/broker/deposit/listWithdrawMethod', { asset }, quiet),
  addresses: (body: Body<'/broker/deposit/listWithdrawAddress'>) => request('/broker/deposit/listWithdrawAddress', body, quiet),
};

export type OperationRecord = Reply<'/broker/pageBrokerFinancingAction'>['list'][number];
export type CapitalRecord = Reply<'/broker/pageBrokerCapitalRecord'>['list'][number];
export type BillRecord = Reply<'/broker/account/bill/page'>['list'][number];

export const recordApi = {
  operations: paged('/broker/pageBrokerFinancingAction'),
  capital: paged('/broker/pageBrokerCapitalRecord'),
  capitalDetail: (recordId: string) => request('/broker/queryBrokerCapitalRecordDetail', { recordId }, quiet),
  bills: paged('/broker/account/bill/page'),
};
