import { notifySecurity } from '../../platform/notify.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authCalls, type AuthCalls } from '../../../contract/auth.ts';
import type { BodyOf } from '../../../contract/call.ts';
import { DEFAULT_LANGUAGE } from '../../../contract/rules.ts';
import { recordWithdrawBan, WithdrawBanReason } from '../bans.ts';
import { checkCode, consumeCodes, issueCode } from '../codes.ts';
import { requestLanguage } from '../mail.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls, type Handler } from '../../platform/contract.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import { clearPasswordFailures, failureError } from '../lockout.ts';
import { captchaRequired, requireCaptchaAfterFailures } from '../captcha.ts';
import { countedPasswordCheck } from '../step-up.ts';
import { alertNewDevice } from '../outbox.ts';
import { addressOperation, whitelistOffOperation } from '../operations.ts';
import { hashPassword } from '../passwords.ts';
import { checkEmail, checkNoChinese, checkNotBlank, decryptPassword } from '../../platform/rules.ts';
import { createSession, revokeAllSessions, revokeSession, userAgent } from '../sessions.ts';
import { checkGa } from '../totp.ts';
import {
  findUserByEmail,
  maskEmail,
  maskPhone,
  normaliseAreaCode,
  normaliseEmail,
  phoneDestination,
  type UserRow,
} from '../users.ts';

type LoginBody = BodyOf<AuthCalls['/institution/login']>;

