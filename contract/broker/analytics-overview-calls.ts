import Type, { type TProperties } from 'typebox';
import { userGet, userPost } from '../call.ts';
import { Amount, Id, IsoTime, Strict, StringEnum } from '../schema.ts';
import { Day, ExchangeCode, ProjectNo } from './projects-shapes.ts';
import { INCOME_INTERVALS } from '../broker-analytics-rules.ts';
import { Signed, RangeFields, ReadRange, PageWith, PageQuery, HoldingHead, UserProfit, UserIncomeRecord, IntervalIncome, TradeFigures, ShareFigures, NetAssetWalk, CapitalReportLine, VolumeHead, UserIncomeFilter } from './analytics-shapes.ts';

/**
 * An income line call's reply: the range read, its refresh, and at most MAX_INCOME_LINES lines (investors or
 * sub-accounts, the largest end value first); `total` says how many there are.
 */
const IncomeLines = <P extends TProperties>(line: P) =>
  Type.Object({ range: ReadRange, refreshedAt: IsoTime, total: Type.Integer(), lines: Type.Array(Type.Object(line)) });

/** The overview calls (spec §7 account/overview/*): investors and sub-accounts, capital report, trade statistics. */
export const overviewCalls = {
  /** Each investor's value, net contribution and profit per record day (all projects held, or one). */
  '/broker/account/overview/queryBrokerUserIncomeRecordLineList': userPost(
    Strict(UserIncomeFilter),
    IncomeLines({
      investorId: Id,
      investorName: Type.String(),
      points: Type.Array(Type.Object({ day: Day, value: Amount, netContribution: Signed, profit: Signed, interestAccrued: Amount })),
    }),
  ),
  /** Each project sub-account's trading P&L per trading day and cumulated (spec §9 daily). */
  '/broker/account/overview/queryBrokerAccountIncomeRecordLineList': userPost(
    Strict({ projectNo: Type.Optional(ProjectNo), brokerAccountId: Type.Optional(Id), ...RangeFields }),
    IncomeLines({
      brokerAccountId: Id,
      subAccountName: Type.String(),
      exchangeCode: ExchangeCode,
      projectNo: ProjectNo,
      points: Type.Array(Type.Object({ day: Day, netPnl: Signed, cumulativePnl: Signed, fee: Amount, volume: Amount })),
    }),
  ),
  /** How each project's net asset moved over the range, and the organisation's total. */
  '/broker/account/overview/capitalReport': userPost(
    Strict({ projectNo: Type.Optional(ProjectNo), ...RangeFields }),
    Type.Object({
      range: ReadRange,
      refreshedAt: IsoTime,
      list: Type.Array(CapitalReportLine),
      total: Type.Object(NetAssetWalk),
    }),
  ),
  /** Each investor's pro-rata share of the trades of the projects held, over the range (spec §9 volume). */
  '/broker/account/overview/listUserTradeSummary': userPost(
    Strict(UserIncomeFilter),
    Type.Object({ ...VolumeHead, list: Type.Array(Type.Object({ investorId: Id, investorName: Type.String(), projectCount: Type.Integer(), ...ShareFigures })) }),
  ),
  /** Each investor's income per day, week or month of the range, newest interval first. */
  '/broker/account/overview/queryUserIntervalIncomeRecordList': userPost(
    PageQuery({ interval: StringEnum([...INCOME_INTERVALS]), ...UserIncomeFilter }),
    PageWith(IntervalIncome, { range: ReadRange, refreshedAt: IsoTime }),
  ),
  /** Each investor's income per record day and project, newest first. */
  '/broker/account/overview/queryUserIncomeRecordList': userPost(PageQuery(UserIncomeFilter), PageWith(UserIncomeRecord, { range: ReadRange, refreshedAt: IsoTime })),
  /** Each investor's holdings with value, net contribution, profit, interest and returns (spec §9 daily), and the totals. */
  '/broker/account/overview/queryUserProfit': userPost(
    Strict({ projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id) }),
    Type.Object({
      refreshedAt: IsoTime,
      list: Type.Array(UserProfit),
      total: Type.Object({ value: Amount, capitalIn: Amount, capitalOut: Amount, netContribution: Signed, profit: Signed, interestAccrued: Amount, interestPaid: Amount }),
    }),
  ),
  /** Each investor's holdings at the live NAV (spec §9 real-time assets, every 10 minutes: `asOf`). */
  '/broker/account/overview/queryUserRealAsset': userPost(
    Strict({ projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id) }),
    Type.Object({
      asOf: IsoTime,
      totalValue: Amount,
      list: Type.Array(Type.Object({ ...HoldingHead, nav: Amount, value: Amount })),
    }),
  ),
  /** The trades of the organisation's projects over the range in total and per symbol (spec §9 volume). */
  '/broker/account/overview/listTotalTrade': userPost(
    Strict({ projectNo: Type.Optional(ProjectNo), ...RangeFields }),
    Type.Object({ ...VolumeHead, ...TradeFigures, symbols: Type.Array(Type.Object({ symbol: Type.String(), ...TradeFigures })) }),
  ),
  /** Each project sub-account's trade statistics over the range, in total and per trading day (spec §9 volume). */
  '/broker/account/overview/listAccountTradeStatistics': userGet(
    Strict({ projectNo: Type.Optional(ProjectNo), brokerAccountId: Type.Optional(Id), ...RangeFields }),
    Type.Object({
      ...VolumeHead,
      list: Type.Array(
        Type.Object({
          brokerAccountId: Id,
          subAccountName: Type.String(),
          exchangeCode: ExchangeCode,
          projectNo: ProjectNo,
          ...TradeFigures,
          days: Type.Array(Type.Object({ day: Day, ...TradeFigures })),
        }),
      ),
    }),
  ),
  /** Each investor's pro-rata share of the trades per trading day (spec §9 volume). */
  '/broker/account/overview/listUserTradeStatistics': userGet(
    Strict(UserIncomeFilter),
    Type.Object({
      ...VolumeHead,
      list: Type.Array(Type.Object({ investorId: Id, investorName: Type.String(), ...ShareFigures, days: Type.Array(Type.Object({ day: Day, ...ShareFigures })) })),
    }),
  ),
};
