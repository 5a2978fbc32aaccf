import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { FLOW_DIRECTIONS, type FlowDirection } from '../../../../contract/broker-projects-rules.ts';
import { formatAssetAmount, formatDateTime } from '../../../lib/format/index.ts';
import '../lists.css';
import { ExportButton, FilterBar, FilterSelect, PageSizeSelect, RecordTable, type TimeRange, TimeRangeFilter, useRecordQuery } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { exportFields, timeFields } from '../money/shared.tsx';
import { projectApi, type CapitalFlow } from './api.ts';
import { PROJECT_EXPORT_PATHS, projectFileName } from './exports.ts';
import { formatNav, formatUnits } from './rules.ts';
import { useListFailure } from '../list-failure.tsx';

interface Filters extends TimeRange {
  direction?: FlowDirection;
}

/**
 * A project's capital increases and decreases (spec §7 project/pageDepositWithdrawRecords), by direction and time
 * range (spec §9), server-paged: each with its investor, amount, units and the NAV per unit it was made at.
 */
export function CapitalFlows({ projectNo }: { projectNo: string }) {
  const { t } = useTranslation('broker-project');
  const describeFailure = useListFailure();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<Filters>({ days: 365 });
  const query = { projectNo, ...timeFields(filters), ...(filters.direction ? { direction: filters.direction } : {}) };
  const page = useLoad(() => projectApi.flows(paging, query), [paging, filters, projectNo]);
  return (
    <section className="td-broker-panel td-broker-project-panel" aria-labelledby="project-flows">
      <h2 id="project-flows">{t('detail.records')}</h2>
      <FilterBar actions={<ExportButton path={PROJECT_EXPORT_PATHS.capitalRecords} fields={{}} searchParams={exportFields(query)} fileName={projectFileName('capitalRecords')} />}>
        <FilterSelect<FlowDirection> name="direction" label={t('detail.recordColumns.type')} value={filters.direction} options={FLOW_DIRECTIONS.map((d) => [d, t(`detail.flowTypes.${d}`)] as const)} onChange={(v) => setFilter('direction', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<CapitalFlow> label={t('detail.records')} dataKey="flowId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('detail.recordColumns.time')} body={(row: CapitalFlow) => <span data-flow-row={row.flowId}>{formatDateTime(row.createdAt, { zone: true })}</span>} />
        <Column header={t('detail.recordColumns.type')} body={(row: CapitalFlow) => <span data-direction={row.direction}>{t(`detail.flowTypes.${row.direction}`)}</span>} />
        <Column header={t('detail.recordColumns.investor')} field="investorName" />
        <Column header={t('detail.recordColumns.amount')} className="td-num" headerClassName="td-num" body={(row: CapitalFlow) => <span data-testid="flow-amount">{formatAssetAmount(row.amount, 'USDT')}</span>} />
        <Column header={t('detail.recordColumns.units')} className="td-num" headerClassName="td-num" body={(row: CapitalFlow) => <span data-testid="flow-units">{formatUnits(row.units)}</span>} />
        <Column header={t('detail.recordColumns.nav')} className="td-num" headerClassName="td-num" body={(row: CapitalFlow) => <span data-testid="flow-nav">{formatNav(row.nav)}</span>} />
      </RecordTable>
    </section>
  );
}
