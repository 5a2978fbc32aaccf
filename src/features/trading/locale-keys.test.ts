import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingKeys, templateKeys } from '../../../tests/support/locale-namespace.ts';
// The module itself, not the market entry: the entry starts the session store, which needs a browser document.
// eslint-disable-next-line no-restricted-imports
import { TICKER_COLUMNS } from '../market/ticker-rows.ts';
import { MARKET_LABELS } from '../../../contract/market-config.ts';
import { KLINE_INTERVALS } from './trading-prefs.ts';

// The market and trading views' dynamic keys, expanded from the values they can take, have texts
// (tests/unit/locales.test.ts checks that both locales have the same keys and every static key; ../shared/CONVENTIONS.md "i18n").
const features = fileURLToPath(new URL('..', import.meta.url));

const DYNAMIC: Record<string, readonly string[]> = {
  'tabs.${key}': ['tabs.spot', 'tabs.usdm'],
  'columns.${column}': TICKER_COLUMNS.map((c) => `columns.${c}`),
  'errors.${error}': ['errors.limit', 'errors.invalidSymbol'],
  'book.view.${mode}': ['book.view.both', 'book.view.bids', 'book.view.asks'],
  'header.markets.${m}': ['header.markets.spot', 'header.markets.usdm'],
  'header.markets.${pair.market}': ['header.markets.spot', 'header.markets.usdm'],
  'chart.${kind}': ['chart.candles', 'chart.depth'],
  'chart.intervals.${p}': KLINE_INTERVALS.map((p) => `chart.intervals.${p}`),
  'chart.intervals.${interval}': KLINE_INTERVALS.map((p) => `chart.intervals.${p}`),
  'health.endpoints.${e.id}': ['spot', 'usdmPublic', 'usdmMarket'].map((e) => `health.endpoints.${e}`),
  'health.states.${e.state}': ['idle', 'connecting', 'open', 'reconnecting', 'offline'].map((s) => `health.states.${s}`),
  '${name}.title': ['chart', 'book', 'trades', 'form'].map((v) => `${v}.title`),
  'labelNames.${key}': ['all', ...MARKET_LABELS].map((l) => `labelNames.${l}`),
  'staleness.${state}': ['live', 'stale', 'resyncing', 'offline'].map((s) => `staleness.${s}`),
};

describe.each(['market', 'trading'])('%s namespace', (ns) => {
  it('has a text for every value of each dynamic key the views use', () => {
    const used = templateKeys(`${features}${ns}`);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((key) => DYNAMIC[key] === undefined)).toEqual([]);
    expect(missingKeys(ns, used.flatMap((key) => DYNAMIC[key] ?? []))).toEqual([]);
  });
});
