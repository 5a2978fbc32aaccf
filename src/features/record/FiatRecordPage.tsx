import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { describeWalletError, fiatApi, FiatStatus, useFiatAssets, type FiatRecord, type FiatRecordQuery } from '../wallet/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import './record.css';
import { useRecordExport } from './useExport.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { FilterSelect, PageSizeSelect, RecordTable, TimeRangeFilter, useRecordQuery } from '../../components/records/index.ts';
import { BillExportButton } from './BillExportButton.tsx';
import { RecordIdSearch } from './RecordIdSearch.tsx';
import { FIAT_RECORD_ID_PATTERN } from '../../../contract/rules.ts';

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
  const fiats = useFiatAssets();
  const { filters, setFilter, setRange, paging, setPaging, onPage, sort, onSort } = useRecordQuery<Filters>({ days: 30 });
  const page = useLoad(() => fiatApi.records({ pageCondition: paging, queryCondition: { type, ...filters }, ...(sort ? { sort } : {}) }), [paging, filters, type, sort], 10_000);

  return (
    <section className="td-record-page" data-testid={`record-fiat-${type}`}>
      <RecordTabs />
      <h1 className="td-record-title">{t(type === 'deposit' ? 'titles.fiatRecharge' : 'titles.fiatWithdraw')}</h1>
      <nav className="td-record-tabs" aria-label={t('fiat.tabs')}>
        <NavLink to={`/${lang}/record/fiat/recharge`}>{t('fiat.recharge')}</NavLink>
        <NavLink to={`/${lang}/record/fiat/withdraw`}>{t('fiat.withdraw')}</NavLink>
      </nav>
      <RecordIdSearch pattern={FIAT_RECORD_ID_PATTERN} example={type === 'deposit' ? 'FD3' : 'FW2'} onSearch={(recordId) => setFilter('recordId', recordId)} />
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        <FilterSelect name="asset" label={t('fiat.currency')} value={filters.asset} options={(fiats.data ?? []).map((a) => [a.asset, a.asset] as const)} onChange={(v) => setFilter('asset', v)} />
        <FilterSelect name="status" label={t('filters.status')} value={filters.status} options={STATUSES.map((st) => [st, tw(`fiat.status.${st}`)] as const)} onChange={(v) => setFilter('status', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
        <BillExportButton exporter={exporter} filters={filters} />
      </form>
      <RecordTable label={t(type === 'deposit' ? 'titles.fiatRecharge' : 'titles.fiatWithdraw')} dataKey="recordId" page={page} paging={paging} onPage={onPage} sort={sort} onSort={onSort} exportError={exporter.error} describeFailure={(failure) => describeWalletError(tw, failure).message}>
        <Column header={t('columns.recordId')} body={(row: FiatRecord) => <span className="td-record-id" data-testid="record-id">{row.recordId}</span>} />
        <Column header={t('columns.time')} sortable sortField="createdAt" body={(row: FiatRecord) => <span data-record={row.recordId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('fiat.currency')} field="asset" />
        <Column header={t('fiat.amount')} sortable sortField="amount" className="td-num" headerClassName="td-num" body={(row: FiatRecord) => formatAssetAmount(row.amount, row.asset)} />
        {type === 'withdraw' ? <Column header={t('columns.fee')} className="td-num" headerClassName="td-num" body={(row: FiatRecord) => formatAssetAmount(row.fee, row.asset)} /> : null}
        {type === 'withdraw' ? (
          <Column header={t('fiat.bankAccount')} body={(row: FiatRecord) => <span className="td-break">{tw('fiat.accountCell', { beneficiary: row.beneficiary ?? '--', bank: row.bankName ?? '--', account: row.accountNumber ?? '--' })}</span>} />
        ) : (
          <Column header={t('fiat.references')} body={(row: FiatRecord) => <span className="td-break">{tw('fiat.referenceCell', { reference: row.reference ?? '--', bankReference: row.bankReference ?? '--' })}</span>} />
        )}
        <Column header={t('fiat.completedAt')} body={(row: FiatRecord) => (row.completedAt ? formatDateTime(row.completedAt) : '--')} />
        <Column header={t('columns.status')} body={(row: FiatRecord) => <FiatStatus status={row.status} />} />
      </RecordTable>
    </section>
  );
}

export const FiatRechargeRecordPage = () => <FiatRecordPage type="deposit" />;
export const FiatWithdrawRecordPage = () => <FiatRecordPage type="withdraw" />;
