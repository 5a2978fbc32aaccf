import Type from 'typebox';
import { call } from '../call.ts';
import { Amount, Id, IsoTime, PageCondition, Strict, StringEnum } from '../schema.ts';
import { Day, Nullable, ProjectNo, ProjectStatusName } from './projects-shapes.ts';
import { Signed, Rate, TradeSymbol, Side, RangeFields, ReadRange, PageWith, PageQuery, MaxDrawdown, UnitSummary, ProjectTrade, TradeSums, ZeroRecord, ReturnPoint, RetreatPoint, ReturnSummary, NavQuery, DailyHead, TradeFilter } from './analytics-shapes.ts';

/** The project unit calls (spec §7 financingUnit/*, order/tradeBill/page): figures, records, returns, drawdown, trades. */
export const financingUnitCalls = {
  /** The organisation's projects' unit figures (spec §9 daily), newest project first. */
  '/broker/financingUnit/list': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: Type.Optional(ProjectNo), status: Type.Optional(ProjectStatusName) }),
    reply: Type.Object({ refreshedAt: IsoTime, list: Type.Array(UnitSummary) }),
  }),
  /** One project's simulated trades, newest first, with the sums of every page. */
  '/broker/financingUnit/trade/page': call({
    method: 'POST',
    auth: 'user',
    body: Strict({
      pageCondition: PageCondition,
      queryCondition: Strict({ projectNo: ProjectNo, brokerAccountId: Type.Optional(Id), symbol: Type.Optional(TradeSymbol), side: Type.Optional(Side), ...RangeFields }),
    }),
    reply: PageWith(ProjectTrade, { sums: TradeSums, range: ReadRange }),
  }),
  /** A project's zero-hour records in the range, oldest first (the NAV chart's points). */
  '/broker/financingUnit/queryEveryDayZeroRecordList': call({
    method: 'POST',
    auth: 'user',
    body: NavQuery,
    reply: Type.Object({ ...DailyHead, list: Type.Array(ZeroRecord) }),
  }),
  /** A project's returns in the range: per record the daily and cumulative (time-weighted) return; TWR against MWR. */
  '/broker/financingUnit/queryBrokerUnitIncomeRateList': call({
    method: 'POST',
    auth: 'user',
    body: NavQuery,
    reply: Type.Object({ ...DailyHead, list: Type.Array(ReturnPoint), summary: ReturnSummary }),
  }),
  /** A project's live net asset and NAV (spec §9 real-time assets, every 10 minutes: `asOf`) and its sub-accounts' values. */
  '/broker/financingUnit/queryNetAsset': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: ProjectNo }),
    reply: Type.Object({
      projectNo: ProjectNo,
      asOf: IsoTime,
      grossAsset: Amount,
      interestPayable: Amount,
      profitPayable: Amount,
      netAsset: Signed,
      units: Amount,
      nav: Amount,
      /** The latest zero-hour record, and the live NAV's return against it. */
      recordDay: Nullable(Day),
      recordNav: Nullable(Amount),
      sinceRecord: Rate,
      accounts: Type.Array(Type.Object({ brokerAccountId: Id, subAccountName: Type.String(), role: StringEnum(['primary', 'linked']), valueUsdt: Amount })),
    }),
  }),
  /** A project's retreat rate (drawdown: 1 − NAV / the running high from the range's first record) and its largest. */
  '/broker/financingUnit/queryRetreatRate': call({
    method: 'POST',
    auth: 'user',
    body: NavQuery,
    reply: Type.Object({ ...DailyHead, list: Type.Array(RetreatPoint), maxDrawdown: MaxDrawdown, currentRetreatRate: Rate }),
  }),

  /** The trade bills of the organisation's projects, newest first, with the sums of every page. */
  '/broker/order/tradeBill/page': call({
    method: 'POST',
    auth: 'user',
    body: PageQuery(TradeFilter),
    reply: PageWith(ProjectTrade, { sums: TradeSums, range: ReadRange }),
  }),
};
