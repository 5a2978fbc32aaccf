import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFIT_APPLICATION_TYPES, PROFIT_EXPORT_FILES, PROFIT_FUNDS_EXPORT_FILE, type ProfitApplicationType } from '../../../../contract/broker-profit-rules.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { FormMessage, SelectField } from '../../../components/form/index.ts';
import { useAccountInfo } from '../../account/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { DataTable, ExportButton, FilterBar, PageSizeSelect, RecordTable, type TimeRange, TimeRangeFilter, useRecordQuery } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { ApplicationList, useDecision, type ApplicationKind } from '../money/ApplicationList.tsx';
import { DecisionPanel } from '../money/DecisionPanel.tsx';
import { fileNameOf } from '../money/export-name.ts';
import { exportFields, timeFields } from '../money/shared.tsx';
import { profitApi, type ProfitAccrual, type ProfitApplication, type ProfitFund } from './api.ts';
import { describeProfitError } from './errors.ts';
import { AllotForm, TransferInForm, WithdrawForm } from './ProfitForms.tsx';
import { legsText, usdt } from './parts.tsx';
import { formatNav, formatUnits } from '../projects/rules.ts';
import './locale.ts';
import '../money/money.css';
import './profit.css';
import { useListFailure } from '../list-failure.tsx';
/** The profit applications (spec §4 operation log types inferior_extract, funds_allot, inferior_transfer). */
const PROFIT_APPLICATIONS: ApplicationKind<ProfitApplicationType> = {
  prefix: 'applications',
  names: { status: 'profitStatus', type: 'profitType', rowAttribute: 'data-profit-application', testId: 'profit' },
  types: PROFIT_APPLICATION_TYPES,
};

/**
 * profit (spec §2 broker manager; spec §4 application states and operation log types inferior_extract, funds_allot,
 * inferior_transfer; spec §7 project/queryWithdrawAvailable, invokeWithdrawalEmailValidation,
 * submitExtractInferiorRecord, addExtractInferiorRecord, addInferiorTransferRecord, profitAccrual/*): per
 * project the accrued, withdrawn, held and available profit; the withdrawal (with its preview and second factor),
 * the allocation over several sub-accounts and the broker's own money in; the applications another member
 * approves or rejects; the zero-hour accrual records. Both tables export to xlsx (cover block, UTC+8).
 */
export default function ProfitPage() {
  return (
    <BrokerOnly>
      <Profit />
    </BrokerOnly>
  );
}

function Profit() {
  const { t } = useTranslation('broker-profit');
  usePrimeLocale();
  const info = useAccountInfo();
  const gaBound = Boolean(info?.gaBound);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const funds = useLoad(() => profitApi.funds(), [version]);
  const [picked, setPicked] = useState('');
  const projectNo = picked || funds.data?.[0]?.projectNo || '';
  const fund = funds.data?.find((f) => f.projectNo === projectNo) ?? null;
  const destinations = useLoad(async () => (projectNo ? profitApi.accounts(projectNo) : []), [projectNo]);
  const { notice, setNotice, deciding, decide, panel } = useDecision<ProfitApplication>({ t, prefix: PROFIT_APPLICATIONS.prefix, calls: profitApi, onDecided: reload });

  const applied = (_: ProfitApplication, text: string) => {
    setNotice({ text, tone: 'success' });
    reload();
  };

  return (
    <div className="td-broker-money td-profit" data-testid="broker-profit">
      <div className="td-broker-money-head">
        <h1>{t('title')}</h1>
        <p className="td-field-hint">{t('intro')}</p>
      </div>
      <FundSummary funds={funds.data ?? []} loaded={Boolean(funds.data)} />
      {funds.data && funds.data.length > 0 ? (
        <SelectField name="profitProject" label={t('project')} value={projectNo} onValue={setPicked} options={funds.data.map((f) => ({ value: f.projectNo, label: t('projectOption', { name: f.projectName, no: f.projectNo }) }))} />
      ) : null}
      {fund ? <FundFigures fund={fund} /> : null}
      <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
      {fund ? (
        <div className="td-profit-forms" key={fund.projectNo}>
          <WithdrawForm fund={fund} destinations={destinations.data ?? []} gaBound={gaBound} onApplied={applied} />
          <AllotForm fund={fund} destinations={destinations.data ?? []} gaBound={gaBound} onApplied={applied} />
          <TransferInForm fund={fund} destinations={destinations.data ?? []} onApplied={applied} />
        </div>
      ) : null}
      {deciding ? (
        <DecisionPanel
          {...panel}
          application={deciding}
          subject={t('applications.decisionSubject', {
            type: t(`types.${deciding.type}`),
            amount: usdt(deciding.amount),
            project: deciding.projectNo,
            legs: legsText(t, deciding),
            applicant: deciding.applicant,
          })}
          describe={(error) => describeProfitError(t, error)}
        />
      ) : null}
      <Applications projectNo={projectNo} version={version} onDecide={decide} />
      <Accruals projectNo={projectNo} version={version} />
    </div>
  );
}

