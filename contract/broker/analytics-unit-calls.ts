import Type from 'typebox';
import { userPost } from '../call.ts';
import { Amount, Id, IsoTime, PageCondition, Strict, StringEnum, Nullable } from '../schema.ts';
import { Day, ProjectNo, ProjectStatusName } from './projects-shapes.ts';
import { Rate, TradeSymbol, Side, RangeFields, ReadRange, PageWith, PageQuery, MaxDrawdown, UnitSummary, ProjectTrade, TradeSums, ZeroRecord, ReturnPoint, RetreatPoint, ReturnSummary, NavQuery, DailyHead, TradeFilter, FundFigures } from './analytics-shapes.ts';

/** The project unit calls (spec §7 financingUnit/*, order/tradeBill/page): figures, records, returns, drawdown, trades. */
export const financingUnitCalls = {
  /** The organisation's projects' unit figures (spec §9 daily), newest project first. */
  '/broker/financingUnit/list': userPost(
    Strict({ projectNo: Type.Optional(ProjectNo), status: Type.Optional(ProjectStatusName) }),
    Type.Object({ refreshedAt: IsoTime, list: Type.Array(UnitSummary) }),
  ),
  /** One project's simulated trades, newest first, with the sums of every page. */
  '/broker/financingUnit/trade/page': userPost(
    Strict({
      pageCondition: PageCondition,
      queryCondition: Strict({ projectNo: ProjectNo, brokerAccountId: Type.Optional(Id), symbol: Type.Optional(TradeSymbol), side: Type.Optional(Side), ...RangeFields }),
    }),
    PageWith(ProjectTrade, { sums: TradeSums, range: ReadRange }),
  ),
  /** A project's zero-hour records in the range, oldest first (the NAV chart's points). */
  '/broker/financingUnit/queryEveryDayZeroRecordList': userPost(NavQuery, Type.Object({ ...DailyHead, list: Type.Array(ZeroRecord) })),
  /** A project's returns in the range: per record the daily and cumulative (time-weighted) return; TWR against MWR. */
  '/broker/financingUnit/queryBrokerUnitIncomeRateList': userPost(NavQuery, Type.Object({ ...DailyHead, list: Type.Array(ReturnPoint), summary: ReturnSummary })),
  /** A project's live net asset and NAV (spec §9 real-time assets, every 10 minutes: `asOf`) and its sub-accounts' values. */
  '/broker/financingUnit/queryNetAsset': userPost(
    Strict({ projectNo: ProjectNo }),
    Type.Object({
      projectNo: ProjectNo,
      asOf: IsoTime,
      ...FundFigures,
      /** The latest zero-hour record, and the live NAV's return against it. */
      recordDay: Nullable(Day),
      recordNav: Nullable(Amount),
      sinceRecord: Rate,
      accounts: Type.Array(Type.Object({ brokerAccountId: Id, subAccountName: Type.String(), role: StringEnum(['primary', 'linked']), valueUsdt: Amount })),
    }),
  ),
  /** A project's retreat rate (drawdown: 1 − NAV / the running high from the range's first record) and its largest. */
  '/broker/financingUnit/queryRetreatRate': userPost(
    NavQuery,
    Type.Object({ ...DailyHead, list: Type.Array(RetreatPoint), maxDrawdown: MaxDrawdown, currentRetreatRate: Rate }),
  ),

  /** The trade bills of the organisation's projects, newest first, with the sums of every page. */
  '/broker/order/tradeBill/page': userPost(PageQuery(TradeFilter), PageWith(ProjectTrade, { sums: TradeSums, range: ReadRange })),
};
