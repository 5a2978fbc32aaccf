import { isEmailFormat } from '../../../contract/rules.ts';
import { invalid, type ValidationResult } from './types.ts';

export { isEmailFormat };

/**
 * spec §5: the business e-mail format is checked ('Incorrect email, Please re-enter'). Only the format:
 * the spec names no list of refused providers. Surrounding blanks are an error; trim before calling.
 */
export function validateBusinessEmail(email: string | null | undefined): ValidationResult {
  if (!email) return invalid('errors.emailRequired');
  return isEmailFormat(email) ? null : invalid('errors.emailInvalid');
}
