import { describe, expect, it } from 'vitest';
import { CHART_PERIODS_MAX, createTradingPrefs, parsePeriods, STORAGE_KEYS, togglePeriod, type KlineInterval } from './trading-prefs.ts';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('trading prefs', () => {
  it('restores the pair, periods and layout from the stored keys and writes changes back', () => {
    const storage = memory({
      [STORAGE_KEYS.tradingPair]: JSON.stringify({ symbol: 'ETHUSDT', market: 'usdm' }),
      [STORAGE_KEYS.chartPeriods]: JSON.stringify({ saved: ['1h', '1m', 'bogus', '1h'], active: '1h' }),
      [STORAGE_KEYS.layout]: JSON.stringify({ chart: 'depth', book: 'weird' }),
    });
    const prefs = createTradingPrefs(storage);
    expect(prefs.store.getState()).toEqual({
      pair: { symbol: 'ETHUSDT', market: 'usdm' },
      currencies: null,
      periods: { saved: ['1m', '1h'], active: '1h' },
      layout: { chart: 'depth', book: 'both' },
    });
    prefs.setPair({ symbol: 'SOLUSDT', market: 'spot' });
    prefs.setLayout({ book: 'bids' });
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.tradingPair) ?? '')).toEqual({ symbol: 'SOLUSDT', market: 'spot' });
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.layout) ?? '')).toEqual({ chart: 'depth', book: 'bids' });
    expect(createTradingPrefs(storage).store.getState().pair).toEqual({ symbol: 'SOLUSDT', market: 'spot' });
  });

  it('stores the selected pair\'s baseCurrency and quoteCurrency and reads them back (spec §3 "Stored keys")', () => {
    const storage = memory();
    const prefs = createTradingPrefs(storage);
    prefs.setPair({ symbol: 'ETHUSDT', market: 'usdm' }, { baseCurrency: 'ETH', quoteCurrency: 'USDT' });
    expect(prefs.store.getState().currencies).toEqual({ baseCurrency: 'ETH', quoteCurrency: 'USDT' });
    expect(storage.data.get(STORAGE_KEYS.baseCurrency)).toBe('ETH');
    expect(storage.data.get(STORAGE_KEYS.quoteCurrency)).toBe('USDT');
    expect(createTradingPrefs(storage).store.getState()).toMatchObject({
      pair: { symbol: 'ETHUSDT', market: 'usdm' },
      currencies: { baseCurrency: 'ETH', quoteCurrency: 'USDT' },
    });

    // A pair set without its assets keeps the last stored ones; malformed assets are not stored.
    prefs.setPair({ symbol: 'SOLUSDT', market: 'spot' }, { baseCurrency: 'sol<', quoteCurrency: 'USDT' });
    expect(storage.data.get(STORAGE_KEYS.baseCurrency)).toBe('ETH');
    expect(prefs.store.getState().currencies).toEqual({ baseCurrency: 'ETH', quoteCurrency: 'USDT' });
  });

  it('reads back no currencies when one of the two is missing or malformed', () => {
    expect(createTradingPrefs(memory({ [STORAGE_KEYS.baseCurrency]: 'BTC' })).store.getState().currencies).toBeNull();
    const bad = memory({ [STORAGE_KEYS.baseCurrency]: 'BTC', [STORAGE_KEYS.quoteCurrency]: '"USDT"' });
    expect(createTradingPrefs(bad).store.getState().currencies).toBeNull();
  });

  it('ignores broken storage', () => {
    const prefs = createTradingPrefs(memory({ [STORAGE_KEYS.tradingPair]: '{nope', [STORAGE_KEYS.chartPeriods]: '"x"' }));
    expect(prefs.store.getState().pair).toBeNull();
    expect(prefs.store.getState().periods.saved.length).toBeGreaterThan(0);
  });

  it('keeps at most 8 chart periods (spec §9)', () => {
    const nine: KlineInterval[] = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h'];
    expect(parsePeriods({ saved: nine }).saved).toHaveLength(CHART_PERIODS_MAX);
    const full = parsePeriods({ saved: nine.slice(0, 8), active: '1m' });
    expect(togglePeriod(full, '1d')).toBeNull();
    const fewer = togglePeriod(full, '1m');
    expect(fewer).toEqual({ saved: nine.slice(1, 8), active: '3m' });
    expect(togglePeriod(fewer!, '1d')?.saved).toEqual([...nine.slice(1, 8), '1d']);
  });
});
