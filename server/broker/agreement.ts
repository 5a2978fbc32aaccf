import type { FastifyInstance } from 'fastify';
import { profileCalls } from '../../contract/account.ts';
import { BROKER_PROFILE_CALLS } from '../identity/routes/account.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls, splitCalls } from '../platform/contract.ts';
import { checkEmail } from '../platform/rules.ts';
import { openBrokerOrg } from './org.ts';
import { BROKER_AGREEMENT_VERSION } from '../../contract/rules.ts';
import { badInput } from '../platform/envelope.ts';

/** The broker calls among the account calls (contract/account.ts `profileCalls`, spec §7): opening broker rights and a cooperation request. */
export function brokerAgreementRoutes(ctx: ApiContext, app: FastifyInstance): void {
  // The call predates its body (the agreement's version): one sent without a body is an empty one, not a 400.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.url?.endsWith('/institution/agree/broker/open')) request.body = {};
  });
  serveCalls(ctx, app, splitCalls(profileCalls, BROKER_PROFILE_CALLS).picked, {
    '/institution/agree/broker/open': async ({ auth, body }) => {
      const at = nowDate(ctx);
      const version = body?.agreementVersion ?? null;
      if (version !== null && version !== BROKER_AGREEMENT_VERSION) throw badInput('agreementVersion', 'outdated', `The current broker agreement is ${BROKER_AGREEMENT_VERSION}`);
      // Opening broker rights founds the user's broker organisation (org.ts), in one transaction; the first
      // acceptance is the one recorded (the version shown and its time).
      const rows = await ctx.db.transaction(async (tx) => {
        const updated = await tx.query<{ broker_agreed_at: Date; broker_agreement_version: string | null }>(
          `update users set broker_agreed_at = coalesce(broker_agreed_at, $2),
             broker_agreement_version = case when broker_agreed_at is null then $3 else broker_agreement_version end, updated_at = $2
           where id = $1 returning broker_agreed_at, broker_agreement_version`,
          [auth.user.id, at, version],
        );
        await openBrokerOrg(tx, auth.user.id, at);
        return updated;
      });
      const row = rows[0];
      return { brokerOpen: true as const, agreementVersion: row?.broker_agreement_version ?? null, agreedAt: (row?.broker_agreed_at ?? at).toISOString() };
    },

    '/broker/business/cooperation/add': async ({ auth, body }) => {
      checkEmail('email', body.email);
      const rows = await ctx.db.query<{ id: number }>(
        'insert into cooperation_requests (user_id, form, created_at) values ($1, $2, $3) returning id',
        [auth.user.id, JSON.stringify(body), nowDate(ctx)],
      );
      return { id: rows[0]?.id ?? null };
    },
  });
}
