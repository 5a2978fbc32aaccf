import { describe, expect, it } from 'vitest';
import { checkCooperation, cooperationBody, type CooperationDraft } from './cooperation-form.ts';

const draft = (over: Partial<CooperationDraft> = {}): CooperationDraft => ({
  companyName: 'Harbour Capital Limited',
  contactName: 'Chan Tai Man',
  email: 'ops@harbour.example',
  areaCode: '+852',
  phone: '91234567',
  message: '',
  ...over,
});
const keys = (d: CooperationDraft) =>
  Object.fromEntries(Object.entries(checkCooperation(d)).map(([k, v]) => [k, v?.key.replace('marketing:brokers.form.errors.', '').replace('validation:errors.required', 'required').replace('validation:errors.emailInvalid', 'email')]));

describe('broker cooperation form', () => {
  it('accepts a complete application, and one without a phone', () => {
    expect(checkCooperation(draft())).toEqual({});
    expect(checkCooperation(draft({ areaCode: '', phone: '' }))).toEqual({});
  });

  it('needs a company, a contact and a business e-mail in the spec §5 format', () => {
    expect(keys(draft({ companyName: ' ', contactName: '', email: '' }))).toEqual({ companyName: 'required', contactName: 'required', email: 'required' });
    expect(keys(draft({ email: 'ops@harbour' }))).toEqual({ email: 'email' });
  });

  it('checks the phone and wants its area code', () => {
    expect(keys(draft({ phone: '12-34' }))).toEqual({ phone: 'phone' });
    expect(keys(draft({ areaCode: '' }))).toEqual({ areaCode: 'areaCodeNeeded' });
    expect(keys(draft({ areaCode: '852852' }))).toEqual({ areaCode: 'areaCode' });
  });

  it('limits the message to 500 characters, counting characters rather than UTF-16 units', () => {
    expect(checkCooperation(draft({ message: '合'.repeat(500) }))).toEqual({});
    expect(checkCooperation(draft({ message: '😀'.repeat(500) }))).toEqual({});
    expect(keys(draft({ message: 'a'.repeat(501) }))).toEqual({ message: 'tooLong' });
  });

  it('sends trimmed fields and leaves out the empty optional ones', () => {
    expect(cooperationBody(draft({ companyName: '  Harbour Capital Limited ', areaCode: '', phone: '', message: '  ' }))).toEqual({
      companyName: 'Harbour Capital Limited',
      contactName: 'Chan Tai Man',
      email: 'ops@harbour.example',
    });
  });
});
