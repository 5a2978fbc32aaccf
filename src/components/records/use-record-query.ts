import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, type PageSize } from '../../../contract/rules.ts';
import { withRange, type TimeRange } from './TimeRangeFilter.tsx';

/** spec §9 page sizes, as the contract defines them. */
export { PAGE_SIZES, type PageSize } from '../../../contract/rules.ts';

export interface Paging {
  pageNum: number;
  pageSize: PageSize;
}
/** The server's order of a records page (contract/schema.ts `RecordSort`); none is newest first. */
export interface RecordSort {
  field: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
}

/** Filters and paging of a records page; every filter change goes back to page 1. */
export function useRecordQuery<F extends TimeRange>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const setFilter = <K extends keyof F>(key: K, value: F[K] | '') => {
    setFilters((f) => {
      const next = { ...f };
      if (value === '' || value === undefined) delete next[key];
      else next[key] = value as F[K];
      return next;
    });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const setRange = (range: TimeRange) => {
    setFilters((f) => withRange(f, range));
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const onPage = (event: DataTablePageEvent) => setPaging((p) => ({ ...p, pageNum: Math.floor(event.first / p.pageSize) + 1 }));
  // The table's lazy sorting: a column header cycles ascending, descending, none (newest first); back to page 1.
  const [sort, setSort] = useState<RecordSort | undefined>(undefined);
  const onSort = (event: DataTableSortEvent) => {
    const field = event.sortField === 'createdAt' || event.sortField === 'amount' ? event.sortField : null;
    setSort(field && event.sortOrder ? { field, order: event.sortOrder === 1 ? 'asc' : 'desc' } : undefined);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  return { filters, setFilter, setRange, paging, setPaging, onPage, sort, onSort };
}
