import type { FastifyInstance } from 'fastify';
import { profileCalls } from '../../contract/account.ts';
import { BROKER_PROFILE_CALLS } from '../identity/routes/account.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls, splitCalls } from '../platform/contract.ts';
import { checkEmail } from '../platform/rules.ts';
import { openBrokerOrg } from './org.ts';

/** The broker calls among the account calls (contract/account.ts `profileCalls`, spec §7): opening broker rights and a cooperation request. */
export function brokerAgreementRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, splitCalls(profileCalls, BROKER_PROFILE_CALLS).picked, {
    '/institution/agree/broker/open': async ({ auth }) => {
      const at = nowDate(ctx);
      // Opening broker rights founds the user's broker organisation (org.ts), in one transaction.
      await ctx.db.transaction(async (tx) => {
        await tx.query('update users set broker_agreed_at = coalesce(broker_agreed_at, $2), updated_at = $2 where id = $1', [auth.user.id, at]);
        await openBrokerOrg(tx, auth.user.id, at);
      });
      return { brokerOpen: true as const };
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
