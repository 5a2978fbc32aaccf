import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../api/helpers.ts';
import { amountCell } from '../../server/platform/xlsx.ts';
import { securityBackends } from '../security/backends.ts';
import { downloadName, queryDownload, sheetRows } from './export-support.ts';
import { newBroker } from './brokers.ts';

/**
 * The remaining tables' downloads (issue 15 "xlsx exports for every table"; contract/broker-project-exports.ts;
 * server/broker/analytics/project-export.ts) against the demo organisation's seeded project: the analysis tab's per-sub-account
 * and per-investor trade statistics and the investors' holdings and profit; the interest page's investors and interest
 * records; the profit page's per-project summary; the project detail's sub-accounts. Each file's rows are the page call's rows
 * for the same filters, under the cover block (title, filters in words, UTC+8, generation time), amounts as numeric
 * cells (amountCell: a number where a double holds it exactly); a refusal is the JSON envelope. PGlite, one sandbox.
 */
describe('broker table downloads', () => {
  const backend = securityBackends()[0]!;
  let api: TestApi;
  let demo = '';
  let stranger = '';
  let projectNo = '';
  let projectName = '';

  const call = async <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>): Promise<T> => {
    const reply =
      method === 'GET'
        ? await api.call<T>('GET', `${path}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`, { token: demo })
        : await api.call<T>('POST', path, { token: demo, body });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data;
  };
  const download = (path: string, query: Record<string, string>, token = demo) => queryDownload(api, path, query, token);
  const sheet = sheetRows;
  const fileName = downloadName;
  const status = async (reply: Response) => {
    expect(reply.headers.get('content-type')).toContain('application/json');
    return [reply.status, ((await reply.json()) as { code: number }).code];
  };

  beforeAll(async () => {
    api = await backend.start({ demoProject: true });
    demo = await api.token();
    stranger = (await newBroker(api)).token;
    const list = await api.call<Array<{ projectNo: string; name: string }>>('GET', '/broker/project', { token: demo });
    projectNo = list.data[0]!.projectNo;
    projectName = list.data[0]!.name;
  }, 180_000);
  afterAll(async () => api?.close());

  it('the per-sub-account trade statistics hold listAccountTradeStatistics’ rows for the same filters', async () => {
    const path = '/broker/account/overview/listAccountTradeStatistics/export';
    const reply = await download(path, { projectNo, days: '30' });
    expect(fileName(reply)).toMatch(/子帳戶交易統計-\d{8}\.xlsx/);
    const rows = await sheet(reply);
    expect(rows[0]).toEqual(['子帳戶交易統計']);
    const onPage = await call<{ lastTradeDay: string; list: Array<{ subAccountName: string; projectNo: string; tradeCount: number; volume: string; fee: string; netPnl: string }> }>(
      'GET',
      '/broker/account/overview/listAccountTradeStatistics',
      { projectNo, days: 30 },
    );
    expect(onPage.list.length).toBeGreaterThan(0);
    expect(String(rows[1]![0])).toContain(projectNo);
    expect(String(rows[1]![0])).toContain(onPage.lastTradeDay);
    expect(rows.slice(6).map((r) => [r[0], r[2], r[3], r[4], r[5], r[7]])).toEqual(
      onPage.list.map((a) => [a.subAccountName, a.projectNo, a.tradeCount, amountCell(a.volume), amountCell(a.fee), amountCell(a.netPnl)]),
    );
    expect(typeof rows[6]![5]).toBe('number');
    expect(await status(await download(path, { projectNo }, stranger))).toEqual([404, 404]);
  });

  it('the per-investor trade statistics hold listUserTradeSummary’s rows for the same filters', async () => {
    const path = '/broker/account/overview/listUserTradeSummary/export';
    const reply = await download(path, { projectNo, days: '30' });
    expect(fileName(reply)).toMatch(/投資者交易統計-\d{8}\.xlsx/);
    const rows = await sheet(reply);
    expect(String(rows[1]![0])).toContain(projectName);
    const onPage = await call<{ list: Array<{ investorName: string; projectCount: number; volumeShare: string; feeShare: string; pnlShare: string }> }>(
      'POST',
      '/broker/account/overview/listUserTradeSummary',
      { projectNo, days: 30 },
    );
    expect(onPage.list.length).toBeGreaterThan(0);
    expect(rows.slice(6)).toEqual(onPage.list.map((u) => [u.investorName, u.projectCount, amountCell(u.volumeShare), amountCell(u.feeShare), amountCell(u.pnlShare)]));
    expect(typeof rows[6]![3]).toBe('number');
    const bad = await download(path, { projectNo, days: '14' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('days');
  });

  it('the investors’ holdings and profit hold queryUserProfit’s rows and total', async () => {
    const path = '/broker/account/overview/queryUserProfit/export';
    const reply = await download(path, { projectNo });
    expect(fileName(reply)).toMatch(/投資者持有及收益-\d{8}\.xlsx/);
    const rows = await sheet(reply);
    expect(String(rows[1]![0])).toContain(projectNo);
    const onPage = await call<{ list: Array<{ investorName: string; projectNo: string; units: string; value: string; profit: string }>; total: { value: string; profit: string } }>(
      'POST',
      '/broker/account/overview/queryUserProfit',
      { projectNo },
    );
    expect(onPage.list.length).toBeGreaterThan(0);
    expect(rows.slice(6, -1).map((r) => [r[0], r[1], r[3], r[6], r[10]])).toEqual(
      onPage.list.map((u) => [u.investorName, u.projectNo, amountCell(u.units), amountCell(u.value), amountCell(u.profit)]),
    );
    expect([rows.at(-1)![0], rows.at(-1)![6], rows.at(-1)![10]]).toEqual(['合計', amountCell(onPage.total.value), amountCell(onPage.total.profit)]);
    expect(rows.slice(6, -1).every((r) => typeof r[11] === 'number')).toBe(true);
    expect(await status(await download(path, { projectNo }, stranger))).toEqual([404, 404]);
  });

  it('the interest page’s investors and interest records hold interestSettle/account’s and interestSettle/page’s rows', async () => {
    const investorsReply = await download('/broker/interestSettle/account/export', { projectNo });
    expect(fileName(investorsReply)).toMatch(/投資者利息-\d{8}\.xlsx/);
    const investors = await sheet(investorsReply);
    expect(String(investors[1]![0])).toContain(projectNo);
    const onPage = await call<Array<{ investorId: string; investorName: string; units: string; accrued: string; pending: string }>>('POST', '/broker/interestSettle/account', { projectNo });
    expect(onPage.length).toBeGreaterThan(0);
    expect(investors.slice(6).map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual(onPage.map((i) => [i.investorId, i.investorName, amountCell(i.units), amountCell(i.accrued), amountCell(i.pending)]));
    expect(investors.slice(6).every((r) => typeof r[4] === 'number')).toBe(true);

    for (const query of [{ projectNo }, { projectNo, state: 'pending_payment' }, { projectNo, state: 'paid' }]) {
      const reply = await download('/broker/interestSettle/page/export', query);
      expect(fileName(reply)).toMatch(/利息記錄-\d{8}\.xlsx/);
      const rows = await sheet(reply);
      const records = await call<{ list: Array<{ investorId: string; state: string; fromDay: string; toDay: string; days: number; amount: string }> }>('POST', '/broker/interestSettle/page', {
        pageCondition: { pageNum: 1, pageSize: 100 },
        queryCondition: query,
      });
      if (!('state' in query)) expect(records.list.length).toBeGreaterThan(0);
      if (query.state === 'pending_payment') expect(String(rows[1]![0])).toContain('待付息');
      expect(rows.slice(6).map((r) => [r[0], r[3], r[4], r[5], r[6]])).toEqual(records.list.map((r) => [r.investorId, r.fromDay, r.toDay, r.days, amountCell(r.amount)]));
    }
    expect(await status(await download('/broker/interestSettle/account/export', { projectNo }, stranger))).toEqual([404, 404]);
    expect(await status(await download('/broker/interestSettle/page/export', { projectNo, state: 'lost' }))).toEqual([400, 400]);
  });

  it('the profit page’s per-project summary holds accrualFund’s rows', async () => {
    for (const query of [{}, { projectNo }] as Array<Record<string, string>>) {
      const reply = await download('/broker/profitAccrual/accrualFund/export', query);
      expect(fileName(reply)).toMatch(/各項目利潤-\d{8}\.xlsx/);
      const rows = await sheet(reply);
      expect(String(rows[1]![0])).toContain(query.projectNo ? projectName : '全部');
      const onPage = await call<Array<{ projectNo: string; accrued: string; withdrawn: string; available: string }>>('GET', '/broker/profitAccrual/accrualFund', query);
      expect(onPage.length).toBeGreaterThan(0);
      expect(rows.slice(6).map((r) => [r[0], r[3], r[4], r[8]])).toEqual(onPage.map((f) => [f.projectNo, amountCell(f.accrued), amountCell(f.withdrawn), amountCell(f.available)]));
      expect(typeof rows[6]![3]).toBe('number');
    }
    expect(await status(await download('/broker/profitAccrual/accrualFund/export', { projectNo }, stranger))).toEqual([404, 404]);
  });

  it('the project detail’s sub-accounts hold queryBrokerProjectInfo’s accounts', async () => {
    const reply = await download('/broker/account/project/relation/export', { projectNo });
    expect(fileName(reply)).toMatch(/項目子帳戶-\d{8}\.xlsx/);
    const rows = await sheet(reply);
    expect(String(rows[1]![0])).toContain(projectName);
    const info = await call<{ accounts: Array<{ brokerAccountId: string; subAccountName: string; role: string; usdt: string }> }>('POST', '/broker/project/queryBrokerProjectInfo', { projectNo });
    expect(info.accounts.length).toBeGreaterThan(0);
    expect(rows.slice(6).map((r) => [r[0], r[1], r[4]])).toEqual(info.accounts.map((a) => [a.brokerAccountId, a.subAccountName, amountCell(a.usdt)]));
    expect(rows[6]![3]).toBe('主帳戶');
    expect(typeof rows[6]![4]).toBe('number');
    expect(await status(await download('/broker/account/project/relation/export', { projectNo }, stranger))).toEqual([404, 404]);
    expect((await download('/broker/account/project/relation/export', {})).status).toBe(400);
  });
});
