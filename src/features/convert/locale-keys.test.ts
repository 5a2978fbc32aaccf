import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DisabledReason } from '../account/index.ts';

// The convert namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the
// views use with t('…') and every 'convert:…' key of the form checks and error describer exists; the dynamic
// keys cover the values they take.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'convert.json'), 'utf8')) as unknown;

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const name of readdirSync(here)) {
    if (!/\.tsx?$/.test(name) || name.includes('.test.')) continue;
    const text = readFileSync(join(here, name), 'utf8');
    if (name.endsWith('.tsx')) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/\bt\(\s*[^'`(),]*\?\s*'([a-zA-Z.]+)'\s*:\s*'([a-zA-Z.]+)'/g)) [m[1]!, m[2]!].forEach((k) => keys.add(k.replace(/^convert:/, '')));
    for (const m of text.matchAll(/'convert:([a-zA-Z.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys];
}

describe('convert namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the screens use', () => {
    const used = usedKeys();
    expect(used).toContain('errors.quoteExpired');
    expect(used).toContain('actions.getQuote');
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('names every tab, permission reason and side', () => {
    const reasons: DisabledReason[] = ['operations', 'kycBasic', 'kycAdvanced', 'gaRequired', 'frozen', 'withdrawBan'];
    const dynamic = [...['coin', 'fiat'].map((k) => `tabs.${k}`), ...reasons.map((r) => `permission.${r}`), 'form.from', 'form.to', 'permission.fix.kyc', 'permission.fix.ga'];
    expect(dynamic.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 閃兌 for convert, 登入 for sign in', () => {
    const zh = JSON.stringify(load('zh-HK'));
    expect(zh).toContain('閃兌');
    expect(zh).not.toMatch(/兌換|登錄|登陸|谷歌|賬/);
  });
});
