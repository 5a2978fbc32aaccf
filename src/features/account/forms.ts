import {
  VALIDATION_NAMESPACE,
  validateAgreement,
  validateBusinessEmail,
  validateCompanyName,
  validatePassword,
  validatePasswordMatch,
  validateRequired,
  type ValidationResult,
} from '../../lib/validation/index.ts';
import { ANTI_PHISHING_PATTERN, AREA_CODE_PATTERN, PHONE_PATTERN } from '../../../contract/rules.ts';
import { checkCode, checkGaCode, type FieldIssue, type FieldIssues } from '../../components/form/index.ts';
import { isLanguage } from '../../lib/i18n/languages.ts';

// Form rules of the account screens (spec §2 fields, spec §5 rules); the checks every code-asking form shares are
// the form kit's (src/components/form/field-checks.ts). Each returns the first problem per
// field as a namespaced translation key ("validation:…" or "account:…") with its params.

function fromValidation(result: ValidationResult): FieldIssue | undefined {
  if (!result) return undefined;
  return result.params ? { key: `${VALIDATION_NAMESPACE}:${result.key}`, params: result.params } : { key: `${VALIDATION_NAMESPACE}:${result.key}` };
}

const WHATSAPP = /^[+\d\s-]{5,32}$/;
const TELEGRAM = /^@?[A-Za-z0-9_]{3,64}$/;

/** The anti-phishing code: required, 4 to 20 letters and digits (contract/rules.ts, the sandbox's own rule). */
export function checkAntiPhishingCode(code: string): FieldIssue | undefined {
  if (code.trim() === '') return { key: 'validation:errors.required' };
  return ANTI_PHISHING_PATTERN.test(code.trim()) ? undefined : { key: 'account:safe.antiPhishing.rule' };
}

export function checkPhone(areaCode: string, phone: string): { areaCode?: FieldIssue; phone?: FieldIssue } {
  const out: { areaCode?: FieldIssue; phone?: FieldIssue } = {};
  if (!AREA_CODE_PATTERN.test(areaCode.trim())) out.areaCode = { key: 'account:errors.areaCodeInvalid' };
  if (phone.trim() === '') out.phone = { key: 'account:errors.phoneRequired' };
  else if (!PHONE_PATTERN.test(phone.trim())) out.phone = { key: 'account:errors.phoneInvalid' };
  return out;
}

function compact<K extends string>(issues: Record<K, FieldIssue | undefined>): FieldIssues<K> {
  const out: FieldIssues<K> = {};
  for (const [field, issue] of Object.entries(issues) as [K, FieldIssue | undefined][]) if (issue) out[field] = issue;
  return out;
}

export interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  emailCode: string;
  areaCode: string;
  whatsapp: string;
  telegram: string;
  preferredLanguage: string;
  companyName: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
}

export type RegisterField = keyof RegisterForm;

/** spec §2 registration fields with the rules of spec §5. WhatsApp and Telegram are optional contacts. */
export function validateRegister(form: RegisterForm, emailUuid: string | null): FieldIssues<RegisterField> {
  const whatsapp = form.whatsapp.trim();
  const telegram = form.telegram.trim();
  return compact<RegisterField>({
    firstName: fromValidation(validateRequired(form.firstName.trim())),
    lastName: fromValidation(validateRequired(form.lastName.trim())),
    email: fromValidation(validateBusinessEmail(form.email.trim())),
    emailCode: checkCode(form.emailCode, emailUuid, `${VALIDATION_NAMESPACE}:errors.emailCodeRequired`),
    areaCode: form.areaCode.trim() === '' && whatsapp === '' ? undefined : checkPhone(form.areaCode, '00000').areaCode,
    whatsapp: whatsapp === '' || WHATSAPP.test(whatsapp) ? undefined : { key: 'account:errors.whatsappInvalid' },
    telegram: telegram === '' || TELEGRAM.test(telegram) ? undefined : { key: 'account:errors.telegramInvalid' },
    preferredLanguage: isLanguage(form.preferredLanguage) ? undefined : { key: 'validation:errors.required' },
    companyName: fromValidation(validateCompanyName(form.companyName)),
    password: fromValidation(validatePassword(form.password)),
    confirmPassword: fromValidation(validatePasswordMatch(form.password, form.confirmPassword)),
    agreement: fromValidation(validateAgreement(form.agreement)),
  });
}

export interface LoginForm {
  username: string;
  password: string;
  gaCode: string;
}

export function validateLogin(form: LoginForm, needGaCode: boolean): FieldIssues<keyof LoginForm> {
  return compact<keyof LoginForm>({
    username: fromValidation(validateBusinessEmail(form.username.trim())),
    password: form.password === '' ? { key: `${VALIDATION_NAMESPACE}:errors.passwordRequired` } : undefined,
    gaCode: needGaCode ? checkGaCode(form.gaCode, true) : undefined,
  });
}

export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  emailCode: string;
  gaCode: string;
}

/** spec §5: old password and e-mail code are required; the two new passwords must match; spec §7 gaCode. */
export function validateChangePassword(form: ChangePasswordForm, emailUuid: string | null, gaBound: boolean): FieldIssues<keyof ChangePasswordForm> {
  return compact<keyof ChangePasswordForm>({
    oldPassword: fromValidation(validateRequired(form.oldPassword, 'errors.oldPasswordRequired')),
    newPassword:
      fromValidation(validatePassword(form.newPassword)) ??
      (form.newPassword === form.oldPassword ? { key: 'account:errors.samePassword' } : undefined),
    confirmPassword: fromValidation(validatePasswordMatch(form.newPassword, form.confirmPassword)),
    emailCode: checkCode(form.emailCode, emailUuid, `${VALIDATION_NAMESPACE}:errors.emailCodeRequired`),
    gaCode: checkGaCode(form.gaCode, gaBound),
  });
}

export interface ResetPasswordForm {
  username: string;
  type: 'email' | 'phone';
  areaCode: string;
  phone: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateResetPassword(form: ResetPasswordForm, codeUuid: string | null): FieldIssues<keyof ResetPasswordForm> {
  const phone = form.type === 'phone' ? checkPhone(form.areaCode, form.phone) : {};
  return compact<keyof ResetPasswordForm>({
    username: fromValidation(validateBusinessEmail(form.username.trim())),
    type: undefined,
    areaCode: phone.areaCode,
    phone: phone.phone,
    code: checkCode(form.code, codeUuid),
    newPassword: fromValidation(validatePassword(form.newPassword)),
    confirmPassword: fromValidation(validatePasswordMatch(form.newPassword, form.confirmPassword)),
  });
}
