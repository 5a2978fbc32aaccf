import Type from 'typebox';
import { userGet, userPost } from './call.ts';
import { Cipher, Code6, CodeUuid, PhoneFields, Strict, Text } from './schema.ts';

/**
 * The security centre's calls (spec §7 "Authentication and security"): password, phone, e-mail and Google
 * authenticator. Each change takes the step-up re-authentication (server/README.md "Step-up"); the spec's
 * own fields are kept (updatePwd: `oldPassword`, `emailCode`, `gaCode`), the step-up's are added where the spec
 * has none.
 */

/**
 * The step-up factors a sensitive change carries in its own body: the account password (RSA-encrypted), an
 * e-mail code of the call's own businessType, and the current Google code while an authenticator is bound.
 * Optional in the shape, so that a missing one is named by the step-up check (server/identity/step-up.ts) with its
 * own rule.
 */
export const StepUpFields = {
  password: Type.Optional(Cipher),
  emailUuid: Type.Optional(CodeUuid),
  emailCode: Type.Optional(Code6),
  gaCode: Type.Optional(Text(0, 6)),
};

const PhoneReply = Type.Object({ areaCode: Type.String(), phone: Type.String() });

export const securityCalls = {
  /** spec §7 (oldPassword, newPassword, emailCode, emailUuid, gaCode); every session ends, this one too. */
  '/institution/updatePwd': userPost(
    Strict({
      oldPassword: Cipher,
      newPassword: Cipher,
      emailCode: Code6,
      emailUuid: Type.Optional(CodeUuid),
      gaCode: Type.Optional(Text(0, 6)),
    }),
    Type.Object({ reLogin: Type.Literal(true) }),
  ),
  /** spec §7 (smsUuid, smsCode, areaCode, phone), with the step-up (e-mail code `bindPhone`). A bound phone → 10013. */
  '/institution/bindPhoneInfo': userPost(Strict({ smsUuid: Type.Optional(CodeUuid), smsCode: Code6, ...PhoneFields, ...StepUpFields }), PhoneReply),
  /**
   * spec §7 (oldSmsUuid, oldSmsCode, newSmsUuid, newSmsCode, emailUuid, emailCode, areaCode, phone, gaCode), with the
   * step-up's password (e-mail code `updatePhone`).
   */
  '/institution/updatePhoneInfo': userPost(
    Strict({
      oldSmsUuid: Type.Optional(CodeUuid),
      oldSmsCode: Code6,
      newSmsUuid: Type.Optional(CodeUuid),
      newSmsCode: Code6,
      emailUuid: Type.Optional(CodeUuid),
      emailCode: Code6,
      ...PhoneFields,
      gaCode: Type.Optional(Text(0, 6)),
      password: Type.Optional(Cipher),
    }),
    PhoneReply,
  ),
  /**
   * The step-up's e-mail code goes to the current address (`oldEmailUuid`/`oldEmailCode`, businessType
   * `updateEmailOld`), a second one to the new address. spec §9: withdrawals are banned 24 hours after.
   */
  '/institution/updateEmailInfo': userPost(
    Strict({
      oldEmailUuid: Type.Optional(CodeUuid),
      oldEmailCode: Code6,
      newEmailUuid: Type.Optional(CodeUuid),
      newEmailCode: Code6,
      // The e-mail rule of spec §5 (contract/rules.ts `isEmailFormat`) is checked after the shape.
      email: Text(3, 254),
      gaCode: Type.Optional(Text(0, 6)),
      password: Type.Optional(Cipher),
    }),
    Type.Object({ email: Type.String() }),
  ),
  /** A new secret to bind (kept as the pending one), with its otpauth URI for the QR code; `bound`: one is bound now. */
  '/institution/generateGaInfo': userGet(
    undefined,
    Type.Object({ secretKey: Type.String(), otpauthUrl: Type.String(), issuer: Type.String(), account: Type.String(), bound: Type.Boolean() }),
  ),
  /**
   * spec §7 (secretKey, gaCode): `gaCode` is a code of the secret being bound. With the step-up (e-mail code
   * `bindGa`); to rebind, the code of the authenticator bound now goes in `currentGaCode`.
   */
  '/institution/bindGaInfo': userPost(
    Strict({
      secretKey: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Z2-7]+=*$' }),
      gaCode: Code6,
      password: Type.Optional(Cipher),
      emailUuid: Type.Optional(CodeUuid),
      emailCode: Type.Optional(Code6),
      currentGaCode: Type.Optional(Code6),
    }),
    Type.Object({ bound: Type.Literal(true) }),
  ),
};

export type SecurityCalls = typeof securityCalls;
