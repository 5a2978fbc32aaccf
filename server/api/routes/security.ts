import type { FastifyInstance } from 'fastify';
import { recordWithdrawBan, WithdrawBanReason } from '../bans.ts';
import { checkCode, consumeCodes } from '../codes.ts';
import { type ApiContext, nowDate } from '../context.ts';
import { ApiError, badInput, Code } from '../envelope.ts';
import { phoneProps, s, userRoute } from '../http.ts';
import { attempt, failureError } from '../lockout.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { verifyStepUp } from '../step-up.ts';
import { checkEmail, decryptPassword } from '../rules.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { revokeAllSessions } from '../sessions.ts';
import { matchTotp, newGaSecret } from '../totp.ts';
import { findUserByEmail, normaliseAreaCode, normaliseEmail, phoneDestination } from '../users.ts';

/**
 * The unique index refused the write: another request took the phone or e-mail between this request's
 * check and its write (possible with PostgreSQL's concurrent connections). The caller gets the same "taken"
 * error as when the check itself sees it, not a server error.
 */
const takenAs =
  (code: Code) =>
  (error: unknown): never => {
    throw isUniqueViolation(error) ? new ApiError(code) : error;
  };

/** The step-up factors a call without them in spec §7 takes in its body (see step-up.ts). */
interface StepUpBody {
  password?: string;
  emailUuid?: string;
  emailCode?: string;
  gaCode?: string;
}
const stepUpProps = { password: s.cipher, emailUuid: s.str(0, 64), emailCode: s.code6, gaCode: s.str(0, 6) };

