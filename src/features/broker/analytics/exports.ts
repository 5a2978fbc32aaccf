import { ANALYTICS_EXPORT_FILES, type AnalyticsExportKind } from '../../../../contract/broker-analytics-rules.ts';
import { fileNameOf } from '../money/export-name.ts';
import { rangeQuery, type ChartRange } from './chart-window.ts';

/** spec §7 "Downloads": an analytics export's Chinese file name with today's day (YYYYMMDD, Hong Kong time). */
export function fileName(kind: AnalyticsExportKind, now: Date = new Date()): string {
  return fileNameOf(ANALYTICS_EXPORT_FILES[kind].fileName, {}, now);
}

/** The export's form fields: the table's filters as text (contract/broker-analytics.ts brokerAnalyticsExports). */
export function exportFields(projectNo: string, range: ChartRange): Record<string, string> {
  return { ...(projectNo ? { projectNo } : {}), ...Object.fromEntries(Object.entries(rangeQuery(range)).map(([k, v]) => [k, String(v)])) };
}

/** The analysis tab's downloads with query parameters (contract/broker-project-exports.ts). */
export const OVERVIEW_EXPORT_PATHS = {
  capitalReport: '/broker/account/overview/capitalReport/export',
  tradeStatistics: '/broker/account/overview/listTotalTrade/export',
  accountTrades: '/broker/account/overview/listAccountTradeStatistics/export',
  userTrades: '/broker/account/overview/listUserTradeSummary/export',
  userProfit: '/broker/account/overview/queryUserProfit/export',
} as const;
