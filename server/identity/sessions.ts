import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccountCalls } from '../../contract/account.ts';
import type { ReplyOf } from '../../contract/call.ts';
import type { Queryable } from '../platform/db/client.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { deviceParts, deviceSummary } from './device.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import type { Auth } from '../platform/auth.ts';
import type { UserRow } from './users.ts';

/** Bearer tokens: 32 random bytes for the client, only their SHA-256 in the sessions table. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  ctx: ApiContext,
  tx: Queryable,
  userId: number,
  request: FastifyRequest,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = nowDate(ctx);
  await tx.query(
    `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent)
     values ($1, $2, $3, $3, $4, $5, $6)`,
    [userId, hashToken(token), now, new Date(now.getTime() + ctx.limits.sessionTtlMs), request.ip, userAgent(request)],
  );
  return token;
}

export function userAgent(request: FastifyRequest): string | null {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value.slice(0, 300) : null;
}

export type { Auth } from '../platform/auth.ts';

/** Activity is written at most this often per session: one conditional update, not a write per request. */
export const lastSeenResolutionMs = 60_000;

/**
 * The signed-in user of a request, or a 401 envelope (spec §8: 'please log in again'). A session ends at its
 * absolute expiry, when revoked, or after `Limits.sessionIdleMs` without a request; the request is the
 * session's activity.
 */
export async function authenticate(ctx: ApiContext, request: FastifyRequest): Promise<Auth> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
  if (!match?.[1]) throw new ApiError(Code.unauthorized);
  const now = nowDate(ctx);
  const rows = await ctx.db.query<UserRow & { session_id: number; session_last_seen_at: Date }>(
    `select u.*, s.id as session_id, s.last_seen_at as session_last_seen_at from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_seen_at > $3`,
    [hashToken(match[1]), now, idleSince(ctx, now)],
  );
  const row = rows[0];
  if (!row) throw new ApiError(Code.unauthorized);
  const { session_id: sessionId, session_last_seen_at: lastSeenAt, ...user } = row;
  const staleBefore = new Date(now.getTime() - lastSeenResolutionMs);
  if (lastSeenAt < staleBefore) {
    // Conditional, so parallel requests of one session write it once.
    await ctx.db.query('update sessions set last_seen_at = $2 where id = $1 and last_seen_at < $3', [sessionId, now, staleBefore]);
  }
  return { user, sessionId, ip: request.ip };
}

/** Sessions last used before this are idle-expired. */
function idleSince(ctx: ApiContext, now: Date): Date {
  return new Date(now.getTime() - ctx.limits.sessionIdleMs);
}

/** One row of `GET /institution/session/list` (contract/account.ts). */
export type SessionView = ReplyOf<AccountCalls['/institution/session/list']>['list'][number];

/** The user's sessions that still work (not revoked, not expired, not idle), newest sign-in first. */
export async function listSessions(ctx: ApiContext, auth: Auth): Promise<SessionView[]> {
  const now = nowDate(ctx);
  const rows = await ctx.db.query<{
    id: number;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
  }>(
    `select id, created_at, last_seen_at, expires_at, ip, user_agent from sessions
     where user_id = $1 and revoked_at is null and expires_at > $2 and last_seen_at > $3
     order by created_at desc, id desc limit 100`,
    [auth.user.id, now, idleSince(ctx, now)],
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    ip: row.ip,
    device: deviceSummary(row.user_agent),
    ...deviceParts(row.user_agent),
    current: row.id === auth.sessionId,
  }));
}

/**
 * Ends one of the caller's own working sessions. Another user's session and an unknown or ended one get
 * the same 10050, so the reply tells nothing about other accounts.
 */
export async function revokeOwnSession(ctx: ApiContext, auth: Auth, sessionId: number): Promise<{ sessionId: number; current: boolean }> {
  const now = nowDate(ctx);
  const rows = await ctx.db.query<{ id: number }>(
    `update sessions set revoked_at = $3
     where id = $1 and user_id = $2 and revoked_at is null and expires_at > $3 and last_seen_at > $4 returning id`,
    [sessionId, auth.user.id, now, idleSince(ctx, now)],
  );
  if (rows.length !== 1) throw new ApiError(Code.sessionNotFound);
  return { sessionId, current: sessionId === auth.sessionId };
}

export async function revokeSession(ctx: ApiContext, tx: Queryable, sessionId: number): Promise<void> {
  await tx.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, nowDate(ctx)]);
}

export async function revokeAllSessions(ctx: ApiContext, tx: Queryable, userId: number): Promise<void> {
  await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [userId, nowDate(ctx)]);
}
