import Type from 'typebox';
import { call, publicGet, publicPost, userPost } from './call.ts';
import { AddressOperation } from './code-operations.ts';
import { LANGUAGES } from './rules.ts';
import { AreaCodeOrEmpty, Cipher, Code6, CodeUuid, IsoTime, PhoneFields, Strict, StringEnum, Text, Uuid } from './schema.ts';

/**
 * Sign-in, registration, password reset and the verification-code senders (spec §7 "Authentication and
 * security"; `authCalls`, server/identity/routes/auth.ts), and the reset of a lost Google authenticator
 * (`gaResetCalls`, server/identity/routes/ga-reset.ts; server/README.md "Google authenticator reset"). Every
 * password travels RSA-encrypted (spec §5); its rule is checked after the shape, once decrypted. The image
 * captcha itself is contract/public.ts.
 */

/** spec §5: the user name is the business e-mail (its format is checked after the shape where it matters). */
const UserName = Text(1, 254);
const Email = Text(3, 254);

/**
 * The image captcha's answer, asked for once a user name has had its first wrong passwords (10040; its uuid from
 * `GET /institution/image/captcha?businessType=login`). Optional in the shape: the check says when it is needed.
 */
const CaptchaFields = {
  captchaUuid: Type.Optional(CodeUuid),
  captchaCode: Type.Optional(Text(0, 10)),
};

/** Pre-login and login take the same body; pre-login says whether the Google code will be needed. */
const SignIn = Strict({ username: UserName, password: Cipher, gaCode: Type.Optional(Text(0, 6)), ...CaptchaFields });

/** businessType of the e-mail codes sent without a session. */
export const NO_LOGIN_EMAIL_CODE_TYPES = ['register', 'resetPassword', 'resetGa'] as const;
/**
 * businessType of the e-mail codes a signed-in user asks for: the step-up purposes (server/identity/step-up.ts
 * `stepUpPurposes`), the new address of an e-mail change, and the wallet's withdrawal.
 */
export const EMAIL_CODE_TYPES = [
  'updatePwd',
  'bindPhone',
  'updatePhone',
  'updateEmailOld',
  'updateEmailNew',
  'bindGa',
  'antiPhishing',
  'withdraw',
  'whitelistOff',
  'addAddress',
] as const;
/** businessType of the SMS codes: to the account's own phone (resetPassword, updatePhoneOld) or to a new number. */
export const SMS_CODE_TYPES = ['bindPhone', 'updatePhoneOld', 'updatePhoneNew', 'resetPassword'] as const;

const CodeReceipt = Type.Object({ uuid: Type.String() });

/** spec §7 `POST /institution/email/captcha`, also listed as `/institution//email/captcha`: one call under both paths. */
const EmailCode = call({
  method: 'POST',
  auth: 'user',
  // `email`: the new address, for updateEmailNew only; every other code goes to the account's own address.
  // `operation`: what an addAddress code approves (required for it, refused for the others): the entry to be saved.
  body: Strict({ businessType: StringEnum(EMAIL_CODE_TYPES), email: Type.Optional(Email), operation: Type.Optional(AddressOperation) }),
  reply: CodeReceipt,
});

