import type { Network } from '../../contract/chains.ts';
import { type KycLevel, NEW_DESTINATION_LOCK_HOURS, WHITELIST_COOLING_OFF_HOURS, withdrawDailyLimit } from '../../contract/rules.ts';
import { kycState } from '../identity/kyc.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, type Dec, out } from '../platform/decimal.ts';

/**
 * The withdrawal rules beyond the spec's (server/README.md "Wallet, coin side"; as Binance and Coinbase do): a
 * destination's 24-hour first-use lock, the whitelist's 24-hour cooling-off after it is switched off, and each
 * asset's limit of the rolling 24 hours by KYC level (contract/rules.ts).
 */

const HOUR_MS = 3_600_000;
/**
 * A new destination can be paid this long after it was first tried or saved, whichever came first (book.ts and
 * fiat-bank-book.ts lock a saved entry for it; spec §5 address rules; the lock itself is beyond the spec, as Binance
 * and Coinbase do).
 */
export const DESTINATION_LOCK_MS = NEW_DESTINATION_LOCK_HOURS * HOUR_MS;
export const COOLING_OFF_MS = WHITELIST_COOLING_OFF_HOURS * HOUR_MS;
const WINDOW_MS = 24 * HOUR_MS;

/** The whitelist switch and, after it was switched off, when its cooling-off ends (on by default). */
export async function whitelistSettings(db: Queryable, userId: number): Promise<{ whitelistOn: boolean; coolingOffUntil: Date | null }> {
  const rows = await db.query<{ whitelist_on: boolean; cooling_off_until: Date | null }>(
    'select whitelist_on, cooling_off_until from wallet_settings where user_id = $1',
    [userId],
  );
  const row = rows[0];
  return { whitelistOn: row?.whitelist_on ?? true, coolingOffUntil: row?.whitelist_on === false ? (row.cooling_off_until ?? null) : null };
}

/** The settings as the whitelist calls answer them: the cooling-off only while it runs. */
export function whitelistView(settings: { whitelistOn: boolean; coolingOffUntil: Date | null }, now: Date) {
  const running = settings.coolingOffUntil && settings.coolingOffUntil > now ? settings.coolingOffUntil : null;
  return { whitelistOn: settings.whitelistOn, coolingOffUntil: running?.toISOString() ?? null };
}

export interface Destination {
  network: Network;
  address: string;
  memo?: string | undefined;
}

/** When a destination outside the book was first tried, and when it may be paid; null when never tried. */
export async function destinationUsableAt(db: Queryable, userId: number, to: Destination): Promise<Date | null> {
  const rows = await db.query<{ usable_at: Date }>(
    'select usable_at from withdraw_destinations where user_id = $1 and network = $2 and address = $3 and memo = $4',
    [userId, to.network, to.address, to.memo ?? ''],
  );
  return rows[0]?.usable_at ?? null;
}

/**
 * Registers a destination's first use (idempotent: a parallel first attempt keeps the earlier one) and answers
 * when it may be paid.
 */
export async function registerDestination(db: Queryable, userId: number, to: Destination, now: Date): Promise<Date> {
  await db.query(
    `insert into withdraw_destinations (user_id, network, address, memo, first_used_at, usable_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, network, address, memo) do nothing`,
    [userId, to.network, to.address, to.memo ?? '', now, new Date(now.getTime() + DESTINATION_LOCK_MS)],
  );
  return (await destinationUsableAt(db, userId, to))!;
}

/** The KYC level that sets a user's limits: advanced when certified at it, else basic. */
export async function kycLevelOf(db: Queryable, userId: number): Promise<KycLevel> {
  const kyc = await kycState(db, userId);
  return kyc.advanced.status === 'Certified' ? 'advanced' : 'basic';
}

/**
 * What the asset's limit of the rolling 24 hours leaves: every withdrawal of the last 24 hours that has not failed
 * or been cancelled counts, the ones still held for their codes and the ones waiting for approval too (one whose
 * 15 minutes for its codes ran out is being cancelled: it no longer counts, even before the sweep ends it).
 */
export async function withdrawUsage(db: Queryable, userId: number, kind: 'coin' | 'fiat', asset: string, level: KycLevel, now: Date) {
  const rows = await db.query<{ used: string; oldest: Date | null }>(
    `select coalesce(sum(amount), 0)::text as used, min(created_at) as oldest from wallet_withdrawals
     where user_id = $1 and kind = $2 and asset = $3 and created_at > $4 and status not in ('cancelled', 'withdraw_failed')
       and not (status = 'unconfirmed' and expires_at <= $5)`,
    [userId, kind, asset, new Date(now.getTime() - WINDOW_MS), now],
  );
  const dailyLimit = withdrawDailyLimit(kind, asset, level);
  const used = new D(rows[0]?.used ?? '0');
  const oldest = rows[0]?.oldest ?? null;
  return {
    asset,
    kycLevel: level,
    dailyLimit: out(new D(dailyLimit)),
    used: out(used),
    remaining: out(D.max(0, new D(dailyLimit).sub(used))),
    resetsAt: oldest ? new Date(oldest.getTime() + WINDOW_MS).toISOString() : null,
  };
}

/**
 * Inside the transaction that inserts the withdrawal: refuses an amount above what the limit leaves (10207). The
 * user's withdrawals are serialised on a transaction lock first, so parallel requests each see the others' rows
 * and cannot together pass the limit.
 */
export async function checkDailyLimit(tx: Queryable, userId: number, kind: 'coin' | 'fiat', asset: string, level: KycLevel, amount: Dec, now: Date): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('wallet_withdrawals.limit'), $1)", [userId]);
  const usage = await withdrawUsage(tx, userId, kind, asset, level, now);
  if (amount.gt(usage.remaining)) {
    const { kycLevel: _level, ...data } = usage;
    throw new ApiError(Code.withdrawDailyLimit, data);
  }
}

/** The coin rule of the cooling-off: refused (10211) while it runs, unless the address is whitelisted in the book. */
export function checkCoolingOff(settings: { coolingOffUntil: Date | null }, whitelisted: boolean, now: Date): void {
  if (!whitelisted && settings.coolingOffUntil && settings.coolingOffUntil > now) {
    throw new ApiError(Code.whitelistCoolingOff, { endsAt: settings.coolingOffUntil.toISOString() });
  }
}
