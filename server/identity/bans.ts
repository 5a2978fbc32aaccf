import type { Queryable } from '../platform/db/client.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';

/** spec §4 withdrawal ban reasons. */
export const WithdrawBanReason = {
  wrongPassword: 1,
  wrongEmailCode: 2,
  wrongGaCode: 3,
  passwordChange: 4,
  emailChange: 5,
  gaRebind: 6,
} as const;
export type WithdrawBanReason = (typeof WithdrawBanReason)[keyof typeof WithdrawBanReason];

export interface WithdrawBan {
  reason: WithdrawBanReason;
  createdAt: string;
  until: string;
}

export async function recordWithdrawBan(
  ctx: ApiContext,
  db: Queryable,
  userId: number,
  reason: WithdrawBanReason,
  /** Overrides the reason's default length (an approved authenticator reset: Limits.gaResetWithdrawBanMs). */
  durationMs: number = ctx.limits.withdrawBanMs[reason],
): Promise<void> {
  const now = nowDate(ctx);
  const until = new Date(now.getTime() + durationMs);
  await db.query('insert into withdraw_bans (user_id, reason, created_at, until) values ($1, $2, $3, $4)', [
    userId,
    reason,
    now,
    until,
  ]);
}

/** Bans still running at the clock's now, latest end first. The wallet's withdrawal calls refuse while any is. */
export async function activeWithdrawBans(ctx: ApiContext, db: Queryable, userId: number): Promise<WithdrawBan[]> {
  const rows = await db.query<{ reason: WithdrawBanReason; created_at: Date; until: Date }>(
    'select reason, created_at, until from withdraw_bans where user_id = $1 and until > $2 order by until desc',
    [userId, nowDate(ctx)],
  );
  return rows.map((row) => ({ reason: row.reason, createdAt: row.created_at.toISOString(), until: row.until.toISOString() }));
}
