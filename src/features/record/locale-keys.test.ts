import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The namespaces of issue 7's screens: both locales have the same keys, every static key a view uses
// exists, and every dynamic key's prefix (`columns.${c}`) is a group in the namespace.
const features = fileURLToPath(new URL('..', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));

const SOURCES: Record<string, string[]> = {
  orders: ['trading/order-entry', 'trading/futures-data', 'trading/modals'],
  lightning: ['lightning'],
  record: ['record'],
  wallet: ['wallet'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__screenshots__' ? [] : files(path);
    return name.endsWith('.tsx') && !name.includes('.test.') ? [path] : [];
  });
}

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

const load = (language: string, ns: string) => JSON.parse(readFileSync(join(locales, language, `${ns}.json`), 'utf8')) as unknown;

/** Keys used with the namespace's own `t` (a file's useTranslation('<ns>')), static and dynamic. */
function usedKeys(ns: string): { fixed: string[]; prefixes: string[] } {
  const fixed = new Set<string>();
  const prefixes = new Set<string>();
  for (const dir of SOURCES[ns]!) {
    for (const file of files(join(features, dir))) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes(`useTranslation('${ns}')`)) continue;
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) fixed.add(m[1]!);
      for (const m of text.matchAll(/\bt\(\s*[^'`(),]*\?\s*'([a-zA-Z.]+)'\s*:\s*'([a-zA-Z.]+)'/g)) {
        fixed.add(m[1]!);
        fixed.add(m[2]!);
      }
      for (const m of text.matchAll(/\bt\(\s*`([a-zA-Z.]+)\.\$\{/g)) prefixes.add(m[1]!);
    }
  }
  return { fixed: [...fixed], prefixes: [...prefixes] };
}

describe.each(Object.keys(SOURCES))('%s namespace', (ns) => {
  it('has the same keys in zh-HK and en-US', () => {
    // Plural forms differ by language (Chinese has only _other; tests/unit/locales.test.ts checks each language's).
    const keys = (language: string) => [...new Set(flatten(load(language, ns)).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(keys('zh-HK')).toEqual(keys('en-US'));
  });

  it('has every key the views use', () => {
    const { fixed, prefixes } = usedKeys(ns);
    expect(fixed.length).toBeGreaterThan(2);
    const known = flatten(load('en-US', ns));
    expect(fixed.filter((k) => !known.includes(k))).toEqual([]);
    expect(prefixes.filter((p) => !known.some((k) => k.startsWith(`${p}.`)))).toEqual([]);
  });
});

describe('dynamic keys of the orders views', () => {
  it('cover the values they take', async () => {
    const known = new Set(flatten(load('en-US', 'orders')));
    // Every spec §4 order state the contract can send (the tables write spot's hyphens as underscores).
    const { OrderStatus } = await import('../../../contract/trade.ts');
    const status = OrderStatus.enum;
    expect(status).toContain('partial_canceled');
    const expected = [
      ...status.map((s) => `status.${s}`),
      ...['positionOrder', 'currentOrder', 'historyOrder', 'historyDeal', 'assetManager'].map((s) => `tabs.${s}`),
      ...['capital', 'trade', 'swap'].map((s) => `accounts.${s}`),
      ...['long', 'short', 'buyForceClose', 'sellForceClose', 'buyReducePosition', 'sellReducePosition'].map((s) => `directions.${s}`),
      ...['cross', 'isolated'].map((s) => `modes.${s}`),
    ];
    expect(expected.filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('dynamic keys of the wallet views', () => {
  it('name every spec §4 fund state the contract can send', async () => {
    const { CoinRecordStatus } = await import('../../../contract/wallet.ts');
    const states = (CoinRecordStatus as unknown as { anyOf: Array<{ const: string }> }).anyOf.map((s) => s.const);
    expect(states).toContain('deposit_pending');
    for (const language of ['en-US', 'zh-HK']) {
      const known = new Set(flatten(load(language, 'wallet')));
      expect([...states, 'unconfirmed'].filter((s) => !known.has(`status.${s}`))).toEqual([]);
      expect([1, 2, 3].length).toBe(['capital', 'trade', 'swap'].filter((k) => known.has(`accounts.${k}`)).length);
    }
  });
});
