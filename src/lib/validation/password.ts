import { PASSWORD_MIN_LENGTH, passwordMeetsRules } from '../../../contract/rules.ts';
import { invalid, type ValidationResult } from './types.ts';

export { PASSWORD_MIN_LENGTH };

/** spec §5: at least 8 characters with upper case, lower case, digits and special characters. */
export function validatePassword(password: string | null | undefined): ValidationResult {
  if (!password) return invalid('errors.passwordRequired');
  // The same rule the sandbox applies (contract/rules.ts).
  return passwordMeetsRules(password) ? null : invalid('errors.passwordRule', { min: PASSWORD_MIN_LENGTH });
}

/** spec §5: the two passwords must match ('Passwords Do Not Match'). */
export function validatePasswordMatch(
  password: string | null | undefined,
  confirmation: string | null | undefined,
): ValidationResult {
  if (!confirmation) return invalid('errors.confirmPasswordRequired');
  return password === confirmation ? null : invalid('errors.passwordsDoNotMatch');
}
