import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes.ts';
import type { AttemptsData, CodeChannel, SendLimitedData, UploadQuotaData } from '../../../contract/error-data.ts';
import { ERROR_KEYS, ERRORS_NAMESPACE, errorData, isApiError } from '../../lib/api/index.ts';
import { helpArticleFor, type HelpArea, type HelpArticleId } from '../help/shared.ts';
import type { WithdrawBan } from './types.ts';

/** Reply codes of the provider API, one list with the sandbox (contract/codes.ts); the screens translate them by code. */
export const ServerCode = Code;

const lockReasons = ['password', 'emailCode', 'smsCode', 'codeAccount', 'gaCode'] as const;
type LockReason = (typeof lockReasons)[number];
const isLockReason = (value: unknown): value is LockReason => lockReasons.includes(value as LockReason);

/** What a lockout reply carries (spec §8: the error count and a wait in days, hours and minutes). */
export interface LockInfo {
  reason: LockReason;
  errorCount: number;
  lockedUntil?: string;
  wait: { days: number; hours: number; minutes: number };
}

export interface FormError {
  /** The form field the message belongs beside; null for the form as a whole. */
  field: string | null;
  message: string;
  /** The help article that explains this refusal, where one does (spec §8 messages, explained by the help centre of spec §1). */
  help?: HelpArticleId | undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function readLockInfo(data: unknown): LockInfo | null {
  const d = record(data);
  const reason = d['reason'];
  if (!isLockReason(reason)) return null;
  const wait = record(d['wait']);
  return {
    reason,
    errorCount: num(d['errorCount']),
    ...(typeof d['lockedUntil'] === 'string' ? { lockedUntil: d['lockedUntil'] } : {}),
    wait: { days: num(wait['days']), hours: num(wait['hours']), minutes: num(wait['minutes']) },
  };
}

/** spec §8 lockout message: the error count and the wait in days, hours and minutes. */
export function lockoutMessage(t: TFunction, lock: LockInfo): string {
  const vars = { count: lock.errorCount, days: lock.wait.days, hours: lock.wait.hours, minutes: lock.wait.minutes };
  return t(`account:lockout.${lock.reason}`, vars);
}

/** 10041: too many codes asked for, for a destination, an account or from one address; the wait until the window turns. */
function sendLimitMessage(t: TFunction, data: SendLimitedData | null): string {
  const wait = data?.wait;
  return t('account:errors.sendLimited', { days: wait?.days ?? 0, hours: wait?.hours ?? 0, minutes: wait?.minutes ?? 0 });
}

/** spec §8 withdrawal restriction: restricted until a time, with its reason (spec §4 reasons 1–6). */
export function withdrawBanMessage(t: TFunction, ban: WithdrawBan, formatTime: (iso: string) => string): string {
  const reason = t(`account:withdrawBan.reasons.${ban.reason}`);
  return t('account:withdrawBan.message', { until: formatTime(ban.until), reason });
}

function attemptsSuffix(t: TFunction, data: AttemptsData | null): string {
  if (data === null) return '';
  return ` ${t('account:errors.attemptsLeft', { count: data.errorCount, remaining: data.remainingAttempts })}`;
}

/**
 * The server names the rule a field broke (server/platform/rules.ts and the route schemas); the message is
 * shown in the person's language rather than the server's English.
 */
const RULE_KEYS: Record<string, string> = {
  passwordRule: 'validation:errors.passwordRule',
  match: 'validation:errors.passwordsDoNotMatch',
  noChinese: 'validation:errors.companyNameChinese',
  email: 'validation:errors.emailInvalid',
  mustAccept: 'validation:errors.agreementRequired',
  codeNotFetched: 'account:errors.codeNotFetched',
  differentFromOld: 'account:errors.differentFromOld',
  minSize: 'validation:errors.imageTooSmall',
  imageType: 'validation:errors.imageType',
  required: 'validation:errors.required',
  // Shape checks of the route schemas (JSON-schema keywords).
  pattern: 'account:errors.invalidValue',
  minLength: 'account:errors.invalidValue',
  maxLength: 'account:errors.invalidValue',
  enum: 'account:errors.invalidValue',
  type: 'account:errors.invalidValue',
};

function ruleMessage(t: TFunction, field: string | null, rule: unknown): string | null {
  if (typeof rule !== 'string') return null;
  if (rule === 'required' && field !== null && /Uuid$/.test(field)) return t('account:errors.codeNotFetched');
  const key = RULE_KEYS[rule];
  return key ? t(key, { min: rule === 'minSize' ? '10KB' : 8 }) : null;
}

/** A wrong or expired code names its channel: `emailCode`, `smsCode` (forms map these to their fields). */
function codeField(data: { channel: CodeChannel } | null): string {
  return data?.channel === 'sms' ? 'smsCode' : data?.channel === 'image' ? 'captchaCode' : 'emailCode';
}

const MIB = 1024 * 1024;

/** 10060: which per-user upload limit was reached (server/platform/upload-quota.ts) and how much of it is used. */
function uploadQuotaMessage(t: TFunction, data: UploadQuotaData | null): string {
  const limit = data?.limit ?? 0;
  const used = data?.used ?? 0;
  switch (data?.quota) {
    case 'files':
      return t('account:errors.uploadQuotaFiles', { used, limit });
    case 'bytes':
      return t('account:errors.uploadQuotaBytes', { used: Math.round((used / MIB) * 10) / 10, limit: Math.round((limit / MIB) * 10) / 10 });
    case 'inFlight':
      return t('account:errors.uploadQuotaInFlight', { limit });
    default:
      return t('account:errors.uploadQuota');
  }
}

/**
 * Turns a failed call into a translated message and, where the server named one, the field it belongs
 * to. `fields` maps server field names to the form's own (e.g. `emailCode` → `code`).
 */
export function describeError(t: TFunction, error: unknown, fields: Record<string, string> = {}, area: HelpArea = 'account'): FormError {
  if (!isApiError(error)) return { field: null, message: t(`${ERRORS_NAMESPACE}:${ERROR_KEYS.unknown}`) };
  const help = helpArticleFor(error.code, area);
  const on = (field: string | null, message: string): FormError => ({ field: field === null ? null : (fields[field] ?? field), message, help });
  switch (error.code) {
    case ServerCode.badRequest: {
      const data = errorData(error, Code.badRequest);
      const field = data?.field ?? null;
      return on(field, ruleMessage(t, field, data?.rule) ?? (error.msg || error.message));
    }
    case ServerCode.loginFailed:
      return on(null, t(`${ERRORS_NAMESPACE}:${ERROR_KEYS.verificationFailed}`) + attemptsSuffix(t, errorData(error, Code.loginFailed)));
    case ServerCode.locked: {
      const lock = readLockInfo(errorData(error, Code.locked));
      return on(null, lock ? lockoutMessage(t, lock) : error.message);
    }
    case ServerCode.codeWrong: {
      const data = errorData(error, Code.codeWrong);
      return on(codeField(data), t('account:errors.codeWrong') + attemptsSuffix(t, data));
    }
    case ServerCode.codeExpired:
      return on(codeField(errorData(error, Code.codeExpired)), t('account:errors.codeExpired'));
    case ServerCode.repeatRequest:
      return on(null, t('account:errors.clickOnce'));
    case ServerCode.gaWrong: {
      const data = errorData(error, Code.gaWrong);
      // bindGaInfo names `currentGaCode` when the code of the authenticator bound now was the wrong one.
      return on(data?.field === 'currentGaCode' ? 'currentGaCode' : 'gaCode', t('account:errors.gaWrong') + attemptsSuffix(t, data));
    }
    case ServerCode.gaState:
      return on(null, t('account:errors.gaState'));
    case ServerCode.emailTaken:
      return on('email', t('account:errors.emailTaken'));
    case ServerCode.phoneTaken:
      return on('phone', t('account:errors.phoneTaken'));
    case ServerCode.frozen:
      return on(null, t('account:errors.frozen'));
    case ServerCode.oldPasswordWrong:
      return on('oldPassword', t('account:errors.oldPasswordWrong') + attemptsSuffix(t, errorData(error, Code.oldPasswordWrong)));
    case ServerCode.phoneBound:
      return on('phone', t('account:errors.phoneBound'));
    case ServerCode.stepUpPasswordWrong:
      return on('password', t('account:errors.passwordWrong') + attemptsSuffix(t, errorData(error, Code.stepUpPasswordWrong)));
    case ServerCode.gaResetNotBound:
      return on(null, t('account:errors.gaResetNotBound'));
    case ServerCode.gaResetPending:
      return on(null, t('account:errors.gaResetPending'));
    case ServerCode.gaResetNone:
      return on(null, t('account:errors.gaResetNone'));
    case ServerCode.captchaRequired:
      return on('captchaCode', t('account:errors.captchaAsked'));
    case ServerCode.sendLimited:
      return on(null, sendLimitMessage(t, errorData(error, Code.sendLimited)));
    case ServerCode.uploadQuota:
      return on(null, uploadQuotaMessage(t, errorData(error, Code.uploadQuota)));
    case ServerCode.sessionNotFound:
      return on(null, t('account:errors.sessionNotFound'));
    default:
      return on(null, error.message);
  }
}

/** The server wants the image captcha on the next try: it said so (10040), or a failure said it will (10001). */
export function asksForCaptcha(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === ServerCode.captchaRequired) return true;
  // A wrong captcha (10003 on the image channel) also needs a new image.
  if (error.code === ServerCode.codeWrong || error.code === ServerCode.codeExpired) {
    const channel = (errorData(error, Code.codeWrong) ?? errorData(error, Code.codeExpired))?.channel;
    return channel === 'image' || channel === undefined;
  }
  return errorData(error, Code.loginFailed)?.captchaRequired === true;
}
