import { describe, expect, it } from 'vitest';
import { validateAgreement, validateRequired } from './text.ts';

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
