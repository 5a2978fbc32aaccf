import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_LABELS, MARKET_SECTIONS } from '../../contract/market-config.ts';
import { TestApi } from './helpers.ts';

/** spec §7 /market/configure/list, labelList; §6: the market configuration is a public call (no token). */
let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => api.close());

describe('market configuration', () => {
  it('lists the sections in order and the labels with their assets, without a token', async () => {
    const sections = await api.call<Array<{ section: string; sort: number }>>('POST', '/market/configure/list', {});
    expect(sections.code).toBe(200);
    expect(sections.data.map((s) => s.section)).toEqual([...MARKET_SECTIONS]);
    const labels = await api.call<Array<{ label: string; sort: number; assets: string[] }>>('POST', '/market/configure/labelList', {});
    expect(labels.code).toBe(200);
    expect(labels.data.map((l) => l.label).every((l) => (MARKET_LABELS as readonly string[]).includes(l))).toBe(true);
    expect(labels.data.find((l) => l.label === 'hot')?.assets).toContain('BTC');
    expect(labels.data.map((l) => l.sort)).toEqual([...labels.data.map((l) => l.sort)].sort((a, b) => a - b));
  });

  it('is POST like the spec calls', async () => {
    expect((await api.call('GET', '/market/configure/list', {})).status).toBe(404);
  });
});
