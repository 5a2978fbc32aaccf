import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { BROKER_EXPORT_FILES, BROKER_EXPORT_TIME_ZONE } from '../../contract/broker-funds-rules.ts';
import { brokerBillExport, brokerOperationExport } from '../../contract/broker-funds.ts';
import zh from '../../locales/zh-HK/broker-export.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { type Auth, authenticate } from '../identity/sessions.ts';
import { pageQuery } from '../platform/records.ts';
import { amountCell, zonedFormatter } from '../platform/xlsx.ts';
import { accountOf } from './accounts.ts';
import { settleApproved } from './applications.ts';
import { billQuery, type BillRow, billView, checkAccountFilter, type ListQuery, operationQuery, type OperationRow, operationView } from './fund-records.ts';
import { brokerMember, type BrokerMember } from './org.ts';

/**
 * The broker's two downloads (spec §7 "Downloads"): `POST /broker/account/bill/export` (form-encoded, the
 * filters of account/bill/page; 充提幣記錄-YYYYMMDD.xlsx) and `POST /broker/exportBrokerFinancingAction` (query
 * parameters, the filters of pageBrokerFinancingAction; 操作記錄-YYYYMMDD.xlsx). The rows are read with the page's
 * own query builder (fund-records.ts), so they are the page's rows for the same filters, in its order. The sheet
 * starts with a cover block — title, the filters in words, the time zone (UTC+8: the broker manager is Hong Kong's)
 * and the generation time — then the column names and the rows; amounts are numeric cells where a double holds them
 * exactly. The texts are zh-HK (locales/zh-HK/broker-export.json), the broker manager's only language. A refusal
 * (no session 401, no broker rights 403, another organisation's sub-account 404, bad input 400) is the JSON envelope.
 */

/** At most this many rows in one file (the sandbox's organisations stay far below it). */
export const BROKER_EXPORT_MAX_ROWS = 100_000;

export const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

type Cell = string | number;
/** One sheet of a broker export: the cover block's title and filters in words, then the column names and the rows. */
export interface BrokerSheet {
  name: string;
  title: string;
  filters: string;
  columns: string[];
  rows: Cell[][];
}

/** A sheet from its locale block (`sheet`, `title` and the `filters` template), the cover's filters filled in with `values`. */
export function localeSheet(text: { sheet: string; title: string; filters: string }, values: Record<string, string | number>, columns: string[], rows: Cell[][]): BrokerSheet {
  return { name: text.sheet, title: text.title, filters: fill(text.filters, values), columns, rows };
}

/** A download's file names (spec §7: Chinese, with an ASCII fallback); `{{day}}` is YYYYMMDD (UTC+8). */
export interface BrokerExportFile {
  fileName: string;
  asciiName: string;
}

