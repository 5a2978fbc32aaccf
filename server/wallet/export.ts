import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { ACCOUNT_KIND_OF, type AccountType } from '../../contract/accounts.ts';
import { walletExport } from '../../contract/wallet.ts';
import enRecord from '../../locales/en-US/record.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhRecord from '../../locales/zh-HK/record.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { authenticate } from '../identity/sessions.ts';
import { sweep } from './chain.ts';
import { timeWindow } from '../platform/time-window.ts';
import { coinRecordBatch, coinRecordView, type CoinRecordFilter, type RecordCursor } from './records.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, out } from '../platform/decimal.ts';
import { amountCell, isTimeZone, warmUpExport, zonedFormatter } from '../platform/xlsx.ts';
import { DIRECTIONS } from '../ledger/ledger.ts';

/** Rows read and written between yields to the event loop: small enough that no slice holds the sandbox long. */
export const EXPORT_BATCH = 200;
/** Longest stretch of writing rows before the export yields to the event loop (the sandbox's other requests). */
export const EXPORT_SLICE_MS = 8;
/** At most this many rows in one file (a year of records of a very busy account). */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * What exports have done in this process (the log's numbers, and what a test reads): how many finished, how many
 * stopped early because their client went away, and how many rows the last one wrote.
 */
export const exportStats = { finished: 0, stoppedEarly: 0, lastRows: 0 };

const TEXTS = { 'zh-HK': { record: zhRecord, wallet: zhWallet }, 'en-US': { record: enRecord, wallet: enWallet } } as const;
type Lang = keyof typeof TEXTS;
type ExportForm = Static<typeof walletExport.body>;

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Kind = NonNullable<ExportForm['kind']>;
const COIN_TYPES = ['deposit', 'withdraw'] as const;
const COIN_STATUSES = ['deposit_pending', 'deposit_complete', 'withdraw_pending', 'withdraw_complete', 'withdraw_failed', 'cancelled'] as const;
const FIAT_STATUSES = ['approvalPending', 'complete', 'cancelled'] as const;
const CONVERT_TYPES = ['coin', 'fiat'] as const;

/** The filters of one export, checked against its kind (a fiat state on the coin export is bad input, and so on). */
interface ExportFilter {
  kind: Kind;
  type?: string;
  asset?: string;
  fromAsset?: string;
  toAsset?: string;
  status?: string;
  days?: number;
  startTime?: string;
  endTime?: string;
}

function exportFilter(form: ExportForm): ExportFilter {
  const kind: Kind = form.kind ?? 'coin';
  const types: readonly string[] = kind === 'coin' ? COIN_TYPES : kind === 'transfer' ? Object.keys(DIRECTIONS) : kind === 'convert' ? CONVERT_TYPES : [];
  const statuses: readonly string[] = kind === 'coin' ? COIN_STATUSES : kind === 'transfer' || kind === 'convert' ? [] : FIAT_STATUSES;
  if (kind !== 'convert' && (form.fromAsset !== undefined || form.toAsset !== undefined)) {
    throw badInput(form.fromAsset !== undefined ? 'fromAsset' : 'toAsset', 'kind', `The ${kind} export has no pair filter`);
  }
  if (form.type !== undefined && !types.includes(form.type)) throw badInput('type', 'kind', `type ${form.type} is not one of the ${kind} export's`);
  if (form.status !== undefined && !statuses.includes(form.status)) throw badInput('status', 'kind', `status ${form.status} is not one of the ${kind} export's`);
  const custom = form.startTime !== undefined || form.endTime !== undefined;
  return {
    kind,
    ...(form.type !== undefined ? { type: form.type } : {}),
    ...(form.asset !== undefined ? { asset: form.asset } : {}),
    ...(form.fromAsset !== undefined ? { fromAsset: form.fromAsset } : {}),
    ...(form.toAsset !== undefined ? { toAsset: form.toAsset } : {}),
    ...(form.status !== undefined ? { status: form.status } : {}),
    ...(custom ? { startTime: form.startTime, endTime: form.endTime } : { days: Number(form.days ?? 30) }),
    ...(custom && form.days !== undefined ? { days: Number(form.days) } : {}),
  } as ExportFilter;
}

/**
 * `POST /api/account/bill/export` (spec §7 "account/bill/export (download, file name deposit-withdraw records
 * xlsx, in Chinese)", "Downloads: a download posts form-encoded"): the records of one page — coin deposits and
 * withdrawals (default), fiat deposits, fiat withdrawals, transfers or converts — with that page's filters, as an xlsx
 * file, streamed. Bad input, or no session, gets the JSON envelope (4xx), never a file; the app detects it.
 * Rows are read in keyset-paged batches and written with exceljs's streaming writer, yielding to the event
 * loop between slices so the rest of the sandbox keeps answering; a closed connection stops it.
 */
export function walletExportRoute(ctx: ApiContext, app: FastifyInstance): void {
  // The first export in a process loads exceljs's writer modules and the time-zone data: ~60–75 ms in one go on
  // this machine, which held every other request (the W5 benchmark's longest stall). Paid at start instead.
  app.addHook('onReady', warmUpExport);
  app.route({
    method: 'POST',
    url: '/account/bill/export',
    bodyLimit: 2048,
    schema: { body: walletExport.body },
    preValidation: async (request) => {
      (request as { exportAuth?: unknown }).exportAuth = await authenticate(ctx, request);
      // spec §7: a download posts a form; a JSON body is not this call's (415, the envelope).
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw new ApiError(Code.unsupportedMediaType);
    },
    handler: async (request, reply) => {
      const auth = (request as unknown as { exportAuth: Awaited<ReturnType<typeof authenticate>> }).exportAuth;
      const form = request.body as ExportForm;
      const tz = form.tz ?? 'UTC';
      if (!isTimeZone(tz)) throw badInput('tz', 'timeZone', 'Not a time zone of the IANA database');
      const lang: Lang = form.lang ?? 'zh-HK';
      const filter = exportFilter(form);
      // A bad custom range is refused with the envelope before any file starts.
      timeWindow(filter, nowDate(ctx));
      await sweep(ctx);
      const now = nowDate(ctx);
      const zoned = zonedFormatter(tz);
      const day = zoned.time(now).slice(0, 10).replaceAll('-', '');
      const x = TEXTS[lang].record.export;
      const fileName = fill(filter.kind === 'coin' ? x.fileName : x.kinds[filter.kind].fileName, { day });

      const body = new PassThrough();
      let closed = false;
      // The response closing before it finished means the client went away (the request's own 'close' has
      // long fired: Fastify read the form before this handler).
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) closed = true;
      });
      void reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${filter.kind}-records-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'no-store')
        .send(body);

      writeWorkbook(ctx, body, { userId: auth.user.id, filter, lang, tz, now, zoned, isClosed: () => closed }).catch((error: unknown) => {
        request.log.error({ err: error }, 'export failed mid-stream');
        body.destroy(error as Error);
      });
      return reply;
    },
  });
}

