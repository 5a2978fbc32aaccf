import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OTC_MODES, OTC_STATUSES } from '../../../contract/otc-rules.ts';
import type { DisabledReason } from '../account/index.ts';
import { EXPIRY_CHOICES } from './limit-form.ts';
import type { StepKey } from './timeline.ts';

// The otc namespace (../shared/CONVENTIONS.md "i18n"): both locales have the same keys; every key the OTC views
// use — and the convert quote parts they share, which speak the namespace given them (convert/shared.ts) — and
// every 'otc:…' key of the checks and the error describer exists; the dynamic keys cover the values they take.
const here = fileURLToPath(new URL('.', import.meta.url));
const convert = fileURLToPath(new URL('../convert', import.meta.url));
const SHARED = ['QuoteForm.tsx', 'AmountSide.tsx', 'QuoteFacts.tsx', 'QuoteConfirm.tsx', 'Notices.tsx'];
const locales = fileURLToPath(new URL('../../../locales', import.meta.url));
const load = (language: string) => JSON.parse(readFileSync(join(locales, language, 'otc.json'), 'utf8')) as unknown;

function flatten(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  const files = [
    ...readdirSync(here).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.')).map((n) => join(here, n)),
    ...SHARED.map((n) => join(convert, n)),
    join(convert, 'convert-form.ts'),
  ];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.tsx')) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/\bt\(\s*[^'`(),]*\?\s*'([a-zA-Z.]+)'\s*:\s*'([a-zA-Z.]+)'/g)) [m[1]!, m[2]!].forEach((k) => keys.add(k.replace(/^otc:/, '')));
    for (const m of text.matchAll(/'otc:([a-zA-Z.]+)'/g)) keys.add(m[1]!);
    // The quote parts' checks build their keys from the namespace: `${ns}:errors.required`.
    for (const m of text.matchAll(/`\$\{ns\}:([a-zA-Z.]+)`/g)) keys.add(m[1]!);
  }
  return [...keys];
}

describe('otc namespace', () => {
  const en = flatten(load('en-US'));

  it('has the same keys in zh-HK and en-US', () => {
    expect(flatten(load('zh-HK')).sort()).toEqual([...en].sort());
  });

  it('has every key the screens and the shared quote parts use', () => {
    const used = usedKeys();
    expect(used).toContain('errors.belowMinimum');
    expect(used).toContain('actions.getQuote');
    expect(used).toContain('errors.required');
    expect(used.length).toBeGreaterThan(150);
    expect(used.filter((k) => !en.includes(k))).toEqual([]);
  });

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
    expect(dynamic.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 場外 for OTC, 價差 for spread, 登入 for sign in', () => {
    const zh = JSON.stringify(load('zh-HK'));
    expect(zh).toContain('場外交易');
    expect(zh).toContain('價差');
    expect(zh).not.toMatch(/兌換率|登錄|登陸|谷歌|賬|點差|郵箱|設置/);
  });
});
