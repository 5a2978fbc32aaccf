import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFIT_APPLICATION_TYPES, PROFIT_EXPORT_FILES, PROFIT_FUNDS_EXPORT_FILE, type ProfitApplicationType } from '../../../../contract/broker-profit-rules.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { Field, FormMessage } from '../../../components/form/index.ts';
import { useAccountInfo } from '../../account/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { DataTable, ExportButton, FilterBar, FilterSelect, PageSizeSelect, RecordTable, type TimeRange, TimeRangeFilter, useRecordQuery } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { DecisionPanel } from '../money/DecisionPanel.tsx';
import { fileNameOf } from '../money/export-name.ts';
import { exportFields, timeFields } from '../money/shared.tsx';
import { profitApi, type ProfitAccrual, type ProfitApplication, type ProfitFund } from './api.ts';
import { describeProfitError } from './errors.ts';
import { AllotForm, TransferInForm, WithdrawForm } from './ProfitForms.tsx';
import { legsText, usdt } from './parts.tsx';
import './locale.ts';
import '../money/money.css';
import './profit.css';
import { useListFailure } from '../list-failure.tsx';

const STATES = ['applying', 'approved', 'rejected', 'done'] as const;
type State = (typeof STATES)[number];
interface ApplicationFilters extends TimeRange {
  status?: State;
  type?: ProfitApplicationType;
}
type Notice = { text: string; tone: 'error' | 'success' } | null;

/**
 * profit (spec §2 broker manager; spec §4 application states and operation log types inferior_extract, funds_allot,
 * inferior_transfer; spec §7 project/queryWithdrawAvailable, invokeWithdrawalEmailValidation,
 * submitExtractInferiorRecord, addExtractInferiorRecord, addInferiorTransferRecord, profitAccrual/*; issue 15): per
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
  const [notice, setNotice] = useState<Notice>(null);
  const [deciding, setDeciding] = useState<ProfitApplication | null>(null);

  const applied = (_: ProfitApplication, text: string) => {
    setNotice({ text, tone: 'success' });
    reload();
  };
  const decide = (row: ProfitApplication) => {
    setNotice(null);
    // spec §4 maker-checker: the applicant cannot decide their own application (the sandbox refuses it too: 10451).
    if (!row.canDecide) {
      setDeciding(null);
      setNotice({ text: t('errors.selfApproval'), tone: 'error' });
      return;
    }
    setDeciding(row);
  };

  return (
    <div className="td-broker-money td-profit" data-testid="broker-profit">
      <div className="td-broker-money-head">
        <h1>{t('title')}</h1>
        <p className="td-field-hint">{t('intro')}</p>
      </div>
      <FundSummary funds={funds.data ?? []} loaded={Boolean(funds.data)} />
      {funds.data && funds.data.length > 0 ? (
        <Field name="profitProject" label={t('project')}>
          {(aria) => (
            <select {...aria} data-testid="input-profitProject" value={projectNo} onChange={(e) => setPicked(e.target.value)}>
              {funds.data!.map((f) => (
                <option key={f.projectNo} value={f.projectNo}>
                  {t('projectOption', { name: f.projectName, no: f.projectNo })}
                </option>
              ))}
            </select>
          )}
        </Field>
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
          title={t('applications.decisionTitle', { id: deciding.applicationId })}
          subject={t('applications.decisionSubject', {
            type: t(`types.${deciding.type}`),
            amount: usdt(deciding.amount),
            project: deciding.projectNo,
            legs: legsText(t, deciding),
            applicant: deciding.applicant,
          })}
          approve={async (body) => t('applications.approved', { id: (await profitApi.approve({ applicationId: deciding.applicationId, ...body })).applicationId })}
          reject={async (body) => t('applications.rejected', { id: (await profitApi.reject({ applicationId: deciding.applicationId, ...body })).applicationId })}
          describe={(error) => describeProfitError(t, error)}
          onDone={(text) => {
            setDeciding(null);
            setNotice({ text, tone: 'success' });
            reload();
          }}
          onCancel={() => setDeciding(null)}
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
  const describeFailure = useListFailure();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<ApplicationFilters>({ days: 30 });
  const query = { ...timeFields(filters), ...(projectNo ? { projectNo } : {}), ...(filters.status ? { status: filters.status } : {}), ...(filters.type ? { type: filters.type } : {}) };
  const page = useLoad(() => profitApi.applications(paging, query), [paging, filters, projectNo, version]);
  return (
    <section aria-labelledby="profit-applications-title" data-testid="profit-applications">
      <h2 id="profit-applications-title" className="td-broker-money-section">
        {t('applications.title')}
      </h2>
      <FilterBar
        actions={<ExportButton path="/broker/profitAccrual/export" fields={{}} searchParams={exportFields({ table: 'application', ...query })} fileName={fileNameOf(PROFIT_EXPORT_FILES.application.fileName)} />}
      >
        <FilterSelect<State> name="profitStatus" label={t('applications.status')} value={filters.status} options={STATES.map((s) => [s, t(`states.${s}`)] as const)} onChange={(v) => setFilter('status', v)} />
        <FilterSelect<ProfitApplicationType>
          name="profitType"
          label={t('applications.type')}
          value={filters.type}
          options={PROFIT_APPLICATION_TYPES.map((s) => [s, t(`types.${s}`)] as const)}
          onChange={(v) => setFilter('type', v)}
        />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<ProfitApplication> label={t('applications.title')} dataKey="applicationId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('applications.columns.createdAt')} body={(row: ProfitApplication) => <span data-profit-application={row.applicationId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('applications.columns.type')} body={(row: ProfitApplication) => t(`types.${row.type}`)} />
        <Column header={t('applications.columns.project')} body={(row: ProfitApplication) => row.projectNo} />
        <Column header={t('applications.columns.legs')} body={(row: ProfitApplication) => legsText(t, row)} />
        <Column header={t('applications.columns.amount')} body={(row: ProfitApplication) => usdt(row.amount)} />
        <Column header={t('applications.columns.applicant')} body={(row: ProfitApplication) => row.applicant} />
        <Column
          header={t('applications.columns.status')}
          body={(row: ProfitApplication) => (
            <span data-testid={`profit-status-${row.applicationId}`} data-status={row.status}>
              {t(`states.${row.status}`)}
              {row.approver ? <span className="td-field-hint">{t('applications.decidedBy', { email: row.approver })}</span> : null}
              {row.rejectReason ? <span className="td-field-hint">{t('applications.reason', { reason: row.rejectReason })}</span> : null}
              {row.units && row.nav ? <span className="td-field-hint">{t('applications.units', { units: row.units, nav: row.nav })}</span> : null}
            </span>
          )}
        />
        <Column
          header={t('applications.columns.actions')}
          body={(row: ProfitApplication) =>
            row.status === 'applying' ? (
              <button type="button" className="td-link-button" aria-label={t('applications.decideNamed', { id: row.applicationId })} onClick={() => onDecide(row)} data-testid={`profit-decide-${row.applicationId}`}>
                {t('applications.decide')}
              </button>
            ) : null
          }
        />
      </RecordTable>
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
