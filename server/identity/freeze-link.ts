import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../platform/db/client.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * The account freeze (spec §4 "Account freeze: it disables withdrawals and exchange, and logs the user out"): by the
 * signed-in owner (`/institution/frozenLatestAccount`) or by the link of the stranger-failure alert mail
 * (`/institution/frozenAccountByLink`, strangers.ts). Either way every session ends.
 */
export async function freezeAccount(ctx: ApiContext, tx: Queryable, userId: number): Promise<void> {
  const now = nowDate(ctx);
  await tx.query('update users set frozen_at = coalesce(frozen_at, $2), updated_at = $2 where id = $1', [userId, now]);
  await revokeAllSessions(ctx, tx, userId);
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new freeze link's token (256 random bits, base64url: 43 characters); only its hash is stored. Lives `Limits.freezeLinkTtlMs`. */
export async function issueFreezeLink(ctx: ApiContext, tx: Queryable, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = nowDate(ctx);
  await tx.query('insert into freeze_links (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    hashToken(token),
    userId,
    now,
    new Date(now.getTime() + ctx.limits.freezeLinkTtlMs),
  ]);
  return token;
}

/**
 * Freezes the account a link was made for, once: the link is used up in the same statement that finds it, so two
 * parallel calls with one token freeze once and the second is refused. An unknown, used or expired token → 10004.
 * An account frozen meanwhile stays frozen (the link is used up all the same).
 */
export async function freezeByLink(ctx: ApiContext, token: string): Promise<void> {
  const now = nowDate(ctx);
  await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: number }>(
      'update freeze_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning user_id',
      [hashToken(token), now],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) throw new ApiError(Code.codeExpired, null);
    await freezeAccount(ctx, tx, userId);
  });
}
