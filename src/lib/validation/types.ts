// Validators return translation keys of the `validation` namespace plus interpolation params, never
// English text, so every screen shows the error in the user's language:
//   const error = validatePassword(value);
//   if (error) t(error.key, { ns: VALIDATION_NAMESPACE, ...error.params });

export const VALIDATION_NAMESPACE = 'validation';

export const VALIDATION_KEYS = [
  'errors.required',
  'errors.oldPasswordRequired',
  'errors.emailCodeRequired',
  'errors.passwordRequired',
  'errors.passwordRule',
  'errors.confirmPasswordRequired',
  'errors.passwordsDoNotMatch',
  'errors.emailRequired',
  'errors.emailInvalid',
  'errors.addressNameRequired',
  'errors.addressNameLength',
  'errors.companyNameRequired',
  'errors.companyNameChinese',
  'errors.agreementRequired',
  'errors.imageRequired',
  'errors.imageType',
  'errors.imageTooSmall',
  'errors.imageTooLarge',
] as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export interface ValidationError {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** null means valid. */
export type ValidationResult = ValidationError | null;

export function invalid(key: ValidationKey, params?: Record<string, string | number>): ValidationError {
  return params ? { key, params } : { key };
}

/** Length in characters (Unicode code points): the contract's count, one for the app and the sandbox. */
export { charCount } from '../../../contract/rules.ts';
