import { type Body, type Reply, request } from '../../../lib/api/request.ts';
import { type Filters, type Paging, paged, quiet } from '../calls.ts';

// The interest and bill pages' calls (spec §7 "Broker calls": interestSettle/*, pageSettleBill, interestApply;
// contract/broker-interest.ts), typed from the contract (types only).
export type ProjectOption = Reply<'/broker/project'>[number];
export type SettlePreview = Reply<'/broker/interestSettle/previewSettleData'>;
export type SettleBill = Reply<'/broker/interestSettle/applySettle'>;
export type SettleBillDetail = Reply<'/broker/settleBillDetailQuery'>;
/** An interest record with a key of its own (an investor's pending accruals, or their line of one bill). */
export type InterestRecord = Reply<'/broker/interestSettle/page'>['list'][number] & { key: string };

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
  bills: paged('/broker/pageSettleBill'),
  detail: (billNo: string) => request('/broker/settleBillDetailQuery', { billNo }, quiet),
  counts: (projectNo?: string) => request('/broker/queryFinancingInterestCount', projectNo ? { projectNo } : {}, quiet),
  decide: (body: Body<'/broker/interestApply'>) => request('/broker/interestApply', body, quiet),
};
