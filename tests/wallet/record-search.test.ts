import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../api/helpers.ts';

/**
 * The records pages' search by record id (D12, W3, FD3, FW2: the ids the tables show and the messages quote): an id
 * finds its one record whatever the other filters and however old it is; an id of the wrong form is a 400.
 */
describe('records: search by record id', () => {
  let api: TestApi;
  let token = '';
  const call = <T>(path: string, body: unknown) => api.call<T>('POST', path, { token, body });
  const page = { pageNum: 1, pageSize: 10 };
  type Row = { recordId: string; status: string };
  const coin = (queryCondition: Record<string, unknown>) =>
    call<{ list: Row[]; total: number }>('/account/block/pageBlockDepositWithdraw', { pageCondition: page, queryCondition });
  const fiat = (queryCondition: Record<string, unknown>) =>
    call<{ list: Row[]; total: number }>('/account/block/fiat/pageTransaction', { pageCondition: page, queryCondition });

  beforeAll(async () => {
    api = await TestApi.start();
    token = await api.token();
  }, 60_000);
  afterAll(async () => api?.close());

  it('finds one coin record by its id, past the time range and the other filters', async () => {
    const addr = await call<{ address: string }>('/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    const ids: string[] = [];
    for (const amount of ['0.5', '0.25']) {
      const sent = await api.call<{ recordId: string }>('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount } });
      expect(sent.code, JSON.stringify(sent)).toBe(200);
      ids.push(sent.data.recordId);
    }
    const [first, second] = ids as [string, string];
    const found = await coin({ recordId: first });
    expect(found.code, JSON.stringify(found)).toBe(200);
    expect(found.data.list.map((r) => r.recordId)).toEqual([first]);
    expect(found.data.total).toBe(1);
    // The id names the record: a filter that would leave it out does not apply.
    expect((await coin({ recordId: second, type: 'withdraw', asset: 'ETH' })).data.list.map((r) => r.recordId)).toEqual([second]);
    // Forty days on it is out of the default range, and still found by its id.
    api.clock.advance(40 * 86_400_000);
    token = await api.token(); // the session did not last forty days
    expect((await coin({ days: 30 })).data.list.some((r) => r.recordId === first)).toBe(false);
    expect((await coin({ recordId: first, days: 30 })).data.list.map((r) => r.recordId)).toEqual([first]);
    // No such record: an empty page, not an error; a malformed id is refused (4xx, never 5xx).
    expect((await coin({ recordId: 'W999999' })).data).toMatchObject({ list: [], total: 0 });
    for (const bad of ['d1', 'FD1', 'D0', 'D1 OR 1=1', 'X1']) expect((await coin({ recordId: bad })).status, bad).toBe(400);
  });

  it('finds one fiat record by its id within its type', async () => {
    const declared = await call<{ recordId: string }>('/account/block/submitBlockFiatDeposit', { requestId: 'search-fd-0001', asset: 'USD', amount: '2500.5', bankReference: 'FT24112500123' });
    expect(declared.code, JSON.stringify(declared)).toBe(200);
    const id = declared.data.recordId;
    expect(id).toMatch(/^FD\d+$/);
    expect((await fiat({ type: 'deposit', recordId: id, status: 'complete' })).data.list.map((r) => r.recordId)).toEqual([id]);
    // A deposit's id among the withdrawals: nothing.
    expect((await fiat({ type: 'withdraw', recordId: id })).data.total).toBe(0);
    for (const bad of ['fd1', 'D1', 'FX1']) expect((await fiat({ type: 'deposit', recordId: bad })).status, bad).toBe(400);
  });
});
