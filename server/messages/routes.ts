import type { FastifyInstance } from 'fastify';
import { messageCalls } from '../../contract/messages.ts';
import type { MessageKind } from '../../contract/messages-rules.ts';
import type { Queryable } from '../platform/db/client.ts';
import { serveCalls } from '../platform/contract.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';

interface MessageRow {
  id: string;
  kind: MessageKind;
  params: Record<string, string> | string;
  read_at: Date | null;
  created_at: Date;
}

/**
 * The message centre's calls (contract/messages.ts): the caller's own messages only — every query is keyed by
 * the signed-in user, so another user's message id is neither listed nor marked.
 */
export function messageRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, messageCalls, {
    '/message/page': async ({ body, auth }) => {
      const userId = auth.user.id;
      const unreadOnly = body.unreadOnly === true;
      const where = `user_id = $1 and ($2::boolean is false or read_at is null)`;
      const [rows, total, unread] = await Promise.all([
        ctx.db.query<MessageRow>(
          `select id::text as id, kind, params, read_at, created_at from messages where ${where}
           order by messages.id desc limit $3 offset $4`,
          [userId, unreadOnly, body.pageSize, (body.pageNum - 1) * body.pageSize],
        ),
        ctx.db.query<{ n: string }>(`select count(*)::text as n from messages where ${where}`, [userId, unreadOnly]),
        unreadCount(ctx.db, userId),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          params: typeof row.params === 'string' ? (JSON.parse(row.params) as Record<string, string>) : row.params,
          read: row.read_at !== null,
          createdAt: row.created_at.toISOString(),
        })),
        total: Number(total[0]?.n ?? 0),
        pageNum: body.pageNum,
        pageSize: body.pageSize,
        unread,
      };
    },
    '/message/unreadCount': async ({ auth }) => ({ unread: await unreadCount(ctx.db, auth.user.id) }),
    '/message/read': async ({ body, auth }) =>
      ctx.db.transaction(async (tx) => {
        const rows = await tx.query(
          'update messages set read_at = $3 where user_id = $1 and id = any($2::bigint[]) and read_at is null returning id',
          [auth.user.id, body.ids, nowDate(ctx)],
        );
        return { updated: rows.length, unread: await unreadCount(tx, auth.user.id) };
      }),
    '/message/readAll': async ({ auth }) =>
      ctx.db.transaction(async (tx) => {
        const rows = await tx.query('update messages set read_at = $2 where user_id = $1 and read_at is null returning id', [auth.user.id, nowDate(ctx)]);
        return { updated: rows.length, unread: await unreadCount(tx, auth.user.id) };
      }),
  });
}

async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ n: string }>('select count(*)::text as n from messages where user_id = $1 and read_at is null', [userId]);
  return Number(rows[0]?.n ?? 0);
}
