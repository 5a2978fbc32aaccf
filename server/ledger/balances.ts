import type Decimal from 'decimal.js';
import type { Queryable } from '../platform/db/client.ts';
import { D } from '../platform/decimal.ts';
import type { AccountType } from './ledger.ts';

/** A user's balance of one asset in one account (spec §3 account types), as the ledger keeps it. */
export interface BalanceRow {
  asset: string;
  free: Decimal;
  locked: Decimal;
}

export async function balance(tx: Queryable, userId: number, account: AccountType, asset: string, lock = false): Promise<BalanceRow> {
  const rows = await tx.query<{ free: string; locked: string }>(
    `select free, locked from balances where user_id = $1 and account_type = $2 and asset = $3${lock ? ' for update' : ''}`,
    [userId, account, asset],
  );
  const row = rows[0];
  return { asset, free: new D(row?.free ?? 0), locked: new D(row?.locked ?? 0) };
}

export async function balances(tx: Queryable, userId: number, account: AccountType): Promise<BalanceRow[]> {
  const rows = await tx.query<{ asset: string; free: string; locked: string }>(
    'select asset, free, locked from balances where user_id = $1 and account_type = $2 order by asset',
    [userId, account],
  );
  return rows.map((r) => ({ asset: r.asset, free: new D(r.free), locked: new D(r.locked) }));
}
