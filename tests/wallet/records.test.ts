import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../api/helpers.ts';

/**
 * The records pages' time filters (spec §9 quick ranges and the calendar's custom range) on the coin, fiat and
 * transfer records, and record/transfer itself: transfers between the user's own accounts, newest first.
 */
describe('records: custom time ranges and transfers', () => {
  let api: TestApi;
  let token = '';
  const call = <T>(path: string, body: unknown) => api.call<T>('POST', path, { token, body });
  const page = { pageNum: 1, pageSize: 10 };
  const transfers = (queryCondition: Record<string, unknown> = {}) =>
    call<{ list: Array<{ transferId: string; type: string; from: number; to: number; amount: string; createdAt: string }>; total: number }>(
      '/account/wallet/transfer/page',
      { pageCondition: page, queryCondition },
    );

  beforeAll(async () => {
    api = await TestApi.start();
    token = await api.token();
  }, 60_000);
  afterAll(async () => api?.close());
  afterEach(async () => {
    expect((await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check')).data.violations).toEqual([]);
  });

  it('lists transfers newest first with their accounts, by type and by a custom range', async () => {
    const t0 = new Date(api.clock.now());
    for (const [type, amount] of [['FUNDING_MAIN', '10'], ['MAIN_FUNDING', '4'], ['FUNDING_UMFUTURE', '3']] as const) {
      expect((await call('/broker/lightning/transfer/submit', { asset: 'USDT', type, amount })).code).toBe(200);
      api.clock.advance(60_000);
    }
    const all = await transfers();
    expect(all.code, JSON.stringify(all)).toBe(200);
    expect(all.data.list.map((r) => [r.type, r.from, r.to, r.amount])).toEqual([
      ['FUNDING_UMFUTURE', 1, 3, '3'],
      ['MAIN_FUNDING', 2, 1, '4'],
      ['FUNDING_MAIN', 1, 2, '10'],
    ]);
    expect((await transfers({ type: 'MAIN_FUNDING' })).data.list.map((r) => r.amount)).toEqual(['4']);
    // The second minute only: from t0 + 1 min (inclusive) to t0 + 2 min (exclusive).
    const mid = await transfers({ startTime: new Date(t0.getTime() + 60_000).toISOString(), endTime: new Date(t0.getTime() + 120_000).toISOString() });
    expect(mid.data.list.map((r) => r.type)).toEqual(['MAIN_FUNDING']);
    expect(mid.data.total).toBe(1);

    // Sorted on the server (the table's lazy sorting): amounts as numbers (10 after 4, not before 3 as text), time either way.
    const sorted = async (sort: unknown) =>
      (await call<{ list: Array<{ amount: string }> }>('/account/wallet/transfer/page', { pageCondition: page, sort })).data.list.map((r) => r.amount);
    expect(await sorted({ field: 'amount', order: 'asc' })).toEqual(['3', '4', '10']);
    expect(await sorted({ field: 'amount', order: 'desc' })).toEqual(['10', '4', '3']);
    expect(await sorted({ field: 'createdAt', order: 'asc' })).toEqual(['10', '4', '3']);
    expect((await call('/account/wallet/transfer/page', { pageCondition: page, sort: { field: 'fee', order: 'asc' } })).status).toBe(400);
    for (const path of ['/account/block/pageBlockDepositWithdraw', '/institution/pageSwapOrderRecord']) {
      expect((await call(path, { pageCondition: page, sort: { field: 'amount', order: 'asc' } })).code, path).toBe(200);
    }
    expect((await call('/account/block/fiat/pageTransaction', { pageCondition: page, queryCondition: { type: 'deposit' }, sort: { field: 'amount', order: 'desc' } })).code).toBe(200);
  });

  it('a custom range must have both ends, in order, at most 366 days, and not with days; each page refuses a bad one with 400', async () => {
    const start = new Date(api.clock.now() - 10 * 86_400_000).toISOString();
    const end = new Date(api.clock.now()).toISOString();
    const bad = [
      { startTime: start },
      { endTime: end },
      { startTime: end, endTime: start },
      { startTime: new Date(api.clock.now() - 367 * 86_400_000).toISOString(), endTime: end },
      { startTime: start, endTime: end, days: 30 },
      { startTime: 'yesterday', endTime: end },
    ];
    for (const queryCondition of bad) {
      const replies = await Promise.all([
        transfers(queryCondition),
        call('/account/block/pageBlockDepositWithdraw', { pageCondition: page, queryCondition }),
        call('/account/block/fiat/pageTransaction', { pageCondition: page, queryCondition: { type: 'deposit', ...queryCondition } }),
      ]);
      expect(replies.map((r) => r.status), JSON.stringify(queryCondition)).toEqual([400, 400, 400]);
    }
    const ok = await call<{ total: number }>('/account/block/pageBlockDepositWithdraw', { pageCondition: page, queryCondition: { startTime: start, endTime: end } });
    expect(ok.code).toBe(200);
  });

  it('the fiat and coin records keep to the range', async () => {
    const declared = await call<{ recordId: string; createdAt: string }>('/account/block/submitBlockFiatDeposit', {
      requestId: 'range-dep-0001',
      asset: 'USD',
      amount: '500',
      bankReference: 'RANGE0001',
    });
    const at = Date.parse(declared.data.createdAt);
    const range = (from: number, to: number) => ({ type: 'deposit', startTime: new Date(from).toISOString(), endTime: new Date(to).toISOString() });
    const inside = await call<{ list: Array<{ recordId: string }> }>('/account/block/fiat/pageTransaction', { pageCondition: page, queryCondition: range(at, at + 1) });
    expect(inside.data.list.map((r) => r.recordId)).toEqual([declared.data.recordId]);
    const before = await call<{ list: unknown[] }>('/account/block/fiat/pageTransaction', { pageCondition: page, queryCondition: range(at - 86_400_000, at) });
    expect(before.data.list).toEqual([]);
  });
});
