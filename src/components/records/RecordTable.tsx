import { DataTable, type DataTablePageEvent, type DataTableSortEvent, type DataTableValue } from 'primereact/datatable';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Loaded } from '../../lib/use-load.ts';
import type { Paging, RecordSort } from './use-record-query.ts';

/**
 * The records table: primereact's DataTable in lazy mode with server paging, its scrolling wrapper reachable by
 * keyboard, the export's and the page's refusals above it. A failed load is put in words by the page
 * (`describeFailure`, as its feature describes its refusals), so the kit needs no feature of its own.
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
  describeFailure,
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
  /** A failed load in words (the wallet's describeWalletError, say). */
  describeFailure: (failure: unknown) => string;
  /** What an empty page shows instead of the plain 'no data' text (e.g. the shared empty-state block). */
  empty?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('record');
  return (
    <>
      {exportError ? (
        <p className="td-form-message td-form-message-error" role="alert" data-testid="export-error">
          {exportError}
        </p>
      ) : null}
      {page.error ? (
        <p className="td-form-message td-form-message-error" role="alert">
          {describeFailure(page.error)}
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
