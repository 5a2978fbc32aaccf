// Public entry of the validators (spec §5). Each returns null when valid, or a translation key of the
// `validation` namespace with its params (see types.ts).
// The rules themselves live in contract/rules.ts (one copy for the app and the sandbox); these only turn
// them into a field's translated error. Only what a screen uses is exported (validation/used.test.ts).
export { VALIDATION_NAMESPACE, type ValidationKey, type ValidationError, type ValidationResult } from './types.ts';
export { validatePassword, validatePasswordMatch } from './password.ts';
export { isEmailFormat, validateBusinessEmail } from './email.ts';
export { validateAddressName, validateCompanyName } from './names.ts';
export { validateRequired, validateAgreement } from './text.ts';
export { validateImage } from './image.ts';
