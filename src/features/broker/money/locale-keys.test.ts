import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATION_TYPES } from '../../../../contract/broker-rules.ts';
import { APPLICATION_TYPES, BILL_TYPES } from '../../../../contract/broker-funds-rules.ts';
import { APPLICATION_KEYS } from './application-keys.ts';

// The broker-money namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the
// views use with t('…') and every 'broker-money:…' key exists; zh-HK uses the glossary's terms.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'broker-money.json'), 'utf8')) as unknown;

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const name of readdirSync(here)) {
    if (!/\.tsx?$/.test(name) || name.includes('.test.')) continue;
    const text = readFileSync(join(here, name), 'utf8');
    if (name.endsWith('.tsx')) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/'broker-money:([a-zA-Z.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys];
}

describe('broker-money namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the screens use', () => {
    const used = usedKeys();
    expect(used).toContain('recharge.title');
    expect(used.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('names every operation type (spec §4), application type and state, and record type', () => {
    const dynamic = [
      ...OPERATION_TYPES.map((x) => `operationTypes.${x}`),
      ...APPLICATION_TYPES.map((x) => `types.${x}`),
      ...['applying', 'approved', 'rejected', 'done'].map((x) => `states.${x}`),
      ...BILL_TYPES.map((x) => `bill.types.${x}`),
      ...APPLICATION_KEYS.map((x) => `transfer.${x}`),
    ];
    expect(dynamic.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 充幣, 提幣, 劃轉, 帳戶, 電郵', () => {
    const zh = JSON.stringify(load('zh-HK'));
    for (const term of ['充幣', '提幣', '劃轉', '帳戶', '電郵']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|郵箱|保存|設置|消息|提現|暫無數據|轉賬|登錄/);
  });
});