/** Security centre calls (spec §7): password, phone, e-mail, Google authenticator. */
export function securityRoutes(ctx: ApiContext, app: FastifyInstance): void {
  interface UpdatePwdBody {
    oldPassword: string;
    newPassword: string;
    emailCode: string;
    emailUuid?: string;
    gaCode?: string;
  }
  userRoute<UpdatePwdBody>(ctx, app, {
    method: 'POST',
    url: '/institution/updatePwd',
    body: s.obj(
      { oldPassword: s.cipher, newPassword: s.cipher, emailCode: s.code6, emailUuid: s.str(0, 64), gaCode: s.str(0, 6) },
      ['oldPassword', 'newPassword', 'emailCode'],
    ),
    handler: async ({ body, auth }) => {
      const { user } = auth;
      const newPassword = decryptPassword(ctx.keys, 'newPassword', body.newPassword, true);
      // spec §5/§7: old password (counted toward the lockout), e-mail code and, when bound, the Google code —
      // the step-up of step-up.ts with spec §7's field names and its 10012 for a wrong old password.
      const stepUp = await verifyStepUp(
        ctx,
        auth,
        { password: body.oldPassword, emailUuid: body.emailUuid, emailCode: body.emailCode, gaCode: body.gaCode },
        'updatePwd',
        { passwordField: 'oldPassword', wrongPasswordCode: Code.oldPasswordWrong },
      );
      if (await verifyPassword(newPassword, user.password_hash)) {
        throw badInput('newPassword', 'differentFromOld', 'The new password must differ from the old one');
      }
      const passwordHash = await hashPassword(newPassword);
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await tx.query('update users set password_hash = $2, updated_at = $3 where id = $1', [user.id, passwordHash, nowDate(ctx)]);
        // Every session ends, this one included: the client signs in again with the new password.
        await revokeAllSessions(ctx, tx, user.id);
        await recordWithdrawBan(ctx, tx, user.id, WithdrawBanReason.passwordChange);
      });
      return { reLogin: true };
    },
  });

  interface BindPhoneBody extends StepUpBody {
    smsUuid?: string;
    smsCode: string;
    areaCode: string;
    phone: string;
  }
  userRoute<BindPhoneBody>(ctx, app, {
    method: 'POST',
    url: '/institution/bindPhoneInfo',
    body: s.obj({ smsUuid: s.str(0, 64), smsCode: s.code6, ...phoneProps, ...stepUpProps }, ['smsCode', 'areaCode', 'phone']),
    handler: async ({ body, auth }) => {
      const { user } = auth;
      if (user.phone) throw new ApiError(Code.phoneBound);
      // Step-up (step-up.ts): password + e-mail code (bindPhone) + Google code when bound.
      const stepUp = await verifyStepUp(ctx, auth, body, 'bindPhone');
      const smsUuid = await checkCode(ctx, {
        channel: 'sms',
        uuid: body.smsUuid,
        code: body.smsCode,
        businessTypes: ['bindPhone'],
        destination: phoneDestination(body.areaCode, body.phone),
        userId: user.id,
      });
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await consumeCodes(ctx, tx, [smsUuid]);
        await setPhone(tx, user.id, body.areaCode, body.phone);
      });
      return { areaCode: normaliseAreaCode(body.areaCode), phone: body.phone };
    },
  });

  interface UpdatePhoneBody {
    password?: string;
    oldSmsUuid?: string;
    oldSmsCode: string;
    newSmsUuid?: string;
    newSmsCode: string;
    emailUuid?: string;
    emailCode: string;
    areaCode: string;
    phone: string;
    gaCode?: string;
  }
  userRoute<UpdatePhoneBody>(ctx, app, {
    method: 'POST',
    url: '/institution/updatePhoneInfo',
    body: s.obj(
      {
        oldSmsUuid: s.str(0, 64),
        oldSmsCode: s.code6,
        newSmsUuid: s.str(0, 64),
        newSmsCode: s.code6,
        emailUuid: s.str(0, 64),
        emailCode: s.code6,
        ...phoneProps,
        gaCode: s.str(0, 6),
        password: s.cipher,
      },
      ['oldSmsCode', 'newSmsCode', 'emailCode', 'areaCode', 'phone'],
    ),
    handler: async ({ body, auth }) => {
      const { user } = auth;
      if (!user.phone) throw badInput('phone', 'notBound', 'No phone number is bound yet');
      // Step-up (step-up.ts): password + e-mail code (updatePhone) + Google code when bound.
      const stepUp = await verifyStepUp(ctx, auth, body, 'updatePhone');
      const oldUuid = await checkCode(ctx, {
        channel: 'sms',
        uuid: body.oldSmsUuid,
        code: body.oldSmsCode,
        businessTypes: ['updatePhoneOld'],
        destination: phoneDestination(user.area_code ?? '', user.phone),
        userId: user.id,
      });
      const newUuid = await checkCode(ctx, {
        channel: 'sms',
        uuid: body.newSmsUuid,
        code: body.newSmsCode,
        businessTypes: ['updatePhoneNew'],
        destination: phoneDestination(body.areaCode, body.phone),
        userId: user.id,
      });
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await consumeCodes(ctx, tx, [oldUuid, newUuid]);
        await setPhone(tx, user.id, body.areaCode, body.phone);
      });
      return { areaCode: normaliseAreaCode(body.areaCode), phone: body.phone };
    },
  });

  interface UpdateEmailBody {
    password?: string;
    oldEmailUuid?: string;
    oldEmailCode: string;
    newEmailUuid?: string;
    newEmailCode: string;
    email: string;
    gaCode?: string;
  }
  userRoute<UpdateEmailBody>(ctx, app, {
    method: 'POST',
    url: '/institution/updateEmailInfo',
    body: s.obj(
      {
        oldEmailUuid: s.str(0, 64),
        oldEmailCode: s.code6,
        newEmailUuid: s.str(0, 64),
        newEmailCode: s.code6,
        email: s.str(3, 254),
        gaCode: s.str(0, 6),
        password: s.cipher,
      },
      ['oldEmailCode', 'newEmailCode', 'email'],
    ),
    handler: async ({ body, auth }) => {
      const { user } = auth;
      checkEmail('email', body.email);
      const email = normaliseEmail(body.email);
      if (email === user.email_lower) throw badInput('email', 'differentFromOld', 'The new e-mail must differ from the current one');
      if (await findUserByEmail(ctx.db, email)) throw new ApiError(Code.emailTaken);
      // Step-up (step-up.ts): password + the code to the current address (updateEmailOld) + Google code when bound.
      const stepUp = await verifyStepUp(
        ctx,
        auth,
        { password: body.password, emailUuid: body.oldEmailUuid, emailCode: body.oldEmailCode, gaCode: body.gaCode },
        'updateEmailOld',
      );
      const newUuid = await checkCode(ctx, {
        channel: 'email',
        uuid: body.newEmailUuid,
        code: body.newEmailCode,
        businessTypes: ['updateEmailNew'],
        destination: email,
        userId: user.id,
      });
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await consumeCodes(ctx, tx, [newUuid]);
        const rows = await tx.query(
          `update users set email = $2, email_lower = $3, updated_at = $4
           where id = $1 and not exists (select 1 from users where email_lower = $3) returning id`,
          [user.id, body.email.trim(), email, nowDate(ctx)],
        ).catch(takenAs(Code.emailTaken));
        if (rows.length !== 1) throw new ApiError(Code.emailTaken);
        // spec §9: withdrawals are banned for 24 hours after an e-mail change (spec §4 reason 5).
        await recordWithdrawBan(ctx, tx, user.id, WithdrawBanReason.emailChange);
      });
      return { email: body.email.trim() };
    },
  });

  userRoute(ctx, app, {
    method: 'GET',
    url: '/institution/generateGaInfo',
    handler: async ({ auth }) => {
      const { secretKey, otpauthUrl } = newGaSecret(ctx, auth.user.email);
      await ctx.db.query('update users set ga_pending_secret = $2 where id = $1', [auth.user.id, secretKey]);
      return { secretKey, otpauthUrl, issuer: ctx.totpIssuer, account: auth.user.email, bound: auth.user.ga_secret !== null };
    },
  });

  interface BindGaBody {
    secretKey: string;
    gaCode: string;
    password?: string;
    emailUuid?: string;
    emailCode?: string;
    currentGaCode?: string;
  }
  userRoute<BindGaBody>(ctx, app, {
    method: 'POST',
    url: '/institution/bindGaInfo',
    body: s.obj(
      {
        secretKey: s.str(16, 128, '^[A-Z2-7]+=*$'),
        gaCode: s.code6,
        password: s.cipher,
        emailUuid: s.str(0, 64),
        emailCode: s.code6,
        currentGaCode: s.code6,
      },
      ['secretKey', 'gaCode'],
    ),
    handler: async ({ body, auth }) => {
      const { user } = auth;
      // Only a secret this server generated for this user (generateGaInfo) can be bound.
      if (user.ga_pending_secret === null || user.ga_pending_secret !== body.secretKey) throw new ApiError(Code.gaState);
      const rebind = user.ga_secret !== null;
      // A token alone must not bind a second factor (the owner would be locked out): first bind and rebind
      // take the step-up of step-up.ts — password + e-mail code (bindGa) + the CURRENT Google code when one
      // is bound (field `currentGaCode`; `gaCode` is the code of the secret being bound).
      if (rebind && !body.currentGaCode) throw badInput('currentGaCode', 'required', 'The current Google verification code is required');
      const stepUp = await verifyStepUp(
        ctx,
        auth,
        { password: body.password, emailUuid: body.emailUuid, emailCode: body.emailCode, gaCode: body.currentGaCode },
        'bindGa',
      ).catch((error: unknown) => {
        // Two Google codes in one form: say which one was wrong.
        if (error instanceof ApiError && error.code === Code.gaWrong) throw new ApiError(Code.gaWrong, { ...(error.data as object), field: 'currentGaCode' });
        throw error;
      });
      const secretKey = body.secretKey;
      const bound = await attempt(ctx, 'gaCode', String(user.id), user.id, () => matchTotp(ctx, secretKey, body.gaCode, null));
      if (!bound.ok) throw failureError(bound, Code.gaWrong);
      const step = bound.value;
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        const rows = await tx.query(
          `update users set ga_secret = $2, ga_pending_secret = null, ga_last_step = $3, updated_at = $4
           where id = $1 and ga_pending_secret = $2 returning id`,
          [user.id, body.secretKey, step, nowDate(ctx)],
        );
        if (rows.length !== 1) throw new ApiError(Code.gaState);
        if (rebind) await recordWithdrawBan(ctx, tx, user.id, WithdrawBanReason.gaRebind);
      });
      return { bound: true };
    },
  });
}

async function setPhone(
  tx: { query: (sql: string, params?: readonly unknown[]) => Promise<unknown[]> },
  userId: number,
  areaCode: string,
  phone: string,
): Promise<void> {
  const rows = await tx.query(
    `update users set area_code = $2, phone = $3
     where id = $1 and not exists (select 1 from users where area_code = $2 and phone = $3 and id <> $1) returning id`,
    [userId, normaliseAreaCode(areaCode), phone],
  ).catch(takenAs(Code.phoneTaken));
  if (rows.length !== 1) throw new ApiError(Code.phoneTaken);
}
