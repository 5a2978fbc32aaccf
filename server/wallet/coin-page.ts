import type { Queryable } from '../platform/db/client.ts';
import { countLimit } from '../platform/records.ts';
import { timeWindow } from '../platform/time-window.ts';
import type { CoinRecordFilter, CoinRecordRow } from './records.ts';

/**
 * A page of the coin records in time order (spec §4 fund states; spec §9 page sizes), read per table on its
 * covering index (migration 042: user, kind, [asset,] created_at desc, id desc, including status) instead of
 * sorting the union of every deposit and withdrawal: each table gives its first offset + pageSize keys in the
 * page's order (index entries only), the two runs are merged and cut to the page, then only the page's rows are
 * read. The count is capped (server/platform/records.ts RECORD_COUNT_CAP). Same rows and order as the union of
 * records.ts coinRecordSource under recordOrder(sort, 'amount', 'type, id'): time, then withdrawals before
 * deposits (type desc), then id.
 */
export async function coinRecordPage(
  db: Queryable,
  userId: number,
  filter: CoinRecordFilter,
  now: Date,
  order: 'asc' | 'desc',
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: CoinRecordRow[]; total: number }> {
  const { since, until } = timeWindow(filter, now);
  const offset = (page.pageNum - 1) * page.pageSize;
  const dir = order === 'asc' ? 'asc' : 'desc';
  // $1 user, $2 since, $3 until, $4 asset, $5 status; the tables' own conditions and the page's filters. A record id
  // (`D<id>`, `W<id>`) names one row of one table by its key, and the other conditions do not apply.
  const named = filter.recordId === undefined ? null : /^([DW])(\d{1,18})$/.exec(filter.recordId);
  const match =
    filter.recordId === undefined
      ? `user_id = $1 and kind = 'coin' and created_at >= $2 and created_at < $3 and ($4::text is null or asset = $4) and ($5::text is null or status = $5)`
      : `user_id = $1 and kind = 'coin' and id = ${named ? named[2]! : '0'} and $2::timestamptz is not null and $3::timestamptz is not null and $4::text is null and $5::text is null`;
  const tables = [
    { type: 'withdraw', from: `wallet_withdrawals where ${match} and status <> 'unconfirmed'` },
    { type: 'deposit', from: `wallet_deposits where ${match}` },
  ].filter((t) => (named ? t.type === (named[1] === 'D' ? 'deposit' : 'withdraw') : !filter.type || filter.type === t.type));
  const params = filter.recordId !== undefined ? [userId, since, until, null, null] : [userId, since, until, filter.asset ?? null, filter.status ?? null];

  const keys = await db.query<{ type: 'deposit' | 'withdraw'; id: string }>(
    `select type, id::text as id from (
       ${tables.map((t) => `(select '${t.type}'::text as type, created_at, id from ${t.from} order by created_at ${dir}, id ${dir} limit $6)`).join(' union all ')}
     ) k order by created_at ${dir}, type ${dir}, id ${dir} limit $7 offset $8`,
    [...params, offset + page.pageSize, page.pageSize, offset],
  );
  const ids = (type: string) => keys.filter((k) => k.type === type).map((k) => k.id);
  const rows =
    keys.length === 0
      ? []
      : await db.query<CoinRecordRow>(
          `select * from (
             select 'D' || id as record_id, 'deposit' as type, id, asset, network, address, null::text as memo, amount::text as amount, '0' as fee,
               status, tx_hash, confirmations_required, seen_at as since, created_at, completed_at
             from wallet_deposits where id = any($1::bigint[])
             union all
             select 'W' || id, 'withdraw', id, asset, network, address, memo, amount::text, fee::text, status, tx_hash, confirmations_required,
               broadcast_at, created_at, completed_at
             from wallet_withdrawals where id = any($2::bigint[])
           ) r order by created_at ${dir}, type ${dir}, id ${dir}`,
          [ids('deposit'), ids('withdraw')],
        );
  for (const r of rows) delete (r as Partial<CoinRecordRow & { id: unknown }>).id;
  if (rows.length > 0 && rows.length < page.pageSize) return { rows, total: offset + rows.length };

  // Each table counted up to the cap, so the sum is exact below it and the cap + 1 above.
  const cap = countLimit(page) + 1;
  const counted = await db.query<{ n: string }>(
    `select (${tables.map((t) => `(select count(*) from (select 1 from ${t.from} limit $6) c)`).join(' + ')})::text as n`,
    [...params, cap],
  );
  return { rows, total: Math.min(cap, Number(counted[0]?.n ?? 0)) };
}