interface TimeText {
  days?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** The form's time fields as the page's filter (days as a number); none given is every record, as on the page. */
export function timeFilter(form: TimeText): { days?: number; startTime?: string; endTime?: string } {
  return {
    ...(form.days !== undefined ? { days: Number(form.days) } : {}),
    ...(form.startTime !== undefined ? { startTime: form.startTime } : {}),
    ...(form.endTime !== undefined ? { endTime: form.endTime } : {}),
  };
}

/** The workbook of one sheet: the cover block (title, filters, time zone UTC+8, generation time), a blank row, the table. */
export async function brokerWorkbook(sheet: BrokerSheet, now: Date): Promise<Buffer> {
  const zoned = zonedFormatter(BROKER_EXPORT_TIME_ZONE);
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.name);
  ws.addRow([sheet.title]);
  ws.addRow([sheet.filters]);
  ws.addRow([fill(zh.timeZone, { zone: BROKER_EXPORT_TIME_ZONE, offset: zoned.offset(now) })]);
  ws.addRow([fill(zh.exportedAt, { time: zoned.time(now) })]);
  ws.addRow([]);
  ws.addRow(sheet.columns);
  for (const row of sheet.rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** All of a page's rows for an export (400 `tooManyRows` above BROKER_EXPORT_MAX_ROWS). */
export async function allRows<R>(ctx: ApiContext, q: ListQuery): Promise<R[]> {
  const { rows, total } = await pageQuery<R>(ctx.db, q, { pageNum: 1, pageSize: BROKER_EXPORT_MAX_ROWS });
  if (total > BROKER_EXPORT_MAX_ROWS) throw new ApiError(Code.badRequest, { field: 'days', rule: 'tooManyRows', max: BROKER_EXPORT_MAX_ROWS });
  return rows;
}

/** The time filter in words for a cover block: the custom range, the last N days, or all time. */
export function rangeText(f: { days?: number | undefined; startTime?: string | undefined; endTime?: string | undefined }): string {
  const zoned = zonedFormatter(BROKER_EXPORT_TIME_ZONE);
  return f.startTime && f.endTime
    ? fill(zh.range, { from: zoned.time(new Date(f.startTime)), to: zoned.time(new Date(f.endTime)) })
    : f.days
      ? fill(zh.lastDays, { n: f.days })
      : zh.allTime;
}

/** Sends a sheet as the download: `Content-Disposition` with the UTF-8 name (`filename*`) and the ASCII fallback. */
export async function sendBrokerSheet(ctx: ApiContext, reply: FastifyReply, file: BrokerExportFile, sheet: BrokerSheet, values: Record<string, string> = {}) {
  const now = nowDate(ctx);
  const day = zonedFormatter(BROKER_EXPORT_TIME_ZONE).time(now).slice(0, 10).replaceAll('-', '');
  const names = { day, ...values };
  const body = await brokerWorkbook(sheet, now);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fill(file.asciiName, names)}"; filename*=UTF-8''${encodeURIComponent(fill(file.fileName, names))}`)
    .header('cache-control', 'no-store')
    .send(body);
}

type Asker = { auth: Auth; member: BrokerMember };

/**
 * A download of the broker's with query parameters (POST, spec §7 "Downloads", like exportBrokerFinancingAction): the
 * asker is a signed-in broker (401, 403 otherwise), the query is validated with the contract's schema (400), and
 * `build` returns the file and its sheet; a refusal is the JSON envelope.
 */
export function brokerQueryDownload<Q extends TSchema>(
  ctx: ApiContext,
  app: FastifyInstance,
  def: { path: string; query: Q },
  build: (asker: Asker, query: Static<Q>) => Promise<{ file: BrokerExportFile; sheet: BrokerSheet; values?: Record<string, string> }>,
): void {
  app.route({
    method: 'POST',
    url: def.path,
    schema: { querystring: def.query },
    preValidation: async (request) => {
      (request as { exportAsker?: unknown }).exportAsker = await exportAsker(ctx, request);
    },
    handler: async (request, reply) => {
      const asker = (request as unknown as { exportAsker: Asker }).exportAsker;
      const built = await build(asker, request.query as Static<Q>);
      return sendBrokerSheet(ctx, reply, built.file, built.sheet, built.values);
    },
  });
}

/** Who asks for a download: a signed-in broker (401, 403 otherwise, as the envelope). */
async function exportAsker(ctx: ApiContext, request: FastifyRequest): Promise<Asker> {
  const auth = await authenticate(ctx, request);
  return { auth, member: await brokerMember(ctx.db, auth.user.id) };
}

export function brokerExportRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const zoned = zonedFormatter(BROKER_EXPORT_TIME_ZONE);
  const time = (iso: string | null) => (iso ? zoned.time(new Date(iso)) : '');

  const accountText = async (orgId: string, id: string | undefined) => (id === undefined ? zh.all : (await accountOf(ctx.db, orgId, id)).name);

