import Type from 'typebox';
import { call } from './call.ts';
import { Amount, Id, IsoTime, PageCondition, RangeDaysEnum, RangeDaysText, Strict, StringEnum } from './schema.ts';
import { BROKER_EXCHANGES } from './broker-rules.ts';
import { Day, ProjectNo, ProjectStatusName } from './broker-projects.ts';
import { INCOME_INTERVALS, TRADE_SIDES } from './broker-analytics-rules.ts';
import { SIM_SYMBOLS } from './broker-projects-rules.ts';

/**
 * Performance and overview of the broker's projects (server/broker/README.md "Performance and overview"; spec §7
 * financingUnit/*, order/tradeBill/page, account/overview/*; spec §9 time ranges and data refresh). The spec names
 * the calls, not their fields: they are listed in server/broker/README.md "Performance and overview". Every call
 * but the public chart needs broker rights (403) and reaches only the caller's organisation: another organisation's
 * project, investor or sub-account is 404, exactly as a missing one.
 *
 * Conventions of every reply here:
 * - Figures are computed on NAV per unit (contract/broker-nav.ts) with contract/broker-performance.ts: a capital
 *   increase buys units at NAV, so a deposit is never profit. Rates are decimal fractions (0.0125 = 1.25 %), 10
 *   decimals; amounts are USDT strings.
 * - A NAV point's `day` is a zero-hour record's day D (taken at D 00:00 UTC+8, covering trading day D − 1). A trade's
 *   and a P&L line's `day` is its trading day.
 * - Ranges (spec §9): `days` 7/30/90/180/365 ends today (UTC+8): NAV points from today − N to today (N daily
 *   returns), trading days today − N to today − 1; or a custom `startDay` + `endDay` (both included, not after
 *   today, at most 3660 days), not both; neither is the project's whole life (or every record). The reply's
 *   `range` says what was read.
 * - `refreshedAt` is the refresh the figures follow (spec §9): the last 00:00 UTC+8 for records, the last 10:00
 *   UTC+8 for trade statistics (`lastTradeDay` is the last trading day counted), now floored to 10 minutes for
 *   real-time assets (`asOf`).
 */

const ExchangeCode = StringEnum([...BROKER_EXCHANGES]);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
/** A signed decimal (a return, a P&L, a change). */
const Signed = Type.String({ pattern: '^-?(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$' });
/** A rate (decimal fraction, signed, 10 decimals), null where it is not defined (fewer than two points, no solution). */
const Rate = Nullable(Signed);
const TradeSymbol = StringEnum([...SIM_SYMBOLS]);
const Side = StringEnum([...TRADE_SIDES]);
const ShareCode = Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' });

/** The range filter (spec §9): a quick range or a custom one, not both; neither is everything. */
export const RangeFields = {
  days: Type.Optional(RangeDaysEnum),
  startDay: Type.Optional(Day),
  endDay: Type.Optional(Day),
};
/** The range a reply read (both ends included) and how many days it spans; null days when there was nothing to read. */
export const ReadRange = Type.Object({ from: Nullable(Day), to: Nullable(Day), days: Type.Integer() });

/** A page (contract/schema.ts Page) with more fields beside the list. */
const PageWith = <T extends Parameters<typeof Type.Array>[0], P extends Parameters<typeof Type.Object>[0]>(item: T, more: P) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer(), ...more });

const PageQuery = <P extends Parameters<typeof Type.Object>[0]>(conditions: P) =>
  Strict({ pageCondition: PageCondition, queryCondition: Type.Optional(Strict(conditions)) });

/** The largest fall of NAV per unit from an earlier high in the range (contract/broker-performance.ts maxDrawdown). */
export const MaxDrawdown = Type.Object({ rate: Signed, peakDay: Nullable(Day), troughDay: Nullable(Day), recoveryDay: Nullable(Day) });

