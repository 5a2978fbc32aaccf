import type { Queryable } from './db/client.ts';

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
 * One page of a records query (spec §9 page sizes): the rows of `pageNum` in `order`, and how many match in all.
 * `from`/`where`/`params` as the records pages build them; the page's limit and offset take the next parameters.
 */
export async function pageQuery<R>(
  db: Queryable,
  q: { select: string; from: string; where: string; order: string; params: readonly unknown[] },
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: R[]; total: number }> {
  const n = q.params.length;
  const [count, rows] = await Promise.all([
    db.query<{ n: string }>(`select count(*)::text as n from ${q.from} where ${q.where}`, q.params),
    db.query<R>(`select ${q.select} from ${q.from} where ${q.where} order by ${q.order} limit $${n + 1} offset $${n + 2}`, [
      ...q.params,
      page.pageSize,
      (page.pageNum - 1) * page.pageSize,
    ]),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}
