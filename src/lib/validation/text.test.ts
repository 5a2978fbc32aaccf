import { describe, expect, it } from 'vitest';
import { validateAgreement, validateRemark, validateRequired } from './text.ts';

describe('validateRemark (spec §5: at most 500 characters)', () => {
  it('accepts empty and exactly 500', () => {
    expect(validateRemark('')).toBeNull();
    expect(validateRemark(undefined)).toBeNull();
    expect(validateRemark('字'.repeat(500))).toBeNull();
  });

  it('refuses 501', () => {
    expect(validateRemark('a'.repeat(501))).toEqual({ key: 'errors.remarkTooLong', params: { max: 500 } });
  });
});

describe('validateRequired / validateAgreement (spec §5)', () => {
  it('uses the empty check and the given key', () => {
    expect(validateRequired('  ')).toEqual({ key: 'errors.required' });
    expect(validateRequired('', 'errors.oldPasswordRequired')).toEqual({ key: 'errors.oldPasswordRequired' });
    expect(validateRequired('123456', 'errors.emailCodeRequired')).toBeNull();
  });

  it('requires the agreement to be ticked', () => {
    expect(validateAgreement(false)).toEqual({ key: 'errors.agreementRequired' });
    expect(validateAgreement(true)).toBeNull();
  });
});
