import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// The module itself, not the market entry: the entry starts the session store, which needs a browser document.
// eslint-disable-next-line no-restricted-imports
import { TICKER_COLUMNS } from '../market/ticker-rows.ts';
import { KLINE_INTERVALS } from './trading-prefs.ts';

// Both locales have the same keys, and every key the market and trading views use exists
// (../shared/CONVENTIONS.md "i18n"). Dynamic keys are expanded from the values they can take.
const features = fileURLToPath(new URL('..', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));

const DYNAMIC: Record<string, readonly string[]> = {
  'tabs.${key}': ['tabs.spot', 'tabs.usdm'],
  'columns.${column}': TICKER_COLUMNS.map((c) => `columns.${c}`),
  'errors.${error}': ['errors.limit', 'errors.invalidSymbol'],
  'book.view.${mode}': ['book.view.both', 'book.view.bids', 'book.view.asks'],
  'header.markets.${m}': ['header.markets.spot', 'header.markets.usdm'],
  'chart.${kind}': ['chart.candles', 'chart.depth'],
  'chart.intervals.${p}': KLINE_INTERVALS.map((p) => `chart.intervals.${p}`),
  'health.endpoints.${e.id}': ['spot', 'usdmPublic', 'usdmMarket'].map((e) => `health.endpoints.${e}`),
  'health.states.${e.state}': ['idle', 'connecting', 'open', 'reconnecting', 'offline'].map((s) => `health.states.${s}`),
  '${name}.title': ['chart', 'book', 'trades', 'form'].map((v) => `${v}.title`),
  'staleness.${state}': ['live', 'stale', 'resyncing', 'offline'].map((s) => `staleness.${s}`),
};

function usedKeys(dir: string): string[] {
  const keys = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.tsx')) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    for (const m of text.matchAll(/\bt\(\s*(['`])([^'`]+)\1/g)) {
      const key = m[2] ?? '';
      if (key.includes('${')) {
        expect(DYNAMIC[key], `dynamic key ${key} in ${name}`).toBeDefined();
        DYNAMIC[key]?.forEach((k) => keys.add(k));
      } else keys.add(key);
    }
    // t(cond ? 'a' : 'b')
    for (const m of text.matchAll(/\bt\(\s*[\w.]+(?:\s*===\s*'[^']*')?\s*\?\s*'([^']+)'\s*:\s*'([^']+)'/g)) {
      keys.add(m[1] ?? '');
      keys.add(m[2] ?? '');
    }
  }
  return [...keys];
}

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );
}

const load = (language: string, ns: string) => JSON.parse(readFileSync(join(locales, language, `${ns}.json`), 'utf8')) as unknown;

describe.each(['market', 'trading'])('%s namespace', (ns) => {
  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK', ns)).sort()).toEqual(flatten(load('en-US', ns)).sort());
  });

  it('has every key the views use', () => {
    const used = usedKeys(join(features, ns));
    expect(used.length).toBeGreaterThan(10);
    expect(used).toContain(ns === 'market' ? 'buttons.addFavourite' : 'book.asks');
    const known = new Set(flatten(load('en-US', ns)));
    expect(used.filter((k) => !known.has(k))).toEqual([]);
  });
});
