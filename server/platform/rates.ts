import type { Queryable } from './db/client.ts';
import { waitParts } from './clock.ts';
import type { ApiContext, Rate } from './context.ts';
import { ApiError, Code, type ErrorData } from './envelope.ts';

/**
 * Fixed-window rate limits (README "Security": code sends per account, destination and source
 * address). One conditional upsert takes a place in the bucket's current window, so a parallel burst
 * cannot take more than `limit`; run it inside the transaction that does the work, and a refusal by any
 * bucket rolls the places back with it.
 */
export async function takeRate(ctx: ApiContext, tx: Queryable, scope: ErrorData<typeof Code.sendLimited>['scope'], key: string, rate: Rate): Promise<void> {
  const nowMs = ctx.clock.now();
  const windowStart = new Date(Math.floor(nowMs / rate.windowMs) * rate.windowMs);
  const bucket = `${scope}:${key}`;
  const taken = await tx.query(
    `insert into rate_counts as r (bucket, window_start, count) values ($1, $2, 1)
     on conflict (bucket, window_start) do update set count = r.count + 1 where r.count < $3
     returning count`,
    [bucket, windowStart, rate.limit],
  );
  if (taken.length === 0) {
    const untilMs = windowStart.getTime() + rate.windowMs;
    throw new ApiError(Code.sendLimited, {
      scope,
      limit: rate.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((untilMs - nowMs) / 1000)),
      wait: waitParts(untilMs, nowMs),
    });
  }
  // Earlier windows of this bucket are of no more use.
  await tx.query('delete from rate_counts where bucket = $1 and window_start < $2', [bucket, windowStart]);
}

/**
 * True for the first call of `key` in its fixed window of `windowMs`, false for every later one (a notice sent at
 * most once a window: identity/strangers.ts). Run it in the transaction that sends, so a rollback gives it back.
 */
export async function firstInWindow(ctx: ApiContext, tx: Queryable, key: string, windowMs: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(ctx.clock.now() / windowMs) * windowMs);
  const taken = await tx.query(
    'insert into rate_counts (bucket, window_start, count) values ($1, $2, 1) on conflict (bucket, window_start) do nothing returning count',
    [`once:${key}`, windowStart],
  );
  if (taken.length === 0) return false;
  await tx.query('delete from rate_counts where bucket = $1 and window_start < $2', [`once:${key}`, windowStart]);
  return true;
}
