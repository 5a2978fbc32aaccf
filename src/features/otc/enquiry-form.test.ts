import { describe, expect, it } from 'vitest';
import { emptyEnquiry, enquiryBody, enquiryIssues, type EnquiryDraft } from './enquiry-form.ts';

const decimals = { BTC: 8, USDT: 6, USD: 2 };
const good = (over: Partial<EnquiryDraft> = {}): EnquiryDraft => ({
  ...emptyEnquiry(),
  companyName: 'Example Capital Ltd',
  contactName: 'Chan Tai Man',
  email: 'desk@example.com',
  fromAmount: '500000',
  ...over,
});
const keys = (draft: EnquiryDraft) => Object.fromEntries(Object.entries(enquiryIssues(draft, decimals)).map(([k, v]) => [k, typeof v === 'string' ? v : v?.key]));

describe('the public OTC enquiry form', () => {
  it('accepts a complete enquiry and sends it trimmed, without the empty optional fields', () => {
    expect(keys(good())).toEqual({});
    expect(enquiryBody(good({ companyName: ' Example Capital Ltd ', fromAmount: '500000.50' }))).toEqual({
      companyName: 'Example Capital Ltd',
      contactName: 'Chan Tai Man',
      email: 'desk@example.com',
      fromAsset: 'USDT',
      toAsset: 'BTC',
      fromAmount: '500000.5',
    });
    expect(enquiryBody(good({ areaCode: '852', phone: '91234567', message: ' Weekly ' }))).toMatchObject({ areaCode: '+852', phone: '91234567', message: 'Weekly' });
  });

  it('names each missing field', () => {
    expect(keys({ ...emptyEnquiry() })).toEqual({
      companyName: 'otc:enquiry.errors.companyNameRequired',
      contactName: 'otc:enquiry.errors.contactNameRequired',
      email: 'otc:enquiry.errors.emailRequired',
      fromAmount: 'otc:enquiry.errors.amountRequired',
    });
  });

  it('refuses a bad e-mail, a phone of other than digits, a phone without its area code and a bad area code', () => {
    expect(keys(good({ email: 'not-an-email' }))).toEqual({ email: 'otc:enquiry.errors.emailInvalid' });
    expect(keys(good({ areaCode: '+852', phone: '9123-4567' }))).toEqual({ phone: 'otc:enquiry.errors.phoneInvalid' });
    expect(keys(good({ phone: '91234567' }))).toEqual({ areaCode: 'otc:enquiry.errors.areaCodeRequired' });
    expect(keys(good({ areaCode: '+85212', phone: '91234567' }))).toEqual({ areaCode: 'otc:enquiry.errors.areaCodeInvalid' });
  });

  it('refuses a pair the desk does not trade, an amount of too many decimals and a message over 500 characters', () => {
    expect(keys(good({ fromAsset: 'USD', toAsset: 'HKD' }))).toEqual({ toAsset: 'otc:enquiry.errors.pair' });
    expect(keys(good({ fromAmount: '1.1234567' }))).toEqual({ fromAmount: 'otc:errors.decimals' });
    expect(keys(good({ fromAmount: '0' }))).toEqual({ fromAmount: 'otc:errors.positive' });
    expect(keys(good({ message: '字'.repeat(500) }))).toEqual({});
    expect(keys(good({ message: '字'.repeat(501) }))).toEqual({ message: 'otc:enquiry.errors.tooLong' });
  });
});
