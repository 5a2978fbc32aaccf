import type { FastifyInstance } from 'fastify';
import { ANALYTICS_EXPORT_FILES } from '../../../contract/broker-analytics-rules.ts';
import { BROKER_EXPORT_TIME_ZONE } from '../../../contract/broker-funds-rules.ts';
import { brokerProjectExports } from '../../../contract/broker-project-exports.ts';
import { PROJECT_EXPORT_FILES } from '../../../contract/broker-projects-rules.ts';
import zh from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { amountCell, zonedFormatter } from '../../platform/xlsx.ts';
import { rangeOf, rangeText as dayRangeText, rateCell } from './exports.ts';
import { userProfit, userTradeSummary } from './investors.ts';
import { accountTrades, capitalReport, totalTrade } from './overview.ts';
import { allRows, brokerQueryDownload, fill, localeSheet, rangeText, timeFilter } from '../fund-export.ts';
import { capitalList, flowQuery, projectPageRows } from '../projects/queries.ts';
import { type FlowViewRow, flowView, projectViews, relationViews } from '../projects/views.ts';
import { investorOf, projectOf } from '../projects/store.ts';

/**
 * The project pages' and the analysis tab's downloads (contract/broker-project-exports.ts; spec §7
 * "Downloads"): the project list, a project's subscriptions and redemptions, its investors' holdings, its
 * sub-accounts (primary and linked; relationViews, as queryBrokerProjectInfo's `accounts`), the capital report, the trade statistics (per symbol, per sub-account, per investor) and the investors' holdings and profit, each
 * read with its page call's own code (projectPageRows, flowQuery, capitalList, capitalReport, totalTrade, accountTrades,
 * userTradeSummary, userProfit) so the file holds the page's rows for the same filters, in its order. The sheet is part 1's
 * writer (fund-export.ts brokerQueryDownload: the cover block with the filters in words, UTC+8 and the generation
 * time; amounts as numeric cells where a double holds them exactly). zh-HK texts (locales/zh-HK/broker-export.json
 * `projects`, `analytics`). Refusals are the JSON envelope: 401, 403 without broker rights, 404 another
 * organisation's project or investor, 400 bad input.
 */