/** A project's unit figures (financingUnit/list): its latest zero-hour record and the returns since its first. */
export const UnitSummary = Type.Object({
  projectNo: ProjectNo,
  name: Type.String(),
  status: ProjectStatusName,
  exchangeCode: ExchangeCode,
  startDay: Day,
  endDay: Day,
  /** The latest zero-hour record (null before the first). */
  recordDay: Nullable(Day),
  nav: Amount,
  units: Amount,
  netAsset: Signed,
  /** The last record's return against the one before. */
  dailyReturn: Rate,
  /** Time-weighted since the first record, and as a yearly rate (null under one day). */
  totalReturn: Rate,
  annualisedReturn: Rate,
  maxDrawdown: MaxDrawdown,
  investorCount: Type.Integer(),
});

/** A simulated trade of a project's sub-account (financingUnit/trade/page, order/tradeBill/page). */
export const ProjectTrade = Type.Object({
  tradeId: Id,
  projectNo: ProjectNo,
  projectName: Type.String(),
  brokerAccountId: Id,
  subAccountName: Type.String(),
  exchangeCode: ExchangeCode,
  tradeDay: Day,
  time: IsoTime,
  symbol: Type.String(),
  side: Side,
  price: Amount,
  qty: Amount,
  quoteVolume: Amount,
  fee: Amount,
  realisedPnl: Signed,
  /** realisedPnl − fee: the day's trades' net P&L add up to the zero-hour record's pnl of the next day. */
  netPnl: Signed,
});

/** Sums of the trades a filter selects (all pages). */
export const TradeSums = Type.Object({ tradeCount: Type.Integer(), volume: Amount, fee: Amount, realisedPnl: Signed, netPnl: Signed });

/** A zero-hour record (queryEveryDayZeroRecordList), day D: the fund at D 00:00 UTC+8 and trading day D − 1. */
export const ZeroRecord = Type.Object({
  day: Day,
  grossAsset: Amount,
  interestPayable: Amount,
  profitPayable: Amount,
  netAsset: Signed,
  units: Amount,
  nav: Amount,
  /** Trading P&L of day D − 1 (the trades' realised P&L less fees). */
  pnl: Signed,
  /** Capital in and out during day D − 1 (bought and redeemed at NAV: they move net asset and units, not NAV). */
  flowsIn: Amount,
  flowsOut: Amount,
  tradeVolume: Amount,
  /** Interest and performance fee accrued at this record (they lower the net asset). */
  interestAccrued: Amount,
  performanceFee: Amount,
  /** NAV / the previous record's NAV − 1 (null for the first). */
  dailyReturn: Rate,
});

/** A NAV point with its returns (queryBrokerUnitIncomeRateList, the public chart). */
export const ReturnPoint = Type.Object({
  day: Day,
  nav: Amount,
  dailyReturn: Rate,
  /** Time-weighted from the range's first point: NAV / NAV(first) − 1. */
  cumulativeReturn: Signed,
});

/** A NAV point against its running high (queryRetreatRate, the public chart). */
export const RetreatPoint = Type.Object({ day: Day, nav: Amount, peak: Amount, retreatRate: Signed });

/**
 * Time-weighted against money-weighted over a range (the page explains the difference): time-weighted is the
 * fund's NAV per unit (what a unit earned, whatever money came and went); money-weighted is the internal rate of
 * the money actually in (the net asset at the start, the capital in and out, the net asset at the end), so money
 * added before a fall weighs more.
 */
export const ReturnSummary = Type.Object({
  timeWeighted: Rate,
  timeWeightedAnnualised: Rate,
  moneyWeighted: Rate,
  moneyWeightedAnnualised: Rate,
  /** Net asset at the range's first and last record, capital in and out between, and profit = end − start − in + out. */
  netAssetStart: Nullable(Signed),
  netAssetEnd: Nullable(Signed),
  capitalIn: Amount,
  capitalOut: Amount,
  profit: Signed,
});

/** Whose holding of which project, and its units. */
const HoldingHead = { investorId: Id, investorName: Type.String(), projectNo: ProjectNo, projectName: Type.String(), units: Amount };