/** Sign-in, registration, password reset and the verification-code senders of contract/auth.ts (spec §7 "Authentication and security"). */
export function authRoutes(ctx: ApiContext, app: FastifyInstance): void {
  /**
   * One path for every failure (bad padding, wrong password, unknown user): the same scrypt work, the same
   * count toward the lockout, the same reply (spec §8 'verification failed, please log in again'). After the
   * first failures of a user name the image captcha is asked for (10040), so a stranger's script cannot
   * run the count up; 10001 says `captchaRequired` when the next try will need one.
   */
  async function checkPassword(body: LoginBody, request: FastifyRequest): Promise<UserRow> {
    const subject = normaliseEmail(body.username);
    const user = await findUserByEmail(ctx.db, subject);
    await requireCaptchaAfterFailures(ctx, subject, user?.id ?? null, request.ip, body);
    const failure = await countedPasswordCheck(ctx, subject, user, ctx.keys.decrypt(body.password), { signedIn: false, ip: request.ip });
    if (failure) throw failureError(failure, Code.loginFailed, { captchaRequired: await captchaRequired(ctx, subject, request.ip) });
    if (!user) throw new Error('a password check passed without a user');
    return user;
  }

  /** The signed-in user's e-mail codes; the spec lists the path also with a double slash. */
  const emailCode: Handler<AuthCalls['/institution/email/captcha']> = async ({ body, auth }) => {
    let destination = auth.user.email_lower;
    if (body.businessType === 'updateEmailNew') {
      if (!body.email) throw badInput('email', 'required');
      checkEmail('email', body.email);
      destination = normaliseEmail(body.email);
      if (await findUserByEmail(ctx.db, destination)) throw new ApiError(Code.emailTaken);
    }
    // A code approves only the operation it was sent for (operations.ts): an address to add names it in the request.
    if (body.businessType === 'addAddress' && !body.operation) throw badInput('operation', 'required', 'The entry to be saved is required');
    if (body.businessType !== 'addAddress' && body.operation) throw badInput('operation', 'notUsed', 'Only an addAddress code names an entry');
    const operation = body.operation
      ? addressOperation(body.operation)
      : body.businessType === 'whitelistOff'
        ? whitelistOffOperation(auth.user.id)
        : undefined;
    const { uuid } = await issueCode(ctx, {
      channel: 'email',
      destination,
      businessType: body.businessType,
      userId: auth.user.id,
      account: auth.user.email_lower,
      ip: auth.ip,
      ...(operation ? { operation } : {}),
    });
    return { uuid };
  };

  serveCalls(ctx, app, authCalls, {
    '/institution/preLogin': async ({ body, request }) => {
      const user = await checkPassword(body, request);
      return { gaBound: user.ga_secret !== null, needGaCode: user.ga_secret !== null };
    },

    '/institution/login': async ({ body, request }) => {
      const user = await checkPassword(body, request);
      // Claims the code's time step: the same code cannot sign in a second session.
      await checkGa(ctx, user, body.gaCode);
      const now = nowDate(ctx);
      const token = await ctx.db.transaction(async (tx) => {
        const token = await createSession(ctx, tx, user.id, request);
        await alertNewDevice(ctx, tx, user, request);
        await tx.query('insert into login_history (user_id, login_at, ip, user_agent, source) values ($1, $2, $3, $4, $5)', [
          user.id,
          now,
          request.ip,
          userAgent(request),
          String(request.headers['source'] ?? ''),
        ]);
        return token;
      });
      return { token, tokenType: 'Bearer' as const, expiresAt: new Date(now.getTime() + ctx.limits.sessionTtlMs).toISOString() };
    },

    '/institution/logout': async ({ auth }) => {
      await ctx.db.transaction((tx) => revokeSession(ctx, tx, auth.sessionId));
      return null;
    },

    '/institution/register': async ({ body, request }) => {
      // spec §2/§5, in the order the form shows them.
      checkNotBlank('firstName', body.firstName);
      checkNotBlank('lastName', body.lastName);
      checkEmail('email', body.email);
      checkNotBlank('companyName', body.companyName);
      checkNoChinese('companyName', body.companyName);
      const password = decryptPassword(ctx.keys, 'password', body.password, true);
      const confirm = decryptPassword(ctx.keys, 'confirmPassword', body.confirmPassword, false);
      if (password !== confirm) throw badInput('confirmPassword', 'match', 'Passwords Do Not Match');
      if (!body.agreement) throw badInput('agreement', 'mustAccept', 'The user agreement must be ticked');
      const email = normaliseEmail(body.email);
      if (await findUserByEmail(ctx.db, email)) throw new ApiError(Code.emailTaken);
      const codeUuid = await checkCode(ctx, {
        channel: 'email',
        uuid: body.emailUuid,
        code: body.emailCode,
        businessTypes: ['register'],
        destination: email,
        userId: null,
        caller: { signedIn: false, ip: request.ip },
      });
      const passwordHash = await hashPassword(password);
      const now = nowDate(ctx);
      const userId = await ctx.db.transaction(async (tx) => {
        await consumeCodes(ctx, tx, [codeUuid]);
        const rows = await tx.query<{ id: number }>(
          `insert into users (email, email_lower, first_name, last_name, company_name, area_code, whatsapp, telegram,
             preferred_language, password_hash, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
           on conflict (email_lower) do nothing returning id`,
          [
            body.email.trim(),
            email,
            body.firstName.trim(),
            body.lastName.trim(),
            body.companyName.trim(),
            body.areaCode ? normaliseAreaCode(body.areaCode) : null,
            body.whatsapp || null,
            body.telegram || null,
            body.preferredLanguage ?? DEFAULT_LANGUAGE,
            passwordHash,
            now,
          ],
        );
        const id = rows[0]?.id;
        if (id === undefined) throw new ApiError(Code.emailTaken);
        return id;
      });
      return { userId };
    },

    '/institution/verify/user': async ({ body, request }) => {
      // The first step of a password reset: which channels can reach this account. The image captcha keeps
      // it from being a free lookup of registered addresses.
      const captcha = await checkCode(ctx, {
        channel: 'image',
        uuid: body.captchaUuid,
        code: body.captchaCode.trim().toUpperCase(),
        businessTypes: ['verifyUser'],
        destination: 'image',
        userId: null,
        caller: { signedIn: false, ip: request.ip },
      });
      await ctx.db.transaction((tx) => consumeCodes(ctx, tx, [captcha]));
      const user = await findUserByEmail(ctx.db, body.username);
      if (!user) return { exists: false, email: null, areaCode: null, phone: null, hasPhone: false };
      return {
        exists: true,
        email: maskEmail(user.email),
        areaCode: user.area_code,
        phone: maskPhone(user.phone),
        hasPhone: user.phone !== null,
      };
    },

    '/institution/retrieve/password': async ({ body, request }) => {
      const password = decryptPassword(ctx.keys, 'newPassword', body.newPassword, true);
      if (body.confirmPassword !== undefined && decryptPassword(ctx.keys, 'confirmPassword', body.confirmPassword, false) !== password) {
        throw badInput('confirmPassword', 'match', 'Passwords Do Not Match');
      }
      const email = normaliseEmail(body.username);
      const user = await findUserByEmail(ctx.db, email);
      let codeUuid: string;
      if (body.type === 'email') {
        if (body.emailCode === undefined) throw badInput('emailCode', 'required');
        codeUuid = await checkCode(ctx, {
          channel: 'email',
          uuid: body.emailUuid,
          code: body.emailCode,
          businessTypes: ['resetPassword'],
          destination: email,
          userId: user?.id ?? null,
          caller: { signedIn: false, ip: request.ip },
        });
      } else {
        if (body.smsCode === undefined) throw badInput('smsCode', 'required');
        if (!body.areaCode || !body.phone) throw badInput(body.areaCode ? 'phone' : 'areaCode', 'required');
        codeUuid = await checkCode(ctx, {
          channel: 'sms',
          uuid: body.smsUuid,
          code: body.smsCode,
          businessTypes: ['resetPassword'],
          destination: phoneDestination(body.areaCode, body.phone),
          userId: user?.id ?? null,
          caller: { signedIn: false, ip: request.ip },
        });
      }
      // A code that matched was only sent to a real account's address or phone (others are sent nowhere).
      if (!user) throw new ApiError(Code.codeExpired);
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction(async (tx) => {
        await consumeCodes(ctx, tx, [codeUuid]);
        await tx.query('update users set password_hash = $2, updated_at = $3 where id = $1', [user.id, passwordHash, nowDate(ctx)]);
        await revokeAllSessions(ctx, tx, user.id);
        await clearPasswordFailures(tx, user.email_lower);
        await recordWithdrawBan(ctx, tx, user.id, WithdrawBanReason.passwordChange);
        await notifySecurity(tx, user.id, 'passwordChanged', { via: 'reset' }, nowDate(ctx));
      });
      return null;
    },

    '/institution/email/captcha/noLogin': async ({ body, request }) => {
      checkEmail('email', body.email);
      const email = normaliseEmail(body.email);
      const user = await findUserByEmail(ctx.db, email);
      if (body.businessType === 'register' && user) throw new ApiError(Code.emailTaken);
      // A reset (password or authenticator) for an address with no account answers the same, and sends nothing.
      const silent = body.businessType !== 'register' && !user;
      const { uuid } = await issueCode(ctx, {
        channel: 'email',
        destination: email,
        businessType: body.businessType,
        userId: user?.id ?? null,
        silent,
        account: email,
        ip: request.ip,
        // No account yet (registration): the mail speaks the page's language.
        language: requestLanguage(request),
      });
      return { uuid };
    },

    '/institution/email/captcha': emailCode,
    '/institution//email/captcha': emailCode,

    '/institution/sms/captcha': async ({ body, request }) => {
      const destination = phoneDestination(body.areaCode, body.phone);
      const user = await findUserByEmail(ctx.db, body.username);
      const ownPhone = user?.phone ? phoneDestination(user.area_code ?? '', user.phone) : null;
      const toOwnPhone = body.businessType === 'resetPassword' || body.businessType === 'updatePhoneOld';
      if (!toOwnPhone && user) {
        const taken = await ctx.db.query('select 1 from users where area_code = $1 and phone = $2 and id <> $3', [
          normaliseAreaCode(body.areaCode),
          body.phone,
          user.id,
        ]);
        if (taken.length > 0) throw new ApiError(Code.phoneTaken);
      }
      // Sent only where it belongs: to the account's own phone for a reset or the old number, else for a known account.
      const silent = !user || (toOwnPhone && ownPhone !== destination);
      const { uuid } = await issueCode(ctx, {
        channel: 'sms',
        destination,
        businessType: body.businessType,
        userId: user?.id ?? null,
        silent,
        account: normaliseEmail(body.username),
        ip: request.ip,
        language: requestLanguage(request),
      });
      return { uuid };
    },
  });
}
