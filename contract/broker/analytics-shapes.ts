import Type from 'typebox';
import { Amount, Id, IsoTime, PageCondition, RangeDaysEnum, Strict, StringEnum, Nullable } from '../schema.ts';
import { Day, ExchangeCode, ProjectNo, ProjectStatusName } from './projects-shapes.ts';
import { TRADE_SIDES } from '../broker-analytics-rules.ts';
import { SIM_SYMBOLS } from '../broker-projects-rules.ts';

// The shapes of the performance and overview calls (contract/broker-analytics.ts, which composes the calls).

/** A signed decimal (a return, a P&L, a change). */
export const Signed = Type.String({ pattern: '^-?(0|[1-9]\\d{0,17})(\\.\\d{1,18})?$' });
/** A rate (decimal fraction, signed, 10 decimals), null where it is not defined (fewer than two points, no solution). */
export const Rate = Nullable(Signed);
export const TradeSymbol = StringEnum([...SIM_SYMBOLS]);
export const Side = StringEnum([...TRADE_SIDES]);
export const ShareCode = Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' });

/** The range filter (spec §9): a quick range or a custom one, not both; neither is everything. */
export const RangeFields = {
  days: Type.Optional(RangeDaysEnum),
  startDay: Type.Optional(Day),
  endDay: Type.Optional(Day),
};
/** The range a reply read (both ends included) and how many days it spans; null days when there was nothing to read. */
export const ReadRange = Type.Object({ from: Nullable(Day), to: Nullable(Day), days: Type.Integer() });

/** A page (contract/schema.ts Page) with more fields beside the list. */
export const PageWith = <T extends Parameters<typeof Type.Array>[0], P extends Parameters<typeof Type.Object>[0]>(item: T, more: P) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer(), ...more });

export const PageQuery = <P extends Parameters<typeof Type.Object>[0]>(conditions: P) =>
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

/** A fund's figures at a moment: gross asset less what it owes (interest, profit) is its net asset; net asset / units is NAV. */
export const FundFigures = {
  grossAsset: Amount,
  interestPayable: Amount,
  profitPayable: Amount,
  netAsset: Signed,
  units: Amount,
  nav: Amount,
};

/** A zero-hour record (queryEveryDayZeroRecordList), day D: the fund at D 00:00 UTC+8 and trading day D − 1. */
export const ZeroRecord = Type.Object({
  day: Day,
  ...FundFigures,
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
export const HoldingHead = { investorId: Id, investorName: Type.String(), projectNo: ProjectNo, projectName: Type.String(), units: Amount };

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
export const TradeFigures = { tradeCount: Type.Integer(), volume: Amount, fee: Amount, realisedPnl: Signed, netPnl: Signed };
/** An investor's pro-rata share of the trades of the projects held: each trading day by units held at its close. */
export const ShareFigures = { volumeShare: Amount, feeShare: Amount, pnlShare: Signed };

/** Net asset at the range's first record and its last, and what moved it: end = start + in − out + pnl − interest − fee. */
export const NetAssetWalk = {
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

export const NavQuery = Strict({ projectNo: ProjectNo, ...RangeFields });
export const DailyHead = { projectNo: ProjectNo, range: ReadRange, refreshedAt: IsoTime };
export const VolumeHead = { range: ReadRange, refreshedAt: IsoTime, lastTradeDay: Day };

export const TradeFilter = {
  projectNo: Type.Optional(ProjectNo),
  brokerAccountId: Type.Optional(Id),
  symbol: Type.Optional(TradeSymbol),
  side: Type.Optional(Side),
  ...RangeFields,
};
export const UserIncomeFilter = { projectNo: Type.Optional(ProjectNo), investorId: Type.Optional(Id), ...RangeFields };
