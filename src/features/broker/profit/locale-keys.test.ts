import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALLOT_MODES, PROFIT_APPLICATION_TYPES } from '../../../../contract/broker-profit-rules.ts';
import { PROJECT_STATUSES } from '../../../../contract/broker-projects-rules.ts';
import { APPLICATION_KEYS } from '../money/application-keys.ts';

// The broker-profit namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the
// page uses with t('…') and every 'broker-profit:…' key exists; zh-HK keeps to the glossary.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'broker-profit.json'), 'utf8')) as unknown;
const flatten = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));

describe('broker-profit namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the page uses, and names every type, state, mode and project state', () => {
    const used = new Set<string>();
    for (const name of readdirSync(here).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
      const text = readFileSync(join(here, name), 'utf8');
      if (name.endsWith('.tsx')) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/'broker-profit:([a-zA-Z.]+)'/g)) used.add(m[1]!);
    }
    expect(used.has('withdraw.title')).toBe(true);
    const dynamic = [
      ...PROFIT_APPLICATION_TYPES.map((x) => `types.${x}`),
      ...['applying', 'approved', 'rejected', 'done'].map((x) => `states.${x}`),
      ...ALLOT_MODES.map((x) => `allot.modes.${x}`),
      ...PROJECT_STATUSES.map((x) => `status.${x}`),
      ...APPLICATION_KEYS.map((x) => `applications.${x}`),
    ];
    expect([...used, ...dynamic].filter((k) => !en.includes(k))).toEqual([]);
  });

  it('uses the glossary terms in zh-HK', () => {
    const zh = JSON.stringify(load('zh-HK'));
    // One term per concept across the broker pages (projects, analytics, the exports): NAV per unit, performance fee,
    // high-water mark.
    for (const term of ['帳戶', '每單位資產淨值', '高水位', '表現費']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|郵箱|保存|設置|消息|提現|暫無數據|轉賬|登錄|谷歌|業績報酬|高水位線|(?<!每)單位淨值/);
  });
});
