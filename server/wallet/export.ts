import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { walletExport } from '../../contract/wallet.ts';
import enRecord from '../../locales/en-US/record.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhRecord from '../../locales/zh-HK/record.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { type ApiContext, nowDate } from '../api/context.ts';
import { ApiError, badInput, Code } from '../api/envelope.ts';
import { authenticate } from '../api/sessions.ts';
import { sweep } from './chain.ts';
import { timeWindow } from './time-window.ts';
import { coinRecordBatch, coinRecordView, type CoinRecordFilter, type RecordCursor } from './records.ts';

/** Rows read and written between yields to the event loop: small enough that no slice holds the sandbox long. */
export const EXPORT_BATCH = 200;
/** Longest stretch of writing rows before the export yields to the event loop (the sandbox's other requests). */
export const EXPORT_SLICE_MS = 8;
/** At most this many rows in one file (a year of records of a very busy account). */
export const EXPORT_MAX_ROWS = 1_000_000;

const TEXTS = { 'zh-HK': { record: zhRecord, wallet: zhWallet }, 'en-US': { record: enRecord, wallet: enWallet } } as const;
type Lang = keyof typeof TEXTS;
type ExportForm = Static<typeof walletExport.body>;

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `YYYY-MM-DD HH:mm:ss` in `timeZone` (the glossary's one format), and the zone's offset as `UTC+8`. */
export function zonedFormatter(timeZone: string): { time: (d: Date) => string; offset: (d: Date) => string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
  return {
    time: (d) => {
      const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p['year']}-${p['month']}-${p['day']} ${p['hour']}:${p['minute']}:${p['second']}`;
    },
    offset: (d) => {
      const name = (zone.formatToParts(d).find((x) => x.type === 'timeZoneName')?.value ?? 'GMT').replace('GMT', 'UTC');
      return name === 'UTC+0' ? 'UTC' : name;
    },
  };
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A decimal amount as a numeric cell when a double holds it exactly (≤ 15 significant digits), else as text. */
export function amountCell(text: string): number | string {
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return digits.length <= 15 ? Number(text) : text;
}

/**
 * `POST /api/account/bill/export` (spec §7 "account/bill/export (download, file name deposit-withdraw records
 * xlsx, in Chinese)", "Downloads: a download posts form-encoded"): the coin records with the page's filters
 * as an xlsx file, streamed. Bad input, or no session, gets the JSON envelope (4xx), never a file; the app
 * detects it. Rows are read in keyset-paged batches and written with exceljs's streaming writer, yielding to
 * the event loop between batches so the rest of the sandbox keeps answering; a closed connection stops it.
 */
export function walletExportRoute(ctx: ApiContext, app: FastifyInstance): void {
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
      const custom = form.startTime !== undefined || form.endTime !== undefined;
      const filter: CoinRecordFilter = {
        ...(custom ? { startTime: form.startTime, endTime: form.endTime } : { days: Number(form.days ?? 30) }),
        ...(custom && form.days !== undefined ? { days: Number(form.days) } : {}),
        ...(form.type ? { type: form.type } : {}),
        ...(form.asset ? { asset: form.asset } : {}),
        ...(form.status ? { status: form.status } : {}),
      };
      // A bad custom range is refused with the envelope before any file starts.
      timeWindow(filter, nowDate(ctx));
      await sweep(ctx);
      const now = nowDate(ctx);
      const zoned = zonedFormatter(tz);
      const day = zoned.time(now).slice(0, 10).replaceAll('-', '');
      const fileName = `充提幣記錄-${day}.xlsx`;

      const body = new PassThrough();
      let closed = false;
      // The response closing before it finished means the client went away (the request's own 'close' has
      // long fired: Fastify read the form before this handler).
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) closed = true;
      });
      void reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="coin-records-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
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
  filter: CoinRecordFilter;
  lang: Lang;
  tz: string;
  now: Date;
  zoned: ReturnType<typeof zonedFormatter>;
  isClosed: () => boolean;
}

async function writeWorkbook(ctx: ApiContext, stream: PassThrough, job: WriteJob): Promise<void> {
  const { record, wallet } = TEXTS[job.lang];
  const x = record.export;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(x.sheet);
  const all = record.filters.all;
  const typeName = job.filter.type ? record.types[job.filter.type] : all;
  const statusName = job.filter.status ? wallet.status[job.filter.status] : all;
  // The header block: what was exported, with which filters, in which time zone.
  sheet.addRow([x.title]).commit();
  sheet
    .addRow([
      fill(x.filters, {
        asset: job.filter.asset ?? all,
        type: typeName,
        status: statusName,
        days:
          job.filter.startTime && job.filter.endTime
            ? fill(record.filters.range, { from: job.zoned.time(new Date(job.filter.startTime)), to: job.zoned.time(new Date(job.filter.endTime)) })
            : fill(record.filters.lastDays, { n: job.filter.days ?? 30 }),
      }),
    ])
    .commit();
  sheet.addRow([fill(x.timeZone, { zone: job.tz, offset: job.zoned.offset(job.now) })]).commit();
  sheet.addRow([fill(x.exportedAt, { time: job.zoned.time(job.now) })]).commit();
  sheet.addRow([]).commit();
  const c = x.columns;
  sheet.addRow([c.recordId, c.time, c.type, c.asset, c.network, c.amount, c.fee, c.address, c.memo, c.txHash, c.status, c.confirmations, c.completedAt]).commit();

  let cursor: RecordCursor = { deposit: null, withdraw: null };
  let written = 0;
  while (!job.isClosed() && written < EXPORT_MAX_ROWS) {
    const batch = await coinRecordBatch(ctx.db, job.userId, job.filter, job.now, cursor, EXPORT_BATCH);
    let slice = performance.now();
    for (const row of batch.rows) {
      if (performance.now() - slice > EXPORT_SLICE_MS) {
        await yieldToLoop();
        slice = performance.now();
      }
      const v = coinRecordView(row, job.now);
      sheet
        .addRow([
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
        ])
        .commit();
    }
    written += batch.rows.length;
    if (batch.done) break;
    cursor = batch.cursor;
    // Let the sandbox answer everything else before the next batch, and let a slow reader catch up.
    await yieldToLoop();
    if (stream.writableNeedDrain && !job.isClosed()) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  }
  if (job.isClosed()) {
    stream.destroy();
    return;
  }
  sheet.commit();
  await workbook.commit();
}
