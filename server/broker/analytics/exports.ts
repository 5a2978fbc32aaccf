import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { ANALYTICS_EXPORT_FILES } from '../../../contract/broker-analytics-rules.ts';
import { brokerAnalyticsExports } from '../../../contract/broker-analytics.ts';
import { BROKER_EXPORT_TIME_ZONE } from '../../../contract/broker-funds-rules.ts';
import zh from '../../../locales/zh-HK/broker-export.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import { pageQuery } from '../../platform/records.ts';
import { amountCell, zonedFormatter } from '../../platform/xlsx.ts';
import { accountOf } from '../accounts.ts';
import { authenticate } from '../../identity/sessions.ts';
import { BROKER_EXPORT_MAX_ROWS, fill, sendBrokerSheet } from '../fund-export.ts';
import { brokerMember, type BrokerMember } from '../org.ts';
import { investorOf, projectOf } from '../projects/store.ts';
import { userIncomeRecords } from './investors.ts';
import { readRange, recordWindow, type RangeInput, tradeWindow } from './range.ts';
import { tradeQuery, type TradeRow, tradeView } from './trades.ts';
import { projectRecords, zeroRecordViews } from './units.ts';

/**
 * The performance pages' downloads (spec §7 "Downloads"; contract/broker-analytics.ts brokerAnalyticsExports): trade
 * bills, zero-hour records and investor income records as xlsx, each from its page's own rows for the same filters
 * (the same query builder or the same computation), under the cover block of server/broker/fund-export.ts (its sendBrokerSheet) (title,
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

/**
 * A download posted as a form (spec §7 "Downloads"), like account/bill/export: a signed-in broker first (401, 403 as
 * the envelope), then the form's content type (415 otherwise) and fields (the schema, 400); `send` answers with the
 * file (fund-export.ts sendBrokerSheet).
 */
function formDownload<S extends TSchema>(
  ctx: ApiContext,
  app: FastifyInstance,
  download: { path: string; body: S },
  send: (member: BrokerMember, form: Static<S>, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  const members = new WeakMap<FastifyRequest, BrokerMember>();
  app.route({
    method: 'POST',
    url: download.path,
    bodyLimit: 2048,
    schema: { body: download.body },
    preValidation: async (request) => {
      const auth = await authenticate(ctx, request);
      members.set(request, await brokerMember(ctx.db, auth.user.id));
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw new ApiError(Code.unsupportedMediaType);
    },
    handler: async (request, reply) => send(members.get(request)!, request.body as Static<S>, reply),
  });
}

export function analyticsExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const zoned = zonedFormatter(BROKER_EXPORT_TIME_ZONE);
  const projectText = async (orgId: string, projectNo: string | undefined) => (projectNo === undefined ? zh.all : `${(await projectOf(ctx.db, orgId, projectNo)).name}（${projectNo}）`);

  formDownload(ctx, app, brokerAnalyticsExports.tradeBill, async (member, form, reply) => {
    const window = tradeWindow(rangeOf(form), nowDate(ctx));
    const project = await projectText(member.orgId, form.projectNo);
    const account = form.brokerAccountId === undefined ? zh.all : (await accountOf(ctx.db, member.orgId, form.brokerAccountId)).name;
    const query = tradeQuery(member.orgId, form, window);
    const { rows, total } = await pageQuery<TradeRow>(ctx.db, query, { pageNum: 1, pageSize: BROKER_EXPORT_MAX_ROWS });
    if (total > BROKER_EXPORT_MAX_ROWS) throw new ApiError(Code.badRequest, { field: 'days', rule: 'tooManyRows', max: BROKER_EXPORT_MAX_ROWS });
    const c = x.tradeBill.columns;
    return sendBrokerSheet(ctx, reply, ANALYTICS_EXPORT_FILES.tradeBill, {
      name: x.tradeBill.sheet,
      title: x.tradeBill.title,
      filters: fill(x.tradeBill.filters, {
        project,
        account,
        symbol: form.symbol ?? zh.all,
        side: form.side ? x.tradeBill.sides[form.side] : zh.all,
        days: rangeText(readRange(window, rows.at(-1)?.trade_day ?? null)),
      }),
      columns: [c.tradeId, c.time, c.tradeDay, c.project, c.account, c.exchange, c.symbol, c.side, c.price, c.qty, c.quoteVolume, c.fee, c.realisedPnl, c.netPnl],
      rows: rows.map(tradeView).map((t) => [
        t.tradeId,
        zoned.time(new Date(t.time)),
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
      ]),
    });
  });

  formDownload(ctx, app, brokerAnalyticsExports.zeroRecords, async (member, form, reply) => {
    const { records, head } = await projectRecords(ctx, member.orgId, form.projectNo, rangeOf(form));
    const views = await zeroRecordViews(ctx, records);
    const c = x.zeroRecords.columns;
    return sendBrokerSheet(ctx, reply, ANALYTICS_EXPORT_FILES.zeroRecords, {
      name: x.zeroRecords.sheet,
      title: x.zeroRecords.title,
      filters: fill(x.zeroRecords.filters, { project: await projectText(member.orgId, form.projectNo), days: rangeText(head.range) }),
      columns: [c.day, c.grossAsset, c.interestPayable, c.profitPayable, c.netAsset, c.units, c.nav, c.pnl, c.flowsIn, c.flowsOut, c.tradeVolume, c.interestAccrued, c.performanceFee, c.dailyReturn],
      rows: views.map((r) => [
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
      ]),
    });
  });

  formDownload(ctx, app, brokerAnalyticsExports.userIncome, async (member, form, reply) => {
    const filter = { projectNo: form.projectNo, investorId: form.investorId, ...rangeOf(form) };
    recordWindow(filter, nowDate(ctx));
    const investor = form.investorId === undefined ? zh.all : (await investorOf(ctx.db, member.orgId, form.investorId)).name;
    const { rows, range } = await userIncomeRecords(ctx, member.orgId, filter);
    if (rows.length > BROKER_EXPORT_MAX_ROWS) throw new ApiError(Code.badRequest, { field: 'days', rule: 'tooManyRows', max: BROKER_EXPORT_MAX_ROWS });
    const c = x.userIncome.columns;
    return sendBrokerSheet(ctx, reply, ANALYTICS_EXPORT_FILES.userIncome, {
      name: x.userIncome.sheet,
      title: x.userIncome.title,
      filters: fill(x.userIncome.filters, { project: await projectText(member.orgId, form.projectNo), investor, days: rangeText(range) }),
      columns: [c.day, c.investor, c.project, c.units, c.nav, c.value, c.capitalIn, c.capitalOut, c.profit, c.dailyProfit, c.interestAccrued],
      rows: rows.map((r) => [
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
      ]),
    });
  });
}
