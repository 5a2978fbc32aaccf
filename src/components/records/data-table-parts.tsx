import { useVirtualizer } from '@tanstack/react-virtual';
import { type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortControl } from '../sort/SortControl.tsx';
import type { ClientSort } from './use-client-rows.ts';

/** Attributes a cell or a row may carry for its tests and styles (data-testid, data-value, a class). */
export type CellAttributes = { className?: string | undefined } & { [data: `data-${string}`]: string | number | boolean | undefined };

/** One column of a DataTable: its header, its cell, and how it is styled, sorted and named. */
export interface DataColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** A figure column: right-aligned tabular digits (td-num) on its header and its cells. */
  numeric?: boolean;
  /** The cell names its row: a row header (`<th scope="row">`) instead of a cell. */
  rowHeader?: boolean;
  /** The header's scope="col"; false for pages whose header cells carry none. */
  scope?: boolean;
  /** A cell's class and data attributes, from its row (a tone, a test id, the raw value). */
  cellProps?: (row: T) => CellAttributes;
  /** Makes the column sortable on the client: the value rows are compared by. */
  sortValue?: (row: T) => string | number;
}

const joinClass = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** One row from its columns; a page that needs a memoised row component passes its own (renderRow). */
export function DataRow<T>({ row, columns, attributes }: { row: T; columns: readonly DataColumn<T>[]; attributes: CellAttributes | undefined }) {
  return (
    <tr {...attributes}>
      {columns.map((c) => {
        const { className, ...data } = c.cellProps?.(row) ?? {};
        const props = { ...data, className: joinClass(c.numeric && 'td-num', className) };
        return c.rowHeader ? (
          <th key={c.id} scope="row" {...props}>
            {c.cell(row)}
          </th>
        ) : (
          <td key={c.id} {...props}>
            {c.cell(row)}
          </td>
        );
      })}
    </tr>
  );
}

/** The header row; a sortable column carries aria-sort and the shared sort control (spec §4 sort cycle). */
export function HeaderRow<T>({ columns, sort, onSort }: { columns: readonly DataColumn<T>[]; sort: ClientSort; onSort: (sort: ClientSort) => void }) {
  return (
    <tr>
      {columns.map((c) => {
        const order = sort.column === c.id ? sort.order : 'none';
        const ariaSort = c.sortValue ? ({ none: 'none', asc: 'ascending', desc: 'descending' } as const)[order] : undefined;
        return (
          <th key={c.id} {...(c.scope === false ? {} : { scope: 'col' })} className={c.numeric ? 'td-num' : undefined} aria-sort={ariaSort}>
            {c.header}
            {c.sortValue ? <SortControl column={typeof c.header === 'string' ? c.header : c.id} value={order} onChange={(next) => onSort({ column: c.id, order: next })} /> : null}
          </th>
        );
      })}
    </tr>
  );
}

/**
 * Long lists render only the rows in view (fixed row heights, as the market and book lists do): spacer rows above and
 * below keep the scrollbar and the table's semantics (a <tbody> of <tr>s), the rows between are real.
 */
export function VirtualRows({ count, rowHeight, height, scrollElement, rowKey, render, colSpan }: { count: number; rowHeight: number; height: number; scrollElement: HTMLDivElement | null; rowKey: (index: number) => Key; render: (index: number) => ReactNode; colSpan: number }) {
  // The app does not use the React Compiler; the virtualizer re-renders this component on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollElement, estimateSize: () => rowHeight, overscan: 8, useFlushSync: false, getItemKey: rowKey,
    // The region's height is known (visibleRows × rowHeight): the first render already has its rows, before measuring.
    initialRect: { width: 0, height } });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {top > 0 ? <tr aria-hidden="true" className="td-data-spacer" style={{ height: top }}><td colSpan={colSpan} /></tr> : null}
      {items.map((item) => render(item.index))}
      {bottom > 0 ? <tr aria-hidden="true" className="td-data-spacer" style={{ height: bottom }}><td colSpan={colSpan} /></tr> : null}
    </>
  );
}

/** Client paging under the table: previous, the page, next (the records kit's words). */
export function ClientPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('record');
  return (
    <div className="td-pager" data-testid="data-table-pager">
      <button type="button" className="td-button td-button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('buttons.prev')}
      </button>
      <span aria-live="polite">{t('paging.page', { page })}</span>
      <button type="button" className="td-button td-button-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('buttons.next')}
      </button>
    </div>
  );
}