export function brokerProjectExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const zoned = zonedFormatter(BROKER_EXPORT_TIME_ZONE);
  const time = (iso: string | null) => (iso ? zoned.time(new Date(iso)) : '');
  const projectText = async (orgId: string, projectNo: string | undefined) => {
    if (projectNo === undefined) return zh.all;
    return `${(await projectOf(ctx.db, orgId, projectNo)).name}（${projectNo}）`;
  };
  const x = zh.projects;

  brokerQueryDownload(ctx, app, brokerProjectExports.projects, async ({ member }, q) => {
    const at = nowDate(ctx);
    const views = await projectViews(ctx.db, await projectPageRows(ctx.db, member.orgId, q, at), at);
    const c = x.list.columns;
    return {
      file: PROJECT_EXPORT_FILES.projects,
      sheet: {
        name: x.list.sheet,
        title: x.list.title,
        filters: fill(x.list.filters, { status: q.status ? x.list.states[q.status] : zh.all, exchange: q.exchangeCode ?? zh.all, keyword: q.keyword ?? zh.all }),
        columns: [c.projectNo, c.name, c.exchange, c.status, c.startDay, c.endDay, c.interestRate, c.performanceFeeRate, c.minSubscription, c.units, c.grossAsset, c.interestPayable, c.profitPayable, c.netAsset, c.nav, c.hwm, c.investors, c.linked],
        rows: views.map((p) => [
          p.projectNo,
          p.name,
          p.exchangeCode,
          x.list.states[p.status],
          p.startDay,
          p.endDay,
          amountCell(p.interestRate),
          amountCell(p.performanceFeeRate),
          amountCell(p.minSubscription),
          amountCell(p.units),
          amountCell(p.grossAsset),
          amountCell(p.interestPayable),
          amountCell(p.profitPayable),
          amountCell(p.netAsset),
          amountCell(p.nav),
          amountCell(p.hwm),
          p.investorCount,
          p.linkedAccountCount,
        ]),
      },
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.capitalRecords, async ({ member }, q) => {
    const filter = { projectNo: q.projectNo, investorId: q.investorId, direction: q.direction, ...timeFilter(q) };
    const rows = (await allRows<FlowViewRow>(ctx, await flowQuery(ctx.db, member.orgId, filter, nowDate(ctx)))).map(flowView);
    const investor = filter.investorId === undefined ? zh.all : (await investorOf(ctx.db, member.orgId, filter.investorId)).name;
    const c = x.records.columns;
    return {
      file: PROJECT_EXPORT_FILES.capitalRecords,
      sheet: {
        name: x.records.sheet,
        title: x.records.title,
        filters: fill(x.records.filters, {
          project: await projectText(member.orgId, filter.projectNo),
          investor,
          direction: filter.direction ? x.records.types[filter.direction] : zh.all,
          days: rangeText(filter),
        }),
        columns: [c.flowId, c.time, c.projectNo, c.project, c.investor, c.type, c.amount, c.units, c.nav, c.navDay, c.principalChange, c.operator, c.remark],
        rows: rows.map((r) => [
          r.flowId,
          time(r.createdAt),
          r.projectNo,
          r.projectName,
          r.investorName,
          x.records.types[r.direction],
          amountCell(r.amount),
          amountCell(r.units),
          amountCell(r.nav),
          r.navDay ?? '',
          amountCell(r.principalChange),
          r.operator,
          r.remark,
        ]),
      },
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.holdings, async ({ member }, q) => {
    const capital = await capitalList(ctx.db, member.orgId, q.projectNo);
    const c = x.holdings.columns;
    return {
      file: PROJECT_EXPORT_FILES.holdings,
      sheet: {
        name: x.holdings.sheet,
        title: x.holdings.title,
        filters: fill(x.holdings.filters, { project: await projectText(member.orgId, q.projectNo), nav: capital.nav, units: capital.units }),
        columns: [c.investor, c.email, c.units, c.principal, c.value, c.gain, c.share, c.interest, c.totalIn, c.totalOut, c.firstIn],
        rows: capital.list.map((h) => [
          h.name,
          h.email,
          amountCell(h.units),
          amountCell(h.principal),
          amountCell(h.value),
          amountCell(h.gain),
          amountCell(h.sharePercent),
          amountCell(h.interestUnsettled),
          amountCell(h.totalIn),
          amountCell(h.totalOut),
          time(h.firstInAt),
        ]),
      },
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.capitalReport, async ({ member }, q) => {
    const report = await capitalReport(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
    const r = zh.analytics.capitalReport;
    const c = r.columns;
    const t = report.total;
    return {
      file: ANALYTICS_EXPORT_FILES.capitalReport,
      sheet: {
        name: r.sheet,
        title: r.title,
        filters: fill(r.filters, { project: await projectText(member.orgId, q.projectNo), days: dayRangeText(report.range) }),
        columns: [c.projectNo, c.project, c.netAssetStart, c.capitalIn, c.capitalOut, c.tradingPnl, c.interestAccrued, c.performanceFee, c.netAssetEnd, c.navStart, c.navEnd, c.timeWeighted, c.moneyWeighted],
        rows: [
          ...report.list.map((l) => [
            l.projectNo,
            l.projectName,
            amountCell(l.netAssetStart),
            amountCell(l.capitalIn),
            amountCell(l.capitalOut),
            amountCell(l.tradingPnl),
            amountCell(l.interestAccrued),
            amountCell(l.performanceFee),
            amountCell(l.netAssetEnd),
            amountCell(l.navStart),
            amountCell(l.navEnd),
            rateCell(l.timeWeighted),
            rateCell(l.moneyWeighted),
          ]),
          [r.total, '', ...[t.netAssetStart, t.capitalIn, t.capitalOut, t.tradingPnl, t.interestAccrued, t.performanceFee, t.netAssetEnd].map(amountCell), '', '', '', ''],
        ],
      },
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.tradeStatistics, async ({ member }, q) => {
    const stats = await totalTrade(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
    const s = zh.analytics.tradeStatistics;
    const c = s.columns;
    const figures = (f: { tradeCount: number; volume: string; fee: string; realisedPnl: string; netPnl: string }) => [f.tradeCount, amountCell(f.volume), amountCell(f.fee), amountCell(f.realisedPnl), amountCell(f.netPnl)];
    return {
      file: ANALYTICS_EXPORT_FILES.tradeStatistics,
      sheet: localeSheet(s, { project: await projectText(member.orgId, q.projectNo), days: dayRangeText(stats.range), lastTradeDay: stats.lastTradeDay }, [c.symbol, c.tradeCount, c.volume, c.fee, c.realisedPnl, c.netPnl], [...stats.symbols.map((f) => [f.symbol, ...figures(f)]), [s.total, ...figures(stats)]]),
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.accountTrades, async ({ member }, q) => {
    const stats = await accountTrades(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
    const s = zh.analytics.accountTrades;
    const c = s.columns;
    return {
      file: ANALYTICS_EXPORT_FILES.accountTrades,
      sheet: localeSheet(s, { project: await projectText(member.orgId, q.projectNo), days: dayRangeText(stats.range), lastTradeDay: stats.lastTradeDay }, [c.subAccount, c.exchange, c.projectNo, c.tradeCount, c.volume, c.fee, c.realisedPnl, c.netPnl], stats.list.map((a) => [a.subAccountName, a.exchangeCode, a.projectNo, a.tradeCount, ...[a.volume, a.fee, a.realisedPnl, a.netPnl].map(amountCell)])),
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.userTrades, async ({ member }, q) => {
    const stats = await userTradeSummary(ctx, member.orgId, { projectNo: q.projectNo, ...rangeOf(q) });
    const s = zh.analytics.userTrades;
    const c = s.columns;
    return {
      file: ANALYTICS_EXPORT_FILES.userTrades,
      sheet: localeSheet(s, { project: await projectText(member.orgId, q.projectNo), days: dayRangeText(stats.range), lastTradeDay: stats.lastTradeDay }, [c.investor, c.projectCount, c.volumeShare, c.feeShare, c.pnlShare], stats.list.map((u) => [u.investorName, u.projectCount, ...[u.volumeShare, u.feeShare, u.pnlShare].map(amountCell)])),
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.userProfit, async ({ member }, q) => {
    const profit = await userProfit(ctx, member.orgId, { projectNo: q.projectNo });
    const s = zh.analytics.userProfit;
    const c = s.columns;
    const t = profit.total;
    return {
      file: ANALYTICS_EXPORT_FILES.userProfit,
      sheet: {
        name: s.sheet,
        title: s.title,
        filters: fill(s.filters, { project: await projectText(member.orgId, q.projectNo) }),
        columns: [c.investor, c.projectNo, c.project, c.units, c.nav, c.navDay, c.value, c.capitalIn, c.capitalOut, c.netContribution, c.profit, c.interestAccrued, c.interestPaid, c.timeWeighted, c.moneyWeighted],
        rows: [
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
        ],
      },
    };
  });

  brokerQueryDownload(ctx, app, brokerProjectExports.accounts, async ({ member }, q) => {
    const project = await projectText(member.orgId, q.projectNo);
    const accounts = await relationViews(ctx.db, q.projectNo);
    const a = x.accounts;
    const c = a.columns;
    return {
      file: PROJECT_EXPORT_FILES.accounts,
      sheet: localeSheet(a, { project }, [c.accountId, c.name, c.exchange, c.role, c.usdt, c.remark, c.createdBy, c.createdAt], accounts.map((r) => [r.brokerAccountId, r.subAccountName, r.exchangeCode, a.roles[r.role], amountCell(r.usdt), r.remark, r.createdBy, time(r.createdAt)])),
    };
  });
}
