import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/index.ts';
import { checkFactors, emptyValues, factorBody, missingFactor } from './factors.ts';

const typed = { password: 'Passw0rd!x', emailCode: ' 123456 ', gaCode: ' 654321 ', smsCode: '' };

describe('step-up factors (server/README.md "Step-up")', () => {
  it('checks only the factors the rule asks for, each one required', () => {
    expect(checkFactors(['emailCode'], emptyValues, { email: null, sms: null })).toEqual({ emailCode: { key: 'account:errors.codeNotFetched' } });
    const found = checkFactors(['password', 'emailCode', 'gaCode'], emptyValues, { email: 'u', sms: null });
    expect(Object.keys(found).sort()).toEqual(['emailCode', 'gaCode', 'password']);
    expect(found.gaCode).toEqual({ key: 'account:errors.gaCodeRequired' });
    expect(checkFactors(['password', 'emailCode', 'gaCode'], typed, { email: 'u', sms: null })).toEqual({});
  });

  it('sends the asked-for factors only, codes trimmed, the password as typed', () => {
    expect(factorBody(['emailCode'], typed, { email: 'u', sms: null })).toEqual({ emailUuid: 'u', emailCode: '123456' });
    expect(factorBody(['password', 'emailCode', 'gaCode'], typed, { email: 'u', sms: null })).toEqual({ emailUuid: 'u', emailCode: '123456', password: 'Passw0rd!x', gaCode: '654321' });
    expect(factorBody(['emailCode', 'gaCode'], typed, { email: null, sms: null })).toBeNull();
  });

  it('learns only the Google code from a 400 required', () => {
    const required = (field: string) => new ApiError({ kind: 'business', message: 'x', code: 400, data: { field, rule: 'required' }, path: '/p' });
    expect(missingFactor(required('gaCode'))).toBe('gaCode');
    expect(missingFactor(required('password'))).toBeNull();
    expect(missingFactor(new ApiError({ kind: 'business', message: 'x', code: 400, data: { field: 'gaCode', rule: 'pattern' }, path: '/p' }))).toBeNull();
    expect(missingFactor(new Error('x'))).toBeNull();
  });
});
