import { notifySecurity } from '../../platform/notify.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { gaResetCalls } from '../../../contract/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { recordWithdrawBan, WithdrawBanReason } from '../bans.ts';
import { checkCode, consumeCodes } from '../codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import { publicRoute, s } from '../../platform/http.ts';
import { clearFailures } from '../lockout.ts';
import { revokeAllSessions } from '../sessions.ts';
import { countedPasswordCheck } from '../step-up.ts';
import { captchaRequired, requireCaptchaAfterFailures } from '../captcha.ts';
import { writeOutbox } from '../outbox.ts';
import { isLanguage, mailText } from '../mail.ts';
import { DEFAULT_LANGUAGE } from '../../../contract/rules.ts';
import { findUserByEmail, normaliseEmail, type UserRow } from '../users.ts';

type GaResetStatus = 'review' | 'approved' | 'rejected';

interface RequestRow {
  id: number;
  public_id: string;
  user_id: number;
  status: GaResetStatus;
  created_at: Date;
  decided_at: Date | null;
  reject_reason: string | null;
}

/**
 * Google authenticator reset for a user who lost the device. They cannot sign in (login needs the Google
 * code), so the request is public: user name + password + an e-mail code (businessType `resetGa`, from
 * `/institution/email/captcha/noLogin`). It opens a request under review; the provider's operations decide
 * after a KYC re-check (here the dev control `/_dev/ga-reset/decide`). Only an approval unbinds the
 * authenticator — then every session ends, a notice is mailed, and withdrawals are restricted (spec §4
 * reason 6, Google rebind) for Limits.gaResetWithdrawBanMs. The user then signs in without a code and binds
 * a new authenticator with the step-up of step-up.ts. The calls are contract/auth.ts `gaResetCalls`.
 */
export function gaResetRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, gaResetCalls, {
    '/institution/ga/reset/apply': async ({ body, request }) => {
      const subject = normaliseEmail(body.username);
      // As at login: the captcha after the first failures; wrong password, unknown user and bad padding take
      // one path and count toward the same lockouts.
      const user = await findUserByEmail(ctx.db, subject);
      await requireCaptchaAfterFailures(ctx, subject, user?.id ?? null, request.ip, body);
      const failure = await countedPasswordCheck(ctx, subject, user, ctx.keys.decrypt(body.password), { signedIn: false, ip: request.ip });
      if (failure || !user) {
        if (failure?.locked) throw new ApiError(Code.locked, failure.locked);
        throw new ApiError(Code.loginFailed, {
          errorCount: failure?.errorCount ?? 0,
          remainingAttempts: failure?.remainingAttempts ?? 0,
          captchaRequired: await captchaRequired(ctx, subject, request.ip),
        });
      }
      const codeUuid = await checkCode(ctx, {
        channel: 'email',
        uuid: body.emailUuid,
        code: body.emailCode,
        businessTypes: ['resetGa'],
        destination: user.email_lower,
        userId: user.id,
        caller: { signedIn: false, ip: request.ip },
      });
      if (user.ga_secret === null) throw new ApiError(Code.gaResetNotBound);
      const publicId = randomBytes(32).toString('base64url');
      const now = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        await consumeCodes(ctx, tx, [codeUuid]);
        // The partial unique index keeps one request under review per user, also against a parallel call.
        const rows = await tx.query(
          `insert into ga_reset_requests (public_id, user_id, status, created_at) values ($1, $2, 'review', $3)
           on conflict (user_id) where status = 'review' do nothing returning id`,
          [publicId, user.id, now],
        );
        if (rows.length !== 1) throw new ApiError(Code.gaResetPending);
        // The owner hears of it at once: if someone else holds the password and the mailbox, the review is
        // the time to object.
        await notify(ctx, tx, user, 'requested', undefined);
      });
      return { requestId: publicId, status: 'review' as const, createdAt: now.toISOString() };
    },

    '/institution/ga/reset/status': async ({ query }) => {
      // The id is 256 random bits handed to the applicant only: it is the credential for this read.
      const rows = await ctx.db.query<RequestRow>('select * from ga_reset_requests where public_id = $1', [query.requestId]);
      const row = rows[0];
      if (!row) throw new ApiError(Code.notFound);
      return {
        requestId: row.public_id,
        status: row.status,
        createdAt: row.created_at.toISOString(),
        decidedAt: row.decided_at?.toISOString() ?? null,
        rejectReason: row.reject_reason,
      };
    },
  });
}

/** Dev control: operations' decision after the KYC re-check (like `/_dev/kyc/decide`). */
export function gaResetDevRoutes(ctx: ApiContext, app: FastifyInstance): void {
  publicRoute<{ email: string; decision: 'approve' | 'reject'; reason?: string }>(app, {
    method: 'POST',
    url: '/_dev/ga-reset/decide',
    body: s.obj(
      { email: s.str(3, 254), decision: { type: 'string', enum: ['approve', 'reject'] }, reason: s.str(0, 500) },
      ['email', 'decision'],
    ),
    handler: async ({ body }) => {
      const user = await findUserByEmail(ctx.db, body.email);
      if (!user) throw new ApiError(Code.notFound);
      const approve = body.decision === 'approve';
      const now = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        const rows = await tx.query<{ public_id: string }>(
          `update ga_reset_requests set status = $2, decided_at = $3, reject_reason = $4
           where user_id = $1 and status = 'review' returning public_id`,
          [user.id, approve ? 'approved' : 'rejected', now, approve ? null : (body.reason ?? 'Rejected')],
        );
        const requestId = rows[0]?.public_id;
        if (requestId === undefined) throw new ApiError(Code.gaResetNone);
        if (approve) {
          await tx.query('update users set ga_secret = null, ga_pending_secret = null, updated_at = $2 where id = $1', [user.id, now]);
          await clearFailures(tx, 'gaCode', String(user.id));
          await revokeAllSessions(ctx, tx, user.id);
          await recordWithdrawBan(ctx, tx, user.id, WithdrawBanReason.gaRebind, ctx.limits.gaResetWithdrawBanMs);
          await notifySecurity(tx, user.id, 'gaChanged', { via: 'reset' }, now);
        }
        await notify(ctx, tx, user, approve ? 'approved' : 'rejected', body.reason);
        return { requestId, status: approve ? 'approved' : 'rejected' };
      });
    },
  });
}

type Notice = 'requested' | 'approved' | 'rejected';

/** An e-mail notice to the account's address (no code; headed by the anti-phishing code when set). */
async function notify(ctx: ApiContext, tx: Queryable, user: UserRow, notice: Notice, reason: string | undefined): Promise<void> {
  const hours = Math.round(ctx.limits.gaResetWithdrawBanMs / 3600_000);
  const language = isLanguage(user.preferred_language) ? user.preferred_language : DEFAULT_LANGUAGE;
  const types: Record<Notice, string> = { requested: 'gaResetRequested', approved: 'gaResetApproved', rejected: 'gaResetRejected' };
  // The operator's reason is their own words, quoted as they wrote them.
  const body = notice === 'rejected' && reason ? mailText(language, 'gaReset.rejected.bodyReason', { reason }) : mailText(language, `gaReset.${notice}.body`, { hours });
  await writeOutbox(ctx, tx, {
    channel: 'email',
    destination: user.email_lower,
    businessType: types[notice],
    subject: mailText(language, `gaReset.${notice}.subject`),
    body,
    userId: user.id,
  });
}
