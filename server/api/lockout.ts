import type { Queryable } from '../db/client.ts';
import { waitParts } from './clock.ts';
import { type ApiContext, type FailureKind, nowDate } from './context.ts';
import { ApiError, Code } from './envelope.ts';
import { recordWithdrawBan } from './bans.ts';

/**
 * Lockout after repeated wrong password, e-mail code or Google code (spec §8). Counted per subject:
 * the user name for passwords (known or not, so the answer does not reveal which), the address for
 * e-mail codes, the user id for Google codes. These writes are never part of the request's transaction:
 * a refused request must still count.
 */
interface FailureRow {
  fail_count: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

/** What a client needs to render "N errors, wait D days H hours M minutes" in its own language. */
export interface LockInfo {
  reason: FailureKind;
  errorCount: number;
  lockedUntil: string;
  waitSeconds: number;
  wait: { days: number; hours: number; minutes: number };
}

const banReason: Record<FailureKind, 1 | 2 | 3> = { password: 1, emailCode: 2, gaCode: 3 };

export async function assertNotLocked(ctx: ApiContext, kind: FailureKind, subject: string): Promise<void> {
  const rows = await ctx.db.query<FailureRow>(
    'select fail_count, last_failure_at, locked_until from auth_failures where kind = $1 and subject = $2',
    [kind, subject],
  );
  const row = rows[0];
  const now = ctx.clock.now();
  if (row?.locked_until && row.locked_until.getTime() > now) {
    throw new ApiError(Code.locked, lockInfo(kind, row.fail_count, row.locked_until.getTime(), now));
  }
}

export interface FailureResult {
  errorCount: number;
  remainingAttempts: number;
  locked: LockInfo | null;
}

/** Counts one failure; locks (and bans withdrawals for `userId`, spec §4 reasons 1–3) at the threshold. */
export async function recordFailure(
  ctx: ApiContext,
  kind: FailureKind,
  subject: string,
  userId: number | null,
): Promise<FailureResult> {
  const { threshold, waitMs } = ctx.limits.lockout[kind];
  const now = nowDate(ctx);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.query<FailureRow>(
      'select fail_count, last_failure_at, locked_until from auth_failures where kind = $1 and subject = $2 for update',
      [kind, subject],
    );
    const row = rows[0];
    // A lock that has run out, or failures older than one wait, start a fresh count.
    const stale =
      !row ||
      (row.locked_until !== null && row.locked_until.getTime() <= now.getTime()) ||
      now.getTime() - row.last_failure_at.getTime() > waitMs;
    const count = stale ? 1 : row.fail_count + 1;
    const lockedUntil = count >= threshold ? new Date(now.getTime() + waitMs) : null;
    await tx.query(
      `insert into auth_failures (kind, subject, fail_count, last_failure_at, locked_until) values ($1, $2, $3, $4, $5)
       on conflict (kind, subject) do update set fail_count = $3, last_failure_at = $4, locked_until = $5`,
      [kind, subject, count, now, lockedUntil],
    );
    if (lockedUntil && userId !== null) await recordWithdrawBan(ctx, tx, userId, banReason[kind]);
    return {
      errorCount: count,
      remainingAttempts: Math.max(0, threshold - count),
      locked: lockedUntil ? lockInfo(kind, count, lockedUntil.getTime(), now.getTime()) : null,
    };
  });
}

export async function clearFailures(db: Queryable, kind: FailureKind, subject: string): Promise<void> {
  await db.query('delete from auth_failures where kind = $1 and subject = $2', [kind, subject]);
}

export function lockInfo(kind: FailureKind, errorCount: number, untilMs: number, nowMs: number): LockInfo {
  return {
    reason: kind,
    errorCount,
    lockedUntil: new Date(untilMs).toISOString(),
    waitSeconds: Math.max(0, Math.ceil((untilMs - nowMs) / 1000)),
    wait: waitParts(untilMs, nowMs),
  };
}
