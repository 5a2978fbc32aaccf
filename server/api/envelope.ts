/**
 * The reply envelope and the error catalogue of the provider API (spec §8).
 *
 * Every body is `{ code, msg, data }`. The HTTP status follows the kind of failure:
 * - 200 for success and for business refusals (wrong code, lockout, state conflicts): the spec's client
 *   reads `code` from the envelope and shows `msg` (spec §8 "Other non-200 codes").
 * - 400 bad input, 401 no or dead token, 403 refused (cross-origin, permissions), 404 unknown route,
 *   413 too large, 415 unsupported body type: the envelope carries the same code as the status.
 * A server fault is the only 500.
 */
export const Code = {
  success: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooLarge: 413,
  unsupportedMediaType: 415,
  serverError: 500,
  // Business codes (HTTP 200).
  loginFailed: 10001,
  locked: 10002,
  codeWrong: 10003,
  codeExpired: 10004,
  repeatRequest: 10005,
  gaWrong: 10006,
  gaState: 10007,
  emailTaken: 10008,
  phoneTaken: 10009,
  kycState: 10010,
  frozen: 10011,
  oldPasswordWrong: 10012,
  phoneBound: 10013,
  // Step-up re-authentication and authenticator reset (10030–10039).
  stepUpPasswordWrong: 10030,
  gaResetNotBound: 10031,
  gaResetPending: 10032,
  gaResetNone: 10033,
  // Sign-in captcha and code-send limits (10040–10049).
  captchaRequired: 10040,
  sendLimited: 10041,
  // Uploads (10060–10069).
  uploadQuota: 10060,
  // Sessions and the anti-phishing code (10050–10059).
  sessionNotFound: 10050,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** spec §8 table, and the business messages of this sandbox. Clients translate by `code`. */
export const messages: Record<Code, string> = {
  200: 'success',
  400: 'Bad request',
  401: 'Authentication failed, cannot access system resource',
  403: 'No permission for this operation',
  404: 'Resource does not exist',
  413: 'Image is too large, please re-upload',
  415: 'Unsupported content type',
  500: 'Unknown system error, report to the administrator',
  10001: 'verification failed, please log in again',
  10002: 'Too many failed attempts, the operation is locked',
  10003: 'Verification code is incorrect',
  10004: 'Verification code has expired, please get a new one',
  10005: 'Data is being processed, please click only once',
  10006: 'Google verification code is incorrect',
  10007: 'Google authenticator state does not allow this operation',
  10008: 'This e-mail is already registered',
  10009: 'This phone number is already in use',
  10010: 'KYC state does not allow this operation',
  10011: 'The account is frozen',
  10012: 'Old password is incorrect',
  10013: 'A phone number is already bound, update it instead',
  10030: 'Account password is incorrect',
  10031: 'No Google authenticator is bound to this account',
  10032: 'A Google authenticator reset request is already under review',
  10033: 'No Google authenticator reset request is under review',
  10040: 'Please enter the image verification code',
  10041: 'Too many verification codes requested, please try again later',
  10060: 'Upload quota reached',
  10050: 'Session not found',
};

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.success, msg: messages[Code.success], data };
}

const protocolCodes = new Set<number>([400, 401, 403, 404, 413, 415, 500]);

/** A refusal that becomes an envelope; `data` carries what a client needs to render it (counts, times, field). */
export class ApiError extends Error {
  readonly code: Code;
  readonly data: unknown;
  constructor(code: Code, data: unknown = null, msg?: string) {
    super(msg ?? messages[code]);
    this.code = code;
    this.data = data;
  }
  get httpStatus(): number {
    return protocolCodes.has(this.code) ? this.code : 200;
  }
  toEnvelope(): Envelope {
    return { code: this.code, msg: this.message, data: this.data };
  }
}

/** 400 with the offending field and the rule it broke, e.g. `badInput('password', 'passwordRule')`. */
export function badInput(field: string, rule: string, msg?: string): ApiError {
  return new ApiError(Code.badRequest, { field, rule }, msg ?? `Invalid ${field}: ${rule}`);
}
