import Type from 'typebox';
import { publicGet } from './call.ts';
import { LiteralUnion, Strict } from './schema.ts';

/**
 * spec §6 "Public calls (no token)": the platform configuration (with the RSA key passwords are encrypted
 * with, spec §5), the system config (spec §3) and the image captcha.
 */
export const CAPTCHA_BUSINESS_TYPES = ['verifyUser', 'login'] as const;

export const publicCalls = {
  '/platformConfiguration/get': publicGet(
    undefined,
    Type.Object({
      publicKey: Type.String(),
      platformName: Type.String(),
      supportEmail: Type.String(),
      defaultLanguage: Type.String(),
      languages: Type.Array(Type.String()),
      defaultExchangeCode: Type.String(),
      exchangeList: Type.Array(Type.String()),
    }),
  ),
  '/system/config': publicGet(
    undefined,
    Type.Object({
      systemConfig: Type.Object({
        title: Type.String(),
        supportEmail: Type.String(),
        pageSizes: Type.Array(Type.Integer()),
        defaultPageSize: Type.Integer(),
        verificationCodeTtlSeconds: Type.Integer(),
        repeatSendGuardMs: Type.Integer(),
        imageUpload: Type.Object({ types: Type.Array(Type.String()), minBytes: Type.Integer(), maxBytes: Type.Integer() }),
      }),
      language: Type.String(),
      isClient: Type.Boolean(),
    }),
  ),
  /** `login`: the sign-in's captcha after failures; `verifyUser` (default): the password reset's user check. */
  '/institution/image/captcha': publicGet(
    Strict({ businessType: Type.Optional(LiteralUnion(CAPTCHA_BUSINESS_TYPES)) }),
    Type.Object({ uuid: Type.String(), image: Type.String() }),
  ),
};

export type PublicCalls = typeof publicCalls;
