import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { CoinStatus, describeWalletError, ShortValue, useSupportedAssets, walletApi, type CoinRecord, type CoinRecordQuery } from '../wallet/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import './record.css';
import { useRecordExport } from './useExport.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { FilterSelect, PageSizeSelect, RecordTable, TimeRangeFilter, useRecordQuery } from '../../components/records/index.ts';
import { BillExportButton } from './BillExportButton.tsx';
import { RecordIdSearch } from './RecordIdSearch.tsx';
import { COIN_RECORD_ID_PATTERN } from '../../../contract/rules.ts';

const TYPES = ['deposit', 'withdraw'] as const;
const STATUSES = ['deposit_pending', 'deposit_complete', 'withdraw_pending', 'withdraw_complete', 'withdraw_failed', 'cancelled'] as const;

/**
 * spec §2 record/coin: crypto deposits and withdrawals, paged on the server (DataTable in lazy mode), with
 * filters for coin, type, spec §4 fund state and time range; every state translated.
 */
export default function CoinRecordPage() {
  const { t } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  usePrimeLocale();
  const supported = useSupportedAssets();
  const { filters, setFilter, setRange, paging, setPaging, onPage, sort, onSort } = useRecordQuery<CoinRecordQuery>({ days: 30 });
  const page = useLoad(() => walletApi.coinRecords({ pageCondition: paging, queryCondition: filters, ...(sort ? { sort } : {}) }), [paging, filters, sort], 10_000);

  const exporter = useRecordExport('coin', (day) => t('export.fileName', { day }));

  return (
    <section className="td-record-page" data-testid="record-coin">
      <RecordTabs />
      <h1 className="td-record-title">{t('titles.coin')}</h1>
      <RecordIdSearch pattern={COIN_RECORD_ID_PATTERN} example={'W1'} onSearch={(recordId) => setFilter('recordId', recordId)} />
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        <FilterSelect name="asset" label={t('filters.asset')} value={filters.asset} options={(supported.data ?? []).map((a) => [a.asset, a.asset] as const)} onChange={(v) => setFilter('asset', v)} />
        <FilterSelect name="type" label={t('filters.type')} value={filters.type} options={TYPES.map((type) => [type, t(`types.${type}`)] as const)} onChange={(v) => setFilter('type', v)} />
        <FilterSelect name="status" label={t('filters.status')} value={filters.status} options={STATUSES.map((st) => [st, tw(`status.${st}`)] as const)} onChange={(v) => setFilter('status', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
        <BillExportButton exporter={exporter} filters={filters} />
      </form>
      <RecordTable label={t('titles.coin')} dataKey="recordId" page={page} paging={paging} onPage={onPage} sort={sort} onSort={onSort} exportError={exporter.error} describeFailure={(failure) => describeWalletError(tw, failure).message}>
        <Column header={t('columns.recordId')} body={(row: CoinRecord) => <span className="td-record-id" data-testid="record-id">{row.recordId}</span>} />
        <Column header={t('columns.time')} sortable sortField="createdAt" body={(row: CoinRecord) => <span data-record={row.recordId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('columns.type')} body={(row: CoinRecord) => t(`types.${row.type}`)} />
        <Column header={t('columns.asset')} body={(row: CoinRecord) => `${row.asset} · ${row.network}`} />
        <Column header={t('columns.amount')} sortable sortField="amount" className="td-num" headerClassName="td-num" body={(row: CoinRecord) => formatAssetAmount(row.amount, row.asset)} />
        <Column header={t('columns.fee')} className="td-num" headerClassName="td-num" body={(row: CoinRecord) => formatAssetAmount(row.fee, row.asset)} />
        <Column header={t('columns.address')} body={(row: CoinRecord) => <ShortValue value={row.address} />} />
        <Column header={t('columns.txHash')} body={(row: CoinRecord) => <ShortValue value={row.txHash} />} />
        <Column header={t('columns.status')} body={(row: CoinRecord) => <CoinStatus row={row} />} />
      </RecordTable>
    </section>
  );
}
