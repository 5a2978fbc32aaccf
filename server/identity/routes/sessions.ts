import { notifySecurity } from '../../platform/notify.ts';
import type { FastifyInstance } from 'fastify';
import { sessionCalls } from '../../../contract/account.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { listSessions, revokeOwnSession } from '../sessions.ts';
import { verifyStepUp } from '../step-up.ts';

/**
 * The account-security calls of contract/account.ts `sessionCalls` (server/README.md "Sessions"): the
 * caller's working sessions and revoking one, and the anti-phishing code — a word the user picks that heads
 * every e-mail to the account's address (outbox.ts), so a mail without it is not ours. Setting or changing it
 * takes the step-up (step-up.ts): someone holding only a session must not be able to make a phishing mail
 * look genuine. Letters and digits only: it is shown in mails and the app as text, and needs no escaping
 * anywhere.
 */
export function sessionRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, sessionCalls, {
    '/institution/session/list': async ({ auth }) => ({ list: await listSessions(ctx, auth) }),
    '/institution/session/revoke': async ({ auth, body }) => revokeOwnSession(ctx, auth, body.sessionId),
    '/institution/antiPhishing/set': async ({ body, auth }) => {
      const stepUp = await verifyStepUp(ctx, auth, body, 'antiPhishing');
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await tx.query('update users set anti_phishing_code = $2, updated_at = $3 where id = $1', [auth.user.id, body.code, nowDate(ctx)]);
        await notifySecurity(tx, auth.user.id, 'antiPhishingChanged', {}, nowDate(ctx));
      });
      return { antiPhishingCode: body.code };
    },
  });
}
