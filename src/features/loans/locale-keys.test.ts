import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOAN_ACTIONS, LOAN_STATUSES } from '../../../contract/loan-rules.ts';

// The loans namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the views use
// with t('…') and every 'loans:…' key of the error describer exists; the dynamic keys cover the values they take.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'loans.json'), 'utf8')) as unknown;

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const name of readdirSync(here)) {
    if (!/\.tsx?$/.test(name) || name.includes('.test.')) continue;
    const text = readFileSync(join(here, name), 'utf8');
    if (name.endsWith('.tsx')) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/\bt\(\s*[^'`(),]*\?\s*'([a-zA-Z.]+)'\s*:\s*'([a-zA-Z.]+)'/g)) [m[1]!, m[2]!].forEach((k) => keys.add(k.replace(/^loans:/, '')));
    for (const m of text.matchAll(/'loans:([a-zA-Z.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys];
}

describe('loans namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the screens use', () => {
    const used = usedKeys();
    expect(used).toContain('marginCall.title');
    expect(used).toContain('off.text');
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('names the five states of spec §4, every action, zone, issue and refusal', () => {
    const dynamic = [
      ...LOAN_STATUSES.map((s) => `status.${s}`),
      ...LOAN_ACTIONS.map((a) => `actions.${a}`),
      ...['safe', 'marginCall', 'liquidation'].map((z) => `zones.${z}`),
      ...['initial', 'marginCall', 'liquidation'].map((g) => `gauge.${g}`),
      ...['required', 'number', 'decimals', 'positive'].map((i) => `form.issues.${i}`),
      ...['ltv', 'exceedsDebt', 'exceedsCollateral'].map((r) => `actions.refused.${r}`),
      ...['ltv', 'overdue'].map((r) => `liquidations.reasons.${r}`),
    ];
    expect(dynamic.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 借貸, 抵押品, 強平價格, 帳戶', () => {
    const zh = JSON.stringify(load('zh-HK'));
    for (const term of ['借貸', '抵押品', '強平價格', '強制平倉', '帳戶']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|爆倉|登錄|谷歌/);
  });
});
