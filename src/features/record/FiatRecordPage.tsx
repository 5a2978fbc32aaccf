import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { formatDateTime, formatQuantity } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { describeWalletError, fiatApi, FiatStatus, useFiatAssets, useLoad, type FiatRecord, type FiatRecordQuery } from '../wallet/shared.ts';
import './record.css';
import { useRecordExport } from './useExport.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { TimeRangeFilter, withRange } from './TimeRangeFilter.tsx';
import { useScrollRegion } from './scroll-region.ts';

const PAGE_SIZES = [10, 20, 50, 100] as const;
type PageSize = (typeof PAGE_SIZES)[number];
const STATUSES = ['approvalPending', 'complete', 'cancelled'] as const;
type Filters = Omit<FiatRecordQuery, 'type'>;

/**
 * spec §2 record/fiat/recharge and record/fiat/withdraw: fiat deposits or withdrawals, paged on the server
 * (DataTable in lazy mode), with filters for currency, spec §4 fiat state and time range.
 */
function FiatRecordPage({ type }: { type: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  const { lang } = useParams();
  usePrimeLocale();
  const kind = type === 'deposit' ? 'fiatDeposit' : 'fiatWithdraw';
  const exporter = useRecordExport(kind, (day) => t(`export.kinds.${kind}.fileName`, { day }));
  const tableRef = useScrollRegion<HTMLDivElement>(t(type === 'deposit' ? 'titles.fiatRecharge' : 'titles.fiatWithdraw'));
  const fiats = useFiatAssets();
  const [filters, setFilters] = useState<Filters>({ days: 30 });
  const [paging, setPaging] = useState<{ pageNum: number; pageSize: PageSize }>({ pageNum: 1, pageSize: 10 });
  const page = useLoad(() => fiatApi.records({ pageCondition: paging, queryCondition: { type, ...filters } }), [paging, filters, type], 10_000);
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K] | '') => {
    setFilters((f) => {
      const next = { ...f };
      if (value === '' || value === undefined) delete next[key];
      else next[key] = value as Filters[K];
      return next;
    });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const onPage = (event: DataTablePageEvent) => setPaging((p) => ({ ...p, pageNum: Math.floor(event.first / p.pageSize) + 1 }));

  return (
    <section className="td-record-page" data-testid={`record-fiat-${type}`}>
      <RecordTabs />
      <h1 className="td-record-title">{t(type === 'deposit' ? 'titles.fiatRecharge' : 'titles.fiatWithdraw')}</h1>
      <nav className="td-record-tabs" aria-label={t('fiat.tabs')}>
        <NavLink to={`/${lang}/record/fiat/recharge`}>{t('fiat.recharge')}</NavLink>
        <NavLink to={`/${lang}/record/fiat/withdraw`}>{t('fiat.withdraw')}</NavLink>
      </nav>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        <label>
          {t('fiat.currency')}
          <select data-testid="filter-asset" value={filters.asset ?? ''} onChange={(e) => setFilter('asset', e.target.value)}>
            <option value="">{t('filters.all')}</option>
            {(fiats.data ?? []).map((a) => (
              <option key={a.asset} value={a.asset}>
                {a.asset}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filters.status')}
          <select data-testid="filter-status" value={filters.status ?? ''} onChange={(e) => setFilter('status', e.target.value as Filters['status'])}>
            <option value="">{t('filters.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {tw(`fiat.status.${s}`)}
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
        <Column header={t('columns.time')} body={(row: FiatRecord) => <span data-record={row.recordId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('fiat.currency')} field="asset" />
        <Column header={t('fiat.amount')} className="td-num" headerClassName="td-num" body={(row: FiatRecord) => formatQuantity(row.amount)} />
        {type === 'withdraw' ? <Column header={t('columns.fee')} className="td-num" headerClassName="td-num" body={(row: FiatRecord) => formatQuantity(row.fee)} /> : null}
        {type === 'withdraw' ? (
          <Column header={t('fiat.bankAccount')} body={(row: FiatRecord) => <span className="td-break">{tw('fiat.accountCell', { beneficiary: row.beneficiary ?? '--', bank: row.bankName ?? '--', account: row.accountNumber ?? '--' })}</span>} />
        ) : (
          <Column header={t('fiat.references')} body={(row: FiatRecord) => <span className="td-break">{tw('fiat.referenceCell', { reference: row.reference ?? '--', bankReference: row.bankReference ?? '--' })}</span>} />
        )}
        <Column header={t('fiat.completedAt')} body={(row: FiatRecord) => (row.completedAt ? formatDateTime(row.completedAt) : '--')} />
        <Column header={t('columns.status')} body={(row: FiatRecord) => <FiatStatus status={row.status} />} />
      </DataTable>
      </div>
    </section>
  );
}

export const FiatRechargeRecordPage = () => <FiatRecordPage type="deposit" />;
export const FiatWithdrawRecordPage = () => <FiatRecordPage type="withdraw" />;
