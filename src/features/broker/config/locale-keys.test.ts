import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BROKER_EXCHANGES } from '../../../../contract/broker-rules.ts';
import { BROKER_ADDRESS_STATES, BROKER_ADDRESS_TYPES, MESSAGE_CONFIG_STATES, MESSAGE_EVENTS } from '../../../../contract/broker-config-rules.ts';

// The broker-config namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the
// views use with t('…') and every 'broker-config:…' key exists; the dynamic keys cover every value they take.
const here = fileURLToPath(new URL('.', import.meta.url));
const locales = fileURLToPath(new URL('../../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'broker-config.json'), 'utf8')) as unknown;

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const name of readdirSync(here)) {
    if (!/\.tsx?$/.test(name) || name.includes('.test.')) continue;
    const text = readFileSync(join(here, name), 'utf8');
    if (name.endsWith('.tsx')) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/'broker-config:([a-zA-Z.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys];
}

describe('broker-config namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the screens use', () => {
    const used = usedKeys();
    expect(used).toContain('address.deleteConfirm');
    expect(used).toContain('errors.addressInvalid');
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('names every exchange, address type and state, notification and state', () => {
    const dynamic = [
      ...BROKER_EXCHANGES.map((x) => `exchanges.${x}`),
      ...BROKER_ADDRESS_TYPES.map((x) => `address.types.${x}`),
      ...BROKER_ADDRESS_STATES.map((x) => `address.status.${x}`),
      ...MESSAGE_EVENTS.map((x) => `message.events.${x}`),
      ...MESSAGE_CONFIG_STATES.map((x) => `message.status.${x}`),
    ];
    expect(dynamic.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 提幣, 白名單, 電郵, 帳戶, 儲存, 設定', () => {
    const zh = JSON.stringify(load('zh-HK'));
    for (const term of ['提幣地址簿', '白名單', '電郵', '帳戶', '儲存', '設定', '暫無記錄']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|郵箱|保存|設置|消息|提現|暫無數據/);
  });
});