/** One investor's holding of one project with the figures of spec §9's latest record (queryUserProfit). */
export const UserProfit = Type.Object({
  ...HoldingHead,
  /** NAV of the latest zero-hour record (1 before the first) and its day. */
  nav: Amount,
  navDay: Nullable(Day),
  /** units × nav, cut to 8 decimals. */
  value: Amount,
  capitalIn: Amount,
  capitalOut: Amount,
  /** capitalIn − capitalOut. */
  netContribution: Signed,
  /** value − netContribution: what the capital earned (a deposit is never profit). */
  profit: Signed,
  /** Interest accrued to the investor (paid or not), and of it what was paid out. */
  interestAccrued: Amount,
  interestPaid: Amount,
  /** Time-weighted from the NAV of the investor's first capital increase; money-weighted (XIRR) over the investor's own flows. */
  timeWeighted: Rate,
  moneyWeighted: Rate,
  moneyWeightedAnnualised: Rate,
});

/** An investor's income on one zero-hour record day in one project (queryUserIncomeRecordList). */
export const UserIncomeRecord = Type.Object({
  day: Day,
  ...HoldingHead,
  nav: Amount,
  value: Amount,
  /** Capital in and out up to this record, and value − (in − out). */
  capitalIn: Amount,
  capitalOut: Amount,
  profit: Signed,
  /** The change of profit since the previous record (units held × the NAV change). */
  dailyProfit: Signed,
  interestAccrued: Amount,
});

/** An investor's income over one interval (queryUserIntervalIncomeRecordList). */
export const IntervalIncome = Type.Object({
  investorId: Id,
  investorName: Type.String(),
  /** The interval's first and last record day (within the range). */
  from: Day,
  to: Day,
  /** Value of the investor's units at the record before the interval (0 when none) and at its last record. */
  startValue: Amount,
  endValue: Amount,
  capitalIn: Amount,
  capitalOut: Amount,
  /** endValue − startValue − capitalIn + capitalOut. */
  profit: Signed,
  interestAccrued: Amount,
});

/** Trade figures of a group (a sub-account, an investor's pro-rata share, a symbol, a day). */
const TradeFigures = { tradeCount: Type.Integer(), volume: Amount, fee: Amount, realisedPnl: Signed, netPnl: Signed };
/** An investor's pro-rata share of the trades of the projects held: each trading day by units held at its close. */
const ShareFigures = { volumeShare: Amount, feeShare: Amount, pnlShare: Signed };

/** Net asset at the range's first record and its last, and what moved it: end = start + in − out + pnl − interest − fee. */
const NetAssetWalk = {
  netAssetStart: Signed,
  capitalIn: Amount,
  capitalOut: Amount,
  tradingPnl: Signed,
  interestAccrued: Amount,
  performanceFee: Amount,
  netAssetEnd: Signed,
};

/** A capital report line: how a project's net asset moved over the range. */
export const CapitalReportLine = Type.Object({
  projectNo: ProjectNo,
  projectName: Type.String(),
  ...NetAssetWalk,
  navStart: Amount,
  navEnd: Amount,
  timeWeighted: Rate,
  moneyWeighted: Rate,
});

const NavQuery = Strict({ projectNo: ProjectNo, ...RangeFields });
const DailyHead = { projectNo: ProjectNo, range: ReadRange, refreshedAt: IsoTime };
const VolumeHead = { range: ReadRange, refreshedAt: IsoTime, lastTradeDay: Day };

const TradeFilter = {
  projectNo: Type.Optional(ProjectNo),
  brokerAccountId: Type.Optional(Id),
  symbol: Type.Optional(TradeSymbol),
  side: Type.Optional(Side),
  ...RangeFields,
};
const UserIncomeFilter = { projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id), ...RangeFields };

