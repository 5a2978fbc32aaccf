import { describe, expect, it } from 'vitest';
import { levelView, validateKycForm, type KycLevelState, type KycState } from './kyc-rules.ts';

const at = (status: KycLevelState['status']): KycLevelState => ({ status, submissionId: null, submittedAt: null, decidedAt: null, rejectReason: null });
const state = (basic: KycLevelState['status'], advanced: KycLevelState['status']): KycState => ({ basic: at(basic), advanced: at(advanced) });

describe('KYC levels (spec §4 states, §6 basic before advanced)', () => {
  it('offers the form, the wait or the result per level; advanced waits for a certified basic', () => {
    expect(levelView(state('unCertified', 'unCertified'), 'basic')).toBe('form');
    expect(levelView(state('unCertified', 'unCertified'), 'advanced')).toBe('locked');
    expect(levelView(state('review', 'unCertified'), 'advanced')).toBe('locked');
    expect(levelView(state('review', 'unCertified'), 'basic')).toBe('review');
    expect(levelView(state('Certified', 'unCertified'), 'advanced')).toBe('form');
    expect(levelView(state('Certified', 'Certified'), 'advanced')).toBe('certified');
  });

  it('checks the company (no Chinese), registration number, country and every required document', () => {
    const form = { companyName: 'Acme Ltd', registrationNumber: 'CR-12345', countryCode: 'HK' };
    const files = { businessRegistration: {}, directorId: {} };
    expect(validateKycForm(form, files, 'basic')).toEqual({});
    const issues = validateKycForm({ companyName: '阿爾法有限公司', registrationNumber: '#1', countryCode: 'hk' }, { directorId: {} }, 'basic');
    expect(issues).toEqual({
      companyName: { key: 'validation:errors.companyNameChinese' },
      registrationNumber: { key: 'kyc:errors.registrationNumber' },
      countryCode: { key: 'kyc:errors.countryCode' },
      businessRegistration: { key: 'validation:errors.imageRequired' },
    });
    expect(Object.keys(validateKycForm(form, files, 'advanced')).sort()).toEqual(['bankStatement', 'proofOfAddress']);
  });
});
