import { describe, expect, it } from 'vitest';
import { BILL_ACTIONS, BILL_STATES, INTEREST_STATES } from '../../../../contract/broker-interest-rules.ts';
import { missingKeys, namespaceText } from '../../../../tests/support/locale-namespace.ts';

// The broker-interest namespace's dynamic keys cover the values they take (spec §4 interest and invoice states, the
// bill's steps, the refusals), and zh-HK is written in the glossary's terms (tests/unit/locales.test.ts checks that
// both locales have the same keys and every key the code writes).
describe('broker-interest namespace', () => {
  it('names every interest and bill state, step, action, refusal and export column', () => {
    const dynamic = [
      ...INTEREST_STATES.map((s) => `interestStates.${s}`),
      ...BILL_STATES.map((s) => `billStates.${s}`),
      ...['apply', ...BILL_ACTIONS].map((s) => `steps.${s}`),
      ...BILL_ACTIONS.map((a) => `bill.actions.${a}`),
      ...BILL_ACTIONS.map((a) => `bill.done.${a}`),
      ...['applicant', 'initialReviewer'].map((r) => `bill.refusal.${r}`),
      ...['investor', 'principal', 'days', 'period', 'amount'].map((c) => `interest.lineColumns.${c}`),
      ...['time', 'step', 'member', 'status', 'remark'].map((c) => `bill.historyColumns.${c}`),
    ];
    expect(missingKeys('broker-interest', dynamic)).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 帳戶, 帳單, 電郵, Google 驗證器', () => {
    const zh = namespaceText('zh-HK', 'broker-interest');
    for (const term of ['帳戶', '帳單', '電郵', 'Google 驗證器', '待初審', '待覆審', '待付款', '已付款']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|谷歌|郵箱|數據/);
  });
});
