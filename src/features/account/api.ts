import type { PublicCalls } from '../../../contract/public.ts';
import type { AccountCalls } from '../../../contract/account.ts';
import type { AuthCalls, GaResetCalls } from '../../../contract/auth.ts';
import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { SecurityCalls } from '../../../contract/security.ts';
import type { PageSize } from '../../../contract/rules.ts';
import { calls } from '../../lib/api/index.ts';
import { loadChunk } from '../../lib/chunks/index.ts';
import { config } from '../../lib/config/index.ts';
import type { MenuItem } from '../../lib/session/index.ts';
import type { LoginHistoryPage } from './types.ts';

// The account calls of spec §7 "Authentication and security", typed from the contract (contract/auth.ts,
// security.ts, account.ts; types only). Forms call them with `silent: true` and show the error next to the
// field themselves; nothing else here shows a toast.
const quiet = { silent: true } as const;
type AuthBody<P extends keyof AuthCalls> = BodyOf<AuthCalls[P]>;
type Auth<P extends keyof AuthCalls> = ReplyOf<AuthCalls[P]>;
type GaResetReply<P extends keyof GaResetCalls> = ReplyOf<GaResetCalls[P]>;
type SecurityBody<P extends keyof SecurityCalls> = BodyOf<SecurityCalls[P]>;
type Security<P extends keyof SecurityCalls> = ReplyOf<SecurityCalls[P]>;
type Account<P extends keyof AccountCalls> = ReplyOf<AccountCalls[P]>;

/**
 * What a form passes: the call's body with every field filled in ('' for a code that is not asked for) and the
 * passwords in plain text — encrypted here, like every password field (spec §5).
 */
type Filled<B> = { [K in keyof B]-?: B[K] };

/** spec §6 public calls, typed from contract/public.ts (types only). */
export type PlatformConfiguration = ReplyOf<PublicCalls['/platformConfiguration/get']>;

let platformConfig: Promise<PlatformConfiguration> | null = null;
let configurationListener: ((configuration: PlatformConfiguration) => void) | null = null;

/**
 * Who hears each platform configuration that arrives: the app shell makes it the session's platformConfig and its
 * publicKey the stored one (src/app/start-up.ts; spec §3 "User session", "Stored keys"). A listener rather than an
 * import of the session here, so this module stays free of the browser-only session (its unit tests run in Node).
 */
export function onPlatformConfiguration(listener: (configuration: PlatformConfiguration) => void): void {
  configurationListener = listener;
}

/**
 * GET /platformConfiguration/get, once per page load (a failed fetch is retried on the next call). The app shell
 * starts it at start-up, so every later caller shares that one request.
 */
export function loadPlatformConfiguration(): Promise<PlatformConfiguration> {
  platformConfig ??= calls.publicGet('/platformConfiguration/get', undefined, quiet).then(
    (reply) => {
      configurationListener?.(reply);
      return reply;
    },
    (error: unknown) => {
      platformConfig = null;
      throw error;
    },
  );
  return platformConfig;
}

/**
 * spec §5: passwords are RSA-encrypted with the platform's public key before they are sent. The RSA library is
 * loaded with the first password (a chunk of its own, not the initial JavaScript: tests/e2e/bundle-budget.e2e.test.ts),
 * through src/lib/chunks (spec §2's 120 s time-out, spec §8's named load error).
 */
export async function encryptPassword(plain: string): Promise<string> {
  const [{ publicKey }, { JSEncrypt }] = await Promise.all([loadPlatformConfiguration(), loadChunk('rsa', () => import('jsencrypt'), config.chunkTimeoutMs)]);
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const cipher = rsa.encrypt(plain);
  if (cipher === false) throw new Error('RSA encryption failed');
  return cipher;
}

/** The sign-in's body (contract/auth.ts) with the password in plain text: encrypted here. */
export type Credentials = Pick<AuthBody<'/institution/login'>, 'username' | 'password'>;

/** The image captcha's answer, sent once the server asks for it (10040, after an account's first failures). */
export type CaptchaAnswer = Pick<AuthBody<'/institution/login'>, 'captchaUuid' | 'captchaCode'>;

export type PreLoginResult = Auth<'/institution/preLogin'>;

export async function preLogin(credentials: Credentials & CaptchaAnswer): Promise<PreLoginResult> {
  const password = await encryptPassword(credentials.password);
  return calls.publicPost('/institution/preLogin', { ...credentials, password } satisfies AuthBody<'/institution/preLogin'>, quiet);
}

export async function login(credentials: Credentials & CaptchaAnswer & { gaCode?: string }): Promise<Auth<'/institution/login'>> {
  const { gaCode, ...rest } = credentials;
  const password = await encryptPassword(credentials.password);
  const body = { ...rest, password, ...(gaCode ? { gaCode } : {}) } satisfies AuthBody<'/institution/login'>;
  return calls.publicPost('/institution/login', body, quiet);
}

