import { describe, expect, it } from 'vitest';
import en from '../../../locales/en-US/kyc.json' with { type: 'json' };
import zh from '../../../locales/zh-HK/kyc.json' with { type: 'json' };
import { KYC_DOCUMENT_MAX_AGE_MONTHS, REQUIRED_DOCUMENTS } from './kyc-rules.ts';

const fill = (text: string, months: number | undefined) => text.replace('{{months}}', String(months));

/** spec §9 "KYC documents: dated within 3 or 6 months as stated": each label states its own window, both locales. */
describe('KYC document texts', () => {
  const documents = [...REQUIRED_DOCUMENTS.basic, ...REQUIRED_DOCUMENTS.advanced];

  it('know the 6-month case as well as the 3-month one', () => {
    const windows = new Set(Object.values(KYC_DOCUMENT_MAX_AGE_MONTHS));
    expect([...windows].sort()).toEqual([3, 6]);
    expect(fill(en.documents.businessRegistration, 6)).toBe('Business registration certificate (issued within 6 months)');
    expect(fill(zh.documents.businessRegistration, 6)).toBe('商業登記證（6 個月內發出）');
  });

  it('every dated document states its window from the rule, and the intro names both', () => {
    for (const type of documents) {
      const months = KYC_DOCUMENT_MAX_AGE_MONTHS[type];
      for (const locale of [en, zh]) {
        const text = locale.documents[type];
        if (months === undefined) expect(text, type).not.toMatch(/\d/);
        else expect(text, type).toContain('{{months}}');
      }
    }
    for (const intro of [en.intro, zh.intro]) expect(intro).toMatch(/3.*6/);
  });
});
