import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BILL_STATUSES } from '../../../contract/electricity-rules.ts';

// The electricity namespace: both locales have the same keys; every key the page and the receipt use exists.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'electricity.json'), 'utf8')) as unknown;
const flatten = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));

describe('electricity namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the page and the receipt use, and every state', () => {
    const used = new Set<string>(BILL_STATUSES.map((s) => `status.${s}`));
    for (const name of readdirSync(here).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
      const text = readFileSync(join(here, name), 'utf8');
      if (name.endsWith('.tsx')) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/'electricity:([a-zA-Z.]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/`electricity:receipt\.\$\{key\}`/g)) if (m) ['number', 'paidAt', 'site', 'period', 'usage', 'rate', 'amount', 'paidWith', 'price', 'bill'].forEach((k) => used.add(`receipt.${k}`));
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !en.includes(k))).toEqual([]);
  });
});