interface WriteJob {
  userId: number;
  filter: ExportFilter;
  lang: Lang;
  tz: string;
  now: Date;
  zoned: ReturnType<typeof zonedFormatter>;
  isClosed: () => boolean;
}

type Cell = string | number;

/** What one kind of export writes: its header block's texts, its columns, and its rows batch by batch. */
interface ExportSource {
  title: string;
  filters: string;
  columns: string[];
  /** The next batch of rows after the cursor (opaque to the writer); `done` when nothing follows. */
  next(cursor: unknown): Promise<{ rows: Cell[][]; cursor: unknown; done: boolean }>;
}

function rangeText(job: WriteJob): string {
  const { record } = TEXTS[job.lang];
  return job.filter.startTime && job.filter.endTime
    ? fill(record.filters.range, { from: job.zoned.time(new Date(job.filter.startTime)), to: job.zoned.time(new Date(job.filter.endTime)) })
    : fill(record.filters.lastDays, { n: job.filter.days ?? 30 });
}

function coinSource(ctx: ApiContext, job: WriteJob): ExportSource {
  const { record, wallet } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const all = record.filters.all;
  const filter = job.filter as CoinRecordFilter;
  return {
    title: x.title,
    filters: fill(x.filters, {
      asset: filter.asset ?? all,
      type: filter.type ? record.types[filter.type] : all,
      status: filter.status ? wallet.status[filter.status] : all,
      days: rangeText(job),
    }),
    columns: [c.recordId, c.time, c.type, c.asset, c.network, c.amount, c.fee, c.address, c.memo, c.txHash, c.status, c.confirmations, c.completedAt],
    next: async (cursor) => {
      const batch = await coinRecordBatch(ctx.db, job.userId, filter, job.now, (cursor as RecordCursor | null) ?? { deposit: null, withdraw: null }, EXPORT_BATCH);
      const rows = batch.rows.map((row) => {
        const v = coinRecordView(row, job.now);
        return [
          v.recordId,
          job.zoned.time(row.created_at),
          record.types[v.type],
          v.asset,
          v.network,
          amountCell(v.amount),
          amountCell(v.fee),
          v.address,
          v.memo ?? '',
          v.txHash ?? '',
          wallet.status[v.status],
          v.confirmations,
          row.completed_at ? job.zoned.time(row.completed_at) : '',
        ];
      });
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}

interface Keyset {
  createdAt: Date;
  id: string;
}

/** One table read newest first on (created_at, id), `EXPORT_BATCH` rows after the keyset at a time. */
async function keysetBatch<R extends { id: string; created_at: Date }>(
  db: Queryable,
  sql: string,
  params: unknown[],
  cursor: unknown,
): Promise<{ rows: R[]; cursor: Keyset | null; done: boolean }> {
  const at = cursor as Keyset | null;
  const n = params.length;
  const rows = await db.query<R>(
    `${sql} and ($${n + 1}::timestamptz is null or (created_at, id) < ($${n + 1}::timestamptz, $${n + 2}::bigint))
     order by created_at desc, id desc limit $${n + 3}`,
    [...params, at?.createdAt ?? null, at?.id ?? null, EXPORT_BATCH],
  );
  const last = rows.at(-1);
  return { rows, cursor: last ? { createdAt: last.created_at, id: String(last.id) } : at, done: rows.length < EXPORT_BATCH };
}

function fiatSource(ctx: ApiContext, job: WriteJob, type: 'deposit' | 'withdraw'): ExportSource {
  const { record, wallet } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const kind = type === 'deposit' ? 'fiatDeposit' : 'fiatWithdraw';
  const { since, until } = timeWindow(job.filter, job.now);
  const filterParams = [job.userId, since, until, job.filter.asset ?? null, job.filter.status ?? null];
  const where = `user_id = $1 and kind = 'fiat' and created_at >= $2 and created_at < $3 and ($4::text is null or asset = $4) and ($5::text is null or status = $5)`;
  type Row = { id: string; created_at: Date; completed_at: Date | null; asset: string; amount: string; fee: string; status: (typeof FIAT_STATUSES)[number] } & Record<string, string | null>;
  const status = (s: Row['status']) => wallet.fiat.status[s];
  return {
    title: x.kinds[kind].title,
    filters: fill(x.kinds[kind].filters, { asset: job.filter.asset ?? record.filters.all, status: job.filter.status ? status(job.filter.status as Row['status']) : record.filters.all, days: rangeText(job) }),
    columns:
      type === 'deposit'
        ? [c.recordId, c.time, c.currency, c.sum, c.reference, c.bankReference, c.status, c.completedAt]
        : [c.recordId, c.time, c.currency, c.sum, c.fee, c.beneficiary, c.bank, c.accountNumber, c.status, c.completedAt],
    next: async (cursor) => {
      // Raw ids (bigint) so the keyset's order is numeric; a subquery so the join's columns are unambiguous.
      const sql =
        type === 'deposit'
          ? `select id, created_at, completed_at, asset, amount::text as amount, '0' as fee, status, reference, bank_reference
             from wallet_deposits where ${where}`
          : `select * from (
               select w.id, w.user_id, w.kind, w.created_at, w.completed_at, w.asset, w.amount::text as amount, w.fee::text as fee, w.status,
                 b.beneficiary, b.bank_name, b.account_number
               from wallet_withdrawals w join address_book b on b.id = w.address_book_id where w.status <> 'unconfirmed'
             ) r where ${where}`;
      const batch = await keysetBatch<Row>(ctx.db, sql, filterParams, cursor);
      const rows = batch.rows.map((r): Cell[] =>
        type === 'deposit'
          ? [`FD${String(r.id)}`, job.zoned.time(r.created_at), r.asset, amountCell(out(new D(r.amount))), r['reference'] ?? '', r['bank_reference'] ?? '', status(r.status), r.completed_at ? job.zoned.time(r.completed_at) : '']
          : [
              `FW${String(r.id)}`,
              job.zoned.time(r.created_at),
              r.asset,
              amountCell(out(new D(r.amount))),
              amountCell(out(new D(r.fee))),
              r['beneficiary'] ?? '',
              r['bank_name'] ?? '',
              r['account_number'] ?? '',
              status(r.status),
              r.completed_at ? job.zoned.time(r.completed_at) : '',
            ],
      );
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}

function transferSource(ctx: ApiContext, job: WriteJob): ExportSource {
  const { record, wallet } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const { since, until } = timeWindow(job.filter, job.now);
  const accountName = (type: number) => wallet.accounts[ACCOUNT_KIND_OF[type as AccountType] ?? 'swap'];
  const types = record.transfer.types as Record<string, string>;
  return {
    title: x.kinds.transfer.title,
    filters: fill(x.kinds.transfer.filters, { asset: job.filter.asset ?? record.filters.all, type: job.filter.type ? types[job.filter.type]! : record.filters.all, days: rangeText(job) }),
    columns: [c.transferId, c.time, c.asset, c.amount, c.from, c.to],
    next: async (cursor) => {
      const batch = await keysetBatch<{ id: string; created_at: Date; asset: string; amount: string; direction: string }>(
        ctx.db,
        `select id, created_at, asset, amount::text as amount, direction from trade_transfers
         where user_id = $1 and created_at >= $2 and created_at < $3 and ($4::text is null or asset = $4) and ($5::text is null or direction = $5)`,
        [job.userId, since, until, job.filter.asset ?? null, job.filter.type ?? null],
        cursor,
      );
      const rows = batch.rows.map((r): Cell[] => {
        const [from, to] = DIRECTIONS[r.direction] ?? [0, 0];
        return [String(r.id), job.zoned.time(r.created_at), r.asset, amountCell(out(new D(r.amount))), accountName(from), accountName(to)];
      });
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}

/** record/convert: the user's filled converts (convert_orders), with the page's tab and pair filters. */
function convertSource(ctx: ApiContext, job: WriteJob): ExportSource {
  const { record } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const all = record.filters.all;
  const { since, until } = timeWindow(job.filter, job.now);
  const types = record.convert.types as Record<string, string>;
  return {
    title: x.kinds.convert.title,
    filters: fill(x.kinds.convert.filters, {
      type: job.filter.type ? types[job.filter.type]! : all,
      from: job.filter.fromAsset ?? all,
      to: job.filter.toAsset ?? all,
      days: rangeText(job),
    }),
    columns: [c.orderId, c.time, c.type, c.fromAsset, c.fromAmount, c.toAsset, c.toAmount, c.price, c.spread, c.quoteId],
    next: async (cursor) => {
      const batch = await keysetBatch<{ id: string; created_at: Date; kind: string; from_asset: string; to_asset: string; from_amount: string; to_amount: string; price: string; spread: string; quote_id: string }>(
        ctx.db,
        `select id, created_at, kind, from_asset, to_asset, from_amount::text as from_amount, to_amount::text as to_amount, price::text as price,
           spread::text as spread, quote_id
         from convert_orders
         where user_id = $1 and created_at >= $2 and created_at < $3 and ($4::text is null or kind = $4)
           and ($5::text is null or from_asset = $5) and ($6::text is null or to_asset = $6)`,
        [job.userId, since, until, job.filter.type ?? null, job.filter.fromAsset ?? null, job.filter.toAsset ?? null],
        cursor,
      );
      const rows = batch.rows.map((r): Cell[] => [
        String(r.id),
        job.zoned.time(r.created_at),
        types[r.kind] ?? r.kind,
        r.from_asset,
        amountCell(new D(r.from_amount).toFixed()),
        r.to_asset,
        amountCell(new D(r.to_amount).toFixed()),
        amountCell(new D(r.price).toFixed()),
        `${new D(r.spread).mul(100).toFixed()} %`,
        r.quote_id,
      ]);
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}

async function writeWorkbook(ctx: ApiContext, stream: PassThrough, job: WriteJob): Promise<void> {
  const x = TEXTS[job.lang].record.export;
  const source =
    job.filter.kind === 'coin'
      ? coinSource(ctx, job)
      : job.filter.kind === 'transfer'
        ? transferSource(ctx, job)
        : job.filter.kind === 'convert'
          ? convertSource(ctx, job)
          : fiatSource(ctx, job, job.filter.kind === 'fiatDeposit' ? 'deposit' : 'withdraw');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(x.sheet);
  // The header block: what was exported, with which filters, in which time zone.
  sheet.addRow([source.title]).commit();
  sheet.addRow([source.filters]).commit();
  sheet.addRow([fill(x.timeZone, { zone: job.tz, offset: job.zoned.offset(job.now) })]).commit();
  sheet.addRow([fill(x.exportedAt, { time: job.zoned.time(job.now) })]).commit();
  sheet.addRow([]).commit();
  sheet.addRow(source.columns).commit();

  let cursor: unknown = null;
  let written = 0;
  while (!job.isClosed() && written < EXPORT_MAX_ROWS) {
    const batch = await source.next(cursor);
    let slice = performance.now();
    for (const row of batch.rows) {
      if (performance.now() - slice > EXPORT_SLICE_MS) {
        await yieldToLoop();
        slice = performance.now();
      }
      sheet.addRow(row).commit();
    }
    written += batch.rows.length;
    if (batch.done) break;
    cursor = batch.cursor;
    // Let the sandbox answer everything else before the next batch, and let a slow reader catch up.
    await yieldToLoop();
    if (stream.writableNeedDrain && !job.isClosed()) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  }
  exportStats.lastRows = written;
  if (job.isClosed()) {
    exportStats.stoppedEarly++;
    stream.destroy();
    return;
  }
  sheet.commit();
  await workbook.commit();
  exportStats.finished++;
}
