import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { BROKER_EXPORT_TIME_ZONE } from '../../contract/broker-funds-rules.ts';
import zh from '../../locales/zh-HK/broker-export.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { type Auth, authenticate } from '../identity/sessions.ts';
import { pageQuery } from '../platform/records.ts';
import { zonedFormatter } from '../platform/xlsx.ts';
import type { ListQuery } from './lists.ts';
import { brokerMember, type BrokerMember } from './org.ts';

/**
 * The broker's downloads (spec §7 "Downloads"): one writer for every broker export. A download is a POST, with the
 * filters of its page as query parameters (`brokerQueryDownload`) or as a form (`brokerFormDownload`); its rows are
 * read with the page's own query builder (lists.ts), so they are the page's rows for the same filters, in its order.
 * The sheet starts with a cover block — title, the filters in words, the time zone (UTC+8: the broker manager is Hong
 * Kong's) and the generation time — then the column names and the rows; amounts are numeric cells where a double holds
 * them exactly. The texts are zh-HK (locales/zh-HK/broker-*.json), the broker manager's only language. A refusal (no
 * session 401, no broker rights 403, another organisation's row 404, bad input 400, a form download's JSON body 415)
 * is the JSON envelope.
 */

/** At most this many rows in one file (the sandbox's organisations stay far below it). */
export const BROKER_EXPORT_MAX_ROWS = 100_000;

export const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

const zoned = zonedFormatter(BROKER_EXPORT_TIME_ZONE);

/** A time cell: `YYYY-MM-DD HH:mm:ss` UTC+8, empty for none. */
export const timeCell = (iso: string | null) => (iso ? zoned.time(new Date(iso)) : '');

type Cell = string | number;
/** One sheet of a broker export: the cover block's title and filters in words, then the column names and the rows. */
export interface BrokerSheet {
  name: string;
  title: string;
  filters: string;
  columns: string[];
  rows: Cell[][];
}

/** A download's file names (spec §7: Chinese, with an ASCII fallback); `{{day}}` is YYYYMMDD (UTC+8). */
export interface BrokerExportFile {
  fileName: string;
  asciiName: string;
}

/** What a download sends: its file, its sheet, and the values of the file name's other fields. */
export interface BrokerDownload {
  file: BrokerExportFile;
  sheet: BrokerSheet;
  values?: Record<string, string>;
}

/** A sheet's texts in its locale: the sheet's name, its title and the `filters` template of the cover block. */
export interface SheetText {
  sheet: string;
  title: string;
  filters: string;
}

