import { DataTable, type DataTablePageEvent, type DataTableSortEvent, type DataTableValue } from 'primereact/datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageSize } from '../../../contract/rules.ts';
import { describeWalletError } from '../wallet/shared.ts';
import { type Loaded } from '../../lib/use-load.ts';
import { withRange, type TimeRange } from './TimeRangeFilter.tsx';
import type { useRecordExport } from './useExport.ts';

// What the money records pages (coin, fiat, transfer) share: paging and filter state, the page-size choice,
// the export button, and the lazily paged table.

/** spec §9 page sizes (contract/rules.ts). */
export { PAGE_SIZES, type PageSize };
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
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
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

/** Rows per page: a labelled select of ours (primereact's own is an unnamed hidden select to axe). */
export function PageSizeSelect({ paging, onChange }: { paging: Paging; onChange: (paging: Paging) => void }) {
  const { t } = useTranslation('record');
  return (
    <label>
      {t('filters.pageSize')}
      <select data-testid="page-size" value={paging.pageSize} onChange={(e) => onChange({ pageNum: 1, pageSize: Number(e.target.value) as PageSize })}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ExportButton({ exporter, filters }: { exporter: ReturnType<typeof useRecordExport>; filters: Record<string, string | number | undefined> }) {
  const { t } = useTranslation('record');
  return (
    <button type="button" className="td-button td-button-secondary td-record-export" disabled={exporter.exporting} onClick={() => void exporter.run(filters)} data-testid="record-export">
      {exporter.exporting ? t('export.exporting') : t('export.button')}
    </button>
  );
}

/**
 * The records table: primereact's DataTable in lazy mode with server paging, its scrolling wrapper reachable by
 * keyboard, the export's and the page's refusals above it.
 */
export function RecordTable<T extends DataTableValue>({
  label,
  dataKey,
  page,
  paging,
  onPage,
  sort,
  onSort,
  exportError,
  empty,
  children,
}: {
  label: string;
  dataKey: string;
  page: Loaded<{ list: T[]; total: number }>;
  paging: Paging;
  onPage: (event: DataTablePageEvent) => void;
  /** Server sorting: columns with `sortable` and a `sortField` of RecordSort's fields. */
  sort?: RecordSort | undefined;
  onSort?: ((event: DataTableSortEvent) => void) | undefined;
  exportError: string | null;
  /** What an empty page shows instead of the plain 'no data' text (e.g. the shared empty-state block). */
  empty?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  return (
    <>
      {exportError ? (
        <p className="td-form-message td-form-message-error" role="alert" data-testid="export-error">
          {exportError}
        </p>
      ) : null}
      {page.error ? (
        <p className="td-form-message td-form-message-error" role="alert">
          {describeWalletError(tw, page.error).message}
        </p>
      ) : null}
      <DataTable
        value={page.data?.list ?? []}
        dataKey={dataKey}
        lazy
        paginator
        first={(paging.pageNum - 1) * paging.pageSize}
        rows={paging.pageSize}
        totalRecords={page.data?.total ?? 0}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={t('paging.report')}
        onPage={onPage}
        {...(onSort ? { onSort, removableSort: true, sortField: sort?.field ?? '', sortOrder: sort ? (sort.order === 'asc' ? 1 : -1) : 0 } : {})}
        loading={page.loading && page.data === null}
        emptyMessage={empty ?? t('empty')}
        className="td-record-table"
        data-testid="record-table"
        // Its scrolling wrapper (sideways when the columns are wider than the screen) is reachable by keyboard
        // and named (WCAG 2.1.1; axe scrollable-region-focusable), through primereact's pass-through props.
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': label } }}
      >
        {children}
      </DataTable>
    </>
  );
}

/** A filter of the records page: "All" (no value) or one of `options` (value and its shown name). */
export function FilterSelect<V extends string>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: V | undefined;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V | '') => void;
}) {
  const { t } = useTranslation('record');
  return (
    <label>
      {label}
      <select data-testid={`filter-${name}`} value={value ?? ''} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{t('filters.all')}</option>
        {options.map(([option, shown]) => (
          <option key={option} value={option}>
            {shown}
          </option>
        ))}
      </select>
    </label>
  );
}
