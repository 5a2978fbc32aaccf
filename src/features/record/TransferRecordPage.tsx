import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { describeWalletError, transferApi, useFiatAssets, useLoad, useSupportedAssets, type TransferQuery, type TransferRecord } from '../wallet/shared.ts';
import './record.css';
import { useRecordExport } from './useExport.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { useScrollRegion } from './scroll-region.ts';
import { TimeRangeFilter, withRange } from './TimeRangeFilter.tsx';

const PAGE_SIZES = [10, 20, 50, 100] as const;
type PageSize = (typeof PAGE_SIZES)[number];
/** spec §4 transfer directions. */
const TYPES = ['FUNDING_MAIN', 'FUNDING_UMFUTURE', 'MAIN_FUNDING', 'MAIN_UMFUTURE', 'UMFUTURE_FUNDING', 'UMFUTURE_MAIN'] as const;
const ACCOUNT_KEYS = { 1: 'capital', 2: 'trade', 3: 'swap' } as const;

/**
 * spec §2 record/transfer: transfers between the user's own spec §3 accounts, paged on the server (DataTable in
 * lazy mode), with filters for the asset, the direction and the time (quick ranges or a custom range).
 */
export default function TransferRecordPage() {
  const { t } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  usePrimeLocale();
  const exporter = useRecordExport('transfer', (day) => t('export.kinds.transfer.fileName', { day }));
  const tableRef = useScrollRegion<HTMLDivElement>(t('titles.transfer'));
  const coins = useSupportedAssets();
  const fiats = useFiatAssets();
  const assets = [...(coins.data ?? []).map((a) => a.asset), ...(fiats.data ?? []).map((a) => a.asset)];
  const [filters, setFilters] = useState<TransferQuery>({ days: 30 });
  const [paging, setPaging] = useState<{ pageNum: number; pageSize: PageSize }>({ pageNum: 1, pageSize: 10 });
  const page = useLoad(() => transferApi.page({ pageCondition: paging, queryCondition: filters }), [paging, filters], 10_000);
  const setFilter = <K extends 'asset' | 'type'>(key: K, value: TransferQuery[K] | '') => {
    setFilters((f) => {
      const next = { ...f };
      if (value === '' || value === undefined) delete next[key];
      else next[key] = value as TransferQuery[K];
      return next;
    });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const account = (type: 1 | 2 | 3) => tw(`accounts.${ACCOUNT_KEYS[type]}`);
  const onPage = (event: DataTablePageEvent) => setPaging((p) => ({ ...p, pageNum: Math.floor(event.first / p.pageSize) + 1 }));

  return (
    <section className="td-record-page" data-testid="record-transfer">
      <RecordTabs />
      <h1 className="td-record-title">{t('titles.transfer')}</h1>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        <label>
          {t('transfer.asset')}
          <select data-testid="filter-asset" value={filters.asset ?? ''} onChange={(e) => setFilter('asset', e.target.value)}>
            <option value="">{t('filters.all')}</option>
            {assets.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('transfer.direction')}
          <select data-testid="filter-type" value={filters.type ?? ''} onChange={(e) => setFilter('type', e.target.value as TransferQuery['type'])}>
            <option value="">{t('filters.all')}</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`transfer.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <TimeRangeFilter
          value={filters}
          onChange={(range) => {
            setFilters((f) => withRange(f, range));
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <label>
          {t('filters.pageSize')}
          <select data-testid="page-size" value={paging.pageSize} onChange={(e) => setPaging({ pageNum: 1, pageSize: Number(e.target.value) as PageSize })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="td-button td-button-secondary td-record-export" disabled={exporter.exporting} onClick={() => void exporter.run(filters)} data-testid="record-export">
          {exporter.exporting ? t('export.exporting') : t('export.button')}
        </button>
      </form>
      {exporter.error ? (
        <p className="td-form-message td-form-message-error" role="alert" data-testid="export-error">
          {exporter.error}
        </p>
      ) : null}
      {page.error ? (
        <p className="td-form-message td-form-message-error" role="alert">
          {describeWalletError(tw, page.error).message}
        </p>
      ) : null}
      <div ref={tableRef}>
        <DataTable
          value={page.data?.list ?? []}
          dataKey="transferId"
          lazy
          paginator
          first={(paging.pageNum - 1) * paging.pageSize}
          rows={paging.pageSize}
          totalRecords={page.data?.total ?? 0}
          paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate={t('paging.report')}
          onPage={onPage}
          loading={page.loading && page.data === null}
          emptyMessage={t('empty')}
          className="td-record-table"
          data-testid="record-table"
        >
          <Column header={t('columns.time')} body={(row: TransferRecord) => <span data-record={`T${row.transferId}`}>{formatDateTime(row.createdAt)}</span>} />
          <Column header={t('transfer.asset')} field="asset" />
          <Column header={t('columns.amount')} className="td-num" headerClassName="td-num" body={(row: TransferRecord) => formatQuantity(row.amount)} />
          <Column header={t('transfer.from')} body={(row: TransferRecord) => account(row.from)} />
          <Column header={t('transfer.to')} body={(row: TransferRecord) => account(row.to)} />
        </DataTable>
      </div>
    </section>
  );
}
