import { ANALYTICS_EXPORT_FILES } from '../../../contract/broker-analytics-rules.ts';
import type { brokerProjectExports } from '../../../contract/broker-project-exports.ts';
import zh from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import type { ApiContext } from '../../platform/context.ts';
import { amountCell } from '../../platform/xlsx.ts';
import { type QueryDownloads, sheetDownload } from '../downloads.ts';
import { projectFilterText, rangeOf, rangeText, rateCell } from './exports.ts';
import { userProfit, userTradeSummary } from './investors.ts';
import { accountTrades, capitalReport, totalTrade } from './overview.ts';

type AnalysisDownloads = Pick<QueryDownloads<typeof brokerProjectExports>, 'capitalReport' | 'tradeStatistics' | 'accountTrades' | 'userTrades' | 'userProfit'>;

/** The trade figures of a symbol or of the total, as cells. */
const figures = (f: { tradeCount: number; volume: string; fee: string; realisedPnl: string; netPnl: string }) => [f.tradeCount, ...[f.volume, f.fee, f.realisedPnl, f.netPnl].map(amountCell)];

/**
 * The analysis tab's downloads (contract/broker-project-exports.ts; spec §7 "Downloads"): the capital report, the
 * trade statistics (per symbol, per sub-account, per investor) and the investors' holdings and profit, each read with
 * its page call's own code (capitalReport, totalTrade, accountTrades, userTradeSummary, userProfit), so the file holds
 * the page's rows for the same filters, in its order. zh-HK texts: locales/zh-HK/broker-export.json `analytics`.
 */
export function analysisDownloads(ctx: ApiContext): AnalysisDownloads {
  const projectText = (orgId: string, projectNo: string | undefined) => projectFilterText(ctx.db, orgId, projectNo);
  const x = zh.analytics;
  return {
    capitalReport: async ({ member }, q) => {
      const report = await capitalReport(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
      const r = x.capitalReport;
      const c = r.columns;
      const t = report.total;
      const filters = { project: await projectText(member.orgId, q.projectNo), days: rangeText(report.range) };
      const columns = [c.projectNo, c.project, c.netAssetStart, c.capitalIn, c.capitalOut, c.tradingPnl, c.interestAccrued, c.performanceFee, c.netAssetEnd, c.navStart, c.navEnd, c.timeWeighted, c.moneyWeighted];
      return sheetDownload(ANALYTICS_EXPORT_FILES.capitalReport, r, filters, columns, [
        ...report.list.map((l) => [
          l.projectNo,
          l.projectName,
          ...[l.netAssetStart, l.capitalIn, l.capitalOut, l.tradingPnl, l.interestAccrued, l.performanceFee, l.netAssetEnd, l.navStart, l.navEnd].map(amountCell),
          rateCell(l.timeWeighted),
          rateCell(l.moneyWeighted),
        ]),
        [r.total, '', ...[t.netAssetStart, t.capitalIn, t.capitalOut, t.tradingPnl, t.interestAccrued, t.performanceFee, t.netAssetEnd].map(amountCell), '', '', '', ''],
      ]);
    },

    tradeStatistics: async ({ member }, q) => {
      const stats = await totalTrade(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
      const s = x.tradeStatistics;
      const c = s.columns;
      const filters = { project: await projectText(member.orgId, q.projectNo), days: rangeText(stats.range), lastTradeDay: stats.lastTradeDay };
      return sheetDownload(ANALYTICS_EXPORT_FILES.tradeStatistics, s, filters, [c.symbol, c.tradeCount, c.volume, c.fee, c.realisedPnl, c.netPnl], [...stats.symbols.map((f) => [f.symbol, ...figures(f)]), [s.total, ...figures(stats)]]);
    },

    accountTrades: async ({ member }, q) => {
      const stats = await accountTrades(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
      const s = x.accountTrades;
      const c = s.columns;
      const filters = { project: await projectText(member.orgId, q.projectNo), days: rangeText(stats.range), lastTradeDay: stats.lastTradeDay };
      const columns = [c.subAccount, c.exchange, c.projectNo, c.tradeCount, c.volume, c.fee, c.realisedPnl, c.netPnl];
      return sheetDownload(ANALYTICS_EXPORT_FILES.accountTrades, s, filters, columns, stats.list.map((a) => [a.subAccountName, a.exchangeCode, a.projectNo, ...figures(a)]));
    },

    userTrades: async ({ member }, q) => {
      const stats = await userTradeSummary(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
      const s = x.userTrades;
      const c = s.columns;
      const filters = { project: await projectText(member.orgId, q.projectNo), days: rangeText(stats.range), lastTradeDay: stats.lastTradeDay };
      const columns = [c.investor, c.projectCount, c.volumeShare, c.feeShare, c.pnlShare];
      return sheetDownload(ANALYTICS_EXPORT_FILES.userTrades, s, filters, columns, stats.list.map((u) => [u.investorName, u.projectCount, ...[u.volumeShare, u.feeShare, u.pnlShare].map(amountCell)]));
    },

    userProfit: async ({ member }, q) => {
      const profit = await userProfit(ctx, member.orgId, { projectNo: q.projectNo });
      const s = x.userProfit;
      const c = s.columns;
      const t = profit.total;
      const columns = [c.investor, c.projectNo, c.project, c.units, c.nav, c.navDay, c.value, c.capitalIn, c.capitalOut, c.netContribution, c.profit, c.interestAccrued, c.interestPaid, c.timeWeighted, c.moneyWeighted];
      return sheetDownload(ANALYTICS_EXPORT_FILES.userProfit, s, { project: await projectText(member.orgId, q.projectNo) }, columns, [
        ...profit.list.map((u) => [
          u.investorName,
          u.projectNo,
          u.projectName,
          ...[u.units, u.nav].map(amountCell),
          u.navDay ?? '',
          ...[u.value, u.capitalIn, u.capitalOut, u.netContribution, u.profit, u.interestAccrued, u.interestPaid].map(amountCell),
          rateCell(u.timeWeighted),
          rateCell(u.moneyWeighted),
        ]),
        [s.total, '', '', '', '', '', ...[t.value, t.capitalIn, t.capitalOut, t.netContribution, t.profit, t.interestAccrued, t.interestPaid].map(amountCell), '', ''],
      ]);
    },
  };
}
