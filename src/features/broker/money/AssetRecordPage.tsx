import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { BILL_TYPES, type BillType } from '../../../../contract/broker-funds-rules.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { ExportButton, FilterBar, FilterSelect, PageSizeSelect, type TimeRange, TimeRangeFilter, useRecordQuery, RecordTable } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { useListFailure } from '../list-failure.tsx';
import { AccountPicker } from './AccountPicker.tsx';
import { accountApi, recordApi, type BillRecord } from './api.ts';
import { exportFileName } from './export-name.ts';
import { Amount, exportFields, timeFields } from './shared.tsx';
import './locale.ts';
import './money.css';

const BILL_STATES = ['deposit_complete', 'withdraw_pending', 'withdraw_complete', 'cancelled'] as const;
type BillState = (typeof BILL_STATES)[number];
interface Filters extends TimeRange {
  type?: BillType;
  status?: BillState;
  brokerAccountId?: string;
}

/**
 * assetRecord (spec §2 broker manager; spec §4 fund states; spec §7 account/bill/page and its export
 * account/bill/export, 充提幣記錄 xlsx): the sub-accounts' deposits and withdrawals, filtered by type,
 * state, sub-account and time range (spec §9), paged on the server.
 */
export default function AssetRecordPage() {
  return (
    <BrokerOnly>
      <AssetRecord />
    </BrokerOnly>
  );
}

function AssetRecord() {
  const { t } = useTranslation('broker-money');
  usePrimeLocale();
  const accounts = useLoad(() => accountApi.list(), []);
  const describeFailure = useListFailure();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<Filters>({ days: 30 });
  const query = {
    ...timeFields(filters),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.brokerAccountId ? { brokerAccountId: filters.brokerAccountId } : {}),
  };
  const page = useLoad(() => recordApi.bills(paging, query), [paging, filters]);
  return (
    <div className="td-broker-money" data-testid="broker-asset-record">
      <div className="td-broker-money-head">
        <h1>{t('bill.title')}</h1>
        <p className="td-field-hint">{t('bill.intro')}</p>
      </div>
      <FilterBar actions={<ExportButton path="/broker/account/bill/export" fields={exportFields(query)} fileName={exportFileName('bill')} />}>
        <AccountPicker name="account" label={t('common.subAccount')} accounts={accounts.data ?? []} value={filters.brokerAccountId ?? ''} onChange={(v) => setFilter('brokerAccountId', v)} allowAll />
        <FilterSelect<BillType> name="type" label={t('bill.columns.type')} value={filters.type} options={BILL_TYPES.map((x) => [x, t(`bill.types.${x}`)] as const)} onChange={(v) => setFilter('type', v)} />
        <FilterSelect<BillState> name="status" label={t('bill.columns.status')} value={filters.status} options={BILL_STATES.map((x) => [x, t(`bill.states.${x}`)] as const)} onChange={(v) => setFilter('status', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<BillRecord> describeFailure={describeFailure} label={t('bill.title')} dataKey="recordId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />}>
        <Column header={t('bill.columns.time')} body={(row: BillRecord) => <span data-bill-row={row.recordId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('bill.columns.type')} body={(row: BillRecord) => t(`bill.types.${row.type}`)} />
        <Column header={t('common.subAccount')} body={(row: BillRecord) => `${row.subAccountName} · ${t(`broker-config:exchanges.${row.exchangeCode}`)}`} />
        <Column header={t('bill.columns.network')} body={(row: BillRecord) => row.network ?? ''} />
        <Column header={t('bill.columns.address')} body={(row: BillRecord) => <span className="td-broker-money-code">{row.address ?? ''}</span>} />
        <Column header={t('bill.columns.amount')} body={(row: BillRecord) => <Amount value={row.amount} asset={row.asset} />} />
        <Column header={t('bill.columns.fee')} body={(row: BillRecord) => <Amount value={row.fee} asset={row.asset} />} />
        <Column header={t('bill.columns.status')} body={(row: BillRecord) => <span data-status={row.status}>{t(`bill.states.${row.status}`)}</span>} />
        <Column header={t('bill.columns.completed')} body={(row: BillRecord) => (row.completedAt ? formatDateTime(row.completedAt) : '')} />
      </RecordTable>
    </div>
  );
}
