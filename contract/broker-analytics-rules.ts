/**
 * Performance and overview of the broker's projects (spec §7 financingUnit/*, order/tradeBill/page,
 * account/overview/*; spec §9 time ranges and data refresh), shared by the sandbox (server/broker/analytics) and the
 * app (src/features/broker/analytics, src/features/datachart). Plain values only (no schema library), so the app may
 * import them at run time (contract/bundle-boundary.test.ts). The arithmetic is contract/broker-performance.ts; the
 * calls are contract/broker-analytics.ts.
 */

import { exportFile } from './broker-rules.ts';

/** The periods queryUserIntervalIncomeRecordList groups an investor's income by (weeks start on Monday, UTC+8). */
export const INCOME_INTERVALS = ['day', 'week', 'month'] as const;
export type IncomeInterval = (typeof INCOME_INTERVALS)[number];

/** The sides of a simulated trade. */
export const TRADE_SIDES = ['BUY', 'SELL'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/** The income line calls draw at most this many lines (investors or sub-accounts), the biggest first; `total` says how many there are. */
export const MAX_INCOME_LINES = 50;

/**
 * Which spec §9 refresh a figure follows, stated on the pages beside it:
 * - `realtime`: "real-time assets every 10 minutes" (queryNetAsset, queryUserRealAsset; stamped to 10 minutes);
 * - `volume`: "volume daily 10:00 UTC+8" (trade statistics: a trading day counts from 10:00 UTC+8 the day after);
 * - `daily`: "others 00:00 UTC+8" (the zero-hour records and everything computed from them).
 */
export const REFRESH_KINDS = ['realtime', 'volume', 'daily'] as const;
export type RefreshKind = (typeof REFRESH_KINDS)[number];

/** spec §7 "Downloads": the exports' file names are Chinese (the broker manager is always zh-HK); `{{day}}` is YYYYMMDD (UTC+8). */
export const ANALYTICS_EXPORT_FILES = {
  tradeBill: exportFile('交易帳單', 'trade-bills'),
  zeroRecords: exportFile('每日零點記錄', 'zero-hour-records'),
  userIncome: exportFile('投資者收益記錄', 'investor-income-records'),
  capitalReport: exportFile('資本報告', 'capital-report'),
  tradeStatistics: exportFile('交易統計', 'trade-statistics'),
  accountTrades: exportFile('子帳戶交易統計', 'sub-account-trades'),
  userTrades: exportFile('投資者交易統計', 'investor-trades'),
  userProfit: exportFile('投資者持有及收益', 'investor-holdings'),
};
export type AnalyticsExportKind = keyof typeof ANALYTICS_EXPORT_FILES;
