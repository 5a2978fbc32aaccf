import type { BrokerProfitCalls } from '../../../../contract/broker-profit.ts';
import type { BodyOf, QueryOf, ReplyOf } from '../../../../contract/call.ts';
import { apiGet, apiPost } from '../../../lib/api/index.ts';

// The profit page's calls (issue 15; spec §7 project/* and profitAccrual/*; contract/broker-profit.ts), typed from
// the contract (types only). Quiet: the page shows refusals beside their fields or above its lists.
const quiet = { silent: true } as const;
type Calls = BrokerProfitCalls;
type Reply<P extends keyof Calls> = ReplyOf<Calls[P]>;
type Body<P extends keyof Calls> = BodyOf<Calls[P]>;
type Query<P extends keyof Calls> = QueryOf<Calls[P]>;
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
  apiPost<Reply<P>>(path, { pageCondition, queryCondition }, quiet);

export const profitApi = {
  funds: (query: Query<'/broker/profitAccrual/accrualFund'> = {}) => apiGet<ProfitFund[]>('/broker/profitAccrual/accrualFund', { ...quiet, searchParams: { ...query } }),
  accounts: (projectNo: string) => apiGet<Destination[]>('/broker/profitAccrual/accounts', { ...quiet, searchParams: { projectNo } }),
  accruals: page('/broker/profitAccrual/page'),
  applications: page('/broker/profitAccrual/pageApplication'),
  /** An e-mail code (business type brokerWithdraw) for a withdrawal or an allocation. */
  invoke: (projectNo: string) => apiPost<Reply<'/broker/project/invokeWithdrawalEmailValidation'>>('/broker/project/invokeWithdrawalEmailValidation', { projectNo }, quiet),
  preview: (body: Body<'/broker/project/submitExtractInferiorRecord'>) => apiPost<ExtractPreview>('/broker/project/submitExtractInferiorRecord', body, quiet),
  withdraw: (body: Body<'/broker/project/addExtractInferiorRecord'>) => apiPost<ProfitApplication>('/broker/project/addExtractInferiorRecord', body, quiet),
  allot: (body: AllotBody) => apiPost<ProfitApplication>('/broker/profitAccrual/apply', body, quiet),
  transferIn: (body: Body<'/broker/project/addInferiorTransferRecord'>) => apiPost<ProfitApplication>('/broker/project/addInferiorTransferRecord', body, quiet),
  approve: (body: Body<'/broker/profitAccrual/approve'>) => apiPost<ProfitApplication>('/broker/profitAccrual/approve', body, quiet),
  reject: (body: Body<'/broker/profitAccrual/reject'>) => apiPost<ProfitApplication>('/broker/profitAccrual/reject', body, quiet),
};
