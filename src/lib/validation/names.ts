import { ADDRESS_NAME_MAX, ADDRESS_NAME_MIN, hasChinese, isAddressName } from '../../../contract/rules.ts';
import { invalid, type ValidationResult } from './types.ts';

/** spec §5: address name of 4 to 20 characters (counted without surrounding blanks). */
export function validateAddressName(name: string | null | undefined): ValidationResult {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return invalid('errors.addressNameRequired');
  return isAddressName(trimmed)
    ? null
    : invalid('errors.addressNameLength', { min: ADDRESS_NAME_MIN, max: ADDRESS_NAME_MAX });
}

/** spec §5: company name without Chinese characters. */
export function validateCompanyName(name: string | null | undefined): ValidationResult {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return invalid('errors.companyNameRequired');
  return hasChinese(trimmed) ? invalid('errors.companyNameChinese') : null;
}
