import { Fragment, useState, type Key, type ReactNode } from 'react';
import { EmptyState } from '../empty-state/EmptyState.tsx';
import { ClientPager, DataRow, HeaderRow, VirtualRows, type CellAttributes, type DataColumn } from './data-table-parts.tsx';
import { useClientRows } from './use-client-rows.ts';


/** The scrolling region around a table: its class and its name (WCAG 2.1.1; axe scrollable-region-focusable). */
export type DataTableRegion = { className: string; label?: string; labelledBy?: string; focusable?: boolean };

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  /** A row's React key; `index` is its place among the rows shown (for lists with no id of their own). */
  rowKey: (row: T, index: number) => Key;
  /** A row's class and data attributes (data-testid, data-asset…). */
  rowProps?: (row: T) => CellAttributes;
  /** A page's own row component (a memoised row of a ticking list) instead of the cells from `columns`. */
  renderRow?: (row: T) => ReactNode;
  testId?: string;
  className?: string;
  /** Data attributes of the table itself (data-loaded…). */
  tableData?: Record<`data-${string}`, string | number | boolean>;
  caption?: ReactNode;
  /** The scrolling region, as the page has it; none renders the bare table. */
  region?: DataTableRegion;
  /** What no rows show instead of the table: the shared empty state unless given; null shows nothing. */
  empty?: ReactNode;
  /** No rows still show the table: its headers and footer (a list whose total row stays, a list still loading). */
  headersWhenEmpty?: boolean;
  /** Rows after the list inside the body (a total row). */
  footer?: ReactNode;
  /** Client paging: rows per page. */
  pageSize?: number;
  /** Above the table: an export button, say. */
  toolbar?: ReactNode;
  /** Past `from` rows (default 100) only the rows in view render, at a fixed `rowHeight`, in a region `visibleRows` high (default 12). */
  virtual?: { rowHeight: number; from?: number; visibleRows?: number };
}

/**
 * The client-side list table (../shared/CONVENTIONS.md "Shared UI"): rows given by the page, no server paging —
 * RecordTable's sibling for lists. Semantic <table> markup with the page's caption, headers and region; sortable
 * columns, client paging, the empty state, a toolbar slot and virtualised rows when long, each optional.
 */
export function DataTable<T>({ rows, columns, rowKey, rowProps, renderRow, testId, className, tableData, caption, region, empty, headersWhenEmpty, footer, pageSize, toolbar, virtual }: DataTableProps<T>) {
  // State, not a ref: the region is attached after its rows' layout effects, so the virtualizer gets it on the next render.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const { shown, sort, setSort, page, pages, setPage } = useClientRows(rows, (id) => columns.find((c) => c.id === id)?.sortValue, pageSize);
  if (rows.length === 0 && !headersWhenEmpty) return <>{toolbar}{empty === undefined ? <EmptyState /> : empty}</>;
  const row = (r: T, i: number) => (renderRow ? <Fragment key={rowKey(r, i)}>{renderRow(r)}</Fragment> : <DataRow key={rowKey(r, i)} row={r} columns={columns} attributes={rowProps?.(r)} />);
  const long = virtual && region && shown.length > (virtual.from ?? 100);
  const table = (
    <table className={className} data-testid={testId} {...tableData}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <HeaderRow columns={columns} sort={sort} onSort={setSort} />
      </thead>
      <tbody>
        {long ? (
          <VirtualRows count={shown.length} rowHeight={virtual.rowHeight} height={virtual.rowHeight * (virtual.visibleRows ?? 12)} scrollElement={scrollElement} rowKey={(i) => rowKey(shown[i] as T, i)} render={(i) => row(shown[i] as T, i)} colSpan={columns.length} />
        ) : (
          shown.map(row)
        )}
        {footer}
      </tbody>
    </table>
  );
  return (
    <>
      {toolbar}
      {region ? (
        <div
          ref={long ? setScrollElement : undefined}
          className={region.className}
          {...(region.focusable === false ? {} : { tabIndex: 0 })}
          {...(region.label !== undefined || region.labelledBy !== undefined ? { role: 'region' } : {})}
          {...(region.label !== undefined ? { 'aria-label': region.label } : {})}
          {...(region.labelledBy !== undefined ? { 'aria-labelledby': region.labelledBy } : {})}
          style={long ? { maxHeight: virtual.rowHeight * (virtual.visibleRows ?? 12), overflowY: 'auto' } : undefined}
        >
          {table}
        </div>
      ) : (
        table
      )}
      {pageSize && pages > 1 ? <ClientPager page={page} pages={pages} onPage={setPage} /> : null}
    </>
  );
}
