import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../api/helpers.ts';
import { securityBackends } from '../security/backends.ts';
import { downloadName, queryDownload, sheetRows } from './export-support.ts';
import { newBroker } from './brokers.ts';

/**
 * The project pages' and the analysis tab's downloads (issue 15 "xlsx exports for every table";
 * contract/broker-project-exports.ts; server/broker/analytics/project-export.ts) against the demo organisation's seeded
 * project (a year of zero-hour records, three investors, capital flows, trades): each file's rows are the page
 * call's rows for the same filters, under the cover block (title, filters in words, UTC+8, generation time), amounts
 * as numeric cells; refusals are the JSON envelope. PGlite.
 */
const page = { pageNum: 1, pageSize: 100 };

interface Envelope<T> {
  code: number;
  data: T;
}

describe('broker project downloads', () => {
  const backend = securityBackends()[0]!;
  let api: TestApi;
  let demo = '';
  let stranger = '';
  let plainUser = '';
  let projectNo = '';
  let projectName = '';

  const call = async <T>(path: string, body: unknown): Promise<T> => {
    const reply = await api.call<T>('POST', path, { token: demo, body });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data;
  };
  const download = (path: string, query: Record<string, string>, token = demo) => queryDownload(api, path, query, token);
  const sheet = sheetRows;
  const fileName = downloadName;

  beforeAll(async () => {
    api = await backend.start({ demoProject: true });
    demo = await api.token();
    stranger = (await newBroker(api)).token;
    plainUser = (await newBroker(api, false)).token;
    const list = await api.call<Array<{ projectNo: string; name: string }>>('GET', '/broker/project', { token: demo });
    projectNo = list.data[0]!.projectNo;
    projectName = list.data[0]!.name;
  }, 180_000);
  afterAll(async () => api?.close());

  it('the project list holds project/page’s rows for the same filters', async () => {
    const reply = await download('/broker/project/export', { status: 'in_progress' });
    expect(fileName(reply)).toMatch(/項目列表-\d{8}\.xlsx/);
    const rows = await sheet(reply);
    expect(rows[0]).toEqual(['項目列表']);
    expect(String(rows[1]![0])).toContain('進行中');
    const onPage = await call<{ list: Array<{ projectNo: string; nav: string; netAsset: string }> }>('/broker/project/page', { pageCondition: page, queryCondition: { status: 'in_progress' } });
    expect(onPage.list.length).toBeGreaterThan(0);
    expect(rows.slice(6).map((r) => [r[0], r[13], r[14]])).toEqual(onPage.list.map((p) => [p.projectNo, Number(p.netAsset), Number(p.nav)]));
    // Another status: the page is empty, so is the file.
    expect((await sheet(await download('/broker/project/export', { status: 'completed' }))).slice(6)).toEqual([]);
  });

  it('the subscriptions and redemptions hold pageDepositWithdrawRecords’ rows for the same filters', async () => {
    for (const query of [{ projectNo }, { projectNo, direction: 'increase' }, { projectNo, days: '30' }]) {
      const reply = await download('/broker/project/depositWithdrawRecords/export', query);
      expect(fileName(reply)).toMatch(/認購及贖回記錄-\d{8}\.xlsx/);
      const rows = await sheet(reply);
      expect(String(rows[1]![0])).toContain(projectNo);
      const onPage = await call<{ list: Array<{ flowId: string; amount: string; units: string; direction: string }> }>('/broker/project/pageDepositWithdrawRecords', {
        pageCondition: page,
        queryCondition: { ...query, ...('days' in query ? { days: Number(query.days) } : {}) },
      });
      expect(rows.slice(6).map((r) => [r[0], r[6], r[7]])).toEqual(onPage.list.map((f) => [f.flowId, Number(f.amount), Number(f.units)]));
      if (!('days' in query)) expect(onPage.list.length).toBeGreaterThan(0);
      if ('direction' in query) expect(String(rows[1]![0])).toContain('認購');
    }
  });

  it('the holdings hold listCapital’s rows', async () => {
    const reply = await download('/broker/project/listCapital/export', { projectNo });
    expect(fileName(reply)).toMatch(/投資者持有-\d{8}\.xlsx/);
    const rows = await sheet(reply);
    expect(String(rows[1]![0])).toContain(projectName);
    const onPage = await call<{ list: Array<{ name: string; units: string; principal: string; value: string }> }>('/broker/project/listCapital', { projectNo });
    expect(onPage.list.length).toBeGreaterThan(0);
    expect(rows.slice(6).map((r) => [r[0], r[2], r[3], r[4]])).toEqual(onPage.list.map((h) => [h.name, Number(h.units), Number(h.principal), Number(h.value)]));
    expect(typeof rows[6]![2]).toBe('number');
  });

  it('the capital report and the trade statistics hold the analysis tab’s figures', async () => {
    const reportReply = await download('/broker/account/overview/capitalReport/export', { projectNo, days: '30' });
    expect(fileName(reportReply)).toMatch(/資本報告-\d{8}\.xlsx/);
    const report = await sheet(reportReply);
    expect(String(report[1]![0])).toContain(projectNo);
    const onPage = await call<{ list: Array<{ projectNo: string; netAssetStart: string; netAssetEnd: string; capitalIn: string }>; total: { netAssetEnd: string } }>(
      '/broker/account/overview/capitalReport',
      { projectNo, days: 30 },
    );
    expect(onPage.list.length).toBe(1);
    expect(report.slice(6, -1).map((r) => [r[0], r[2], r[3], r[8]])).toEqual(onPage.list.map((l) => [l.projectNo, Number(l.netAssetStart), Number(l.capitalIn), Number(l.netAssetEnd)]));
    expect(report.at(-1)![8]).toBe(Number(onPage.total.netAssetEnd));

    const statsReply = await download('/broker/account/overview/listTotalTrade/export', { projectNo, days: '30' });
    expect(fileName(statsReply)).toMatch(/交易統計-\d{8}\.xlsx/);
    const stats = await sheet(statsReply);
    const total = await call<{ tradeCount: number; volume: string; lastTradeDay: string; symbols: Array<{ symbol: string; tradeCount: number; volume: string; netPnl: string }> }>(
      '/broker/account/overview/listTotalTrade',
      { projectNo, days: 30 },
    );
    expect(total.tradeCount).toBeGreaterThan(0);
    expect(String(stats[1]![0])).toContain(total.lastTradeDay);
    expect(stats.slice(6, -1).map((r) => [r[0], r[1], r[2], r[5]])).toEqual(total.symbols.map((s) => [s.symbol, s.tradeCount, Number(s.volume), Number(s.netPnl)]));
    expect(stats.at(-1)!.slice(1, 3)).toEqual([total.tradeCount, Number(total.volume)]);
  });

  it('refusals are the JSON envelope: 401, 403, 404 another organisation’s, 400 with the field', async () => {
    const envelope = async (reply: Response) => {
      expect(reply.headers.get('content-type')).toContain('application/json');
      return [reply.status, ((await reply.json()) as Envelope<unknown>).code];
    };
    const noToken = await fetch(`${api.base}/broker/project/export`, { method: 'POST', headers: { source: 'web' } });
    expect(noToken.status).toBe(401);
    expect(await envelope(await download('/broker/project/export', {}, plainUser))).toEqual([403, 403]);
    for (const [path, query] of [
      ['/broker/project/listCapital/export', { projectNo }],
      ['/broker/project/depositWithdrawRecords/export', { projectNo }],
      ['/broker/account/overview/capitalReport/export', { projectNo }],
      ['/broker/account/overview/listTotalTrade/export', { projectNo }],
    ] as const) {
      expect(await envelope(await download(path, query, stranger))).toEqual([404, 404]);
    }
    const bad = await download('/broker/project/depositWithdrawRecords/export', { projectNo, days: '14' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('days');
    expect((await download('/broker/project/listCapital/export', {})).status).toBe(400);
    expect((await download('/broker/account/overview/capitalReport/export', { startDay: '2026-13-01', endDay: '2026-01-01' })).status).toBe(400);
  });
});