  app.route({
    method: 'POST',
    url: brokerBillExport.path,
    bodyLimit: 2048,
    schema: { body: brokerBillExport.body },
    preValidation: async (request) => {
      (request as { exportAsker?: unknown }).exportAsker = await exportAsker(ctx, request);
      // spec §7: a download posts a form; a JSON body is not this call's (415, the envelope).
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw new ApiError(Code.unsupportedMediaType);
    },
    handler: async (request, reply) => {
      const { member } = (request as unknown as { exportAsker: Asker }).exportAsker;
      const form = request.body as Static<typeof brokerBillExport.body>;
      const filter = { type: form.type, status: form.status, brokerAccountId: form.brokerAccountId, exchangeCode: form.exchangeCode, asset: form.asset, ...timeFilter(form) };
      await checkAccountFilter(ctx.db, member.orgId, filter.brokerAccountId);
      await settleApproved(ctx, member.orgId);
      const rows = (await allRows<BillRow>(ctx, billQuery(member.orgId, filter, nowDate(ctx)))).map(billView);
      const x = zh.bill;
      const c = x.columns;
      return sendBrokerSheet(ctx, reply, BROKER_EXPORT_FILES.bill, {
        name: x.sheet,
        title: x.title,
        filters: fill(x.filters, {
          account: await accountText(member.orgId, filter.brokerAccountId),
          exchange: filter.exchangeCode ?? zh.all,
          asset: filter.asset ?? zh.all,
          type: filter.type ? x.types[filter.type] : zh.all,
          status: filter.status ? x.status[filter.status] : zh.all,
          days: rangeText(filter),
        }),
        columns: [c.recordId, c.time, c.type, c.account, c.exchange, c.wallet, c.asset, c.network, c.address, c.amount, c.fee, c.status, c.completedAt],
        rows: rows.map((r) => [
          r.recordId,
          time(r.createdAt),
          x.types[r.type],
          r.subAccountName,
          r.exchangeCode,
          zh.wallets[r.wallet],
          r.asset,
          r.network ?? '',
          r.address ?? '',
          amountCell(r.amount),
          amountCell(r.fee),
          x.status[r.status],
          time(r.completedAt),
        ]),
      });
    },
  });

  brokerQueryDownload(ctx, app, brokerOperationExport, async ({ member }, q) => {
    const filter = { operationType: q.operationType, brokerAccountId: q.brokerAccountId, exchangeCode: q.exchangeCode, asset: q.asset, ...timeFilter(q) };
    await checkAccountFilter(ctx.db, member.orgId, filter.brokerAccountId);
    const rows = (await allRows<OperationRow>(ctx, operationQuery(member.orgId, filter, nowDate(ctx)))).map(operationView);
    const x = zh.operations;
    const c = x.columns;
    const typeText = (type: string) => {
      const cut = type.lastIndexOf('_');
      const kind = type.slice(0, cut) as keyof typeof x.kinds;
      const suffix = type.slice(cut + 1) as keyof typeof x.suffixes;
      return fill(x.type, { kind: x.kinds[kind], suffix: x.suffixes[suffix] });
    };
    return {
      file: BROKER_EXPORT_FILES.operations,
      sheet: {
        name: x.sheet,
        title: x.title,
        filters: fill(x.filters, {
          type: filter.operationType ? typeText(filter.operationType) : zh.all,
          account: await accountText(member.orgId, filter.brokerAccountId),
          exchange: filter.exchangeCode ?? zh.all,
          asset: filter.asset ?? zh.all,
          days: rangeText(filter),
        }),
        columns: [c.id, c.time, c.type, c.operator, c.account, c.exchange, c.counterparty, c.asset, c.amount, c.fee, c.remark],
        rows: rows.map((r) => [
          r.id,
          time(r.createdAt),
          typeText(r.operationType),
          r.operator,
          r.subAccountName ?? '',
          r.exchangeCode ?? '',
          r.counterparty ?? '',
          r.asset,
          amountCell(r.amount),
          amountCell(r.fee),
          r.remark,
        ]),
      },
    };
  });
}
