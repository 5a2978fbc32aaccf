import { ApiError, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { type TimeFilter, timeWindow } from '../platform/time-window.ts';

/**
 * The broker's records lists as query builders (spec §9 page sizes and time ranges): each list is one `ListQuery` of the
 * organisation's rows for a page's filters, read by the page (pageQuery) and by its export, so a file's rows are the
 * page's rows for the same filters, in its order. `$1` is always the organisation. And one organisation's row by
 * its key (`orgRowOf`): another organisation's row is 404, as a missing one.
 */

export type { TimeFilter };

/** A query's parts for pageQuery: `$1` is always the organisation. */
export interface ListQuery {
  select: string;
  from: string;
  where: string;
  order: string;
  params: unknown[];
}

/** A where clause built up from the filters given: a filter whose value is missing adds nothing. */
export class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[]) {}
  /** `sql` with `?` where the value goes (every `?` is the same value). */
  add(sql: string, value: unknown): void {
    if (value === undefined || value === null) return;
    this.params.push(value);
    this.parts.push(sql.replaceAll('?', `$${this.params.length}`));
  }
  /** The spec §9 time range of `filter` on `column`: from its start inclusive to its end exclusive. */
  time(column: string, filter: TimeFilter, now: Date): void {
    const { since, until } = timeWindow(filter, now);
    this.add(`${column} >= ?`, since);
    this.add(`${column} < ?`, until);
  }
  get sql(): string {
    return this.parts.join(' and ');
  }
}

/** Which condition each filter field stands for (`sql` with `?` for its value), in the order they are added. */
export type FilterColumns<F> = { readonly [K in keyof F]?: string };

/**
 * The where clause of an organisation's list: `org` (the condition on `$1`, or `true` where the organisation is
 * inside the `from`), then each filter field given as its condition in `on`, then the time range on `time`.
 */
export function orgWhere<F extends object>(orgId: string, org: string, f: F, on: FilterColumns<F>, time?: { column: string; now: Date }): Where {
  const w = new Where([orgId]);
  w.parts.push(org);
  for (const [field, sql] of Object.entries(on) as [keyof F, string][]) w.add(sql, f[field]);
  // A list with a time column has the time filter's fields (spec §9 time ranges).
  if (time) w.time(time.column, f as TimeFilter, time.now);
  return w;
}

/** One list: its rows (`select` from `from`) where `orgWhere` holds, in `order`. */
export function orgList<F extends object>(
  orgId: string,
  f: F,
  list: { org: string; on: FilterColumns<F>; time?: { column: string; now: Date }; select: string; from: string; order: string },
): ListQuery {
  const w = orgWhere(orgId, list.org, f, list.on, list.time);
  return { select: list.select, from: list.from, where: w.sql, order: list.order, params: w.params };
}

/** A kind of organisation row: its table, the alias `from` gives it, the key it is asked by, and its reply's 404 field. */
export interface OrgRow {
  table: string;
  alias: string;
  key: string;
  columns: string;
  from: string;
  field: string;
}

/**
 * The organisation's row whose `key` is `value`, or 404 `field` (another organisation's is as unknown as a missing
 * one). With `lock` its row is locked first, so decisions on it run one after another.
 */
export async function orgRowOf<R>(db: Queryable, of: OrgRow, orgId: string, value: string, lock = false): Promise<R> {
  if (lock) {
    const locked = await db.query(`select id from ${of.table} where ${of.key} = $1 and org_id = $2 for update`, [value, orgId]);
    if (!locked[0]) throw new ApiError(Code.notFound, { field: of.field });
  }
  const rows = await db.query<R>(`select ${of.columns} from ${of.from} where ${of.alias}.${of.key} = $1 and ${of.alias}.org_id = $2`, [value, orgId]);
  if (!rows[0]) throw new ApiError(Code.notFound, { field: of.field });
  return rows[0];
}

/** The organisation's row written under the client's `requestId` (a retried write finds its first row), if any. */
export async function orgRowByRequest<R>(db: Queryable, of: OrgRow, orgId: string, requestId: string): Promise<R | undefined> {
  const rows = await db.query<R>(`select ${of.columns} from ${of.from} where ${of.alias}.org_id = $1 and ${of.alias}.request_id = $2`, [orgId, requestId]);
  return rows[0];
}
