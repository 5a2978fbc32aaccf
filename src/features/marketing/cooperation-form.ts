import { AREA_CODE_PATTERN, charCount, isEmailFormat, PHONE_PATTERN } from '../../../contract/rules.ts';
import type { FieldIssue } from '../../components/form/index.ts';
import type { CooperationBody } from './api.ts';

/**
 * The broker cooperation application (spec §7 `/broker/business/cooperation/add`): the contact fields the sandbox
 * accepts (contract/schema.ts ContactFields) with the e-mail rule of spec §5, checked before the call.
 */
export const COOPERATION_FIELDS = ['companyName', 'contactName', 'email', 'areaCode', 'phone', 'message'] as const;
export type CooperationField = (typeof COOPERATION_FIELDS)[number];
export type CooperationDraft = Record<CooperationField, string>;

export const MESSAGE_MAX = 500;
const NAME_MAX = 100;

const issue = (key: string, params?: Record<string, string | number>): FieldIssue => ({ key: `marketing:brokers.form.errors.${key}`, ...(params ? { params } : {}) });
// spec §5's own wordings: 'Incorrect email, Please re-enter' and the required field, one copy in validation.json.
const REQUIRED: FieldIssue = { key: 'validation:errors.required' };
const EMAIL: FieldIssue = { key: 'validation:errors.emailInvalid' };

export function checkCooperation(draft: CooperationDraft): Partial<Record<CooperationField, FieldIssue>> {
  const out: Partial<Record<CooperationField, FieldIssue>> = {};
  const company = draft.companyName.trim();
  const contact = draft.contactName.trim();
  const email = draft.email.trim();
  const area = draft.areaCode.trim();
  const phone = draft.phone.trim();
  if (!company) out.companyName = REQUIRED;
  else if (charCount(company) > NAME_MAX) out.companyName = issue('tooLong', { max: NAME_MAX });
  if (!contact) out.contactName = REQUIRED;
  else if (charCount(contact) > NAME_MAX) out.contactName = issue('tooLong', { max: NAME_MAX });
  if (!email) out.email = REQUIRED;
  else if (!isEmailFormat(email)) out.email = EMAIL;
  // A phone is optional; given, it needs its area code.
  if (phone && !PHONE_PATTERN.test(phone)) out.phone = issue('phone');
  if (area && !AREA_CODE_PATTERN.test(area)) out.areaCode = issue('areaCode');
  else if (phone && !area) out.areaCode = issue('areaCodeNeeded');
  if (charCount(draft.message) > MESSAGE_MAX) out.message = issue('tooLong', { max: MESSAGE_MAX });
  return out;
}

/** The call's body: trimmed, without the empty optional fields. */
export function cooperationBody(draft: CooperationDraft): CooperationBody {
  const optional = (value: string) => value.trim();
  return {
    companyName: draft.companyName.trim(),
    contactName: draft.contactName.trim(),
    email: draft.email.trim(),
    ...(optional(draft.areaCode) ? { areaCode: optional(draft.areaCode) } : {}),
    ...(optional(draft.phone) ? { phone: optional(draft.phone) } : {}),
    ...(optional(draft.message) ? { message: draft.message.trim() } : {}),
  };
}
