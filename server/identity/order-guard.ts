import type { Static } from 'typebox';
import type { OrderGuard } from '../../contract/account.ts';
import { DEFAULT_ORDER_GUARD } from '../../contract/rules.ts';
import type { Db } from '../platform/db/client.ts';

export type OrderGuardSettings = Static<typeof OrderGuard>;

/** The account's fat-finger guard (contract/rules.ts `DEFAULT_ORDER_GUARD`): its row, else the defaults. */
export async function readOrderGuard(db: Db, userId: number): Promise<OrderGuardSettings> {
  const rows = await db.query<{ price_band_on: boolean; price_band_pct: string; notional_on: boolean; max_notional: string }>(
    'select price_band_on, price_band_pct::text, notional_on, max_notional::text from order_guards where user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return { ...DEFAULT_ORDER_GUARD };
  return {
    priceBandOn: row.price_band_on,
    priceBandPct: Number(row.price_band_pct),
    notionalOn: row.notional_on,
    maxNotional: Number(row.max_notional),
  };
}

/** Saves the account's guard (the contract has range-checked it); one upsert, so a burst leaves the last one. */
export async function writeOrderGuard(db: Db, userId: number, guard: OrderGuardSettings, now: Date): Promise<OrderGuardSettings> {
  await db.query(
    `insert into order_guards (user_id, price_band_on, price_band_pct, notional_on, max_notional, updated_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id) do update set price_band_on = excluded.price_band_on, price_band_pct = excluded.price_band_pct,
       notional_on = excluded.notional_on, max_notional = excluded.max_notional, updated_at = excluded.updated_at`,
    [userId, guard.priceBandOn, String(guard.priceBandPct), guard.notionalOn, String(guard.maxNotional), now],
  );
  return readOrderGuard(db, userId);
}
