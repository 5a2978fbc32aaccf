import { useMemo, useState } from 'react';
import type { SortOrder } from '../sort/sort-order.ts';

/** A client-side sort: the column's id and its order ('none' keeps the rows as given). */
export interface ClientSort {
  column: string;
  order: SortOrder;
}

/**
 * The rows a client-side table shows: sorted by the chosen column's value (a stable sort, so equal values keep the
 * order the page gave) and cut to the current page when the table pages. Memoised on the rows' identity, so a page
 * that re-renders with the same rows sorts nothing again.
 */
export function useClientRows<T>(rows: readonly T[], sortValue: ((column: string) => ((row: T) => string | number) | undefined), pageSize: number | undefined) {
  const [sort, setSort] = useState<ClientSort>({ column: '', order: 'none' });
  const [pageNum, setPageNum] = useState(1);
  const value = sort.order === 'none' ? undefined : sortValue(sort.column);
  const sorted = useMemo(() => {
    if (!value) return rows;
    const sign = sort.order === 'asc' ? 1 : -1;
    // A copy on purpose: the page's array is not ours to reorder.
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  }, [rows, value, sort.order]);
  const pages = pageSize ? Math.max(1, Math.ceil(sorted.length / pageSize)) : 1;
  // A list that shrank under the current page shows its last page rather than an empty one.
  const page = Math.min(pageNum, pages);
  const shown = useMemo(() => (pageSize ? sorted.slice((page - 1) * pageSize, page * pageSize) : sorted), [sorted, page, pageSize]);
  const changeSort = (next: ClientSort) => {
    setSort(next);
    setPageNum(1);
  };
  return { shown, sort, setSort: changeSort, page, pages, setPage: setPageNum };
}
