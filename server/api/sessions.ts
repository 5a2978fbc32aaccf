import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { type ApiContext, nowDate } from './context.ts';
import { ApiError, Code } from './envelope.ts';
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
    'insert into sessions (user_id, token_hash, created_at, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5, $6)',
    [userId, hashToken(token), now, new Date(now.getTime() + ctx.limits.sessionTtlMs), request.ip, userAgent(request)],
  );
  return token;
}

export function userAgent(request: FastifyRequest): string | null {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value.slice(0, 300) : null;
}

export interface Auth {
  user: UserRow;
  sessionId: number;
  /** The request's source address (counts of a step-up's password are per account and source). */
  ip: string;
}

/** The signed-in user of a request, or a 401 envelope (spec §8: 'please log in again'). */
export async function authenticate(ctx: ApiContext, request: FastifyRequest): Promise<Auth> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
  if (!match?.[1]) throw new ApiError(Code.unauthorized);
  const rows = await ctx.db.query<UserRow & { session_id: number }>(
    `select u.*, s.id as session_id from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`,
    [hashToken(match[1]), nowDate(ctx)],
  );
  const row = rows[0];
  if (!row) throw new ApiError(Code.unauthorized);
  const { session_id: sessionId, ...user } = row;
  return { user, sessionId, ip: request.ip };
}

export async function revokeSession(ctx: ApiContext, tx: Queryable, sessionId: number): Promise<void> {
  await tx.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, nowDate(ctx)]);
}

export async function revokeAllSessions(ctx: ApiContext, tx: Queryable, userId: number): Promise<void> {
  await tx.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [userId, nowDate(ctx)]);
}
