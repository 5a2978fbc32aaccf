import { Column } from 'primereact/column';
import { ACCOUNT_KIND_OF, TRANSFER_DIRECTIONS, type AccountType } from '../../../contract/accounts.ts';
import { useTranslation } from 'react-i18next';
import { formatAssetAmount, formatDateTime } from '../../lib/format/index.ts';
import { usePrimeLocale } from '../../lib/i18n/primereact.ts';
import { describeWalletError, transferApi, useAllSupportAssetList, type TransferQuery, type TransferRecord } from '../wallet/shared.ts';
import { useLoad } from '../../lib/use-load.ts';
import './record.css';
import { useRecordExport } from './useExport.ts';
import { RecordTabs } from './RecordTabs.tsx';
import { FilterSelect, PageSizeSelect, RecordTable, TimeRangeFilter, useRecordQuery } from '../../components/records/index.ts';
import { BillExportButton } from './BillExportButton.tsx';


/**
 * spec §2 record/transfer: transfers between the user's own spec §3 accounts, paged on the server (DataTable in
 * lazy mode), with filters for the asset, the direction and the time (quick ranges or a custom range).
 */
export default function TransferRecordPage() {
  const { t } = useTranslation('record');
  const { t: tw } = useTranslation('wallet');
  usePrimeLocale();
  const exporter = useRecordExport('transfer', (day) => t('export.kinds.transfer.fileName', { day }));
  // spec §3 allSupportAssetList: a transfer moves coins and fiat alike.
  const assets = useAllSupportAssetList();
  const { filters, setFilter, setRange, paging, setPaging, onPage, sort, onSort } = useRecordQuery<TransferQuery>({ days: 30 });
  const page = useLoad(() => transferApi.page({ pageCondition: paging, queryCondition: filters, ...(sort ? { sort } : {}) }), [paging, filters, sort], 10_000);
  const account = (type: AccountType) => tw(`accounts.${ACCOUNT_KIND_OF[type]}`);

  return (
    <section className="td-record-page" data-testid="record-transfer">
      <RecordTabs />
      <h1 className="td-record-title">{t('titles.transfer')}</h1>
      <form className="td-record-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        <FilterSelect name="asset" label={t('transfer.asset')} value={filters.asset} options={assets.map((a) => [a, a] as const)} onChange={(v) => setFilter('asset', v)} />
        <FilterSelect name="type" label={t('transfer.direction')} value={filters.type} options={TRANSFER_DIRECTIONS.map((type) => [type, t(`transfer.types.${type}`)] as const)} onChange={(v) => setFilter('type', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
        <BillExportButton exporter={exporter} filters={filters} />
      </form>
      <RecordTable label={t('titles.transfer')} dataKey="transferId" page={page} paging={paging} onPage={onPage} sort={sort} onSort={onSort} exportError={exporter.error} describeFailure={(failure) => describeWalletError(tw, failure).message}>
        <Column header={t('columns.time')} sortable sortField="createdAt" body={(row: TransferRecord) => <span data-record={`T${row.transferId}`}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('transfer.asset')} field="asset" />
        <Column header={t('columns.amount')} sortable sortField="amount" className="td-num" headerClassName="td-num" body={(row: TransferRecord) => formatAssetAmount(row.amount, row.asset)} />
        <Column header={t('transfer.from')} body={(row: TransferRecord) => account(row.from)} />
        <Column header={t('transfer.to')} body={(row: TransferRecord) => account(row.to)} />
      </RecordTable>
    </section>
  );
}
