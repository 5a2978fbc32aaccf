import { describe, expect, it } from 'vitest';
import { LOAN_ACTIONS, LOAN_STATUSES } from '../../../contract/loan-rules.ts';
import { missingKeys, namespaceText } from '../../../tests/support/locale-namespace.ts';

// The loans namespace's dynamic keys cover the values they take, and zh-HK is written in the glossary's terms
// (tests/unit/locales.test.ts checks that both locales have the same keys and every key the code writes).
describe('loans namespace', () => {
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
    expect(missingKeys('loans', dynamic)).toEqual([]);
  });

  it('labels the annual rate with how it is worked out (hourly × 24 × 365)', () => {
    for (const language of ['zh-HK', 'en-US'] as const) expect(namespaceText(language, 'loans')).toContain('24 × 365');
  });

  it('uses the glossary terms in zh-HK: 借貸, 抵押品, 強平價格, 帳戶', () => {
    const zh = namespaceText('zh-HK', 'loans');
    for (const term of ['借貸', '抵押品', '強平價格', '強制平倉', '帳戶']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|爆倉|登錄|谷歌/);
  });
});
