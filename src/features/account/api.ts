import type { PublicCalls } from '../../../contract/public.ts';
import { JSEncrypt } from 'jsencrypt';
import type { AccountCalls } from '../../../contract/account.ts';
import type { QueryOf, ReplyOf } from '../../../contract/call.ts';
import type { PageSize } from '../../../contract/rules.ts';
import { apiGet, apiPost } from '../../lib/api/index.ts';
import type { MenuItem } from '../../lib/session/index.ts';
import type { LoginHistoryPage } from './types.ts';

// The account calls of spec §7 "Authentication and security". Forms call them with `silent: true` and
// show the error next to the field themselves; nothing else here shows a toast.
const quiet = { silent: true } as const;
const publicCall = { silent: true, noToken: true } as const;
type Account<P extends keyof AccountCalls> = ReplyOf<AccountCalls[P]>;

/** spec §6 public calls, typed from contract/public.ts (types only). */
export type PlatformConfiguration = ReplyOf<PublicCalls['/platformConfiguration/get']>;

let platformConfig: Promise<PlatformConfiguration> | null = null;

/** GET /platformConfiguration/get, once per page load (a failed fetch is retried on the next call). */
export function loadPlatformConfiguration(): Promise<PlatformConfiguration> {
  platformConfig ??= apiGet<PlatformConfiguration>('/platformConfiguration/get', publicCall).catch((error: unknown) => {
    platformConfig = null;
    throw error;
  });
  return platformConfig;
}

/** spec §5: passwords are RSA-encrypted with the platform's public key before they are sent. */
export async function encryptPassword(plain: string): Promise<string> {
  const { publicKey } = await loadPlatformConfiguration();
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const cipher = rsa.encrypt(plain);
  if (cipher === false) throw new Error('RSA encryption failed');
  return cipher;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface PreLoginResult {
  needGaCode?: boolean;
  gaBound?: boolean;
}

/** The image captcha's answer, sent once the server asks for it (10040, after an account's first failures). */
export interface CaptchaAnswer {
  captchaUuid?: string;
  captchaCode?: string;
}

export async function preLogin(credentials: Credentials & CaptchaAnswer): Promise<PreLoginResult> {
  const password = await encryptPassword(credentials.password);
  return apiPost<PreLoginResult>('/institution/preLogin', { ...credentials, password }, publicCall);
}

export async function login(credentials: Credentials & CaptchaAnswer & { gaCode?: string }): Promise<{ token: string }> {
  const { gaCode, ...rest } = credentials;
  const password = await encryptPassword(credentials.password);
  return apiPost<{ token: string }>('/institution/login', { ...rest, password, ...(gaCode ? { gaCode } : {}) }, publicCall);
}

export const logout = () => apiPost<null>('/institution/logout', undefined, quiet);

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  emailUuid: string;
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

export async function register(form: RegisterRequest): Promise<{ userId: number }> {
  const [password, confirmPassword] = await Promise.all([encryptPassword(form.password), encryptPassword(form.confirmPassword)]);
  return apiPost('/institution/register', { ...form, password, confirmPassword }, publicCall);
}

export type CodeReceipt = { uuid: string };

export const sendEmailCodeNoLogin = (email: string, businessType: 'register' | 'resetPassword' | 'resetGa') =>
  apiPost<CodeReceipt>('/institution/email/captcha/noLogin', { email, businessType }, publicCall);

export const sendEmailCode = (businessType: string, email?: string) =>
  apiPost<CodeReceipt>('/institution/email/captcha', { businessType, ...(email ? { email } : {}) }, quiet);

export const sendSmsCode = (body: { areaCode: string; phone: string; username: string; businessType: string }) =>
  apiPost<CodeReceipt>('/institution/sms/captcha', body, publicCall);

export type CaptchaPurpose = 'verifyUser' | 'login';
export type CaptchaImage = ReplyOf<PublicCalls['/institution/image/captcha']>;
export const imageCaptcha = (businessType: CaptchaPurpose = 'verifyUser') =>
  apiGet<CaptchaImage>('/institution/image/captcha', { ...publicCall, searchParams: { businessType } });

export interface VerifiedUser {
  exists: boolean;
  email: string | null;
  areaCode: string | null;
  phone: string | null;
  hasPhone: boolean;
}

export const verifyUser = (body: { username: string; captchaUuid: string; captchaCode: string }) =>
  apiPost<VerifiedUser>('/institution/verify/user', body, publicCall);

export interface RetrieveRequest {
  username: string;
  type: 'email' | 'phone';
  code: string;
  uuid: string;
  areaCode?: string;
  phone?: string;
  newPassword: string;
  confirmPassword: string;
}

export async function retrievePassword(form: RetrieveRequest): Promise<null> {
  const [newPassword, confirmPassword] = await Promise.all([encryptPassword(form.newPassword), encryptPassword(form.confirmPassword)]);
  const channel =
    form.type === 'email'
      ? { emailUuid: form.uuid, emailCode: form.code }
      : { smsUuid: form.uuid, smsCode: form.code, areaCode: form.areaCode, phone: form.phone };
  return apiPost('/institution/retrieve/password', { username: form.username, type: form.type, ...channel, newPassword, confirmPassword }, publicCall);
}

export const getUserInfo = () => apiGet<Account<'/institution/getUserInfo'>>('/institution/getUserInfo', quiet);
/** The sandbox answers `{ menus, permissions, withdrawBans }` (contract/account.ts); a bare list of menus is accepted too. */
export type UserMenuReply = Account<'/menu/getUserMenu'> | MenuItem[];

export const getUserMenu = () => apiGet<UserMenuReply>('/menu/getUserMenu', quiet);

export const loginInfoList = (pageNum: number, pageSize: PageSize) =>
  apiGet<LoginHistoryPage>('/institution/loginInfoList', {
    ...quiet,
    searchParams: { pageNum, pageSize } satisfies QueryOf<AccountCalls['/institution/loginInfoList']>,
  });

export interface UpdatePasswordRequest {
  oldPassword: string;
  newPassword: string;
  emailCode: string;
  emailUuid: string;
  gaCode: string;
}

export async function updatePassword(form: UpdatePasswordRequest): Promise<unknown> {
  const [oldPassword, newPassword] = await Promise.all([encryptPassword(form.oldPassword), encryptPassword(form.newPassword)]);
  const ga = form.gaCode ? { gaCode: form.gaCode } : {};
  return apiPost('/institution/updatePwd', { oldPassword, newPassword, emailCode: form.emailCode, emailUuid: form.emailUuid, ...ga }, quiet);
}

/**
 * Sensitive changes take a fresh re-authentication (server/api/README.md "Step-up"): the account password
 * (encrypted), an e-mail code of the call's own business type, and the current Google code when bound.
 */
export interface StepUp {
  password: string;
}

export interface BindPhoneRequest extends StepUp {
  smsUuid: string;
  smsCode: string;
  areaCode: string;
  phone: string;
  emailUuid: string;
  emailCode: string;
  gaCode: string;
}

export async function bindPhone({ password, gaCode, ...rest }: BindPhoneRequest): Promise<unknown> {
  return apiPost('/institution/bindPhoneInfo', { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) }, quiet);
}

