import { type Body, type Reply, request } from '../../../lib/api/request.ts';
import { rangeQuery, type ChartRange } from './chart-window.ts';
import { quiet } from '../calls.ts';

// The analytics pages' calls (spec §7 financingUnit/*, account/overview/*; contract/broker-analytics.ts),
// typed from the contract (types only). Quiet: the screens show their errors.

export type UnitSummary = Reply<'/broker/financingUnit/list'>['list'][number];
export type IncomeRates = Reply<'/broker/financingUnit/queryBrokerUnitIncomeRateList'>;
export type Retreat = Reply<'/broker/financingUnit/queryRetreatRate'>;
export type NetAsset = Reply<'/broker/financingUnit/queryNetAsset'>;
export type AccountLines = Reply<'/broker/account/overview/queryBrokerAccountIncomeRecordLineList'>;
export type UserLines = Reply<'/broker/account/overview/queryBrokerUserIncomeRecordLineList'>;
export type CapitalReport = Reply<'/broker/account/overview/capitalReport'>;
export type TotalTrade = Reply<'/broker/account/overview/listTotalTrade'>;
export type AccountTradeStatistics = Reply<'/broker/account/overview/listAccountTradeStatistics'>;
export type UserTradeSummary = Reply<'/broker/account/overview/listUserTradeSummary'>;
export type ZeroRecords = Reply<'/broker/financingUnit/queryEveryDayZeroRecordList'>;
export type UserIncomePage = Reply<'/broker/account/overview/queryUserIncomeRecordList'>;
export type TradeBillPage = Reply<'/broker/order/tradeBill/page'>;
export type ProjectInfo = Reply<'/broker/project/queryBrokerProjectInfo'>;
export type UserProfits = Reply<'/broker/account/overview/queryUserProfit'>;
/** spec §9 page sizes, as the paged calls take them. */
type PageCondition = Body<'/broker/order/tradeBill/page'>['pageCondition'];

/** An optional project filter ('' = every project). */
const project = (projectNo: string) => (projectNo ? { projectNo } : {});

export const analyticsApi = {
  units: () => request('/broker/financingUnit/list', {}, quiet),
  incomeRates: (projectNo: string, range: ChartRange) =>
    request('/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo, ...rangeQuery(range) }, quiet),
  retreat: (projectNo: string, range: ChartRange) => request('/broker/financingUnit/queryRetreatRate', { projectNo, ...rangeQuery(range) }, quiet),
  /** The project's terms, for its public dataChart link (shareCode). */
  projectInfo: (projectNo: string) => request('/broker/project/queryBrokerProjectInfo', { projectNo }, quiet),
  zeroRecords: (projectNo: string, range: ChartRange) => request('/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo, ...rangeQuery(range) }, quiet),
  userIncome: (projectNo: string, range: ChartRange, pageCondition: PageCondition) =>
    request('/broker/account/overview/queryUserIncomeRecordList', { pageCondition, queryCondition: { ...project(projectNo), ...rangeQuery(range) } }, quiet),
  tradeBills: (projectNo: string, range: ChartRange, pageCondition: PageCondition) =>
    request('/broker/order/tradeBill/page', { pageCondition, queryCondition: { ...project(projectNo), ...rangeQuery(range) } }, quiet),
  netAsset: (projectNo: string) => request('/broker/financingUnit/queryNetAsset', { projectNo }, quiet),
  accountLines: (projectNo: string, range: ChartRange) =>
    request('/broker/account/overview/queryBrokerAccountIncomeRecordLineList', { ...project(projectNo), ...rangeQuery(range) }, quiet),
  userLines: (projectNo: string, range: ChartRange) =>
    request('/broker/account/overview/queryBrokerUserIncomeRecordLineList', { ...project(projectNo), ...rangeQuery(range) }, quiet),
  capitalReport: (projectNo: string, range: ChartRange) =>
    request('/broker/account/overview/capitalReport', { ...project(projectNo), ...rangeQuery(range) }, quiet),
  totalTrade: (projectNo: string, range: ChartRange) =>
    request('/broker/account/overview/listTotalTrade', { ...project(projectNo), ...rangeQuery(range) }, quiet),
  accountTrades: (projectNo: string, range: ChartRange) =>
    request('/broker/account/overview/listAccountTradeStatistics', { ...project(projectNo), ...rangeQuery(range) }, quiet),
  userTrades: (projectNo: string, range: ChartRange) =>
    request('/broker/account/overview/listUserTradeSummary', { ...project(projectNo), ...rangeQuery(range) }, quiet),
  userProfit: (projectNo: string) => request('/broker/account/overview/queryUserProfit', project(projectNo), quiet),
};
