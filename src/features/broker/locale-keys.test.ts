import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_KEY_PERMISSIONS, BROKER_WALLETS, SUB_ACCOUNT_KINDS } from '../../../contract/broker-rules.ts';
import { BROKER_NAV_GROUPS } from './nav-groups.ts';

// The broker namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the views
// use with t('…') exists; the menu headings are there; zh-HK uses the glossary's terms.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'broker.json'), 'utf8')) as unknown;

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // A folder with its own locale-keys test (config, money) speaks its own namespace and is checked there.
    if (statSync(path).isDirectory()) return existsSync(join(path, 'locale-keys.test.ts')) ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(here)) {
    const text = readFileSync(file, 'utf8');
    // Files that translate with the common namespace name it `tc`; `t` is the broker namespace.
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys];
}

describe('broker namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the screens use, and every menu heading', () => {
    const used = usedKeys();
    expect(used).toContain('gate.noRightsTitle');
    expect(used.filter((k) => !en.includes(k))).toEqual([]);
    expect(BROKER_NAV_GROUPS.map((g) => `nav.${g.key}`).filter((k) => !en.includes(k))).toEqual([]);
  });

  it('names every kind, wallet, permission, key state and refusal the screens look up by value', () => {
    const dynamic = [
      ...SUB_ACCOUNT_KINDS.map((k) => `kinds.${k}`),
      ...BROKER_WALLETS.map((w) => `wallets.${w}`),
      ...API_KEY_PERMISSIONS.map((p) => `permissions.${p}`),
      ...['active', 'expired'].map((s) => `keys.status.${s}`),
      ...['owner', 'member'].map((r) => `managers.${r}`),
      ...['withdrawNeedsIp', 'notOffered', 'length', 'count', 'format', 'duplicate'].map((r) => `apply.errors.${r}`),
    ];
    expect(dynamic.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('uses the glossary terms in zh-HK', () => {
    const zh = JSON.stringify(load('zh-HK'));
    expect(zh).toContain('帳戶');
    expect(zh).toContain('登入');
    expect(zh).not.toMatch(/賬|登錄|登陸|設置|保存|郵箱|數字資產|暫無數據|轉賬|提現/);
  });
});