/** A download of one sheet: the cover's filters (`text.filters`) filled in with `filters`, the column names, the rows. */
export function sheetDownload(file: BrokerExportFile, text: SheetText, filters: Record<string, string | number>, columns: string[], rows: Cell[][]): BrokerDownload {
  return { file, sheet: { name: text.sheet, title: text.title, filters: fill(text.filters, filters), columns, rows } };
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

/** 400 `tooManyRows` for a file of more than BROKER_EXPORT_MAX_ROWS rows. */
export function checkRowCount(total: number): void {
  if (total > BROKER_EXPORT_MAX_ROWS) throw new ApiError(Code.badRequest, { field: 'days', rule: 'tooManyRows', max: BROKER_EXPORT_MAX_ROWS });
}

/** All of a page's rows for an export (400 `tooManyRows` above BROKER_EXPORT_MAX_ROWS). */
export async function allRows<R>(ctx: ApiContext, q: Omit<ListQuery, 'params'> & { params: readonly unknown[] }): Promise<R[]> {
  const { rows, total } = await pageQuery<R>(ctx.db, q, { pageNum: 1, pageSize: BROKER_EXPORT_MAX_ROWS });
  checkRowCount(total);
  return rows;
}

/** A filter's value in words for a cover block: its name in `names` (or the value itself), or all (全部) when none is given. */
export function inWords<K extends string>(value: K | undefined, names?: Readonly<Record<K, string>>): string {
  if (names) return value ? names[value] : zh.all;
  return value ?? zh.all;
}

/** The time filter in words for a cover block: the custom range, the last N days, or all time. */
export function rangeText(f: { days?: number | undefined; startTime?: string | undefined; endTime?: string | undefined }): string {
  return f.startTime && f.endTime
    ? fill(zh.range, { from: zoned.time(new Date(f.startTime)), to: zoned.time(new Date(f.endTime)) })
    : f.days
      ? fill(zh.lastDays, { n: f.days })
      : zh.allTime;
}

/** Sends a download: `Content-Disposition` with the UTF-8 name (`filename*`) and the ASCII fallback. */
async function sendDownload(ctx: ApiContext, reply: FastifyReply, { file, sheet, values = {} }: BrokerDownload) {
  const now = nowDate(ctx);
  const day = zoned.time(now).slice(0, 10).replaceAll('-', '');
  const names = { day, ...values };
  const body = await brokerWorkbook(sheet, now);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fill(file.asciiName, names)}"; filename*=UTF-8''${encodeURIComponent(fill(file.fileName, names))}`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Who asks for a download: a signed-in broker (401, 403 otherwise). */
export type Asker = { auth: Auth; member: BrokerMember };

async function exportAsker(ctx: ApiContext, request: FastifyRequest): Promise<Asker> {
  const auth = await authenticate(ctx, request);
  return { auth, member: await brokerMember(ctx.db, auth.user.id) };
}

type Build<T> = (asker: Asker, input: T) => Promise<BrokerDownload>;

/**
 * One download route: the asker is a signed-in broker first (401, 403), then `check` (a form's content type), then
 * the input is validated with the contract's schema (400), and `build` returns the file and its sheet.
 */
function downloadRoute(
  ctx: ApiContext,
  app: FastifyInstance,
  route: { url: string; bodyLimit?: number; schema: Record<string, TSchema> },
  input: (request: FastifyRequest) => unknown,
  build: Build<never>,
  check?: (request: FastifyRequest) => void,
): void {
  const askers = new WeakMap<FastifyRequest, Asker>();
  app.route({
    method: 'POST',
    ...route,
    preValidation: async (request) => {
      askers.set(request, await exportAsker(ctx, request));
      check?.(request);
    },
    handler: async (request, reply) => sendDownload(ctx, reply, await build(askers.get(request)!, input(request) as never)),
  });
}

/** A download with query parameters (like exportBrokerFinancingAction). */
export function brokerQueryDownload<Q extends TSchema>(ctx: ApiContext, app: FastifyInstance, def: { path: string; query: Q }, build: Build<Static<Q>>): void {
  downloadRoute(ctx, app, { url: def.path, schema: { querystring: def.query } }, (request) => request.query, build);
}

/** A download posted as a form (like account/bill/export): a body that is not form-encoded is 415 (spec §7). */
export function brokerFormDownload<S extends TSchema>(ctx: ApiContext, app: FastifyInstance, def: { path: string; body: S }, build: Build<Static<S>>): void {
  downloadRoute(ctx, app, { url: def.path, bodyLimit: 2048, schema: { body: def.body } }, (request) => request.body, build, (request) => {
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw new ApiError(Code.unsupportedMediaType);
  });
}

/** The builds of a family of query downloads (contract/broker-project-exports.ts), one per download. */
export type QueryDownloads<D extends Record<string, { path: string; query: TSchema }>> = { [K in keyof D]: Build<Static<D[K]['query']>> };

/** Serves each built download of `defs` (brokerQueryDownload), as serveCalls serves a call map. */
export function serveDownloads<D extends Record<string, { path: string; query: TSchema }>>(ctx: ApiContext, app: FastifyInstance, defs: D, builds: Partial<QueryDownloads<D>>): void {
  for (const [name, build] of Object.entries(builds) as [keyof D, Build<never>][]) {
    const def = defs[name]!;
    downloadRoute(ctx, app, { url: def.path, schema: { querystring: def.query } }, (request) => request.query, build);
  }
}
