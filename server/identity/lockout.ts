import type { Queryable } from '../platform/db/client.ts';
import { waitParts } from '../platform/clock.ts';
import { type ApiContext, type FailureKind, nowDate } from '../platform/context.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { recordWithdrawBan } from './bans.ts';

/**
 * Lockout after repeated wrong password, e-mail code, SMS code or Google code (spec §8), counted per subject.
 * Who gives the secret decides the subject (server/README.md "Lockouts"): a caller without a session counts
 * against its source address (`<source> <user name or address>`; strangers.ts adds the ceiling over unknown
 * sources), a signed-in user against their own account (`signed-in <user name>`, the address, the user id).
 * Only a signed-in owner's failures ban withdrawals (spec §4 reasons 1–3): a caller passes the user id to ban,
 * or null. These writes are never part of the request's transaction: a refused request must still count.
 */
interface FailureRow {
  fail_count: number;
  in_flight: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

/**
 * Who gives a secret: a signed-in user (`userId`: their failures count against their own account, lock it and,
 * where the code is their own, ban withdrawals), or a caller without a session from a source address (counted
 * per source, never a lock of the owner's own channels nor a ban).
 */
export type Caller = { signedIn: true; userId: number } | { signedIn: false; ip: string };

/** What a client needs to render "N errors, wait D days H hours M minutes" in its own language. */
export interface LockInfo {
  /** What was wrong too often: the kind, except that the per-user-name password ceiling shows as `password`. */
  reason: Exclude<FailureKind, 'passwordAccount'>;
  errorCount: number;
  lockedUntil: string;
  waitSeconds: number;
  wait: { days: number; hours: number; minutes: number };
}

// The reason recorded when a lock falls on a subject counted with a user id (a signed-in owner's own failures
// only: spec §4). The ceilings over many sources never ban.
const banReason: Record<FailureKind, 1 | 2 | 3 | null> = {
  password: 1,
  passwordAccount: null,
  emailCode: 2,
  smsCode: null,
  codeAccount: null,
  gaCode: 3,
};

async function failureRow(ctx: ApiContext, kind: FailureKind, subject: string): Promise<FailureRow | undefined> {
  const rows = await ctx.db.query<FailureRow>(
    'select fail_count, in_flight, last_failure_at, locked_until from auth_failures where kind = $1 and subject = $2',
    [kind, subject],
  );
  return rows[0];
}

/**
 * The failures now counted against a subject (0 once its window or lock has run out). Attempts still being
 * evaluated are not failures: a burst of right passwords must not look like one of wrong ones.
 */
export async function currentFailures(ctx: ApiContext, kind: FailureKind, subject: string): Promise<number> {
  const row = await failureRow(ctx, kind, subject);
  if (!row) return 0;
  const now = ctx.clock.now();
  if (row.locked_until && row.locked_until.getTime() <= now) return 0;
  if (row.last_failure_at.getTime() < now - ctx.limits.lockout[kind].waitMs) return 0;
  return Math.max(0, row.fail_count - row.in_flight);
}

/** The running lock of a subject, or null. */
export async function currentLock(ctx: ApiContext, kind: FailureKind, subject: string): Promise<LockInfo | null> {
  const row = await failureRow(ctx, kind, subject);
  const now = ctx.clock.now();
  if (!row?.locked_until || row.locked_until.getTime() <= now) return null;
  return lockInfo(kind, row.fail_count, row.locked_until.getTime(), now);
}

export async function assertNotLocked(ctx: ApiContext, kind: FailureKind, subject: string): Promise<void> {
  const lock = await currentLock(ctx, kind, subject);
  if (lock) throw new ApiError(Code.locked, lock);
}

export interface FailureResult {
  errorCount: number;
  remainingAttempts: number;
  locked: LockInfo | null;
}

export type AttemptOutcome<T> = { ok: true; value: T } | ({ ok: false } & FailureResult);

/**
 * One attempt at a secret (password, e-mail or SMS code, Google code), counted BEFORE it is evaluated:
 * a single conditional upsert takes one of the `threshold` places of the subject's window, so however many
 * requests arrive at once, at most `threshold` are ever evaluated (a check-then-write would let a parallel
 * burst through). `evaluate` returns the value on success or null on a wrong secret. A success clears the
 * count (spec §8: the count is of consecutive failures); a failure that fills the window locks the subject
 * for the wait and, for a known user, bans withdrawals (spec §4 reasons 1–3).
 *
 * Refusals before evaluation: `locked` (10002) while a lock runs; `repeatRequest` (10005) when every place
 * is held by attempts still being evaluated. `in_flight` counts those places until their outcome is known, so
 * the failures read by `currentFailures` are settled ones only. A process killed mid-evaluation leaves its place
 * held, which the window's end clears.
 */
export async function attempt<T>(
  ctx: ApiContext,
  kind: FailureKind,
  subject: string,
  userId: number | null,
  evaluate: () => Promise<T | null>,
): Promise<AttemptOutcome<T>> {
  const { threshold, waitMs } = ctx.limits.lockout[kind];
  const now = nowDate(ctx);
  const staleBefore = new Date(now.getTime() - waitMs);
  // A lock that has run out, or failures older than one wait, start a fresh count.
  const fresh = '(f.locked_until is not null and f.locked_until <= $3) or f.last_failure_at < $4';
  const taken = await ctx.db.query<{ fail_count: number }>(
    `insert into auth_failures as f (kind, subject, fail_count, in_flight, last_failure_at, locked_until) values ($1, $2, 1, 1, $3, null)
     on conflict (kind, subject) do update set
       fail_count = case when ${fresh} then 1 else f.fail_count + 1 end,
       in_flight = case when ${fresh} then 1 else f.in_flight + 1 end,
       last_failure_at = $3,
       locked_until = null
     where ${fresh} or (f.locked_until is null and f.fail_count < $5)
     returning fail_count`,
    [kind, subject, now, staleBefore, threshold],
  );
  const place = taken[0];
  if (!place) {
    await assertNotLocked(ctx, kind, subject);
    throw new ApiError(Code.repeatRequest);
  }
  let value: T | null;
  try {
    value = await evaluate();
  } catch (error) {
    // Not an answer to the secret (an expired code, a server fault): give the place back.
    await ctx.db.query(
      `update auth_failures set fail_count = greatest(fail_count - 1, 0), in_flight = greatest(in_flight - 1, 0)
       where kind = $1 and subject = $2 and locked_until is null`,
      [kind, subject],
    );
    throw error;
  }
  if (value !== null) {
    await clearFailures(ctx.db, kind, subject);
    return { ok: true, value };
  }
  return { ok: false, ...(await settleFailure(ctx, kind, subject, userId)) };
}

/** After a wrong secret: its place is a failure now; lock when the window is full (its places were taken in `attempt`). */
async function settleFailure(ctx: ApiContext, kind: FailureKind, subject: string, userId: number | null): Promise<FailureResult> {
  const { threshold, waitMs } = ctx.limits.lockout[kind];
  const now = nowDate(ctx);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.query<FailureRow>(
      `update auth_failures set last_failure_at = $3, in_flight = greatest(in_flight - 1, 0),
         locked_until = case when fail_count >= $4 then coalesce(locked_until, $5) else locked_until end
       where kind = $1 and subject = $2
       returning fail_count, last_failure_at, locked_until`,
      [kind, subject, now, threshold, new Date(now.getTime() + waitMs)],
    );
    // A success cleared the row meanwhile: this failure still counts as one.
    const count = rows[0]?.fail_count ?? 1;
    const lockedUntil = rows[0]?.locked_until ?? null;
    const lockedNow = lockedUntil !== null && lockedUntil.getTime() > now.getTime();
    const reason = banReason[kind];
    if (lockedNow && userId !== null && reason !== null) {
      const banned = await tx.query('select 1 from withdraw_bans where user_id = $1 and reason = $2 and created_at >= $3', [
        userId,
        reason,
        new Date(lockedUntil.getTime() - waitMs),
      ]);
      if (banned.length === 0) await recordWithdrawBan(ctx, tx, userId, reason);
    }
    return {
      errorCount: count,
      remainingAttempts: Math.max(0, threshold - count),
      locked: lockedNow ? lockInfo(kind, count, lockedUntil.getTime(), now.getTime()) : null,
    };
  });
}

