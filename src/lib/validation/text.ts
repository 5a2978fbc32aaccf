import { isEmpty } from '../format/index.ts';
import { invalid, type ValidationKey, type ValidationResult } from './types.ts';

type RequiredKey = Extract<ValidationKey, 'errors.required' | 'errors.oldPasswordRequired' | 'errors.emailCodeRequired'>;

/** A required field (spec §5: old password and e-mail code are required). Uses the empty check of §5. */
export function validateRequired(value: unknown, key: RequiredKey = 'errors.required'): ValidationResult {
  return isEmpty(value) ? invalid(key) : null;
}

/** spec §5: the user agreement must be ticked. */
export function validateAgreement(accepted: boolean): ValidationResult {
  return accepted ? null : invalid('errors.agreementRequired');
}
