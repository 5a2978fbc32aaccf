import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { CoinStatus, describeWalletError, ShortValue, useLoad, useSupportedAssets, walletApi, type CoinRecord, type CoinRecordQuery } from '../wallet/shared.ts';
import './record.css';
import { useRecordExport } from './useExport.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { TimeRangeFilter, withRange } from './TimeRangeFilter.tsx';
import { useScrollRegion } from './scroll-region.ts';

const PAGE_SIZES = [10, 20, 50, 100] as const;
type PageSize = (typeof PAGE_SIZES)[number];
const STATUSES = ['deposit_pending', 'deposit_complete', 'withdraw_pending', 'withdraw_complete', 'withdraw_failed', 'cancelled'] as const;

/**
 * spec §2 record/coin: crypto deposits and withdrawals, paged on the server (DataTable in lazy mode), with
 * filters for coin, type, spec §4 fund state and time range; every state translated.
 */
export default function CoinRecordPage() {
  const { t } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  usePrimeLocale();
  const tableRef = useScrollRegion<HTMLDivElement>(t('titles.coin'));
  const supported = useSupportedAssets();
  const [filters, setFilters] = useState<CoinRecordQuery>({ days: 30 });
  const [paging, setPaging] = useState<{ pageNum: number; pageSize: PageSize }>({ pageNum: 1, pageSize: 10 });
  const page = useLoad(() => walletApi.coinRecords({ pageCondition: paging, queryCondition: filters }), [paging, filters], 10_000);

  const setFilter = <K extends keyof CoinRecordQuery>(key: K, value: CoinRecordQuery[K] | '') => {
    setFilters((f) => {
      const next = { ...f };
      if (value === '' || value === undefined) delete next[key];
      else next[key] = value as CoinRecordQuery[K];
      return next;
    });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const exporter = useRecordExport('coin', (day) => t('export.fileName', { day }));
  const onPage = (event: DataTablePageEvent) => setPaging((p) => ({ ...p, pageNum: Math.floor(event.first / p.pageSize) + 1 }));

  return (
    <section className="td-record-page" data-testid="record-coin">
      <RecordTabs />
      <h1 className="td-record-title">{t('titles.coin')}</h1>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        <label>
          {t('filters.asset')}
          <select data-testid="filter-asset" value={filters.asset ?? ''} onChange={(e) => setFilter('asset', e.target.value)}>
            <option value="">{t('filters.all')}</option>
            {(supported.data ?? []).map((a) => (
              <option key={a.asset} value={a.asset}>
                {a.asset}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filters.type')}
          <select data-testid="filter-type" value={filters.type ?? ''} onChange={(e) => setFilter('type', e.target.value as CoinRecordQuery['type'])}>
            <option value="">{t('filters.all')}</option>
            <option value="deposit">{t('types.deposit')}</option>
            <option value="withdraw">{t('types.withdraw')}</option>
          </select>
        </label>
        <label>
          {t('filters.status')}
          <select data-testid="filter-status" value={filters.status ?? ''} onChange={(e) => setFilter('status', e.target.value as CoinRecordQuery['status'])}>
            <option value="">{t('filters.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {tw(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <TimeRangeFilter value={filters} onChange={(range) => {
          setFilters((f) => withRange(f, range));
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }} />
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
        dataKey="recordId"
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
        <Column header={t('columns.time')} body={(row: CoinRecord) => <span data-record={row.recordId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('columns.type')} body={(row: CoinRecord) => t(`types.${row.type}`)} />
        <Column header={t('columns.asset')} body={(row: CoinRecord) => `${row.asset} · ${row.network}`} />
        <Column header={t('columns.amount')} className="td-num" headerClassName="td-num" body={(row: CoinRecord) => formatQuantity(row.amount)} />
        <Column header={t('columns.fee')} className="td-num" headerClassName="td-num" body={(row: CoinRecord) => formatQuantity(row.fee)} />
        <Column header={t('columns.address')} body={(row: CoinRecord) => <ShortValue value={row.address} />} />
        <Column header={t('columns.txHash')} body={(row: CoinRecord) => <ShortValue value={row.txHash} />} />
        <Column header={t('columns.status')} body={(row: CoinRecord) => <CoinStatus row={row} />} />
      </DataTable>
      </div>
    </section>
  );
}