export const logout = () => calls.post('/institution/logout', undefined, quiet);

/** The registration form's values (`Filled`); the language as the form holds it (forms.ts `validateRegister` checks it). */
export type RegisterRequest = Filled<Omit<AuthBody<'/institution/register'>, 'preferredLanguage'>> & { preferredLanguage: string };

export async function register(form: RegisterRequest): Promise<Auth<'/institution/register'>> {
  const [password, confirmPassword] = await Promise.all([encryptPassword(form.password), encryptPassword(form.confirmPassword)]);
  // The form's language goes as typed: one the sandbox does not offer is its 400 to answer (forms.ts checks it first).
  const preferredLanguage = form.preferredLanguage as AuthBody<'/institution/register'>['preferredLanguage'] & string;
  return calls.publicPost('/institution/register', { ...form, preferredLanguage, password, confirmPassword }, quiet);
}

export type CodeReceipt = Auth<'/institution/email/captcha'>;

export const sendEmailCodeNoLogin = (email: string, businessType: AuthBody<'/institution/email/captcha/noLogin'>['businessType']) =>
  calls.publicPost('/institution/email/captcha/noLogin', { email, businessType } satisfies AuthBody<'/institution/email/captcha/noLogin'>, quiet);

/** What an addAddress code approves (contract/code-operations.ts): the entry the add call will save. */
export type CodeOperation = NonNullable<AuthBody<'/institution/email/captcha'>['operation']>;

export const sendEmailCode = (businessType: AuthBody<'/institution/email/captcha'>['businessType'], email?: string, operation?: CodeOperation) =>
  calls.post(
    '/institution/email/captcha',
    { businessType, ...(email ? { email } : {}), ...(operation ? { operation } : {}) } satisfies AuthBody<'/institution/email/captcha'>,
    quiet,
  );

export const sendSmsCode = (body: AuthBody<'/institution/sms/captcha'>) => calls.publicPost('/institution/sms/captcha', body, quiet);

export type CaptchaPurpose = 'verifyUser' | 'login';
export type CaptchaImage = ReplyOf<PublicCalls['/institution/image/captcha']>;
export const imageCaptcha = (businessType: CaptchaPurpose = 'verifyUser') =>
  calls.publicGet('/institution/image/captcha', { businessType }, quiet);

export type VerifiedUser = Auth<'/institution/verify/user'>;

export const verifyUser = (body: AuthBody<'/institution/verify/user'>) => calls.publicPost('/institution/verify/user', body, quiet);

/** The reset form's values: one code and its uuid, sent as the e-mail's or the SMS's fields by `type`. */
export interface RetrieveRequest {
  username: string;
  type: AuthBody<'/institution/retrieve/password'>['type'];
  code: string;
  uuid: string;
  areaCode?: string;
  phone?: string;
  newPassword: string;
  confirmPassword: string;
}

export async function retrievePassword(form: RetrieveRequest): Promise<Auth<'/institution/retrieve/password'>> {
  const [newPassword, confirmPassword] = await Promise.all([encryptPassword(form.newPassword), encryptPassword(form.confirmPassword)]);
  const channel =
    form.type === 'email'
      ? { emailUuid: form.uuid, emailCode: form.code }
      : { smsUuid: form.uuid, smsCode: form.code, ...(form.areaCode !== undefined ? { areaCode: form.areaCode } : {}), ...(form.phone !== undefined ? { phone: form.phone } : {}) };
  return calls.publicPost('/institution/retrieve/password', { username: form.username, type: form.type, ...channel, newPassword, confirmPassword }, quiet);
}

export const getUserInfo = () => calls.get('/institution/getUserInfo', undefined, quiet);
/** The sandbox answers `{ menus, permissions, withdrawBans }` (contract/account.ts); a bare list of menus is accepted too. */
export type UserMenuReply = Account<'/menu/getUserMenu'> | MenuItem[];

export const getUserMenu = (): Promise<UserMenuReply> => calls.get('/menu/getUserMenu', undefined, quiet);

export const loginInfoList = (pageNum: number, pageSize: PageSize): Promise<LoginHistoryPage> => calls.get('/institution/loginInfoList', { pageNum, pageSize }, quiet);

// The security centre's changes take the step-up (server/README.md "Step-up"): the account password, an
// e-mail code of the call's own business type, and the current Google code when bound (left out when empty).
export type UpdatePasswordRequest = Filled<SecurityBody<'/institution/updatePwd'>>;

export async function updatePassword(form: UpdatePasswordRequest): Promise<Security<'/institution/updatePwd'>> {
  const [oldPassword, newPassword] = await Promise.all([encryptPassword(form.oldPassword), encryptPassword(form.newPassword)]);
  const ga = form.gaCode ? { gaCode: form.gaCode } : {};
  const body = { oldPassword, newPassword, emailCode: form.emailCode, emailUuid: form.emailUuid, ...ga } satisfies SecurityBody<'/institution/updatePwd'>;
  return calls.post('/institution/updatePwd', body, quiet);
}

