import { describe, expect, it } from 'vitest';
import { OTC_MODES, OTC_STATUSES } from '../../../contract/otc-rules.ts';
import { missingKeys, namespaceText } from '../../../tests/support/locale-namespace.ts';
import type { DisabledReason } from '../account/index.ts';
import { EXPIRY_CHOICES } from './limit-form.ts';
import type { StepKey } from './timeline.ts';

// The otc namespace's dynamic keys cover the values they take, and zh-HK is written in the glossary's terms
// (tests/unit/locales.test.ts checks that both locales have the same keys and every key the code writes, the
// convert quote parts' — which name `// i18n namespaces: convert, otc` — in both namespaces).
describe('otc namespace', () => {
  it('names every mode, state, timeline step, expiry, permission reason, nav entry and check', () => {
    const reasons: DisabledReason[] = ['operations', 'kycBasic', 'kycAdvanced', 'gaRequired', 'frozen', 'withdrawBan'];
    const steps: StepKey[] = ['requested', 'quoted', 'accepted', 'settled', 'cancelled', 'rejected', 'expired'];
    const nav = ['available', 'list', 'record', 'validate', 'rechargeFiat', 'rechargeCoin', 'withdrawFiat', 'withdrawCoin', 'coinAddress', 'fiatAddress', 'form'];
    const dynamic = [
      ...OTC_MODES.map((m) => `modes.${m}`),
      ...OTC_STATUSES.map((s) => `status.${s}`),
      ...steps.map((s) => `timeline.steps.${s}`),
      ...['met', 'late', 'pending'].map((r) => `timeline.result.${r}`),
      ...EXPIRY_CHOICES.map((c) => `limit.expiryChoices.${c}`),
      ...reasons.map((r) => `permission.${r}`),
      'permission.fix.kyc',
      'permission.fix.ga',
      ...nav.map((n) => `info.nav.${n}`),
      ...['Certified', 'review', 'unCertified', 'unknown'].map((s) => `info.validate.kycState.${s}`),
      ...['ok', 'missing', 'info'].map((s) => `info.validate.states.${s}`),
      'form.from',
      'form.to',
      ...['companyNameRequired', 'contactNameRequired', 'tooLong', 'emailRequired', 'emailInvalid', 'areaCodeRequired', 'areaCodeInvalid', 'phoneInvalid', 'pair', 'amountRequired'].map(
        (k) => `enquiry.errors.${k}`,
      ),
    ];
    expect(missingKeys('otc', dynamic)).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 場外 for OTC, 價差 for spread, 登入 for sign in', () => {
    const zh = namespaceText('zh-HK', 'otc');
    expect(zh).toContain('場外交易');
    expect(zh).toContain('價差');
    expect(zh).not.toMatch(/兌換率|登錄|登陸|谷歌|賬|點差|郵箱|設置/);
  });
});
