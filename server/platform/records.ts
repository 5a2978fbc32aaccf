import type { Queryable } from './db/client.ts';
import { rankedKeys, type RankSpace } from './record-ranks.ts';

/**
 * How far past a page a records page counts its rows (server/README.md "Records pages"): `total` is exact while
 * the rows that match end within this many rows after the page; beyond, the count stops and `total` is one more
 * than the rows counted (offset + pageSize + RECORD_COUNT_CAP + 1), which reads as "more than that". The pager
 * of spec §9 (pageNum, pageSize) keeps working: each page it opens counts this far past itself.
 */
export const RECORD_COUNT_CAP = 10_000;

/** The most rows a page's count reads: the rows before and on the page and RECORD_COUNT_CAP after it. */
export const countLimit = (page: { pageNum: number; pageSize: number }): number => (page.pageNum - 1) * page.pageSize + page.pageSize + RECORD_COUNT_CAP;

/** Whether a `total` from pageQuery (or countUpTo) is the cap rather than an exact count. */
export const totalCapped = (total: number, page: { pageNum: number; pageSize: number }): boolean => total > countLimit(page);

/**
 * The ORDER BY of a records page for the client's sort (contract/schema.ts `RecordSort`): by time (default newest
 * first) or by the amount column, ties newest first, then `tie` columns. Amounts are ordered as numbers: the
 * expression names the source column (the select may give the text form the same name).
 */
export function recordOrder(sort: { field: 'createdAt' | 'amount'; order: 'asc' | 'desc' } | undefined, amountColumn = 'amount', tie = 'id'): string {
  const dir = sort?.order === 'asc' ? 'asc' : 'desc';
  const newest = `created_at desc, ${tie.split(',').map((c) => `${c.trim()} desc`).join(', ')}`;
  if (sort?.field === 'amount') return `${amountColumn}::numeric ${dir}, ${newest}`;
  return `created_at ${dir}, ${tie.split(',').map((c) => `${c.trim()} ${dir}`).join(', ')}`;
}

/**
 * The rows of `from … where …` counted up to `limit + 1` (a capped count, never every row): the count reads at
 * most that many index entries, so it costs the same at a million rows as at ten thousand.
 */
export async function countUpTo(db: Queryable, from: string, where: string, params: readonly unknown[], limit: number): Promise<number> {
  const rows = await db.query<{ n: string }>(`select count(*)::text as n from (select 1 from ${from} where ${where} limit $${params.length + 1}) capped`, [
    ...params,
    limit + 1,
  ]);
  return Number(rows[0]?.n ?? 0);
}

/** A plain table name: a page over it can read its keys first (the deferred join below). */
const BARE_TABLE = /^[a-z_][a-z0-9_]*$/;

/**
 * The deferred join: the page's keys in `order` (index entries only, the table's own columns: a select that renames
 * `id::text as id` cannot turn the order into text order), then the rows of those keys, put back in that order.
 */
async function deferredRows<R>(db: Queryable, q: { select: string; from: string; where: string; order: string; key: string }, window: readonly unknown[]): Promise<R[]> {
  const n = window.length - 2;
  const keys = await db.query<{ k: string }>(`select ${q.key}::text as k from ${q.from} where ${q.where} order by ${q.order} limit $${n + 1} offset $${n + 2}`, window);
  return rowsOfKeys<R>(db, q, keys.map((r) => r.k));
}

/** The rows of `keys` (`from` a plain table, `key` its unique column), in the keys' order. */
async function rowsOfKeys<R>(db: Queryable, q: { select: string; from: string; key: string }, keys: readonly string[]): Promise<R[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<R & { page_key__: string }>(`select ${q.select}, ${q.key}::text as page_key__ from ${q.from} where ${q.key} = any($1)`, [keys]);
  inKeyOrder(rows, keys, (row) => row.page_key__);
  for (const row of rows) delete (row as Partial<typeof row>).page_key__;
  return rows;
}

/** Puts rows read by key (`where key = any(…)`, in no order) back in the order of `keys`; `keyOf` reads a row's key. */
export function inKeyOrder<R>(rows: R[], keys: readonly string[], keyOf: (row: R) => string): R[] {
  const at = new Map(keys.map((k, i) => [k, i]));
  return rows.sort((a, b) => at.get(keyOf(a))! - at.get(keyOf(b))!);
}

/**
 * One page of a records query (spec §9 page sizes): the rows of `pageNum` in `order`, and how many match, counted
 * up to countLimit (RECORD_COUNT_CAP past the page; see there). `from`/`where`/`params` as the records pages build
 * them; the page's limit and offset take the next parameters.
 *
 * With `key` (a unique column of a plain table `from`), a page is a deferred join: the page's keys are read first,
 * in `order`, through the table's covering index (user, time desc, id desc, the filtered columns: migration 042),
 * skipping the earlier pages' index entries without touching their rows, then only the page's rows are read. A
 * call whose API carries a cursor pages by keyset instead (server/trade/paging.ts): no offset at all.
 *
 * With `ranked` as well (the page's filters as a rank space of migration 044, and `order` its direction), the keys
 * are the space's ranks of the page (record-ranks.ts rankedKeys): no entries skipped, whatever the page's depth.
 * The caller passes it only when the space holds exactly the rows of `where`, in `order`.
 */
export async function pageQuery<R>(
  db: Queryable,
  q: { select: string; from: string; where: string; order: string; params: readonly unknown[]; key?: string; ranked?: { space: RankSpace; order: 'asc' | 'desc' } | undefined },
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: R[]; total: number }> {
  const keyed = q.key !== undefined && BARE_TABLE.test(q.from) && BARE_TABLE.test(q.key);
  if (keyed && q.ranked) {
    const { keys, count } = await rankedKeys(db, q.ranked.space, q.ranked.order, page);
    return { rows: await rowsOfKeys<R>(db, { ...q, key: q.key! }, keys.map((k) => k.key)), total: cappedCount(count, page) };
  }
  const n = q.params.length;
  const window = [...q.params, page.pageSize, (page.pageNum - 1) * page.pageSize];
  const rows = keyed
    ? await deferredRows<R>(db, { ...q, key: q.key! }, window)
    : await db.query<R>(`select ${q.select} from ${q.from} where ${q.where} order by ${q.order} limit $${n + 1} offset $${n + 2}`, window);
  // A page that is not full is the last: its rows are the count, no second query.
  const offset = (page.pageNum - 1) * page.pageSize;
  if (rows.length > 0 && rows.length < page.pageSize) return { rows, total: offset + rows.length };
  const total = await countUpTo(db, q.from, q.where, q.params, countLimit(page));
  return { rows, total };
}

/** An exact count as a page's capped count gives it: itself up to countLimit, then countLimit + 1. */
export const cappedCount = (count: number, page: { pageNum: number; pageSize: number }): number => Math.min(count, countLimit(page) + 1);