/** The chosen project's figures, readable on a phone too (the table beside scrolls there). */
function FundFigures({ fund }: { fund: ProfitFund }) {
  const { t } = useTranslation('broker-profit');
  const figures = [
    ['accrued', fund.accrued],
    ['withdrawn', fund.withdrawn],
    ['applying', fund.applying],
    ['available', fund.available],
  ] as const;
  return (
    <dl className="td-profit-figures" data-testid="profit-figures">
      {figures.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`summary.${key}`)}</dt>
          <dd data-testid={`profit-figure-${key}`}>{usdt(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Per project: accrued, withdrawn, held and available profit (profitAccrual/accrualFund). */
function FundSummary({ funds, loaded }: { funds: readonly ProfitFund[]; loaded: boolean }) {
  const { t } = useTranslation('broker-profit');
  return (
    <section aria-labelledby="profit-summary-title" className="td-profit-summary">
      <h2 id="profit-summary-title" className="td-broker-money-section">
        {t('summary.title')}
      </h2>
      <div className="td-profit-summary__export">
        <ExportButton path="/broker/profitAccrual/accrualFund/export" fields={{}} fileName={fileNameOf(PROFIT_FUNDS_EXPORT_FILE.fileName)} label={t('summary.export')} />
      </div>
      {loaded && funds.length === 0 ? (
        <p className="td-field-hint" data-testid="profit-no-projects">
          {t('noProjects')}
        </p>
      ) : (
        <DataTable<ProfitFund>
          rows={funds}
          rowKey={(f) => f.projectNo}
          rowProps={(f) => ({ 'data-profit-project': f.projectNo })}
          testId="profit-summary"
          className="td-profit-table"
          region={{ className: 'td-profit-table-wrap', labelledBy: 'profit-summary-title' }}
          headersWhenEmpty
          columns={[
            { id: 'project', header: t('project'), rowHeader: true, cell: (f) => t('projectOption', { name: f.projectName, no: f.projectNo }) },
            { id: 'status', header: t('summary.status'), cell: (f) => t(`status.${f.status}`) },
            { id: 'accrued', header: t('summary.accrued'), cell: (f) => usdt(f.accrued), cellProps: (f) => ({ 'data-testid': `profit-accrued-${f.projectNo}` }) },
            { id: 'withdrawn', header: t('summary.withdrawn'), cell: (f) => usdt(f.withdrawn), cellProps: (f) => ({ 'data-testid': `profit-withdrawn-${f.projectNo}` }) },
            { id: 'applying', header: t('summary.applying'), cell: (f) => usdt(f.applying), cellProps: (f) => ({ 'data-testid': `profit-applying-${f.projectNo}` }) },
            { id: 'available', header: t('summary.available'), cell: (f) => usdt(f.available), cellProps: (f) => ({ 'data-testid': `profit-available-${f.projectNo}` }) },
          ]}
        />
      )}
    </section>
  );
}

function Applications({ projectNo, version, onDecide }: { projectNo: string; version: number; onDecide: (row: ProfitApplication) => void }) {
  const { t } = useTranslation('broker-profit');
  return (
    <section aria-labelledby="profit-applications-title" data-testid="profit-applications">
      <h2 id="profit-applications-title" className="td-broker-money-section">
        {t('applications.title')}
      </h2>
      <ApplicationList<ProfitApplication, ProfitApplicationType>
        t={t}
        kind={PROFIT_APPLICATIONS}
        label={t('applications.title')}
        scope={projectNo ? { projectNo } : {}}
        version={version}
        load={profitApi.applications}
        exportAction={(query) => (
          <ExportButton path="/broker/profitAccrual/export" fields={{}} searchParams={exportFields({ table: 'application', ...query })} fileName={fileNameOf(PROFIT_EXPORT_FILES.application.fileName)} />
        )}
        amount={(row) => usdt(row.amount)}
        statusNote={(row) => (row.units && row.nav ? <span className="td-field-hint">{t('applications.units', { units: formatUnits(row.units), nav: formatNav(row.nav) })}</span> : null)}
        onDecide={onDecide}
      >
        <Column header={t('applications.columns.project')} body={(row: ProfitApplication) => row.projectNo} />
        <Column header={t('applications.columns.legs')} body={(row: ProfitApplication) => legsText(t, row)} />
      </ApplicationList>
    </section>
  );
}

function Accruals({ projectNo, version }: { projectNo: string; version: number }) {
  const { t } = useTranslation('broker-profit');
  const describeFailure = useListFailure();
  const { filters, setRange, paging, setPaging, onPage } = useRecordQuery<TimeRange>({ days: 30 });
  const query = { ...timeFields(filters), ...(projectNo ? { projectNo } : {}) };
  const page = useLoad(() => profitApi.accruals(paging, query), [paging, filters, projectNo, version]);
  return (
    <section aria-labelledby="profit-accruals-title" data-testid="profit-accruals">
      <h2 id="profit-accruals-title" className="td-broker-money-section">
        {t('accruals.title')}
      </h2>
      <FilterBar
        actions={<ExportButton path="/broker/profitAccrual/export" fields={{}} searchParams={exportFields({ table: 'accrual', ...query })} fileName={fileNameOf(PROFIT_EXPORT_FILES.accrual.fileName)} />}
      >
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<ProfitAccrual> label={t('accruals.title')} dataKey="day" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('accruals.columns.day')} body={(row: ProfitAccrual) => <span data-profit-accrual={`${row.projectNo}-${row.day}`}>{row.day}</span>} />
        <Column header={t('accruals.columns.project')} body={(row: ProfitAccrual) => row.projectNo} />
        <Column header={t('accruals.columns.navBefore')} body={(row: ProfitAccrual) => row.navBefore} />
        <Column header={t('accruals.columns.hwmBefore')} body={(row: ProfitAccrual) => row.hwmBefore} />
        <Column header={t('accruals.columns.amount')} body={(row: ProfitAccrual) => usdt(row.amount)} />
      </RecordTable>
    </section>
  );
}
