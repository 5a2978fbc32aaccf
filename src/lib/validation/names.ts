import { ADDRESS_NAME_MAX, ADDRESS_NAME_MIN, hasChinese, isAddressName } from '../../../contract/rules.ts';
import { invalid, type ValidationResult } from './types.ts';

/** spec §5, §9: address name length (contract/rules.ts). */
export const ADDRESS_NAME_MIN_LENGTH = ADDRESS_NAME_MIN;
export const ADDRESS_NAME_MAX_LENGTH = ADDRESS_NAME_MAX;

/** spec §5: address name of 4 to 20 characters (counted without surrounding blanks). */
export function validateAddressName(name: string | null | undefined): ValidationResult {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return invalid('errors.addressNameRequired');
  return isAddressName(trimmed)
    ? null
    : invalid('errors.addressNameLength', { min: ADDRESS_NAME_MIN_LENGTH, max: ADDRESS_NAME_MAX_LENGTH });
}

/** True when the text holds a Chinese (Han script) character, simplified or traditional. */
export function hasChineseCharacters(text: string): boolean {
  return hasChinese(text);
}

/** spec §5: company name without Chinese characters. */
export function validateCompanyName(name: string | null | undefined): ValidationResult {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return invalid('errors.companyNameRequired');
  return hasChineseCharacters(trimmed) ? invalid('errors.companyNameChinese') : null;
}