export const authCalls = {
  /** spec §7 (no token; encrypted password). Wrong password, unknown user, bad ciphertext: one 10001. */
  '/institution/preLogin': publicPost(SignIn, Type.Object({ gaBound: Type.Boolean(), needGaCode: Type.Boolean() })),
  /** spec §7 (no token; returns data.token). */
  '/institution/login': publicPost(SignIn, Type.Object({ token: Type.String(), tokenType: Type.Literal('Bearer'), expiresAt: IsoTime })),
  '/institution/logout': userPost(undefined, Type.Null()),
  /** spec §2 registration fields, with the rules of spec §5 checked after the shape in the form's order. */
  '/institution/register': publicPost(
    Strict({
      firstName: Text(1, 50),
      lastName: Text(1, 50),
      email: Email,
      emailUuid: Type.Optional(CodeUuid),
      emailCode: Code6,
      areaCode: Type.Optional(AreaCodeOrEmpty),
      whatsapp: Type.Optional(Type.String({ minLength: 0, maxLength: 32, pattern: '^[+\\d\\s-]*$' })),
      telegram: Type.Optional(Text(0, 64)),
      preferredLanguage: Type.Optional(StringEnum(LANGUAGES)),
      companyName: Text(1, 100),
      password: Cipher,
      confirmPassword: Cipher,
      agreement: Type.Boolean(),
    }),
    Type.Object({ userId: Type.Integer() }),
  ),
  /**
   * spec §7 (no token): the first step of a password reset, behind the image captcha (businessType
   * `verifyUser`): which channels reach the account, masked. An unknown user answers `exists: false`.
   */
  '/institution/verify/user': publicPost(
    Strict({ username: UserName, captchaUuid: Uuid, captchaCode: Text(1, 10) }),
    Type.Object({
      exists: Type.Boolean(),
      email: Type.Union([Type.String(), Type.Null()]),
      areaCode: Type.Union([Type.String(), Type.Null()]),
      phone: Type.Union([Type.String(), Type.Null()]),
      hasPhone: Type.Boolean(),
    }),
  ),
  /** spec §7 (no token): a code by e-mail or SMS (businessType `resetPassword`) and the new password; every session ends. */
  '/institution/retrieve/password': publicPost(
    Strict({
      username: UserName,
      type: StringEnum(['email', 'phone']),
      emailUuid: Type.Optional(CodeUuid),
      emailCode: Type.Optional(Code6),
      smsUuid: Type.Optional(CodeUuid),
      smsCode: Type.Optional(Code6),
      areaCode: Type.Optional(PhoneFields.areaCode),
      phone: Type.Optional(PhoneFields.phone),
      newPassword: Cipher,
      confirmPassword: Type.Optional(Cipher),
    }),
    Type.Null(),
  ),
  /** spec §7 (no token). A reset for an address without an account answers alike and sends nothing. */
  '/institution/email/captcha/noLogin': publicPost(Strict({ email: Email, businessType: StringEnum(NO_LOGIN_EMAIL_CODE_TYPES) }), CodeReceipt),
  '/institution/email/captcha': EmailCode,
  '/institution//email/captcha': EmailCode,
  /** spec §7 (no token; areaCode, phone, username, businessType). Sent only where it belongs, answered alike. */
  '/institution/sms/captcha': publicPost(Strict({ ...PhoneFields, username: UserName, businessType: StringEnum(SMS_CODE_TYPES) }), CodeReceipt),
};

export type AuthCalls = typeof authCalls;

/** The request id is 256 random bits (base64url) handed to the applicant only: the credential for the status read. */
const GaResetRequestId = Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const gaResetCalls = {
  /**
   * User name + password + an e-mail code (businessType `resetGa`, from `email/captcha/noLogin`), the captcha as at
   * sign-in: a request under review. Wrong password → 10001 as at sign-in; nothing bound → 10031; one under review → 10032.
   */
  '/institution/ga/reset/apply': publicPost(
    Strict({ username: UserName, password: Cipher, emailUuid: Type.Optional(CodeUuid), emailCode: Code6, ...CaptchaFields }),
    Type.Object({ requestId: Type.String(), status: Type.Literal('review'), createdAt: IsoTime }),
  ),
  /** Unknown id → 404. */
  '/institution/ga/reset/status': publicGet(
    Strict({ requestId: GaResetRequestId }),
    Type.Object({
      requestId: Type.String(),
      status: Type.Union([Type.Literal('review'), Type.Literal('approved'), Type.Literal('rejected')]),
      createdAt: IsoTime,
      decidedAt: Type.Union([IsoTime, Type.Null()]),
      rejectReason: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
};

export type GaResetCalls = typeof gaResetCalls;
