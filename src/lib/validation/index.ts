// Public entry of the validators (spec §5). Each returns null when valid, or a translation key of the
// `validation` namespace with its params (see types.ts).
export {
  VALIDATION_NAMESPACE,
  VALIDATION_KEYS,
  charCount,
  type ValidationKey,
  type ValidationError,
  type ValidationResult,
} from './types.ts';
export { PASSWORD_MIN_LENGTH, validatePassword, validatePasswordMatch } from './password.ts';
export { isEmailFormat, validateBusinessEmail } from './email.ts';
export {
  ADDRESS_NAME_MIN_LENGTH,
  ADDRESS_NAME_MAX_LENGTH,
  hasChineseCharacters,
  validateAddressName,
  validateCompanyName,
} from './names.ts';
export { IP_MAX_COUNT, IP_TEXT_MAX_LENGTH, isIPv4, isIPv6, isIpAddress, parseIpList, validateIpList } from './ip.ts';
export { REMARK_MAX_LENGTH, validateRequired, validateRemark, validateAgreement } from './text.ts';
export { IMAGE_MIN_BYTES, IMAGE_MAX_BYTES, sniffImageFormat, validateImage, type ImageFormat } from './image.ts';
