import { describe, expect, it } from 'vitest';
import { API_KEY_PERMISSIONS, BROKER_WALLETS, SUB_ACCOUNT_KINDS } from '../../../contract/broker-rules.ts';
import { missingKeys, namespaceText } from '../../../tests/support/locale-namespace.ts';
import { BROKER_NAV_GROUPS } from './nav-groups.ts';

// The broker namespace's dynamic keys cover the values they take, and zh-HK is written in the glossary's terms
// (tests/unit/locales.test.ts checks that both locales have the same keys and every key the code writes).
describe('broker namespace', () => {
  it('names every menu heading, kind, wallet, permission, key state and refusal the screens look up by value', () => {
    const dynamic = [
      ...BROKER_NAV_GROUPS.map((g) => `nav.${g.key}`),
      ...SUB_ACCOUNT_KINDS.map((k) => `kinds.${k}`),
      ...BROKER_WALLETS.map((w) => `wallets.${w}`),
      ...API_KEY_PERMISSIONS.map((p) => `permissions.${p}`),
      ...['active', 'expired'].map((s) => `keys.status.${s}`),
      ...['owner', 'member'].map((r) => `managers.${r}`),
      ...['withdrawNeedsIp', 'notOffered', 'length', 'count', 'format', 'duplicate'].map((r) => `apply.errors.${r}`),
    ];
    expect(missingKeys('broker', dynamic)).toEqual([]);
  });

  it('uses the glossary terms in zh-HK', () => {
    const zh = namespaceText('zh-HK', 'broker');
    expect(zh).toContain('帳戶');
    expect(zh).toContain('登入');
    expect(zh).not.toMatch(/賬|登錄|登陸|設置|保存|郵箱|數字資產|暫無數據|轉賬|提現/);
  });
});