/** The envelope of a failed attempt: the lock when it locked, else `wrong` with the count and what is left. */
export function failureError(failure: FailureResult, wrong: Code, extra: Record<string, unknown> = {}): ApiError {
  if (failure.locked) return new ApiError(Code.locked, failure.locked);
  return new ApiError(wrong, { ...extra, errorCount: failure.errorCount, remainingAttempts: failure.remainingAttempts });
}

/**
 * Two counts for one attempt: `outer` (the wider subject, e.g. the account) takes its place first, then `inner`
 * (e.g. the account from one source, or one address) inside it; the secret is evaluated once, and a wrong
 * one counts in both. A lock of either refuses.
 */
export async function nestedAttempt<T>(
  ctx: ApiContext,
  outer: { kind: FailureKind; subject: string; userId: number | null },
  inner: { kind: FailureKind; subject: string; userId: number | null },
  evaluate: () => Promise<T | null>,
): Promise<AttemptOutcome<T>> {
  let innerOutcome: AttemptOutcome<T> | undefined;
  const outerOutcome = await attempt(ctx, outer.kind, outer.subject, outer.userId, async () => {
    innerOutcome = await attempt(ctx, inner.kind, inner.subject, inner.userId, evaluate);
    return innerOutcome.ok ? innerOutcome.value : null;
  });
  if (outerOutcome.ok || !innerOutcome || innerOutcome.ok) return outerOutcome;
  return {
    ok: false,
    errorCount: innerOutcome.errorCount,
    remainingAttempts: Math.min(innerOutcome.remainingAttempts, outerOutcome.remainingAttempts),
    locked: innerOutcome.locked ?? outerOutcome.locked,
  };
}

export async function clearFailures(db: Queryable, kind: FailureKind, subject: string): Promise<void> {
  await db.query('delete from auth_failures where kind = $1 and subject = $2', [kind, subject]);
}

/**
 * Password counts are kept per `<source> <user name>` (sign-in without a session), per user name (the ceiling over
 * unknown sources) and per `signed-in <user name>` (step-ups): a reset clears them all.
 */
export function passwordSubject(userName: string, source: string): string {
  return `${source} ${userName}`;
}

/** The signed-in owner's own password count (step-ups): no caller without a session reaches it. */
export function signedInPasswordSubject(userName: string): string {
  return passwordSubject(userName, 'signed-in');
}

export async function clearPasswordFailures(db: Queryable, userName: string): Promise<void> {
  await db.query(
    `delete from auth_failures where (kind = 'passwordAccount' and subject = $1)
       or (kind = 'password' and substr(subject, position(' ' in subject) + 1) = $1)`,
    [userName],
  );
}

export function lockInfo(kind: FailureKind, errorCount: number, untilMs: number, nowMs: number): LockInfo {
  return {
    reason: kind === 'passwordAccount' ? 'password' : kind,
    errorCount,
    lockedUntil: new Date(untilMs).toISOString(),
    waitSeconds: Math.max(0, Math.ceil((untilMs - nowMs) / 1000)),
    wait: waitParts(untilMs, nowMs),
  };
}
