import { hasChinese, isEmailFormat, passwordMeetsRules } from '../../contract/rules.ts';
import { badInput } from './envelope.ts';
import type { RsaKeys } from './rsa.ts';

/** The spec §5 rules of contract/rules.ts, as refusals that name the field and the rule. */
export function checkEmail(field: string, email: string): void {
  // spec §5: business e-mail format is checked ('Incorrect email, Please re-enter').
  if (!isEmailFormat(email)) throw badInput(field, 'email', 'Incorrect email, Please re-enter');
}

export function checkNoChinese(field: string, value: string): void {
  // spec §5: company name without Chinese characters.
  if (hasChinese(value)) throw badInput(field, 'noChinese', 'Chinese characters are not allowed');
}

export function checkNotBlank(field: string, value: string): void {
  if (value.trim().length === 0) throw badInput(field, 'required');
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decrypts an RSA-encrypted password field; a ciphertext that does not decode fails the password rule. */
export function decryptPassword(keys: RsaKeys, field: string, ciphertext: string, enforceRules: boolean): string {
  let text: string;
  try {
    text = strictUtf8.decode(keys.decrypt(ciphertext));
  } catch {
    text = '';
  }
  // spec §5: at least 8 characters with upper case, lower case, digits and special characters.
  if (enforceRules && !passwordMeetsRules(text)) {
    throw badInput(field, 'passwordRule', 'Password needs 8 or more characters with upper case, lower case, digits and special characters');
  }
  return text;
}
