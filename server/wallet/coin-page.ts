import type { Queryable } from '../platform/db/client.ts';
import { cappedCount, countLimit, inKeyOrder } from '../platform/records.ts';
import { rankedKeys, rankGroup } from '../platform/record-ranks.ts';
import { timeWindow, type TimeFilter } from '../platform/time-window.ts';
import type { CoinRecordFilter, CoinRecordRow } from './records.ts';

/** The filters of the coin and the fiat records pages (a fiat page always names its type). */
export type WalletRecordFilter = { type?: 'deposit' | 'withdraw' | undefined; asset?: string | undefined; status?: string | undefined; recordId?: string | undefined } & TimeFilter;

/**
 * The keys of a page of wallet records (deposits and withdrawals of one kind) in time order, and their capped count
 * (server/platform/records.ts RECORD_COUNT_CAP; spec §9 page sizes). Each table is read on its covering index
 * (migration 042: user, kind, [asset,] created_at desc, id desc, including status) instead of sorting the union of
 * every deposit and withdrawal: each gives its first offset + pageSize keys in the page's order (index entries
 * only), the two runs are merged and cut to the page. The order is the union's under recordOrder(sort, …, 'type, id'):
 * time, then withdrawals before deposits (type desc), then id. A record id (`D<id>`/`W<id>`, fiat `FD`/`FW`) names
 * one row of one table by its key, and the other conditions do not apply.
 *
 * A page with at most one filter (coin: type, asset or status; fiat, always of one type: asset or status) reads
 * its keys from the records' ranks instead (migration 044; platform/record-ranks.ts rankGroup names the rest),
 * at any depth without skipping entries.
 */
export async function walletRecordKeys(
  db: Queryable,
  kind: 'coin' | 'fiat',
  userId: number,
  filter: WalletRecordFilter,
  now: Date,
  order: 'asc' | 'desc',
  page: { pageNum: number; pageSize: number },
): Promise<{ keys: Array<{ type: 'deposit' | 'withdraw'; id: string }>; total: number }> {
  const { since, until } = timeWindow(filter, now);
  const dims = [['asset', filter.asset], ['status', filter.status]] as const;
  const grp = kind === 'coin' ? rankGroup([['type', filter.type], ...dims]) : filter.type ? rankGroup(dims, `type:${filter.type}`) : null;
  if (filter.recordId === undefined && grp !== null) {
    const ranked = await rankedKeys(db, { family: kind, userId, grp, since, until }, order, page);
    // A withdrawal's tie is 2^62 + its id (migration 044).
    return { keys: ranked.keys.map((k) => ({ type: Number(k.tie) >= 2 ** 62 ? 'withdraw' : 'deposit', id: k.key })), total: cappedCount(ranked.count, page) };
  }
  const offset = (page.pageNum - 1) * page.pageSize;
  const dir = order === 'asc' ? 'asc' : 'desc';
  const prefix = kind === 'coin' ? '' : 'F';
  const named = filter.recordId === undefined ? null : new RegExp(`^${prefix}([DW])(\\d{1,18})$`).exec(filter.recordId);
  // $1 user, $2 since, $3 until, $4 asset, $5 status; with a record id only the user and the key.
  const match =
    filter.recordId === undefined
      ? `user_id = $1 and kind = '${kind}' and created_at >= $2 and created_at < $3 and ($4::text is null or asset = $4) and ($5::text is null or status = $5)`
      : `user_id = $1 and kind = '${kind}' and id = ${named ? named[2]! : '0'} and $2::timestamptz is not null and $3::timestamptz is not null and $4::text is null and $5::text is null`;
  const tables = [
    { type: 'withdraw', from: `wallet_withdrawals where ${match} and status <> 'unconfirmed'` },
    { type: 'deposit', from: `wallet_deposits where ${match}` },
  ].filter((t) =>
    // A coin record id applies alone; a fiat page names its type, which a record id must also match.
    named ? t.type === (named[1] === 'D' ? 'deposit' : 'withdraw') && (kind === 'coin' || !filter.type || filter.type === t.type) : !filter.type || filter.type === t.type,
  );
  if (tables.length === 0) return { keys: [], total: 0 };
  const params = filter.recordId !== undefined ? [userId, since, until, null, null] : [userId, since, until, filter.asset ?? null, filter.status ?? null];

  // The key as `key`: an output column named `id` would turn the order by id into text order.
  const keyed = await db.query<{ type: 'deposit' | 'withdraw'; key: string }>(
    `select type, id::text as key from (
       ${tables.map((t) => `(select '${t.type}'::text as type, created_at, id from ${t.from} order by created_at ${dir}, id ${dir} limit $6)`).join(' union all ')}
     ) k order by created_at ${dir}, type ${dir}, id ${dir} limit $7 offset $8`,
    [...params, offset + page.pageSize, page.pageSize, offset],
  );
  const keys = keyed.map((k) => ({ type: k.type, id: k.key }));
  // A page that is not full is the last: its keys are the count.
  if (keys.length > 0 && keys.length < page.pageSize) return { keys, total: offset + keys.length };
  // Each table counted up to the cap, so the sum is exact below it and the cap + 1 above.
  const cap = countLimit(page) + 1;
  const counted = await db.query<{ n: string }>(
    `select (${tables.map((t) => `(select count(*) from (select 1 from ${t.from} limit $6) c)`).join(' + ')})::text as n`,
    [...params, cap],
  );
  return { keys, total: Math.min(cap, Number(counted[0]?.n ?? 0)) };
}

/**
 * A page of wallet records of one kind in time order, or the one record a record id names: the page's keys
 * (walletRecordKeys), then their rows by `rowsById` (`$1` deposit ids, `$2` withdrawal ids, each row with its `type`
 * and `id`), in the keys' order.
 */
export async function walletRecordPage<R extends { type: string }>(
  db: Queryable,
  kind: 'coin' | 'fiat',
  rowsById: string,
  userId: number,
  filter: WalletRecordFilter,
  now: Date,
  order: 'asc' | 'desc',
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: R[]; total: number }> {
  const { keys, total } = await walletRecordKeys(db, kind, userId, filter, now, order, page);
  if (keys.length === 0) return { rows: [], total };
  const ids = (type: string) => keys.filter((k) => k.type === type).map((k) => k.id);
  const rows = await db.query<R & { id?: unknown }>(rowsById, [ids('deposit'), ids('withdraw')]);
  inKeyOrder(rows, keys.map((k) => `${k.type}:${k.id}`), (r) => `${r.type}:${String(r.id)}`);
  for (const r of rows) delete r.id;
  return { rows, total };
}

/** The coin records' rows by id (walletRecordPage). */
const COIN_RECORDS_BY_ID = `
  select 'D' || id as record_id, 'deposit' as type, id, asset, network, address, null::text as memo, amount::text as amount, '0' as fee,
    status, tx_hash, confirmations_required, seen_at as since, created_at, completed_at
  from wallet_deposits where id = any($1::bigint[])
  union all
  select 'W' || id, 'withdraw', id, asset, network, address, memo, amount::text, fee::text, status, tx_hash, confirmations_required,
    broadcast_at, created_at, completed_at
  from wallet_withdrawals where id = any($2::bigint[])`;

/** A page of the coin records in time order, or the one record a record id names (records.ts recordHandlers). */
export function coinRecordPage(
  db: Queryable,
  userId: number,
  filter: CoinRecordFilter,
  now: Date,
  order: 'asc' | 'desc',
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: CoinRecordRow[]; total: number }> {
  return walletRecordPage<CoinRecordRow>(db, 'coin', COIN_RECORDS_BY_ID, userId, filter, now, order, page);
}
