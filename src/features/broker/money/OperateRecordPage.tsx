import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { BROKER_EXCHANGES, OPERATION_TYPES, type BrokerExchange, type OperationType } from '../../../../contract/broker-rules.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { ExportButton, FilterBar, FilterSelect, PageSizeSelect, type TimeRange, TimeRangeFilter, useRecordQuery, RecordTable } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { useListFailure } from '../list-failure.tsx';
import { recordApi, type OperationRecord } from './api.ts';
import { exportFileName } from './export-name.ts';
import { Amount, exportFields, timeFields } from './shared.tsx';
import './locale.ts';
import './money.css';

interface Filters extends TimeRange {
  operationType?: OperationType;
  exchangeCode?: BrokerExchange;
}

/**
 * operateRecord (spec §2 broker manager; spec §4 operation log types; spec §7 pageBrokerFinancingAction and its
 * export exportBrokerFinancingAction, 操作記錄 xlsx): who applied for, approved or rejected which
 * transfer or withdrawal, filtered by type, exchange and time range (spec §9), paged on the server.
 */
export default function OperateRecordPage() {
  return (
    <BrokerOnly>
      <OperateRecord />
    </BrokerOnly>
  );
}

function OperateRecord() {
  const { t } = useTranslation('broker-money');
  usePrimeLocale();
  const describeFailure = useListFailure();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<Filters>({ days: 30 });
  const query = { ...timeFields(filters), ...(filters.operationType ? { operationType: filters.operationType } : {}), ...(filters.exchangeCode ? { exchangeCode: filters.exchangeCode } : {}) };
  const page = useLoad(() => recordApi.operations(paging, query), [paging, filters]);
  return (
    <div className="td-broker-money" data-testid="broker-operate-record">
      <div className="td-broker-money-head">
        <h1>{t('operations.title')}</h1>
        <p className="td-field-hint">{t('operations.intro')}</p>
      </div>
      <FilterBar actions={<ExportButton path="/broker/exportBrokerFinancingAction" fields={{}} searchParams={exportFields(query)} fileName={exportFileName('operations')} />}>
        <FilterSelect<OperationType> name="operationType" label={t('operations.columns.type')} value={filters.operationType} options={OPERATION_TYPES.map((o) => [o, t(`operationTypes.${o}`)] as const)} onChange={(v) => setFilter('operationType', v)} />
        <FilterSelect<BrokerExchange> name="exchange" label={t('operations.columns.exchange')} value={filters.exchangeCode} options={BROKER_EXCHANGES.map((x) => [x, t(`broker-config:exchanges.${x}`)] as const)} onChange={(v) => setFilter('exchangeCode', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<OperationRecord> describeFailure={describeFailure} label={t('operations.title')} dataKey="id" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />}>
        <Column header={t('operations.columns.time')} body={(row: OperationRecord) => <span data-operation-row={row.id}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('operations.columns.type')} body={(row: OperationRecord) => <span data-operation-type={row.operationType}>{t(`operationTypes.${row.operationType}`)}</span>} />
        <Column header={t('operations.columns.operator')} body={(row: OperationRecord) => row.operator} />
        <Column header={t('operations.columns.account')} body={(row: OperationRecord) => (row.subAccountName ? `${row.subAccountName} · ${row.exchangeCode ? t(`broker-config:exchanges.${row.exchangeCode}`) : ''}` : '')} />
        <Column header={t('operations.columns.counterparty')} body={(row: OperationRecord) => row.counterparty ?? ''} />
        <Column header={t('operations.columns.amount')} body={(row: OperationRecord) => <Amount value={row.amount} asset={row.asset} />} />
        <Column header={t('operations.columns.application')} body={(row: OperationRecord) => (row.applicationId ? `#${row.applicationId}` : '')} />
        <Column header={t('operations.columns.remark')} body={(row: OperationRecord) => row.remark} />
      </RecordTable>
    </div>
  );
}
