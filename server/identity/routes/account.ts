import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../contract/rules.ts';
import { freezeLinkCalls, profileCalls } from '../../../contract/account.ts';
import { activeWithdrawBans } from '../bans.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls, splitCalls } from '../../platform/contract.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import { deviceParts } from '../device.ts';
import { kycState } from '../kyc.ts';
import { buildUserMenu } from '../menus.ts';
import { freezeAccount, freezeByLink } from '../freeze-link.ts';
import { readOrderGuard, writeOrderGuard } from '../order-guard.ts';

/** The calls of contract/account.ts `profileCalls` that open broker rights and ask for cooperation: the broker serves them (server/broker/agreement.ts). */
export const BROKER_PROFILE_CALLS = ['/institution/agree/broker/open', '/broker/business/cooperation/add'] as const;

/**
 * Account calls of contract/account.ts `profileCalls`: user info, menu, login history, freeze, preferences (spec §7);
 * and `freezeLinkCalls`, the freeze by the link of the stranger-failure mail (identity/strangers.ts).
 */
export function accountRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, splitCalls(profileCalls, BROKER_PROFILE_CALLS).rest, {
    '/institution/getUserInfo': async ({ auth }) => {
      const { user } = auth;
      const [kyc, bans, orderGuard] = await Promise.all([kycState(ctx.db, user.id), activeWithdrawBans(ctx, ctx.db, user.id), readOrderGuard(ctx.db, user.id)]);
      return {
        userId: user.id,
        userName: user.email,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        companyName: user.company_name,
        areaCode: user.area_code,
        phone: user.phone,
        whatsapp: user.whatsapp,
        telegram: user.telegram,
        preferredLanguage: user.preferred_language,
        userType: user.user_type,
        verificationType: user.verification_type,
        gaBound: user.ga_secret !== null,
        emailBound: true,
        phoneBound: user.phone !== null,
        kyc: { basic: kyc.basic.status, advanced: kyc.advanced.status },
        frozen: user.frozen_at !== null,
        frozenAt: user.frozen_at?.toISOString() ?? null,
        orderConfirmStatus: user.order_confirm,
        orderGuard,
        brokerOpen: user.broker_agreed_at !== null,
        withdrawBans: bans,
        createdAt: user.created_at.toISOString(),
        // Shown so the user can compare it with the first line of our e-mails (routes/sessions.ts).
        antiPhishingCode: user.anti_phishing_code,
      };
    },

    '/menu/getUserMenu': async ({ auth }) => {
      const [kyc, bans] = await Promise.all([kycState(ctx.db, auth.user.id), activeWithdrawBans(ctx, ctx.db, auth.user.id)]);
      return buildUserMenu(auth.user, kyc, bans);
    },

    '/institution/loginInfoList': async ({ auth, query }) => {
      // The query schema's defaults (page 1, size 10) are filled in by the validation; these only tell the type.
      const { pageNum = 1, pageSize = DEFAULT_PAGE_SIZE } = query;
      const [rows, count] = await Promise.all([
        ctx.db.query<{ id: number; login_at: Date; ip: string | null; user_agent: string | null; source: string | null }>(
          'select id, login_at, ip, user_agent, source from login_history where user_id = $1 order by login_at desc, id desc limit $2 offset $3',
          [auth.user.id, pageSize, (pageNum - 1) * pageSize],
        ),
        ctx.db.query<{ total: number }>('select count(*)::int as total from login_history where user_id = $1', [auth.user.id]),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id,
          loginTime: row.login_at.toISOString(),
          ip: row.ip,
          userAgent: row.user_agent,
          ...deviceParts(row.user_agent),
          source: row.source,
        })),
        total: count[0]?.total ?? 0,
        pageNum,
        pageSize,
      };
    },

    '/institution/frozenLatestAccount': async ({ auth }) => {
      if (auth.user.frozen_at) throw new ApiError(Code.frozen);
      // spec §4: a freeze disables withdrawals and exchange, and logs the user out (every session).
      await ctx.db.transaction((tx) => freezeAccount(ctx, tx, auth.user.id));
      return { frozen: true as const };
    },

    '/institution/updateOrderConfirmStatus': async ({ auth, body }) => {
      await ctx.db.query('update users set order_confirm = $2, updated_at = $3 where id = $1', [
        auth.user.id,
        body.orderConfirmStatus,
        nowDate(ctx),
      ]);
      return { orderConfirmStatus: body.orderConfirmStatus };
    },

    '/institution/updateOrderGuard': async ({ auth, body }) => writeOrderGuard(ctx.db, auth.user.id, body, nowDate(ctx)),

    '/institution/updatePreferredLanguage': async ({ auth, body }) => {
      await ctx.db.query('update users set preferred_language = $2, updated_at = $3 where id = $1', [
        auth.user.id,
        body.preferredLanguage,
        nowDate(ctx),
      ]);
      return { preferredLanguage: body.preferredLanguage };
    },
  });

  serveCalls(ctx, app, freezeLinkCalls, {
    '/institution/frozenAccountByLink': async ({ body }) => {
      await freezeByLink(ctx, body.token);
      return { frozen: true as const };
    },
  });
}
