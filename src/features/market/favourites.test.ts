import { describe, expect, it, vi } from 'vitest';
import { FAVOURITES_MAX, createFavourites, parseSelectionConfig, serialiseSelectionConfig } from './favourites.ts';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('parseSelectionConfig (spec §3)', () => {
  it('accepts version 1.0 as a JSON string or an object', () => {
    expect(parseSelectionConfig('{"version":"1.0","selectionList":["BTCUSDT","ETHUSDT"]}')).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(parseSelectionConfig({ version: '1.0', selectionList: ['BTCUSDT'] })).toEqual(['BTCUSDT']);
  });
  it.each([
    ['another version', { version: '2.0', selectionList: ['BTCUSDT'] }],
    ['a numeric version', { version: 1.0, selectionList: ['BTCUSDT'] }],
    ['no list', { version: '1.0' }],
    ['broken JSON', '{"version":"1.0",'],
    ['null', null],
  ])('refuses %s', (_name, raw) => {
    expect(parseSelectionConfig(raw)).toBeNull();
  });
  it('drops junk entries and duplicates and keeps at most 8', () => {
    const list = ['BTCUSDT', 'BTCUSDT', 'bad symbol', 42, ...Array.from({ length: 10 }, (_, i) => `C${i}USDT`)];
    const parsed = parseSelectionConfig({ version: '1.0', selectionList: list });
    expect(parsed).toHaveLength(FAVOURITES_MAX);
    expect(parsed?.[0]).toBe('BTCUSDT');
    expect(parsed).not.toContain('bad symbol');
  });
  it('round-trips through serialiseSelectionConfig', () => {
    expect(parseSelectionConfig(serialiseSelectionConfig(['ETHUSDT']))).toEqual(['ETHUSDT']);
  });
});

describe('favourites store', () => {
  it('keeps symbolData in storage and refuses a ninth favourite (spec §5)', async () => {
    const storage = memory();
    const favs = createFavourites(storage);
    for (let i = 0; i < FAVOURITES_MAX; i++) expect(await favs.add(`S${i}USDT`)).toEqual({ ok: true });
    expect(await favs.add('NINEUSDT')).toEqual({ ok: false, error: 'limit' });
    expect(favs.store.getState().symbols).toHaveLength(8);
    expect(JSON.parse(storage.map.get('symbolData') ?? '[]')).toHaveLength(8);
    expect(createFavourites(storage).store.getState().symbols).toHaveLength(8);
  });

  it('changes nothing locally when the server refuses', async () => {
    const favs = createFavourites(memory());
    favs.connect({ add: () => Promise.reject(new Error('server')), remove: vi.fn(async () => {}) });
    await expect(favs.add('BTCUSDT')).rejects.toThrow('server');
    expect(favs.store.getState().symbols).toEqual([]);
  });

  it('takes a valid server list over the local one, ignores an invalid one', () => {
    const favs = createFavourites(memory({ symbolData: '["ETHUSDT"]' }));
    favs.connect(null, { version: '0.9', selectionList: ['XRPUSDT'] });
    expect(favs.store.getState().symbols).toEqual(['ETHUSDT']);
    favs.connect(null, '{"version":"1.0","selectionList":["BTCUSDT"]}');
    expect(favs.store.getState().symbols).toEqual(['BTCUSDT']);
  });

  it('calls the server to add and remove when connected', async () => {
    const remote = { add: vi.fn(async () => {}), remove: vi.fn(async () => {}) };
    const favs = createFavourites(memory());
    favs.connect(remote);
    await favs.add('BTCUSDT');
    await favs.remove('BTCUSDT');
    expect(remote.add).toHaveBeenCalledWith('BTCUSDT');
    expect(remote.remove).toHaveBeenCalledWith('BTCUSDT');
    expect(favs.store.getState().symbols).toEqual([]);
  });

  it('survives corrupt local storage', () => {
    expect(createFavourites(memory({ symbolData: '{oops' })).store.getState().symbols).toEqual([]);
  });
});
