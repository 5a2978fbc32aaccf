import Type from 'typebox';
import { ProjectNo, Day, FlowDirectionName, ProjectStatusName } from './broker-projects.ts';
import { InterestStateName } from './broker-interest.ts';
import { BROKER_EXCHANGES } from './broker-rules.ts';
import { Id, IsoTime, RangeDaysText, Strict, StringEnum, Text } from './schema.ts';

/**
 * The downloads of the project pages and of investmentChart's analysis tab (an xlsx for every table;
 * spec §7 "Downloads"). Like exportBrokerFinancingAction and profitAccrual/export, each is a POST with its page's
 * filters as query parameters answering the xlsx (or the JSON envelope on a refusal); not `call`s. The rows are the
 * page call's rows for the same filters under the cover block of server/broker/downloads.ts (title, filters in
 * words, UTC+8, generation time; numeric cells). File names: contract/broker-projects-rules.ts PROJECT_EXPORT_FILES
 * , contract/broker-analytics-rules.ts ANALYTICS_EXPORT_FILES and contract/broker-interest-rules.ts INTEREST_EXPORT_FILES.
 */
const DayRange = { days: Type.Optional(RangeDaysText), startDay: Type.Optional(Day), endDay: Type.Optional(Day) };

export const brokerProjectExports = {
  /** project/page's filters → 項目列表-YYYYMMDD.xlsx. */
  projects: {
    path: '/broker/project/export',
    query: Strict({ status: Type.Optional(ProjectStatusName), exchangeCode: Type.Optional(StringEnum([...BROKER_EXCHANGES])), keyword: Type.Optional(Text(1, 40)) }),
  },
  /** pageDepositWithdrawRecords' filters → 認購及贖回記錄-YYYYMMDD.xlsx. */
  capitalRecords: {
    path: '/broker/project/depositWithdrawRecords/export',
    query: Strict({
      projectNo: Type.Optional(ProjectNo),
      investorId: Type.Optional(Id),
      direction: Type.Optional(FlowDirectionName),
      days: Type.Optional(RangeDaysText),
      startTime: Type.Optional(IsoTime),
      endTime: Type.Optional(IsoTime),
    }),
  },
  /** project/listCapital's project → 投資者持有-YYYYMMDD.xlsx. */
  holdings: { path: '/broker/project/listCapital/export', query: Strict({ projectNo: ProjectNo }) },
  /** queryBrokerProjectInfo's sub-accounts of the project → 項目子帳戶-YYYYMMDD.xlsx. */
  accounts: { path: '/broker/account/project/relation/export', query: Strict({ projectNo: ProjectNo }) },
  /** account/overview/capitalReport's filters → 資本報告-YYYYMMDD.xlsx. */
  capitalReport: { path: '/broker/account/overview/capitalReport/export', query: Strict({ projectNo: Type.Optional(ProjectNo), ...DayRange }) },
  /** account/overview/listTotalTrade's filters → 交易統計-YYYYMMDD.xlsx. */
  tradeStatistics: { path: '/broker/account/overview/listTotalTrade/export', query: Strict({ projectNo: Type.Optional(ProjectNo), ...DayRange }) },
  /** account/overview/listAccountTradeStatistics' filters → 子帳戶交易統計-YYYYMMDD.xlsx. */
  accountTrades: { path: '/broker/account/overview/listAccountTradeStatistics/export', query: Strict({ projectNo: Type.Optional(ProjectNo), ...DayRange }) },
  /** account/overview/listUserTradeSummary's filters → 投資者交易統計-YYYYMMDD.xlsx. */
  userTrades: { path: '/broker/account/overview/listUserTradeSummary/export', query: Strict({ projectNo: Type.Optional(ProjectNo), ...DayRange }) },
  /** account/overview/queryUserProfit's project → 投資者持有及收益-YYYYMMDD.xlsx. */
  userProfit: { path: '/broker/account/overview/queryUserProfit/export', query: Strict({ projectNo: Type.Optional(ProjectNo) }) },
  /** interestSettle/account's project → 投資者利息-YYYYMMDD.xlsx (contract/broker-interest-rules.ts INTEREST_EXPORT_FILES). */
  investorInterest: { path: '/broker/interestSettle/account/export', query: Strict({ projectNo: ProjectNo }) },
  /** interestSettle/page's filters → 利息記錄-YYYYMMDD.xlsx. */
  interestRecords: { path: '/broker/interestSettle/page/export', query: Strict({ projectNo: ProjectNo, state: Type.Optional(InterestStateName) }) },
  /** profitAccrual/accrualFund's filter → 各項目利潤-YYYYMMDD.xlsx (contract/broker-profit-rules.ts PROFIT_FUNDS_EXPORT_FILE). */
  profitFunds: { path: '/broker/profitAccrual/accrualFund/export', query: Strict({ projectNo: Type.Optional(ProjectNo) }) },
} as const;
