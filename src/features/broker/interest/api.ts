import type { BrokerInterestCalls } from '../../../../contract/broker-interest.ts';
import type { BrokerProjectCalls } from '../../../../contract/broker-projects.ts';
import type { BodyOf, ReplyOf } from '../../../../contract/call.ts';
import { apiGet, apiPost } from '../../../lib/api/index.ts';

// The interest and bill pages' calls (issue 15; spec §7 "Broker calls"; contract/broker-interest.ts), typed from the
// contract (types only). Quiet: the screens show refusals beside their fields or above their lists.
const quiet = { silent: true } as const;
type Calls = BrokerInterestCalls & BrokerProjectCalls;
type Reply<P extends keyof Calls> = ReplyOf<Calls[P]>;
type Body<P extends keyof Calls> = BodyOf<Calls[P]>;
type Paging = Body<'/broker/pageSettleBill'>['pageCondition'];
type Filters<P extends keyof Calls> = Body<P> extends { queryCondition?: infer Q } ? NonNullable<Q> : never;

export type ProjectOption = Reply<'/broker/project'>[number];
export type ProjectInterest = Reply<'/broker/interestSettle/projectInterest'>;
export type InvestorInterest = Reply<'/broker/interestSettle/account'>[number];
export type SettlePreview = Reply<'/broker/interestSettle/previewSettleData'>;
export type SettleBill = Reply<'/broker/interestSettle/applySettle'>;
export type SettleBillDetail = Reply<'/broker/settleBillDetailQuery'>;
export type BillCounts = Reply<'/broker/queryFinancingInterestCount'>;
export type BillFilters = Filters<'/broker/pageSettleBill'>;
/** An interest record with a key of its own (an investor's pending accruals, or their line of one bill). */
export type InterestRecord = Reply<'/broker/interestSettle/page'>['list'][number] & { key: string };
export type DecisionBody = Body<'/broker/interestApply'>;

export const interestApi = {
  /** The organisation's projects for the picker (spec §3 projectList). */
  projects: () => apiGet<ProjectOption[]>('/broker/project', quiet),
  projectInterest: (projectNo: string) => apiGet<ProjectInterest>('/broker/interestSettle/projectInterest', { ...quiet, searchParams: { projectNo } }),
  investors: (projectNo: string) => apiPost<InvestorInterest[]>('/broker/interestSettle/account', { projectNo }, quiet),
  preview: (body: Body<'/broker/interestSettle/previewSettleData'>) => apiPost<SettlePreview>('/broker/interestSettle/previewSettleData', body, quiet),
  apply: (body: Body<'/broker/interestSettle/applySettle'>) => apiPost<SettleBill>('/broker/interestSettle/applySettle', body, quiet),
  projectBills: (projectNo: string) => apiPost<SettleBill[]>('/broker/interestSettle/querySettleBill', { projectNo }, quiet),
  records: async (pageCondition: Paging, queryCondition: Filters<'/broker/interestSettle/page'>) => {
    const page = await apiPost<Reply<'/broker/interestSettle/page'>>('/broker/interestSettle/page', { pageCondition, queryCondition }, quiet);
    return { ...page, list: page.list.map((r): InterestRecord => ({ ...r, key: `${r.projectNo}-${r.investorId}-${r.billNo ?? 'pending'}` })) };
  },
  bills: (pageCondition: Paging, queryCondition: BillFilters) => apiPost<Reply<'/broker/pageSettleBill'>>('/broker/pageSettleBill', { pageCondition, queryCondition }, quiet),
  detail: (billNo: string) => apiPost<SettleBillDetail>('/broker/settleBillDetailQuery', { billNo }, quiet),
  counts: (projectNo?: string) => apiPost<BillCounts>('/broker/queryFinancingInterestCount', projectNo ? { projectNo } : {}, quiet),
  decide: (body: DecisionBody) => apiPost<SettleBill>('/broker/interestApply', body, quiet),
};
