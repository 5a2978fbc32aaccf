import type { Queryable } from './db/client.ts';

/**
 * A rank space of migration 044 (record_ranks): a family of records of one user and one group of them, in the page's
 * order (time, then id), ranked 1, 2, 3 … from the oldest in the transaction that writes the row. The families:
 * 'coin' and 'fiat' (wallet_deposits and wallet_withdrawals), 'transfer' (trade_transfers), 'convert'
 * (convert_orders), 'otc' (otc_orders, by requested_at) and 'loan' (loans, by id only).
 */
export interface RankSpace {
  family: 'coin' | 'fiat' | 'transfer' | 'convert' | 'otc' | 'loan';
  userId: number;
  /** rankGroup's group. */
  grp: string;
  /** The time range, `since` inclusive, `until` exclusive (server/platform/time-window.ts). */
  since: Date;
  until: Date;
}

/**
 * The group of the ranks that serve a page with these equality filters (each `[dimension, value]`, an absent
 * value not filtering), after the `fixed` prefix (fiat records: 'type:deposit'): every record ('' or the prefix)
 * when none filters, 'dimension:value' when one does, and null when two or more do: the families rank each
 * dimension alone, not their combinations (coin records by asset and status, fiat records of a type by asset and
 * status, convert orders by two of kind, from and to asset, OTC orders by mode and status, loans by two of status,
 * loan and collateral asset, transfers by asset and direction), so such a page reads the records' own index with
 * an OFFSET (pageQuery) as before. So does any page sorted by amount, and a record id (a key lookup).
 */
export function rankGroup(filters: ReadonlyArray<readonly [string, string | number | null | undefined]>, fixed?: string): string | null {
  const set = filters.filter(([, value]) => value !== null && value !== undefined);
  if (set.length > 1) return null;
  const one = set[0] ? `${set[0][0]}:${String(set[0][1])}` : '';
  if (fixed === undefined) return one;
  return one === '' ? fixed : `${fixed}/${one}`;
}

/**
 * The keys of page `pageNum` of a rank space, newest first (`desc`) or oldest first, and how many records the
 * space has in the time range (exact: server/platform/records.ts caps it as its other pages' counts). Three index probes, whatever the page's depth: the
 * newest rank before `until` and the oldest from `since` (the primary key, by time), then the page's ranks
 * (record_ranks_rank). `tie` is the order's second column (coin and fiat: 2^62 + id for a withdrawal).
 */
export async function rankedKeys(
  db: Queryable,
  space: RankSpace,
  order: 'asc' | 'desc',
  page: { pageNum: number; pageSize: number },
): Promise<{ keys: Array<{ key: string; tie: string }>; count: number }> {
  const params = [space.family, space.userId, space.grp, space.since, space.until];
  const bounds = await db.query<{ hi: string; lo: string }>(
    `select hi::text as hi, coalesce(lo, hi + 1)::text as lo from (select
       coalesce((select rank from record_ranks where family = $1 and user_id = $2 and grp = $3 and at < $5 order by at desc, tie desc limit 1), 0) as hi,
       (select rank from record_ranks where family = $1 and user_id = $2 and grp = $3 and at >= $4 order by at, tie limit 1) as lo) b`,
    params,
  );
  const hi = Number(bounds[0]!.hi);
  const lo = Number(bounds[0]!.lo);
  const count = Math.max(0, hi - lo + 1);
  const offset = (page.pageNum - 1) * page.pageSize;
  if (offset >= count) return { keys: [], count };
  // Ranks from..to inclusive, in the page's order.
  const [from, to] = order === 'desc' ? [Math.max(lo, hi - offset - page.pageSize + 1), hi - offset] : [lo + offset, Math.min(hi, lo + offset + page.pageSize - 1)];
  const keys = await db.query<{ key: string; tie: string }>(
    `select key::text as key, tie::text as tie from record_ranks where family = $1 and user_id = $2 and grp = $3 and rank between $4 and $5
     order by rank ${order === 'desc' ? 'desc' : 'asc'}`,
    [space.family, space.userId, space.grp, from, to],
  );
  return { keys, count };
}

/**
 * pageQuery's `ranked` for a page of `family` with the filters' group (rankGroup) in a time range, in the client's
 * sort (contract/schema.ts `RecordSort`; none: newest first): none when the group is null or the sort is by amount.
 */
export function rankedPage(
  family: RankSpace['family'],
  userId: number,
  grp: string | null,
  window: { since: Date; until: Date },
  sort?: { field: 'createdAt' | 'amount'; order: 'asc' | 'desc' },
): { space: RankSpace; order: 'asc' | 'desc' } | undefined {
  if (grp === null || sort?.field === 'amount') return undefined;
  return { space: { family, userId, grp, since: window.since, until: window.until }, order: sort?.order === 'asc' ? 'asc' : 'desc' };
}
