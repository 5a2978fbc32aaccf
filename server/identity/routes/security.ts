import { notifySecurity } from '../../platform/notify.ts';
import type { FastifyInstance } from 'fastify';
import { securityCalls } from '../../../contract/security.ts';
import { recordWithdrawBan, WithdrawBanReason } from '../bans.ts';
import { checkCode, consumeCodes } from '../codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { ApiError, badInput, Code, type ErrorData } from '../../platform/envelope.ts';
import { attempt, failureError } from '../lockout.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { verifyStepUp } from '../step-up.ts';

type StepUp = Awaited<ReturnType<typeof verifyStepUp>>;
import { checkEmail, decryptPassword } from '../../platform/rules.ts';
import { isUniqueViolation } from '../../platform/db/client.ts';
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

/** Security centre calls of contract/security.ts (spec §7): password, phone, e-mail, Google authenticator. */
export function securityRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, securityCalls, {
    '/institution/updatePwd': async ({ body, auth }) => {
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
        await notifySecurity(tx, user.id, 'passwordChanged', { via: 'change' }, nowDate(ctx));
      });
      return { reLogin: true as const };
    },

    '/institution/bindPhoneInfo': async ({ body, auth }) => {
      const { user } = auth;
      if (user.phone) throw new ApiError(Code.phoneBound);
      // Step-up (step-up.ts): password + e-mail code (bindPhone) + Google code when bound.
      const stepUp = await verifyStepUp(ctx, auth, body, 'bindPhone');
      const smsUuid = await checkSms(ctx, user.id, 'bindPhone', body.smsUuid, body.smsCode, body.areaCode, body.phone);
      return savePhone(ctx, user.id, stepUp, [smsUuid], body.areaCode, body.phone, 'bind');
    },

    '/institution/updatePhoneInfo': async ({ body, auth }) => {
      const { user } = auth;
      if (!user.phone) throw badInput('phone', 'notBound', 'No phone number is bound yet');
      // Step-up (step-up.ts): password + e-mail code (updatePhone) + Google code when bound.
      const stepUp = await verifyStepUp(ctx, auth, body, 'updatePhone');
      const oldUuid = await checkSms(ctx, user.id, 'updatePhoneOld', body.oldSmsUuid, body.oldSmsCode, user.area_code ?? '', user.phone);
      const newUuid = await checkSms(ctx, user.id, 'updatePhoneNew', body.newSmsUuid, body.newSmsCode, body.areaCode, body.phone);
      return savePhone(ctx, user.id, stepUp, [oldUuid, newUuid], body.areaCode, body.phone, 'update');
    },

    '/institution/updateEmailInfo': async ({ body, auth }) => {
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
        caller: { signedIn: true, userId: user.id },
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
        await notifySecurity(tx, user.id, 'emailChanged', {}, nowDate(ctx));
      });
      return { email: body.email.trim() };
    },

    '/institution/generateGaInfo': async ({ auth }) => {
      const { secretKey, otpauthUrl } = newGaSecret(ctx, auth.user.email);
      await ctx.db.query('update users set ga_pending_secret = $2 where id = $1', [auth.user.id, secretKey]);
      return { secretKey, otpauthUrl, issuer: ctx.totpIssuer, account: auth.user.email, bound: auth.user.ga_secret !== null };
    },

    '/institution/bindGaInfo': async ({ body, auth }) => {
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
        if (error instanceof ApiError && error.code === Code.gaWrong) throw new ApiError(Code.gaWrong, { ...(error.data as ErrorData<typeof Code.gaWrong>), field: 'currentGaCode' });
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
        await notifySecurity(tx, user.id, 'gaChanged', { via: rebind ? 'rebind' : 'bind' }, nowDate(ctx));
      });
      return { bound: true as const };
    },
  });
}

/** spec §7 bindPhoneInfo, updatePhoneInfo: an SMS code sent to a number for one purpose, checked for this user. */
function checkSms(ctx: ApiContext, userId: number, businessType: string, uuid: string | undefined, code: string | undefined, areaCode: string, phone: string) {
  return checkCode(ctx, { channel: 'sms', uuid, code, businessTypes: [businessType], destination: phoneDestination(areaCode, phone), userId, caller: { signedIn: true, userId } });
}

/**
 * A bound or changed phone number saved, in one transaction with the step-up's and the SMS codes' use and the
 * security message; a number another user took in the meantime is refused as taken.
 */
async function savePhone(
  ctx: ApiContext,
  userId: number,
  stepUp: StepUp,
  smsUuids: string[],
  areaCode: string,
  phone: string,
  via: 'bind' | 'update',
): Promise<{ areaCode: string; phone: string }> {
  await ctx.db.transaction(async (tx) => {
    await stepUp.consume(tx);
    await consumeCodes(ctx, tx, smsUuids);
    const rows = await tx.query(
      `update users set area_code = $2, phone = $3
       where id = $1 and not exists (select 1 from users where area_code = $2 and phone = $3 and id <> $1) returning id`,
      [userId, normaliseAreaCode(areaCode), phone],
    ).catch(takenAs(Code.phoneTaken));
    if (rows.length !== 1) throw new ApiError(Code.phoneTaken);
    await notifySecurity(tx, userId, 'phoneChanged', { via }, nowDate(ctx));
  });
  return { areaCode: normaliseAreaCode(areaCode), phone };
}
