import { isEmpty } from '../format/index.ts';
import { charCount, invalid, type ValidationKey, type ValidationResult } from './types.ts';

/** spec §5, §9: broker API remark length. */
export const REMARK_MAX_LENGTH = 500;

type RequiredKey = Extract<ValidationKey, 'errors.required' | 'errors.oldPasswordRequired' | 'errors.emailCodeRequired'>;

/** A required field (spec §5: old password and e-mail code are required). Uses the empty check of §5. */
export function validateRequired(value: unknown, key: RequiredKey = 'errors.required'): ValidationResult {
  return isEmpty(value) ? invalid(key) : null;
}

/** spec §5: broker API remark at most 500 characters; an empty remark is allowed. */
export function validateRemark(remark: string | null | undefined): ValidationResult {
  return charCount(remark ?? '') > REMARK_MAX_LENGTH ? invalid('errors.remarkTooLong', { max: REMARK_MAX_LENGTH }) : null;
}

/** spec §5: the user agreement must be ticked. */
export function validateAgreement(accepted: boolean): ValidationResult {
  return accepted ? null : invalid('errors.agreementRequired');
}
