import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './helpers.ts';

// spec §3 favourite pair list (version 1.0), §5/§9 at most 8, §7 self-selection calls.
let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await TestApi.start();
  token = await api.token();
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const config = async () => {
  const reply = await api.call<{ configData: string | null }>('GET', '/user/feConfig/getSelfSelectionConfig', { token });
  expect(reply.code).toBe(200);
  return reply.data.configData === null ? null : (JSON.parse(reply.data.configData) as { version: string; selectionList: string[] });
};

describe('self-selection calls', () => {
  it('needs a session', async () => {
    const reply = await api.call('GET', '/user/feConfig/getSelfSelectionConfig');
    expect(reply.status).toBe(401);
    expect((await api.call('POST', '/selfSelection/addSelfSelection', { body: { symbol: 'BTCUSDT' } })).status).toBe(401);
  });

  it('adds, refuses a ninth, removes, and keeps the config at version 1.0', async () => {
    expect(await config()).toBeNull();
    const symbols = ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'ADAUSDT', 'DOGEUSDT', 'TRXUSDT'];
    for (const symbol of symbols) {
      expect((await api.call('POST', '/selfSelection/addSelfSelection', { token, body: { symbol } })).code).toBe(200);
    }
    expect((await api.call('POST', '/selfSelection/addSelfSelection', { token, body: { symbol: 'BTCUSDT' } })).code).toBe(200);
    const ninth = await api.call<{ field: string; rule: string }>('POST', '/selfSelection/addSelfSelection', { token, body: { symbol: 'DOTUSDT' } });
    expect(ninth.code).toBe(400);
    expect(ninth.data).toEqual({ field: 'symbol', rule: 'max' });
    expect(await config()).toEqual({ version: '1.0', selectionList: symbols });

    expect((await api.call('POST', '/selfSelection/delSelfSelection', { token, body: { symbol: 'ETHUSDT' } })).code).toBe(200);
    expect((await config())?.selectionList).toEqual(symbols.filter((s) => s !== 'ETHUSDT'));
    expect((await api.call('POST', '/selfSelection/addSelfSelection', { token, body: { symbol: 'bad symbol' } })).code).toBe(400);
  });

  it('replaces the config only with version 1.0 and at most 8 pairs', async () => {
    const update = (value: unknown) =>
      api.call('POST', '/user/feConfig/updateSelfSelectionConfig', { token, body: { configData: JSON.stringify(value) } });
    expect((await update({ version: '2.0', selectionList: ['BTCUSDT'] })).code).toBe(400);
    expect((await update({ version: '1.0', selectionList: Array.from({ length: 9 }, (_, i) => `AA${i}USDT`) })).code).toBe(400);
    expect((await update({ version: '1.0', selectionList: ['LTCUSDT', 'BTCUSDT'] })).code).toBe(200);
    expect(await config()).toEqual({ version: '1.0', selectionList: ['LTCUSDT', 'BTCUSDT'] });
  });
});
