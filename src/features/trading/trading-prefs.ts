import { createStore } from 'zustand/vanilla';
import type { Market } from '../../market/index.ts';
import { browserStorage } from '../../lib/storage/index.ts';

// spec §3 "Stored keys": trading pair, baseCurrency and quoteCurrency, chart period settings (and the layout choices of spec §2 "Futures trading").
// spec §9 "Chart periods: max 8".
export const STORAGE_KEYS = {
  tradingPair: 'tradingPair',
  baseCurrency: 'baseCurrency',
  quoteCurrency: 'quoteCurrency',
  chartPeriods: 'chartPeriods',
  layout: 'tradingLayout',
} as const;

export const CHART_PERIODS_MAX = 8;
/** Binance kline intervals, in order. */
export const KLINE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '8h', '12h', '1d', '3d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
const DEFAULT_PERIODS: KlineInterval[] = ['1m', '5m', '15m', '1h', '4h', '1d'];

export interface TradingPair {
  symbol: string;
  market: Market;
}

/** The selected pair's assets (spec §3 "Stored keys": baseCurrency, quoteCurrency; "Currency pair rows"). */
export interface CurrencyPair {
  baseCurrency: string;
  quoteCurrency: string;
}

export interface ChartPeriods {
  /** the periods offered as buttons, at most 8, in interval order */
  saved: KlineInterval[];
  active: KlineInterval;
}

export interface TradingLayout {
  chart: 'candles' | 'depth';
  book: 'both' | 'bids' | 'asks';
}

export const DEFAULT_PAIR: TradingPair = { symbol: 'BTCUSDT', market: 'spot' };
const DEFAULT_LAYOUT: TradingLayout = { chart: 'candles', book: 'both' };

const isInterval = (v: unknown): v is KlineInterval => typeof v === 'string' && (KLINE_INTERVALS as readonly string[]).includes(v);

function read(storage: Pick<Storage, 'getItem'>, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

export function parsePair(raw: unknown): TradingPair | null {
  const v = raw as Partial<TradingPair> | null;
  if (!v || typeof v.symbol !== 'string' || !/^[A-Z0-9]{2,30}$/.test(v.symbol)) return null;
  return { symbol: v.symbol, market: v.market === 'usdm' ? 'usdm' : 'spot' };
}

const ASSET_CODE = /^[A-Z0-9]{1,20}$/;

/** Both stored currencies, or none: half a pair is no record of the selected one. */
export function parseCurrencies(base: string | null, quote: string | null): CurrencyPair | null {
  if (base === null || quote === null || !ASSET_CODE.test(base) || !ASSET_CODE.test(quote)) return null;
  return { baseCurrency: base, quoteCurrency: quote };
}

/** Stored periods, cleaned: known intervals only, no duplicates, in interval order, at most 8. */
export function parsePeriods(raw: unknown): ChartPeriods {
  const v = raw as { saved?: unknown; active?: unknown } | null;
  const list = Array.isArray(v?.saved) ? v.saved.filter(isInterval) : DEFAULT_PERIODS;
  const saved = KLINE_INTERVALS.filter((i) => list.includes(i)).slice(0, CHART_PERIODS_MAX);
  const active = isInterval(v?.active) ? v.active : (saved[0] ?? '15m');
  return { saved: saved.length > 0 ? saved : [...DEFAULT_PERIODS], active };
}

export function parseLayout(raw: unknown): TradingLayout {
  const v = raw as Partial<TradingLayout> | null;
  return {
    chart: v?.chart === 'depth' ? 'depth' : DEFAULT_LAYOUT.chart,
    book: v?.book === 'bids' || v?.book === 'asks' ? v.book : DEFAULT_LAYOUT.book,
  };
}

/** Toggle a period in the saved list; refuses a ninth (spec §9). Returns null when refused. */
export function togglePeriod(periods: ChartPeriods, interval: KlineInterval): ChartPeriods | null {
  if (periods.saved.includes(interval)) {
    if (periods.saved.length === 1) return periods; // keep at least one to show
    const saved = periods.saved.filter((i) => i !== interval);
    return { saved, active: periods.active === interval ? (saved[0] as KlineInterval) : periods.active };
  }
  if (periods.saved.length >= CHART_PERIODS_MAX) return null;
  return { saved: KLINE_INTERVALS.filter((i) => i === interval || periods.saved.includes(i)), active: periods.active };
}

export interface TradingPrefs {
  pair: TradingPair | null;
  currencies: CurrencyPair | null;
  periods: ChartPeriods;
  layout: TradingLayout;
}

/** The stored currencies are plain text, as the keys are named (not JSON). */
function readCurrencies(storage: Pick<Storage, 'getItem'>): CurrencyPair | null {
  try {
    return parseCurrencies(storage.getItem(STORAGE_KEYS.baseCurrency), storage.getItem(STORAGE_KEYS.quoteCurrency));
  } catch {
    return null;
  }
}

export function createTradingPrefs(storage: Pick<Storage, 'getItem' | 'setItem'>) {
  const store = createStore<TradingPrefs>(() => ({
    pair: parsePair(read(storage, STORAGE_KEYS.tradingPair)),
    currencies: readCurrencies(storage),
    periods: parsePeriods(read(storage, STORAGE_KEYS.chartPeriods)),
    layout: parseLayout(read(storage, STORAGE_KEYS.layout)),
  }));
  const writeText = (key: string, value: string) => {
    try {
      storage.setItem(key, value);
    } catch {
      // storage full or unavailable: the choice holds for this tab only
    }
  };
  const write = (key: string, value: unknown) => writeText(key, JSON.stringify(value));
  return {
    store,
    /** The selected pair, with its base and quote asset when known (stored as spec §3's baseCurrency, quoteCurrency). */
    setPair(pair: TradingPair, currencies?: CurrencyPair) {
      const known = currencies ? parseCurrencies(currencies.baseCurrency, currencies.quoteCurrency) : null;
      store.setState(known ? { pair, currencies: known } : { pair });
      write(STORAGE_KEYS.tradingPair, pair);
      if (known) {
        writeText(STORAGE_KEYS.baseCurrency, known.baseCurrency);
        writeText(STORAGE_KEYS.quoteCurrency, known.quoteCurrency);
      }
    },
    setPeriods(periods: ChartPeriods) {
      store.setState({ periods });
      write(STORAGE_KEYS.chartPeriods, periods);
    },
    setLayout(patch: Partial<TradingLayout>) {
      const layout = { ...store.getState().layout, ...patch };
      store.setState({ layout });
      write(STORAGE_KEYS.layout, layout);
    },
  };
}

export type TradingPrefsApi = ReturnType<typeof createTradingPrefs>;

export const tradingPrefs = createTradingPrefs(browserStorage());