export type BindPhoneRequest = Filled<SecurityBody<'/institution/bindPhoneInfo'>>;

export async function bindPhone({ password, gaCode, ...rest }: BindPhoneRequest): Promise<Security<'/institution/bindPhoneInfo'>> {
  const body = { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) } satisfies SecurityBody<'/institution/bindPhoneInfo'>;
  return calls.post('/institution/bindPhoneInfo', body, quiet);
}

export type UpdatePhoneRequest = Filled<SecurityBody<'/institution/updatePhoneInfo'>>;

export async function updatePhone({ gaCode, password, ...rest }: UpdatePhoneRequest): Promise<Security<'/institution/updatePhoneInfo'>> {
  const body = { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) } satisfies SecurityBody<'/institution/updatePhoneInfo'>;
  return calls.post('/institution/updatePhoneInfo', body, quiet);
}

export type UpdateEmailRequest = Filled<SecurityBody<'/institution/updateEmailInfo'>>;

export async function updateEmail({ gaCode, password, ...rest }: UpdateEmailRequest): Promise<Security<'/institution/updateEmailInfo'>> {
  const body = { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) } satisfies SecurityBody<'/institution/updateEmailInfo'>;
  return calls.post('/institution/updateEmailInfo', body, quiet);
}

export type GaInfo = Security<'/institution/generateGaInfo'>;

export const generateGaInfo = () => calls.get('/institution/generateGaInfo', undefined, quiet);

/** `gaCode` is a code of the secret being bound; `currentGaCode` the code of the authenticator bound now (a rebind). */
export type BindGaRequest = Filled<SecurityBody<'/institution/bindGaInfo'>>;

export async function bindGaInfo({ password, currentGaCode, ...rest }: BindGaRequest): Promise<Security<'/institution/bindGaInfo'>> {
  const body = { ...rest, password: await encryptPassword(password), ...(currentGaCode ? { currentGaCode } : {}) } satisfies SecurityBody<'/institution/bindGaInfo'>;
  return calls.post('/institution/bindGaInfo', body, quiet);
}

/** A reset request as its status call answers it (contract/auth.ts `gaResetCalls`); the apply call answers part of it. */
export type GaResetState = Pick<GaResetReply<'/institution/ga/reset/status'>, 'requestId' | 'status'> &
  Partial<GaResetReply<'/institution/ga/reset/status'>>;
export type GaResetStatus = GaResetState['status'];

/** Lost authenticator: user name + password + e-mail code (resetGa) open a request under review. */
export async function applyGaReset(form: Filled<Omit<BodyOf<GaResetCalls['/institution/ga/reset/apply']>, keyof CaptchaAnswer>> & CaptchaAnswer): Promise<GaResetReply<'/institution/ga/reset/apply'>> {
  const password = await encryptPassword(form.password);
  return calls.publicPost('/institution/ga/reset/apply', { ...form, password } satisfies BodyOf<GaResetCalls['/institution/ga/reset/apply']>, quiet);
}

export const gaResetStatus = (requestId: string) => calls.publicGet('/institution/ga/reset/status', { requestId }, quiet);

export const freezeAccount = () => calls.post('/institution/frozenLatestAccount', {}, quiet);

/** The freeze by the link of the mail about a stranger's failed attempts (no token: the link's own token). */
export const freezeByLink = (token: string) => calls.publicPost('/institution/frozenAccountByLink', { token }, quiet);

/** Any text: a language the sandbox does not offer is its 400 to answer (contract/rules.ts `LANGUAGES`). */
export const updatePreferredLanguage = (preferredLanguage: string) =>
  calls.post('/institution/updatePreferredLanguage', { preferredLanguage: preferredLanguage as Account<'/institution/updatePreferredLanguage'>['preferredLanguage'] }, quiet);

/** A signed-in session of this user (contract/account.ts). */
export type SessionRow = Account<'/institution/session/list'>['list'][number];

export const listSessions = () => calls.get('/institution/session/list', undefined, quiet);

export const revokeSession = (sessionId: number) =>
  calls.post('/institution/session/revoke', { sessionId }, quiet);

/** The anti-phishing code and the step-up; `gaCode` is required while an authenticator is bound. */
export type AntiPhishingRequest = Filled<BodyOf<AccountCalls['/institution/antiPhishing/set']>>;

/** The anti-phishing code, with the step-up: the password goes RSA-encrypted like every password field. */
export async function setAntiPhishing({ password, gaCode, ...rest }: AntiPhishingRequest): Promise<Account<'/institution/antiPhishing/set'>> {
  const body = { ...rest, password: await encryptPassword(password), ...(gaCode ? { gaCode } : {}) } satisfies BodyOf<AccountCalls['/institution/antiPhishing/set']>;
  return calls.post('/institution/antiPhishing/set', body, quiet);
}