export const brokerAnalyticsCalls = {
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

  /** Each investor's value, net contribution and profit per record day (all projects held, or one). */
  '/broker/account/overview/queryBrokerUserIncomeRecordLineList': call({
    method: 'POST',
    auth: 'user',
    body: Strict(UserIncomeFilter),
    reply: Type.Object({
      range: ReadRange,
      refreshedAt: IsoTime,
      /** How many investors there are; at most MAX_INCOME_LINES lines, the largest end value first. */
      total: Type.Integer(),
      lines: Type.Array(
        Type.Object({
          investorId: Id,
          investorName: Type.String(),
          points: Type.Array(Type.Object({ day: Day, value: Amount, netContribution: Signed, profit: Signed, interestAccrued: Amount })),
        }),
      ),
    }),
  }),
  /** Each project sub-account's trading P&L per trading day and cumulated (spec §9 daily). */
  '/broker/account/overview/queryBrokerAccountIncomeRecordLineList': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: Type.Optional(ProjectNo), brokerAccountId: Type.Optional(Id), ...RangeFields }),
    reply: Type.Object({
      range: ReadRange,
      refreshedAt: IsoTime,
      total: Type.Integer(),
      lines: Type.Array(
        Type.Object({
          brokerAccountId: Id,
          subAccountName: Type.String(),
          exchangeCode: ExchangeCode,
          projectNo: ProjectNo,
          points: Type.Array(Type.Object({ day: Day, netPnl: Signed, cumulativePnl: Signed, fee: Amount, volume: Amount })),
        }),
      ),
    }),
  }),
  /** How each project's net asset moved over the range, and the organisation's total. */
  '/broker/account/overview/capitalReport': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: Type.Optional(ProjectNo), ...RangeFields }),
    reply: Type.Object({
      range: ReadRange,
      refreshedAt: IsoTime,
      list: Type.Array(CapitalReportLine),
      total: Type.Object(NetAssetWalk),
    }),
  }),
  /** Each investor's pro-rata share of the trades of the projects held, over the range (spec §9 volume). */
  '/broker/account/overview/listUserTradeSummary': call({
    method: 'POST',
    auth: 'user',
    body: Strict(UserIncomeFilter),
    reply: Type.Object({ ...VolumeHead, list: Type.Array(Type.Object({ investorId: Id, investorName: Type.String(), projectCount: Type.Integer(), ...ShareFigures })) }),
  }),
  /** Each investor's income per day, week or month of the range, newest interval first. */
  '/broker/account/overview/queryUserIntervalIncomeRecordList': call({
    method: 'POST',
    auth: 'user',
    body: PageQuery({ interval: StringEnum([...INCOME_INTERVALS]), ...UserIncomeFilter }),
    reply: PageWith(IntervalIncome, { range: ReadRange, refreshedAt: IsoTime }),
  }),
  /** Each investor's income per record day and project, newest first. */
  '/broker/account/overview/queryUserIncomeRecordList': call({
    method: 'POST',
    auth: 'user',
    body: PageQuery(UserIncomeFilter),
    reply: PageWith(UserIncomeRecord, { range: ReadRange, refreshedAt: IsoTime }),
  }),
  /** Each investor's holdings with value, net contribution, profit, interest and returns (spec §9 daily), and the totals. */
  '/broker/account/overview/queryUserProfit': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id) }),
    reply: Type.Object({
      refreshedAt: IsoTime,
      list: Type.Array(UserProfit),
      total: Type.Object({ value: Amount, capitalIn: Amount, capitalOut: Amount, netContribution: Signed, profit: Signed, interestAccrued: Amount, interestPaid: Amount }),
    }),
  }),
  /** Each investor's holdings at the live NAV (spec §9 real-time assets, every 10 minutes: `asOf`). */
  '/broker/account/overview/queryUserRealAsset': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id) }),
    reply: Type.Object({
      asOf: IsoTime,
      totalValue: Amount,
      list: Type.Array(Type.Object({ ...HoldingHead, nav: Amount, value: Amount })),
    }),
  }),
  /** The trades of the organisation's projects over the range in total and per symbol (spec §9 volume). */
  '/broker/account/overview/listTotalTrade': call({
    method: 'POST',
    auth: 'user',
    body: Strict({ projectNo: Type.Optional(ProjectNo), ...RangeFields }),
    reply: Type.Object({ ...VolumeHead, ...TradeFigures, symbols: Type.Array(Type.Object({ symbol: Type.String(), ...TradeFigures })) }),
  }),
  /** Each project sub-account's trade statistics over the range, in total and per trading day (spec §9 volume). */
  '/broker/account/overview/listAccountTradeStatistics': call({
    method: 'GET',
    auth: 'user',
    query: Strict({ projectNo: Type.Optional(ProjectNo), brokerAccountId: Type.Optional(Id), ...RangeFields }),
    reply: Type.Object({
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
  }),
  /** Each investor's pro-rata share of the trades per trading day (spec §9 volume). */
  '/broker/account/overview/listUserTradeStatistics': call({
    method: 'GET',
    auth: 'user',
    query: Strict(UserIncomeFilter),
    reply: Type.Object({
      ...VolumeHead,
      list: Type.Array(Type.Object({ investorId: Id, investorName: Type.String(), ...ShareFigures, days: Type.Array(Type.Object({ day: Day, ...ShareFigures })) })),
    }),
  }),
};

export type BrokerAnalyticsCalls = typeof brokerAnalyticsCalls;

/**
 * The public dataChart page (spec §2 dataChart, h5/dataChart; no token): one project's NAV series, returns and
 * drawdown by its share code. Nothing private: no amounts, units, investors or sub-accounts. Rate-limited per
 * source address like the other public calls (10041).
 */
export const brokerPublicChartCalls = {
  '/broker/public/projectChart': call({
    method: 'POST',
    auth: 'public',
    bodyLimit: 1024,
    body: Strict({ shareCode: ShareCode, ...RangeFields }),
    reply: Type.Object({
      name: Type.String(),
      status: ProjectStatusName,
      startDay: Day,
      endDay: Day,
      range: ReadRange,
      refreshedAt: IsoTime,
      list: Type.Array(Type.Object({ day: Day, nav: Amount, dailyReturn: Rate, cumulativeReturn: Signed, retreatRate: Signed })),
      timeWeighted: Rate,
      timeWeightedAnnualised: Rate,
      maxDrawdown: MaxDrawdown,
    }),
  }),
};

export type BrokerPublicChartCalls = typeof brokerPublicChartCalls;

const RangeText = { days: Type.Optional(RangeDaysText), startDay: Type.Optional(Day), endDay: Type.Optional(Day) };

/**
 * The downloads of these pages (spec §7 "Downloads": a form-encoded POST, the file or the JSON envelope on a
 * refusal; not `call`s). Each takes its page's filters as text and writes the page's rows under the cover block of
 * server/broker/fund-export.ts; file names in contract/broker-analytics-rules.ts ANALYTICS_EXPORT_FILES.
 */
export const brokerAnalyticsExports = {
  /** order/tradeBill/page's filters → 交易帳單-YYYYMMDD.xlsx. */
  tradeBill: {
    path: '/broker/order/tradeBill/export',
    body: Strict({
      projectNo: Type.Optional(ProjectNo),
      brokerAccountId: Type.Optional(Id),
      symbol: Type.Optional(TradeSymbol),
      side: Type.Optional(Side),
      ...RangeText,
    }),
  },
  /** queryEveryDayZeroRecordList's filters → 每日零點記錄-YYYYMMDD.xlsx. */
  zeroRecords: {
    path: '/broker/financingUnit/zeroRecord/export',
    body: Strict({ projectNo: ProjectNo, ...RangeText }),
  },
  /** queryUserIncomeRecordList's filters → 投資者收益記錄-YYYYMMDD.xlsx. */
  userIncome: {
    path: '/broker/account/overview/userIncomeRecord/export',
    body: Strict({ projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id), ...RangeText }),
  },
} as const;
