import { CODE6_PATTERN } from '../../../contract/rules.ts';
import { VALIDATION_NAMESPACE } from '../../lib/validation/index.ts';

// The problems a form shows beside its fields, and the checks every code-asking form shares (spec §5 rules).
// Each returns the first problem as a namespaced translation key ("validation:…" or "account:…") with its params.

export interface FieldIssue {
  key: string;
  params?: Record<string, string | number>;
}

export type FieldIssues<K extends string> = Partial<Record<K, FieldIssue>>;

/** What a form shows per field: a rule's issue, or a server message already translated. */
export type FieldErrors<K extends string> = Partial<Record<K, FieldIssue | string>>;

/** spec §5 "The verification code must be fetched first", then six digits. */
export function checkCode(code: string, uuid: string | null, requiredKey = 'account:errors.codeRequired'): FieldIssue | undefined {
  if (!uuid) return { key: 'account:errors.codeNotFetched' };
  if (code.trim() === '') return { key: requiredKey };
  return CODE6_PATTERN.test(code.trim()) ? undefined : { key: 'account:errors.codeFormat' };
}

/** A Google authenticator code: required when the authenticator is bound (spec §6), six digits. */
export function checkGaCode(code: string, required: boolean): FieldIssue | undefined {
  if (code.trim() === '') return required ? { key: 'account:errors.gaCodeRequired' } : undefined;
  return CODE6_PATTERN.test(code.trim()) ? undefined : { key: 'account:errors.codeFormat' };
}

/** The account password a sensitive change asks for again (step-up re-authentication). */
export function checkStepUpPassword(password: string): FieldIssue | undefined {
  return password === '' ? { key: `${VALIDATION_NAMESPACE}:errors.passwordRequired` } : undefined;
}
