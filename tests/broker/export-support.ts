import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApi } from '../api/helpers.ts';

/**
 * The broker downloads' test helpers (issue 15; server/broker/fund-export.ts brokerQueryDownload): post a download with
 * its filters as query parameters, and read its one sheet's rows as values after checking the cover block.
 */
export const queryDownload = (api: TestApi, path: string, query: Record<string, string>, token: string) =>
  fetch(`${api.base}${path}?${new URLSearchParams(query).toString()}`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${token}` } });

/** The sheet's rows as values: [0] title, [1] filters, [2] time zone (UTC+8), [3] generation time, [4] blank, [5] column names, then the table. */
export async function sheetRows(reply: Response): Promise<unknown[][]> {
  expect(reply.status, await reply.clone().text()).toBe(200);
  expect(reply.headers.get('content-type')).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await reply.arrayBuffer()) as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => values.push((row.values as unknown[]).slice(1)));
  expect(String(values[2]![0])).toContain('UTC+8');
  expect(String(values[3]![0])).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  return values;
}

/** The download's file name (the UTF-8 one of Content-Disposition, decoded). */
export const downloadName = (reply: Response) => decodeURIComponent(reply.headers.get('content-disposition') ?? '');
