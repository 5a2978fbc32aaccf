import type { Static } from 'typebox';
import { MAX_ROW_ID, type CursorCondition as CursorConditionSchema } from '../../contract/trade.ts';
import { badInput } from '../platform/envelope.ts';

/**
 * spec §3 futures history queries: cursorCondition { cursor, pageSize, searchDirection after | before } and
 * queryCondition { keyId, … }; the reply has dataList and cursorInfo.nextCursor (contract/trade.ts
 * CursorCondition, CursorPage). Rows come newest first; the cursor is a row id: `after` pages to older rows
 * (id < cursor), `before` back to newer ones (id > cursor).
 */
export type CursorCondition = Static<typeof CursorConditionSchema>;

/**
 * A row id from the request (a JSON integer or a digit string), or a 400 naming the field. Row ids are
 * PostgreSQL `integer` identities (MAX_ROW_ID): anything larger is no row, and answers 400 before the query.
 */
export function rowIdOf(field: string, value: unknown, allowZero = false): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isSafeInteger(id) || id < (allowZero ? 0 : 1) || id > MAX_ROW_ID) throw badInput(field, 'range', `${field} is not a valid id`);
  return id;
}

/** One page of rows of type T: the reply of contract/trade.ts CursorPage. */
export interface Page<T> {
  dataList: T[];
  cursorInfo: { nextCursor: string | null; prevCursor: string | null; pageSize: number; hasMore: boolean };
}

export interface PagePlan {
  where: string;
  order: string;
  limit: number;
  params: unknown[];
}

/** SQL pieces for one page over `id`, given the parameters already used (`used`). */
export function planPage(condition: CursorCondition | undefined, used: number): PagePlan & { pageSize: number; direction: 'after' | 'before' } {
  const pageSize = condition?.pageSize ?? 10;
  const direction = condition?.searchDirection ?? 'after';
  const raw = condition?.cursor;
  const cursor = raw === undefined || raw === null || raw === '' ? null : rowIdOf('cursorCondition.cursor', raw, true);
  if (cursor === null) return { where: '', order: 'id desc', limit: pageSize + 1, params: [], pageSize, direction: 'after' };
  return direction === 'after'
    ? { where: ` and id < $${used + 1}`, order: 'id desc', limit: pageSize + 1, params: [cursor], pageSize, direction }
    : { where: ` and id > $${used + 1}`, order: 'id asc', limit: pageSize + 1, params: [cursor], pageSize, direction };
}

export function toPage<R extends { id: number }, T>(rows: R[], plan: { pageSize: number; direction: 'after' | 'before' }, map: (row: R) => T, hadCursor: boolean): Page<T> {
  const hasMore = rows.length > plan.pageSize;
  let page = rows.slice(0, plan.pageSize);
  if (plan.direction === 'before') page = page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  // Going back (before), more rows on the newer side mean a previous page; older rows always follow.
  const older = plan.direction === 'after' ? hasMore : true;
  const newer = plan.direction === 'before' ? hasMore : hadCursor;
  return {
    dataList: page.map(map),
    cursorInfo: {
      nextCursor: older && last ? String(last.id) : null,
      prevCursor: newer && first ? String(first.id) : null,
      pageSize: plan.pageSize,
      hasMore,
    },
  };
}
