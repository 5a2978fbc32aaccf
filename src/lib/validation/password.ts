import { invalid, charCount, type ValidationResult } from './types.ts';

/** spec §5, §9: password minimum length. */
export const PASSWORD_MIN_LENGTH = 8;

const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
// ASCII punctuation and symbols: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
const SPECIAL = /[!-/:-@[-`{-~]/;

/** spec §5: at least 8 characters with upper case, lower case, digits and special characters. */
export function validatePassword(password: string | null | undefined): ValidationResult {
  if (!password) return invalid('errors.passwordRequired');
  const strong =
    charCount(password) >= PASSWORD_MIN_LENGTH &&
    UPPER.test(password) &&
    LOWER.test(password) &&
    DIGIT.test(password) &&
    SPECIAL.test(password);
  return strong ? null : invalid('errors.passwordRule', { min: PASSWORD_MIN_LENGTH });
}

/** spec §5: the two passwords must match ('Passwords Do Not Match'). */
export function validatePasswordMatch(
  password: string | null | undefined,
  confirmation: string | null | undefined,
): ValidationResult {
  if (!confirmation) return invalid('errors.confirmPasswordRequired');
  return password === confirmation ? null : invalid('errors.passwordsDoNotMatch');
}
