import { charCount, invalid, type ValidationResult } from './types.ts';

/** spec §5, §9: address name length. */
export const ADDRESS_NAME_MIN_LENGTH = 4;
export const ADDRESS_NAME_MAX_LENGTH = 20;

const HAN = /\p{Script=Han}/u;

/** spec §5: address name of 4 to 20 characters (counted without surrounding blanks). */
export function validateAddressName(name: string | null | undefined): ValidationResult {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return invalid('errors.addressNameRequired');
  const n = charCount(trimmed);
  return n >= ADDRESS_NAME_MIN_LENGTH && n <= ADDRESS_NAME_MAX_LENGTH
    ? null
    : invalid('errors.addressNameLength', { min: ADDRESS_NAME_MIN_LENGTH, max: ADDRESS_NAME_MAX_LENGTH });
}

/** True when the text holds a Chinese (Han script) character, simplified or traditional. */
export function hasChineseCharacters(text: string): boolean {
  return HAN.test(text);
}

/** spec §5: company name without Chinese characters. */
export function validateCompanyName(name: string | null | undefined): ValidationResult {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return invalid('errors.companyNameRequired');
  return hasChineseCharacters(trimmed) ? invalid('errors.companyNameChinese') : null;
}
