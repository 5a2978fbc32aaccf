import type { FastifyInstance } from 'fastify';
import { type ApiContext, nowDate } from '../context.ts';
import { s, userRoute } from '../http.ts';
import { verifyStepUp } from '../step-up.ts';

interface SetBody {
  code: string;
  password?: string;
  emailUuid?: string;
  emailCode?: string;
  gaCode?: string;
}

/**
 * The anti-phishing code (issue "account security hardening"): a word the user picks that heads every e-mail
 * to the account's address (outbox.ts), so a mail without it is not ours. Setting or changing it takes the
 * step-up (step-up.ts): someone holding only a session must not be able to make a phishing mail look genuine.
 * Letters and digits only: it is shown in mails and the app as text, and needs no escaping anywhere.
 */
export function antiPhishingRoutes(ctx: ApiContext, app: FastifyInstance): void {
  userRoute<SetBody>(ctx, app, {
    method: 'POST',
    url: '/institution/antiPhishing/set',
    body: s.obj(
      {
        code: s.str(4, 20, '^[A-Za-z0-9]{4,20}$'),
        password: s.cipher,
        emailUuid: s.str(0, 64),
        emailCode: s.code6,
        gaCode: s.str(0, 6),
      },
      ['code'],
    ),
    handler: async ({ body, auth }) => {
      const stepUp = await verifyStepUp(ctx, auth, body, 'antiPhishing');
      await ctx.db.transaction(async (tx) => {
        await stepUp.consume(tx);
        await tx.query('update users set anti_phishing_code = $2, updated_at = $3 where id = $1', [auth.user.id, body.code, nowDate(ctx)]);
      });
      return { antiPhishingCode: body.code };
    },
  });
}
