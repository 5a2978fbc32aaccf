import type { BrokerProfitCalls } from '../../../../contract/broker-profit.ts';
import { type Body, type Reply, request, requestAt } from '../../../lib/api/request.ts';

// The profit page's calls (issue 15; spec §7 project/* and profitAccrual/*; contract/broker-profit.ts), typed from
// the contract (types only). Quiet: the page shows refusals beside their fields or above its lists.
const quiet = { silent: true } as const;
type Calls = BrokerProfitCalls;
type Paging = Body<'/broker/profitAccrual/page'>['pageCondition'];
type Filters<P extends keyof Calls> = Body<P> extends { queryCondition?: infer Q } ? NonNullable<Q> : never;

export type ProfitFund = Reply<'/broker/profitAccrual/accrualFund'>[number];
export type ProfitAccrual = Reply<'/broker/profitAccrual/page'>['list'][number];
export type ProfitApplication = Reply<'/broker/profitAccrual/pageApplication'>['list'][number];
export type ApplicationFilters = Filters<'/broker/profitAccrual/pageApplication'>;
export type AccrualFilters = Filters<'/broker/profitAccrual/page'>;
export type Destination = Reply<'/broker/profitAccrual/accounts'>[number];
export type ExtractPreview = Reply<'/broker/project/submitExtractInferiorRecord'>;
export type AllotBody = Body<'/broker/profitAccrual/apply'>;

const page = <P extends '/broker/profitAccrual/page' | '/broker/profitAccrual/pageApplication'>(path: P) => (pageCondition: Paging, queryCondition: Filters<P>) =>
  requestAt(path, { pageCondition, queryCondition } as Body<P>, quiet);

export const profitApi = {
  funds: (query: Body<'/broker/profitAccrual/accrualFund'> = {}) => request('/broker/profitAccrual/accrualFund', query, quiet),
  accounts: (projectNo: string) => request('/broker/profitAccrual/accounts', { projectNo }, quiet),
  accruals: page('/broker/profitAccrual/page'),
  applications: page('/broker/profitAccrual/pageApplication'),
  /** An e-mail code (business type brokerWithdraw) for a withdrawal or an allocation. */
  invoke: (projectNo: string) => request('/broker/project/invokeWithdrawalEmailValidation', { projectNo }, quiet),
  preview: (body: Body<'/broker/project/submitExtractInferiorRecord'>) => request('/broker/project/submitExtractInferiorRecord', body, quiet),
  withdraw: (body: Body<'/broker/project/addExtractInferiorRecord'>) => request('/broker/project/addExtractInferiorRecord', body, quiet),
  allot: (body: AllotBody) => request('/broker/profitAccrual/apply', body, quiet),
  transferIn: (body: Body<'/broker/project/addInferiorTransferRecord'>) => request('/broker/project/addInferiorTransferRecord', body, quiet),
  approve: (body: Body<'/broker/profitAccrual/approve'>) => request('/broker/profitAccrual/approve', body, quiet),
  reject: (body: Body<'/broker/profitAccrual/reject'>) => request('/broker/profitAccrual/reject', body, quiet),
};
