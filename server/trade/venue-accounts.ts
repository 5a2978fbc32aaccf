import type { Queryable } from '../platform/db/client.ts';
import { badInput } from '../platform/envelope.ts';
import { SIM_VENUES, type SimVenue } from '../sim/index.ts';
import type { AccountType } from '../ledger/ledger.ts';

/**
 * A trading account: the user's key on one venue (spec §3 keyId / exchangeKeyId, accountList). Every trading row
 * (orders, fills, positions, settings, transfers, position history, funding, margin changes) names the user and the
 * venue; the ledger keeps each venue's trade and swap accounts as their own account types (migration 038).
 */
export interface TradeAcct {
  userId: number;
  venue: SimVenue;
}

/** The venue's names as the session shows them (spec §3 exchangeList). */
export const VENUE_NAMES: Record<SimVenue, string> = { binance: 'Binance', okx: 'OKX', bybit: 'Bybit' };

/**
 * The ledger account types of a venue's spot (trade) and USD-M (swap) accounts. Binance's are spec §3's 2 and 3, as
 * before; OKX's and Bybit's add 10 and 20. The capital account (1) is the user's wallet, the same for every venue.
 */
const LEDGER: Record<SimVenue, { trade: AccountType; swap: AccountType }> = {
  binance: { trade: 2, swap: 3 },
  okx: { trade: 12 as AccountType, swap: 13 as AccountType },
  bybit: { trade: 22 as AccountType, swap: 23 as AccountType },
};

export function ledgerAccounts(venue: SimVenue): { trade: AccountType; swap: AccountType } {
  return LEDGER[venue];
}

/** A spec §3 account type (1 capital, 2 trade, 3 swap) as the ledger keeps it for the venue. */
export function ledgerAccount(venue: SimVenue, type: AccountType): AccountType {
  if (type === 2) return LEDGER[venue].trade;
  if (type === 3) return LEDGER[venue].swap;
  return type;
}

export interface AccountListing {
  keyId: string;
  brokerAccountId: string;
  exchangeCode: SimVenue;
  /** null: the user's accounts were never ordered (users.account_order_set false, spec §4 "Account list"). */
  sortIndex: number | null;
}

/** Sort index of each venue's account as first created: Binance's (1) stays the default (spec §4 "Account list"). */
const SORT_INDEX: Record<Exclude<SimVenue, 'binance'>, number> = { okx: 2, bybit: 3 };

/** Creates the user's OKX and Bybit accounts when missing (idempotent; first use or the demo seed). */
export async function ensureVenueAccounts(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query(
    `insert into trade_accounts (user_id, venue, sort_index, created_at)
     select $1, v.venue, v.sort_index, $2 from (values ('okx', ${SORT_INDEX.okx}), ('bybit', ${SORT_INDEX.bybit})) as v(venue, sort_index)
     on conflict (user_id, venue) do nothing`,
    [userId, at],
  );
}

/** The user's accounts, Binance's first (its keyId is the user id, as before migration 038), by sort index. */
export async function listAccounts(db: Queryable, userId: number, at: Date): Promise<AccountListing[]> {
  await ensureVenueAccounts(db, userId, at);
  const rows = await db.query<{ key_id: string; venue: SimVenue; sort_index: number }>(
    'select key_id::text as key_id, venue, sort_index from trade_accounts where user_id = $1 order by sort_index, key_id',
    [userId],
  );
  const ordered = (await db.query<{ set: boolean }>('select account_order_set as set from users where id = $1', [userId]))[0]?.set ?? true;
  const binance: AccountListing = { keyId: String(userId), brokerAccountId: String(userId), exchangeCode: 'binance', sortIndex: ordered ? 1 : null };
  return [binance, ...rows.map((r) => ({ keyId: r.key_id, brokerAccountId: r.key_id, exchangeCode: r.venue, sortIndex: ordered ? r.sort_index : null }))];
}

/**
 * spec §4 "Account list": makes one of the user's accounts the default. Binance's keeps sort index 1 and is the
 * default when chosen; another venue's account gets sort index 0, before it. The accounts are ordered from then on.
 */
export async function setDefaultAccount(db: Queryable, userId: number, keyId: string): Promise<void> {
  const acct = await resolveAccount(db, userId, keyId, 'keyId');
  if (acct.venue !== 'binance') await db.query('update trade_accounts set sort_index = 0 where key_id = $1 and user_id = $2', [keyId, userId]);
  await db.query('update users set account_order_set = true where id = $1', [userId]);
}

/** The keyId of the user's account on a venue. */
export async function keyIdOn(db: Queryable, userId: number, venue: SimVenue, at: Date): Promise<string> {
  return (await listAccounts(db, userId, at)).find((a) => a.exchangeCode === venue)!.keyId;
}

/**
 * The account a call acts for: exchangeKeyId / keyId as sent (absent: the default account, Binance's). A key that is
 * not one of the caller's accounts is a 400 (`unknownKey`), never another user's data.
 */
export async function resolveAccount(db: Queryable, userId: number, value: unknown, field: string): Promise<TradeAcct> {
  if (value === undefined || value === null || value === '') return { userId, venue: 'binance' };
  const key = String(value);
  if (key === String(userId)) return { userId, venue: 'binance' };
  if (/^\d{1,18}$/.test(key)) {
    const rows = await db.query<{ venue: SimVenue }>('select venue from trade_accounts where key_id = $1 and user_id = $2', [key, userId]);
    const venue = rows[0]?.venue;
    if (venue && (SIM_VENUES as readonly string[]).includes(venue)) return { userId, venue };
  }
  throw badInput(field, 'unknownKey', `Unknown ${field}`);
}

/** The account an order (or any trading row) belongs to. */
export function acctOf(row: { userId: number; venue: SimVenue }): TradeAcct {
  return { userId: row.userId, venue: row.venue };
}
