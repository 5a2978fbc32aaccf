import Type from 'typebox';
import { call } from './call.ts';
import { Amount, Id, IsoTime, RangeDaysText, Strict } from './schema.ts';
import { Day, ProjectNo, ProjectStatusName } from './broker-projects.ts';
import { Signed, Rate, TradeSymbol, Side, ShareCode, RangeFields, ReadRange, MaxDrawdown } from './broker/analytics-shapes.ts';
import { financingUnitCalls } from './broker/analytics-unit-calls.ts';
import { overviewCalls } from './broker/analytics-overview-calls.ts';

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
export * from './broker/analytics-shapes.ts';

/** The calls, composed from one file per family (contract/broker/). */
export const brokerAnalyticsCalls = {
  ...financingUnitCalls,
  ...overviewCalls,
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
 * server/broker/downloads.ts; file names in contract/broker-analytics-rules.ts ANALYTICS_EXPORT_FILES.
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
