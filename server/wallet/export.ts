import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { walletExport } from '../../contract/wallet.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { authenticate } from '../identity/sessions.ts';
import { sweep } from './chain.ts';
import { timeWindow } from '../platform/time-window.ts';
import { isTimeZone, warmUpExport, zonedFormatter } from '../platform/xlsx.ts';
import { type ExportForm, exportFilter, fill, type Lang, TEXTS, type WriteJob } from './export-job.ts';
import { coinSource, convertSource, fiatSource, transferSource } from './export-sources.ts';


/** Longest stretch of writing rows before the export yields to the event loop (the sandbox's other requests). */
export const EXPORT_SLICE_MS = 8;
/** At most this many rows in one file (a year of records of a very busy account). */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * What exports have done in this process (the log's numbers, and what a test reads): how many finished, how many
 * stopped early because their client went away, and how many rows the last one wrote.
 */
export const exportStats = { finished: 0, stoppedEarly: 0, lastRows: 0 };

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
