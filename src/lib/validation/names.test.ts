import { describe, expect, it } from 'vitest';
import { validateAddressName, validateCompanyName } from './names.ts';

describe('validateAddressName (spec §5: 4 to 20 characters)', () => {
  const lengthError = { key: 'errors.addressNameLength', params: { min: 4, max: 20 } };

  it('accepts the bounds 4 and 20', () => {
    expect(validateAddressName('abcd')).toBeNull();
    expect(validateAddressName('a'.repeat(20))).toBeNull();
  });

  it('refuses 3 and 21', () => {
    expect(validateAddressName('abc')).toEqual(lengthError);
    expect(validateAddressName('a'.repeat(21))).toEqual(lengthError);
  });

  it('counts CJK characters once and ignores surrounding blanks', () => {
    expect(validateAddressName('冷錢包一')).toBeNull();
    expect(validateAddressName('  abc  ')).toEqual(lengthError);
  });

  it('requires a non-blank value', () => {
    expect(validateAddressName('   ')).toEqual({ key: 'errors.addressNameRequired' });
  });
});

describe('validateCompanyName (spec §5: no Chinese characters)', () => {
  it('accepts Latin names with punctuation and digits', () => {
    expect(validateCompanyName('Acme Capital (HK) Ltd. 2')).toBeNull();
  });

  it('refuses traditional and simplified Chinese characters', () => {
    expect(validateCompanyName('Acme 資本')).toEqual({ key: 'errors.companyNameChinese' });
    expect(validateCompanyName('艾克米资本')).toEqual({ key: 'errors.companyNameChinese' });
    expect(validateCompanyName('Acme \u{20000}')).toEqual({ key: 'errors.companyNameChinese' }); // CJK extension B
  });

  it('requires a value', () => {
    expect(validateCompanyName('')).toEqual({ key: 'errors.companyNameRequired' });
  });
});
