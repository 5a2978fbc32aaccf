import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../platform/context.ts';
import { nowDate } from '../../platform/context.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import { publicRoute, s } from '../../platform/http.ts';
import { announceKycDecision } from '../kyc.ts';
import { operationsFeatures } from '../menus.ts';
import { findUserByEmail, normaliseEmail } from '../users.ts';

/**
 * Developer and tester controls of the sandbox (not part of the provider's API): the outbox where
 * e-mail, SMS and image codes land, KYC decisions, and the operations switches of spec §6.
 * Off with `API_DEV_ROUTES=0` or ApiOptions.devRoutes = false.
 */
export function devRoutes(ctx: ApiContext, app: FastifyInstance): void {
  publicRoute<unknown, { destination?: string; channel?: string; limit: number }>(app, {
    method: 'GET',
    url: '/_dev/outbox',
    query: s.obj(
      {
        destination: s.str(1, 254),
        channel: { type: 'string', enum: ['email', 'sms', 'image'] },
        limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
      },
      [],
    ),
    handler: async ({ query }) => {
      const destination = query.destination?.includes('@') ? normaliseEmail(query.destination) : query.destination;
      const rows = await ctx.db.query<{
        id: number;
        channel: string;
        destination: string;
        business_type: string;
        code_uuid: string;
        code: string;
        subject: string;
        body: string;
        created_at: Date;
      }>(
        `select * from outbox where ($1::text is null or destination = $1) and ($2::text is null or channel = $2)
         order by created_at desc, id desc limit $3`,
        [destination ?? null, query.channel ?? null, query.limit],
      );
      return {
        list: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          destination: row.destination,
          businessType: row.business_type,
          uuid: row.code_uuid,
          code: row.code,
          subject: row.subject,
          body: row.body,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
  });

  publicRoute<{ email: string; level: 'basic' | 'advanced'; decision: 'approve' | 'reject'; reason?: string }>(app, {
    method: 'POST',
    url: '/_dev/kyc/decide',
    body: s.obj(
      {
        email: s.str(3, 254),
        level: { type: 'string', enum: ['basic', 'advanced'] },
        decision: { type: 'string', enum: ['approve', 'reject'] },
        reason: s.str(0, 500),
      },
      ['email', 'level', 'decision'],
    ),
    handler: async ({ body }) => {
      const user = await findUserByEmail(ctx.db, body.email);
      if (!user) throw new ApiError(Code.notFound);
      const status = body.decision === 'approve' ? 'Certified' : 'unCertified';
      const reason = body.decision === 'reject' ? (body.reason || 'Rejected') : null;
      // The decision, its message and its e-mail in one transaction: the user is told exactly when it is made.
      return ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        `update kyc_submissions set status = $3, decided_at = $4, reject_reason = $5
         where id = (select id from kyc_submissions where user_id = $1 and level = $2 order by submitted_at desc, id desc limit 1)
           and status = 'review'
         returning id`,
        [user.id, body.level, status, nowDate(ctx), reason],
      );
      const submissionId = rows[0]?.id;
      if (submissionId === undefined) throw new ApiError(Code.kycState, { level: body.level }, 'No submission under review');
      await announceKycDecision(ctx, tx, user, { submissionId, level: body.level, approved: status === 'Certified', reason });
      return { submissionId, level: body.level, status };
      });
    },
  });

  publicRoute<{ email: string; disabled: string[]; frozen?: boolean }>(app, {
    method: 'POST',
    url: '/_dev/account',
    body: s.obj(
      {
        email: s.str(3, 254),
        disabled: { type: 'array', items: { type: 'string', enum: [...operationsFeatures] }, uniqueItems: true },
        frozen: { type: 'boolean' },
      },
      ['email'],
    ),
    handler: async ({ body }) => {
      const user = await findUserByEmail(ctx.db, body.email);
      if (!user) throw new ApiError(Code.notFound);
      await ctx.db.query(
        `update users set disabled_features = coalesce($2::text[], disabled_features),
           frozen_at = case when $3::boolean is null then frozen_at when $3 then coalesce(frozen_at, $4) else null end
         where id = $1`,
        [user.id, body.disabled ?? null, body.frozen ?? null, nowDate(ctx)],
      );
      return { email: user.email, disabled: body.disabled ?? user.disabled_features, frozen: body.frozen ?? user.frozen_at !== null };
    },
  });

  // The ledger's invariants over the whole database (server/ledger/invariants.ts): an empty list when it holds.
}
