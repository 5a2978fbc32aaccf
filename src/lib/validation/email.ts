import { invalid, type ValidationResult } from './types.ts';

// RFC 5321 limits; dot-atom local part (no quoted strings: no provider mailbox uses them) and a
// domain of LDH labels ending in an alphabetic (or punycode) top-level label.
const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isEmailFormat(email: string): boolean {
  if (email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL.test(local)) return false;
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return TOP_LABEL.test(labels[labels.length - 1] ?? '');
}

/**
 * spec §5: the business e-mail format is checked ('Incorrect email, Please re-enter'). Only the format:
 * the spec names no list of refused providers. Surrounding blanks are an error; trim before calling.
 */
export function validateBusinessEmail(email: string | null | undefined): ValidationResult {
  if (!email) return invalid('errors.emailRequired');
  return isEmailFormat(email) ? null : invalid('errors.emailInvalid');
}
