import type { FastifyInstance } from 'fastify';
import { ANALYTICS_EXPORT_FILES } from '../../../contract/broker-analytics-rules.ts';
import { brokerAnalyticsExports } from '../../../contract/broker-analytics.ts';
import zh from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { amountCell } from '../../platform/xlsx.ts';
import { accountOf } from '../accounts.ts';
import { allRows, brokerFormDownload, checkRowCount, fill, inWords, sheetDownload, timeCell } from '../downloads.ts';
import { investorOf, projectOf } from '../projects/store.ts';
import { userIncomeRecords } from './investors.ts';
import { readRange, recordWindow, type RangeInput, tradeWindow } from './range.ts';
import { tradeQuery, type TradeRow, tradeView } from './trades.ts';
import { projectRecords, zeroRecordViews } from './units.ts';

/**
 * The performance pages' downloads (spec §7 "Downloads"; contract/broker-analytics.ts brokerAnalyticsExports): trade
 * bills, zero-hour records and investor income records as xlsx, each from its page's own rows for the same filters
 * (the same query builder or the same computation), under the cover block of server/broker/downloads.ts (title,
 * filters in words, UTC+8, generation time), amounts as numeric cells where a double holds them exactly. zh-HK texts
 * (locales/zh-HK/broker-export.json `analytics`). Refusals are the JSON envelope: 401, 403, 404 for another
 * organisation's project, sub-account or investor, 400 for a bad filter, 415 for a body that is not a form.
 */
const x = zh.analytics;

/** The form's range fields as the page's (days as a number). */
export const rangeOf = (form: { days?: string | undefined; startDay?: string | undefined; endDay?: string | undefined }): RangeInput => ({
  days: form.days === undefined ? undefined : Number(form.days),
  startDay: form.startDay,
  endDay: form.endDay,
});

/** The range read, in words. */
export const rangeText = (range: { from: string | null; to: string | null }) => (range.from && range.to ? fill(x.dayRange, { from: range.from, to: range.to }) : zh.allTime);
/** A rate as a number cell (a fraction, like the page's). */
export const rateCell = (r: string | null): string | number => (r === null ? '' : amountCell(r));

/** The project filter in words: its name and number, or all projects. */
export const projectFilterText = async (db: Queryable, orgId: string, projectNo: string | undefined) =>
  projectNo === undefined ? zh.all : `${(await projectOf(db, orgId, projectNo)).name}（${projectNo}）`;

export function analyticsExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const projectText = (orgId: string, projectNo: string | undefined) => projectFilterText(ctx.db, orgId, projectNo);

  brokerFormDownload(ctx, app, brokerAnalyticsExports.tradeBill, async ({ member }, form) => {
    const window = tradeWindow(rangeOf(form), nowDate(ctx));
    const project = await projectText(member.orgId, form.projectNo);
    const account = form.brokerAccountId === undefined ? zh.all : (await accountOf(ctx.db, member.orgId, form.brokerAccountId)).name;
    const rows = await allRows<TradeRow>(ctx, tradeQuery(member.orgId, form, window));
    const c = x.tradeBill.columns;
    const filters = {
      project,
      account,
      symbol: inWords(form.symbol),
      side: inWords(form.side, x.tradeBill.sides),
      days: rangeText(readRange(window, rows.at(-1)?.trade_day ?? null)),
    };
    const columns = [c.tradeId, c.time, c.tradeDay, c.project, c.account, c.exchange, c.symbol, c.side, c.price, c.qty, c.quoteVolume, c.fee, c.realisedPnl, c.netPnl];
    return sheetDownload(ANALYTICS_EXPORT_FILES.tradeBill, x.tradeBill, filters, columns, rows.map(tradeView).map((t) => [
      t.tradeId,
      timeCell(t.time),
      t.tradeDay,
      t.projectNo,
      t.subAccountName,
      t.exchangeCode,
      t.symbol,
      x.tradeBill.sides[t.side],
      amountCell(t.price),
      amountCell(t.qty),
      amountCell(t.quoteVolume),
      amountCell(t.fee),
      amountCell(t.realisedPnl),
      amountCell(t.netPnl),
    ]));
  });

  brokerFormDownload(ctx, app, brokerAnalyticsExports.zeroRecords, async ({ member }, form) => {
    const { records, head } = await projectRecords(ctx, member.orgId, form.projectNo, rangeOf(form));
    const views = await zeroRecordViews(ctx, records);
    const c = x.zeroRecords.columns;
    const filters = { project: await projectText(member.orgId, form.projectNo), days: rangeText(head.range) };
    const columns = [c.day, c.grossAsset, c.interestPayable, c.profitPayable, c.netAsset, c.units, c.nav, c.pnl, c.flowsIn, c.flowsOut, c.tradeVolume, c.interestAccrued, c.performanceFee, c.dailyReturn];
    return sheetDownload(ANALYTICS_EXPORT_FILES.zeroRecords, x.zeroRecords, filters, columns, views.map((r) => [
      r.day,
      amountCell(r.grossAsset),
      amountCell(r.interestPayable),
      amountCell(r.profitPayable),
      amountCell(r.netAsset),
      amountCell(r.units),
      amountCell(r.nav),
      amountCell(r.pnl),
      amountCell(r.flowsIn),
      amountCell(r.flowsOut),
      amountCell(r.tradeVolume),
      amountCell(r.interestAccrued),
      amountCell(r.performanceFee),
      rateCell(r.dailyReturn),
    ]));
  });

  brokerFormDownload(ctx, app, brokerAnalyticsExports.userIncome, async ({ member }, form) => {
    const filter = { projectNo: form.projectNo, investorId: form.investorId, ...rangeOf(form) };
    recordWindow(filter, nowDate(ctx));
    const investor = form.investorId === undefined ? zh.all : (await investorOf(ctx.db, member.orgId, form.investorId)).name;
    const { rows, range } = await userIncomeRecords(ctx, member.orgId, filter);
    checkRowCount(rows.length);
    const c = x.userIncome.columns;
    const filters = { project: await projectText(member.orgId, form.projectNo), investor, days: rangeText(range) };
    const columns = [c.day, c.investor, c.project, c.units, c.nav, c.value, c.capitalIn, c.capitalOut, c.profit, c.dailyProfit, c.interestAccrued];
    return sheetDownload(ANALYTICS_EXPORT_FILES.userIncome, x.userIncome, filters, columns, rows.map((r) => [
      r.day,
      r.investorName,
      r.projectNo,
      amountCell(r.units),
      amountCell(r.nav),
      amountCell(r.value),
      amountCell(r.capitalIn),
      amountCell(r.capitalOut),
      amountCell(r.profit),
      amountCell(r.dailyProfit),
      amountCell(r.interestAccrued),
    ]));
  });
}
