import type { FastifyInstance } from 'fastify';
import { helpCalls } from '../../contract/help.ts';
import type { Queryable } from '../platform/db/client.ts';
import { serveCalls } from '../platform/contract.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { takeRate } from '../platform/rates.ts';

/**
 * The help centre's votes (contract/help.ts). The article id is checked by the call's schema (the list in
 * contract/help-rules.ts); a vote is one upsert keyed by article and voter, taken together with the source
 * address's place in its hourly window, so a refused vote (10041) changes nothing.
 */
export function helpRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, helpCalls, {
    '/help/article/vote': async ({ body, request }) => {
      const now = nowDate(ctx);
      return ctx.db.transaction(async (tx) => {
        await takeRate(ctx, tx, 'helpVote', request.ip, ctx.limits.helpVote);
        await tx.query(
          `insert into help_votes (article_id, voter_id, helpful, ip, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
           on conflict (article_id, voter_id) do update set helpful = excluded.helpful, ip = excluded.ip, updated_at = excluded.updated_at`,
          [body.articleId, body.voterId, body.helpful, request.ip, now],
        );
        return votes(tx, body.articleId, body.voterId);
      });
    },
    '/help/article/votes': async ({ body }) => votes(ctx.db, body.articleId, body.voterId ?? null),
  });
}

async function votes(db: Queryable, articleId: string, voterId: string | null) {
  const rows = await db.query<{ helpful: string; not_helpful: string; mine: boolean | null }>(
    `select count(*) filter (where helpful)::text as helpful,
            count(*) filter (where not helpful)::text as not_helpful,
            bool_or(helpful) filter (where voter_id = $2) as mine
       from help_votes where article_id = $1`,
    [articleId, voterId],
  );
  const row = rows[0];
  return { articleId, helpful: Number(row?.helpful ?? 0), notHelpful: Number(row?.not_helpful ?? 0), yourVote: row?.mine ?? null };
}
