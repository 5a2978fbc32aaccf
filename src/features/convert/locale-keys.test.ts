import { describe, expect, it } from 'vitest';
import { missingKeys, namespaceText } from '../../../tests/support/locale-namespace.ts';
import type { DisabledReason } from '../account/index.ts';

// The convert namespace's dynamic keys cover the values they take, and zh-HK is written in the glossary's terms
// (tests/unit/locales.test.ts checks that both locales have the same keys and every key the code writes).
describe('convert namespace', () => {
  it('names every tab, permission reason and side', () => {
    const reasons: DisabledReason[] = ['operations', 'kycBasic', 'kycAdvanced', 'gaRequired', 'frozen', 'withdrawBan'];
    const dynamic = [...['coin', 'fiat'].map((k) => `tabs.${k}`), ...reasons.map((r) => `permission.${r}`), 'form.from', 'form.to', 'permission.fix.kyc', 'permission.fix.ga'];
    expect(missingKeys('convert', dynamic)).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 閃兌 for convert, 登入 for sign in', () => {
    const zh = namespaceText('zh-HK', 'convert');
    expect(zh).toContain('閃兌');
    expect(zh).not.toMatch(/兌換|登錄|登陸|谷歌|賬/);
  });
});
