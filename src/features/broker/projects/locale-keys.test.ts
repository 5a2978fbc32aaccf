import { describe, expect, it } from 'vitest';
import { FLOW_DIRECTIONS, PROJECT_STATUSES } from '../../../../contract/broker-projects-rules.ts';
import { missingKeys, namespaceText } from '../../../../tests/support/locale-namespace.ts';

// The broker-project namespace's dynamic keys cover the values they take, and zh-HK is written in the glossary's
// terms (tests/unit/locales.test.ts checks that both locales have the same keys and every key the code writes).
describe('broker-project namespace', () => {
  it('names every project state, flow direction, account role and refusal the screens look up by value', () => {
    const dynamic = [
      ...PROJECT_STATUSES.map((s) => `states.${s}`),
      ...FLOW_DIRECTIONS.map((d) => `detail.flowTypes.${d}`),
      ...['primary', 'linked'].map((r) => `detail.roles.${r}`),
      ...['otherExchange', 'inProject', 'notEmpty', 'primary', 'other'].map((r) => `errors.relation.${r}`),
      ...['date', 'past', 'tooFar', 'beforeStart', 'tooLong'].map((r) => `errors.days.${r}`),
      ...['name', 'description', 'exchange', 'rate', 'minSubscription', 'amount', 'belowMinimum', 'units', 'moreThanHeld', 'investorName', 'email', 'projectRequired', 'investorRequired'].map(
        (k) => `errors.${k}`,
      ),
    ];
    expect(missingKeys('broker-project', dynamic)).toEqual([]);
  });

  it('uses the glossary terms in zh-HK', () => {
    const zh = namespaceText('zh-HK', 'broker-project');
    for (const term of ['帳戶', '電郵', '項目', '每單位資產淨值']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|郵箱|保存|設置|消息|暫無數據|轉賬|登錄|數字資產/);
  });
});
