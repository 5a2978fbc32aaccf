import { convertKind } from '../../../contract/convert-rules.ts';
import { AREA_CODE_PATTERN, isEmailFormat } from '../../../contract/rules.ts';
import { parseAmount } from '../../lib/format/index.ts';
import type { FieldErrors } from '../../components/form/index.ts';
import type { EnquiryBody } from './api.ts';

/** otc/form/unlogin: what a person without an account tells the desk (contract/otc.ts `otcEnquiryCalls`). */
export interface EnquiryDraft {
  companyName: string;
  contactName: string;
  email: string;
  areaCode: string;
  phone: string;
  fromAsset: string;
  toAsset: string;
  fromAmount: string;
  message: string;
}
export type EnquiryField = keyof EnquiryDraft;

/** The contract's lengths (contract/otc.ts). */
export const ENQUIRY_LIMITS = { name: 100, email: 254, phone: 15, message: 500 } as const;

export const emptyEnquiry = (): EnquiryDraft => ({
  companyName: '',
  contactName: '',
  email: '',
  areaCode: '',
  phone: '',
  fromAsset: 'USDT',
  toAsset: 'BTC',
  fromAmount: '',
  message: '',
});

const chars = (text: string) => [...text].length;

/**
 * Every field's problem before anything is sent, as keys of otc.json (spec §5: a clear
 * message per field before sending): the names and e-mail required and in range, the e-mail's format (spec §5), a phone
 * number of digits with its area code, a pair the desk trades, an amount at the asset's decimals, the message's length.
 */
export function enquiryIssues(draft: EnquiryDraft, decimals: Readonly<Record<string, number>>): FieldErrors<EnquiryField> {
  const errors: FieldErrors<EnquiryField> = {};
  const e = (key: string, params?: Record<string, string | number>) => ({ key: `otc:enquiry.errors.${key}`, ...(params ? { params } : {}) });
  for (const field of ['companyName', 'contactName'] as const) {
    const value = draft[field].trim();
    if (value === '') errors[field] = e(`${field}Required`);
    else if (chars(value) > ENQUIRY_LIMITS.name) errors[field] = e('tooLong', { max: ENQUIRY_LIMITS.name });
  }
  const email = draft.email.trim();
  if (email === '') errors.email = e('emailRequired');
  else if (chars(email) > ENQUIRY_LIMITS.email || !isEmailFormat(email)) errors.email = e('emailInvalid');
  const phone = draft.phone.trim();
  const areaCode = draft.areaCode.trim();
  if (areaCode !== '' && !AREA_CODE_PATTERN.test(areaCode)) errors.areaCode = e('areaCodeInvalid');
  if (phone !== '' && !new RegExp(`^\\d{1,${ENQUIRY_LIMITS.phone}}$`).test(phone)) errors.phone = e('phoneInvalid', { max: ENQUIRY_LIMITS.phone });
  else if (phone !== '' && areaCode === '') errors.areaCode = e('areaCodeRequired');
  if (!convertKind(draft.fromAsset, draft.toAsset)) errors.toAsset = e('pair', { from: draft.fromAsset, to: draft.toAsset });
  const amount = parseAmount(draft.fromAmount.trim());
  const places = decimals[draft.fromAsset];
  if (draft.fromAmount.trim() === '') errors.fromAmount = e('amountRequired');
  else if (!amount) errors.fromAmount = { key: 'otc:errors.amountFormat' };
  else if (amount.isZero()) errors.fromAmount = { key: 'otc:errors.positive' };
  else if (places !== undefined && amount.decimalPlaces() > places) errors.fromAmount = { key: 'otc:errors.decimals', params: { decimals: places, asset: draft.fromAsset } };
  if (chars(draft.message) > ENQUIRY_LIMITS.message) errors.message = e('tooLong', { max: ENQUIRY_LIMITS.message });
  return errors;
}

/** The call's body from a draft that passed `enquiryIssues`: trimmed, optional fields left out when empty. */
export function enquiryBody(draft: EnquiryDraft): EnquiryBody {
  const phone = draft.phone.trim();
  const message = draft.message.trim();
  const areaCode = draft.areaCode.trim();
  return {
    companyName: draft.companyName.trim(),
    contactName: draft.contactName.trim(),
    email: draft.email.trim(),
    ...(phone ? { phone, areaCode: areaCode.startsWith('+') ? areaCode : `+${areaCode}` } : {}),
    fromAsset: draft.fromAsset,
    toAsset: draft.toAsset,
    fromAmount: parseAmount(draft.fromAmount.trim())!.toFixed(),
    ...(message ? { message } : {}),
  };
}
