import type { BrokerInterestCalls } from '../../../../contract/broker-interest.ts';
import type { BrokerProjectCalls } from '../../../../contract/broker-projects.ts';
import { type Body, type Reply, request } from '../../../lib/api/request.ts';

// The interest and bill pages' calls (issue 15; spec §7 "Broker calls"; contract/broker-interest.ts), typed from the
// contract (types only). Quiet: the screens show refusals beside their fields or above their lists.
const quiet = { silent: true } as const;
type Calls = BrokerInterestCalls & BrokerProjectCalls;
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
  projects: () => request('/broker/project', undefined, quiet),
  projectInterest: (projectNo: string) => request('/broker/interestSettle/projectInterest', { projectNo }, quiet),
  investors: (projectNo: string) => request('/broker/interestSettle/account', { projectNo }, quiet),
  preview: (body: Body<'/broker/interestSettle/previewSettleData'>) => request('/broker/interestSettle/previewSettleData', body, quiet),
  apply: (body: Body<'/broker/interestSettle/applySettle'>) => request('/broker/interestSettle/applySettle', body, quiet),
  projectBills: (projectNo: string) => request('/broker/interestSettle/querySettleBill', { projectNo }, quiet),
  records: async (pageCondition: Paging, queryCondition: Filters<'/broker/interestSettle/page'>) => {
    const page = await request('/broker/interestSettle/page', { pageCondition, queryCondition }, quiet);
    return { ...page, list: page.list.map((r): InterestRecord => ({ ...r, key: `${r.projectNo}-${r.investorId}-${r.billNo ?? 'pending'}` })) };
  },
  bills: (pageCondition: Paging, queryCondition: BillFilters) => request('/broker/pageSettleBill', { pageCondition, queryCondition }, quiet),
  detail: (billNo: string) => request('/broker/settleBillDetailQuery', { billNo }, quiet),
  counts: (projectNo?: string) => request('/broker/queryFinancingInterestCount', projectNo ? { projectNo } : {}, quiet),
  decide: (body: DecisionBody) => request('/broker/interestApply', body, quiet),
};