export interface UpdatePhoneRequest extends StepUp {
  oldSmsUuid: string;
  oldSmsCode: string;
  newSmsUuid: string;
  newSmsCode: string;
  emailUuid: string;
  emailCode: string;
  areaCode: string;
  phone: string;
  gaCode: string;
}

export async function updatePhone({ gaCode, password, ...rest }: UpdatePhoneRequest): Promise<unknown> {
  return apiPost('/institution/updatePhoneInfo', { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) }, quiet);
}

export interface UpdateEmailRequest extends StepUp {
  oldEmailUuid: string;
  oldEmailCode: string;
  newEmailUuid: string;
  newEmailCode: string;
  email: string;
  gaCode: string;
}

export async function updateEmail({ gaCode, password, ...rest }: UpdateEmailRequest): Promise<unknown> {
  return apiPost('/institution/updateEmailInfo', { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) }, quiet);
}

export interface GaInfo {
  secretKey: string;
  otpauthUrl: string;
  bound?: boolean;
}

export const generateGaInfo = () => apiGet<GaInfo>('/institution/generateGaInfo', quiet);

export interface BindGaRequest extends StepUp {
  secretKey: string;
  /** A code of the secret being bound. */
  gaCode: string;
  emailUuid: string;
  emailCode: string;
  /** The code of the authenticator bound now (a rebind). */
  currentGaCode: string;
}

export async function bindGaInfo({ password, currentGaCode, ...rest }: BindGaRequest): Promise<unknown> {
  return apiPost('/institution/bindGaInfo', { ...rest, password: await encryptPassword(password), ...(currentGaCode ? { currentGaCode } : {}) }, quiet);
}

/** Withdrawals stay restricted this long after an approved authenticator reset (the sandbox's Limits default). */
export const GA_RESET_RESTRICTION_HOURS = 48;

export type GaResetStatus = 'review' | 'approved' | 'rejected';

export interface GaResetState {
  requestId: string;
  status: GaResetStatus;
  rejectReason?: string | null;
}

/** Lost authenticator: user name + password + e-mail code (resetGa) open a request under review. */
export async function applyGaReset(form: { username: string; password: string; emailUuid: string; emailCode: string } & CaptchaAnswer): Promise<GaResetState> {
  const password = await encryptPassword(form.password);
  return apiPost<GaResetState>('/institution/ga/reset/apply', { ...form, password }, publicCall);
}

export const gaResetStatus = (requestId: string) =>
  apiGet<GaResetState>('/institution/ga/reset/status', { ...publicCall, searchParams: { requestId } });

export const freezeAccount = () => apiPost<Account<'/institution/frozenLatestAccount'>>('/institution/frozenLatestAccount', {}, quiet);

/** Any text: a language the sandbox does not offer is its 400 to answer (contract/rules.ts `LANGUAGES`). */
export const updatePreferredLanguage = (preferredLanguage: string) =>
  apiPost<Account<'/institution/updatePreferredLanguage'>>('/institution/updatePreferredLanguage', { preferredLanguage }, quiet);

/** A signed-in session of this user (contract/account.ts). */
export type SessionRow = Account<'/institution/session/list'>['list'][number];

export const listSessions = () => apiGet<Account<'/institution/session/list'>>('/institution/session/list', quiet);

export const revokeSession = (sessionId: number) =>
  apiPost<Account<'/institution/session/revoke'>>('/institution/session/revoke', { sessionId }, quiet);

export interface AntiPhishingRequest extends StepUp {
  code: string;
  emailUuid: string;
  emailCode: string;
  /** Required while an authenticator is bound. */
  gaCode: string;
}

/** The anti-phishing code, with the step-up: the password goes RSA-encrypted like every password field. */
export async function setAntiPhishing({ password, gaCode, ...rest }: AntiPhishingRequest): Promise<Account<'/institution/antiPhishing/set'>> {
  return apiPost('/institution/antiPhishing/set', { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) }, quiet);
}
