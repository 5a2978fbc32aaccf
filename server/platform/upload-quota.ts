import type { Queryable } from './db/client.ts';
import type { ApiContext } from './context.ts';
import { ApiError, Code } from './envelope.ts';

/**
 * Per-user upload quota (server/README.md "Uploads"; `Limits.uploadQuota`): files and bytes stored per
 * Hong Kong calendar day, and uploads in flight at once. Beyond any of them → 10060 with `{ quota, limit, used }`.
 *
 * An upload takes its place BEFORE its body is read, in one conditional upsert on the user's row (as `attempt` in
 * lockout.ts does for secrets): a file, the bytes it declares (its Content-Length, or the route's limit when it
 * declares none) and an in-flight slot. However many arrive at once, the database lets through only those that fit;
 * a check-then-write would let a parallel burst past the limit. When the reply goes, `settleUpload` gives the
 * slot back, corrects the bytes to what was stored, and gives the file and bytes back if nothing was stored.
 */
export type QuotaKind = 'files' | 'bytes' | 'inFlight';

export interface QuotaRefusal {
  quota: QuotaKind;
  limit: number;
  used: number;
}

export interface UploadReservation {
  userId: number;
  day: string;
  declaredBytes: number;
}

const hour = 3_600_000;

/** The calendar day in Hong Kong (UTC+8, the day of spec §9's 00:00 UTC+8 refresh), as `YYYY-MM-DD`. */
export function hongKongDay(nowMs: number): string {
  return new Date(nowMs + 8 * hour).toISOString().slice(0, 10);
}

interface QuotaRow {
  day: string;
  files: number;
  bytes: string | number;
  in_flight: number;
}

export async function reserveUpload(ctx: ApiContext, userId: number, declaredBytes: number): Promise<UploadReservation> {
  const { filesPerDay, bytesPerDay, inFlight } = ctx.limits.uploadQuota;
  const day = hongKongDay(ctx.clock.now());
  if (declaredBytes <= bytesPerDay) {
    const taken = await ctx.db.query(
      `insert into upload_quota as q (user_id, day, files, bytes, in_flight) values ($1, $2::date, 1, $3, 1)
       on conflict (user_id) do update set
         files = case when q.day = $2::date then q.files + 1 else 1 end,
         bytes = case when q.day = $2::date then q.bytes + $3 else $3 end,
         day = $2::date,
         in_flight = q.in_flight + 1
       where q.in_flight < $4 and (q.day <> $2::date or (q.files < $5 and q.bytes + $3 <= $6))
       returning user_id`,
      [userId, day, declaredBytes, inFlight, filesPerDay, bytesPerDay],
    );
    if (taken.length === 1) return { userId, day, declaredBytes };
  }
  throw new ApiError(Code.uploadQuota, await refusal(ctx.db, ctx, userId, day));
}

/** Which limit refused the upload, with the user's use of it (read after the refusal: close, not exact). */
async function refusal(db: Queryable, ctx: ApiContext, userId: number, day: string): Promise<QuotaRefusal> {
  const { filesPerDay, bytesPerDay, inFlight } = ctx.limits.uploadQuota;
  const rows = await db.query<QuotaRow>('select day::text as day, files, bytes, in_flight from upload_quota where user_id = $1', [userId]);
  const row = rows[0];
  const today = row !== undefined && row.day === day;
  if (row && row.in_flight >= inFlight) return { quota: 'inFlight', limit: inFlight, used: row.in_flight };
  if (today && row.files >= filesPerDay) return { quota: 'files', limit: filesPerDay, used: row.files };
  return { quota: 'bytes', limit: bytesPerDay, used: today ? Number(row.bytes) : 0 };
}

/**
 * When the reply goes (or the client went): the in-flight slot back; the bytes corrected to the stored size, or
 * the file and its bytes given back when nothing was stored (a refused or broken upload does not use the quota).
 */
export async function settleUpload(db: Queryable, reservation: UploadReservation, storedBytes: number | null): Promise<void> {
  const { userId, day, declaredBytes } = reservation;
  await db.query(
    `update upload_quota set
       in_flight = greatest(in_flight - 1, 0),
       files = case when day = $2::date and $4::bigint is null then greatest(files - 1, 0) else files end,
       bytes = case when day = $2::date then greatest(bytes - $3 + coalesce($4::bigint, 0), 0) else bytes end
     where user_id = $1`,
    [userId, day, declaredBytes, storedBytes],
  );
}

/**
 * At a start with no other process on the database (job-lock.ts `joinProcesses`): no upload is in flight, so the
 * slots a stopped process held are freed. A process that joins running ones leaves their slots alone.
 */
export async function clearInFlight(db: Queryable): Promise<void> {
  await db.query('update upload_quota set in_flight = 0 where in_flight > 0');
}
