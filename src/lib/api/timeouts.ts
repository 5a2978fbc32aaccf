import type { ApiPath } from '../../../contract/api.ts';

export type TimeoutKind = 'default' | 'security' | 'upload';

export interface Timeouts {
  default: number;
  security: number;
  /** File uploads (KYC documents up to 10 MB, spec §5): the 10 s JSON time-out would cut a slow line off. */
  upload: number;
}

// spec §7 and §9: "Request timeout is 10 s, and 20 s for captcha and security calls".
export const DEFAULT_TIMEOUTS: Readonly<Timeouts> = { default: 10_000, security: 20_000, upload: 60_000 };

/**
 * The security calls of spec §7 "Authentication and security" that serve the account-security area of
 * spec §1 (password, phone, Google authenticator, login history, account freeze) and the flows that
 * verify a person (pre-login, login, identity check, password retrieval). Compared after collapsing
 * repeated slashes, so the spec's `/institution//email/captcha` matches too. Each is a path of the contract
 * (typed by its ApiPath, type only), so a call renamed there fails the type check here.
 */
export const SECURITY_PATHS: ReadonlySet<string> = new Set<ApiPath>([
  '/institution/preLogin',
  '/institution/login',
  '/institution/verify/user',
  '/institution/retrieve/password',
  '/institution/updatePwd',
  '/institution/bindPhoneInfo',
  '/institution/updatePhoneInfo',
  '/institution/generateGaInfo',
  '/institution/bindGaInfo',
  '/institution/loginInfoList',
  '/institution/frozenLatestAccount',
]);

/**
 * spec §7 captcha calls: /institution/image/captcha, /institution/email/captcha(/noLogin),
 * /institution/sms/captcha and /institution//email/captcha — every path with a `captcha` segment.
 */
const CAPTCHA_SEGMENT = /\/captcha(?:\/|$)/;

export function normalisePath(path: string): string {
  const withoutQuery = path.split('?')[0] ?? '';
  return `/${withoutQuery.replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
}

export function timeoutKindFor(path: string): TimeoutKind {
  const normal = normalisePath(path);
  return CAPTCHA_SEGMENT.test(normal) || SECURITY_PATHS.has(normal) ? 'security' : 'default';
}
