import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Column } from 'primereact/column';
import { INTEREST_EXPORT_FILES, INTEREST_STATES, MAX_BILL_REMARK, type InterestState } from '../../../../contract/broker-interest-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { formatAmount, formatFractionPercent } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { FormMessage, SubmitButton, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { ExportButton, FilterBar, FilterSelect, PageSizeSelect, RecordTable, type TimeRange, useRecordQuery } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { fileNameOf } from '../money/export-name.ts';
import { Amount, amountText } from '../money/shared.tsx';
import { interestApi, type InterestRecord, type SettleBill, type SettlePreview } from './api.ts';
import { describeInterestError } from './errors.ts';
import { InterestAmount, interestText, PlainTable, ProjectSelect } from './parts.tsx';
import './locale.ts';
import '../money/locale.ts';
import '../money/money.css';
import './interest.css';
import { useListFailure } from '../list-failure.tsx';

type Notice = { text: string; tone: 'error' | 'success' } | null;
/** The interest page's downloads (contract/broker-project-exports.ts investorInterest, interestRecords). */
const INTEREST_EXPORT_PATHS = { investorInterest: '/broker/interestSettle/account/export', interestRecords: '/broker/interestSettle/page/export' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * interest (spec §2 broker manager; spec §4 interest states; spec §7 interestSettle/*): pick a project, read
 * its interest by state and per investor (accrued daily at 00:00 UTC+8), preview a settlement up to a day, apply for
 * it — a settle bill pending its initial review — and open the bill on the bill page.
 */
export default function InterestPage() {
  return (
    <BrokerOnly>
      <Interest />
    </BrokerOnly>
  );
}

function Interest() {
  const { t } = useTranslation('broker-interest');
  const projects = useLoad(() => interestApi.projects(), []);
  const [search] = useSearchParams();
  const [picked, setProjectNo] = useState('');
  // The project chosen, else the one the link names (?projectNo=), else the newest.
  const projectNo = picked || search.get('projectNo') || projects.data?.[0]?.projectNo || '';
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const summary = useLoad(async () => (projectNo ? interestApi.projectInterest(projectNo) : null), [projectNo, version]);
  const investors = useLoad(async () => (projectNo ? interestApi.investors(projectNo) : []), [projectNo, version]);
  const bills = useLoad(async () => (projectNo ? interestApi.projectBills(projectNo) : []), [projectNo, version]);
  const s = summary.data;

  return (
    <div className="td-broker-money td-broker-interest" data-testid="broker-interest">
      <div className="td-broker-money-head">
        <h1>{t('interest.title')}</h1>
        <p className="td-field-hint">{t('interest.intro')}</p>
      </div>
      {projects.data && projects.data.length === 0 ? (
        <p data-testid="interest-no-projects">{t('common.noProjects')}</p>
      ) : (
        <>
          <div className="td-broker-interest-picker">
            <ProjectSelect
              projects={projects.data ?? []}
              value={projectNo}
              onChange={(p) => {
                setNotice(null);
                setProjectNo(p);
              }}
            />
          </div>
          {s ? (
            <section aria-labelledby="interest-summary-title">
              <h2 id="interest-summary-title" className="td-broker-money-section">
                {t('interest.summaryTitle')}
              </h2>
              <dl className="td-broker-interest-summary" data-testid="interest-summary">
                {(
                  [
                    ['rate', formatFractionPercent(s.interestRate), 'interest-rate'],
                    ['payable', interestText(s.interestPayable, s.asset), 'interest-payable'],
                    ['pending', interestText(s.pending, s.asset), 'interest-pending'],
                    ['inApplication', interestText(s.inApplication, s.asset), 'interest-in-application'],
                    ['paid', interestText(s.paid, s.asset), 'interest-paid'],
                    ['lastDay', s.lastAccrualDay ?? t('interest.none'), 'interest-last-day'],
                  ] as const
                ).map(([key, value, testId]) => (
                  <div key={key}>
                    <dt>{t(`interest.${key}`)}</dt>
                    {/* The interest amounts are at the ledger's precision (parts.tsx interestText). */}
                    <dd data-testid={testId} data-precision={key === 'rate' || key === 'lastDay' ? undefined : 'ledger'}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <h2 className="td-broker-money-section">{t('interest.investorsTitle')}</h2>
          {projectNo ? (
            <div className="td-broker-interest-export">
              <ExportButton path={INTEREST_EXPORT_PATHS.investorInterest} fields={{}} searchParams={{ projectNo }} fileName={fileNameOf(INTEREST_EXPORT_FILES.investorInterest.fileName)} label={t('interest.exportInvestors')} />
            </div>
          ) : null}
          {investors.data && investors.data.length > 0 ? (
            <PlainTable
              label={t('interest.investorsTitle')}
              testId="interest-investors"
              numeric={[1, 2, 3, 4, 5, 6]}
              head={(['investor', 'units', 'principal', 'accrued', 'pending', 'inApplication', 'paid'] as const).map((k) => t(`interest.investorColumns.${k}`))}
              rows={investors.data.map((i) => [
                i.investorName,
                formatAmount(i.units, 8),
                <Amount key="principal" value={i.principal} asset="USDT" />,
                <InterestAmount key="accrued" value={i.accrued} asset="USDT" />,
                <InterestAmount key="pending" value={i.pending} asset="USDT" />,
                <InterestAmount key="app" value={i.inApplication} asset="USDT" />,
                <InterestAmount key="paid" value={i.paid} asset="USDT" />,
              ])}
            />
          ) : (
            <EmptyState />
          )}
          {projectNo && s ? (
            <SettleForm
              key={`settle-${projectNo}`}
              projectNo={projectNo}
              lastDay={s.lastAccrualDay}
              onApplied={(bill) => {
                setNotice({ text: t('interest.applied', { billNo: bill.billNo }), tone: 'success' });
                setVersion((v) => v + 1);
              }}
            />
          ) : null}
          <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
          <h2 className="td-broker-money-section">{t('interest.billsTitle')}</h2>
          {bills.data && bills.data.length > 0 ? <ProjectBills bills={bills.data} /> : <EmptyState />}
          {projectNo ? <InterestRecords key={`records-${projectNo}`} projectNo={projectNo} version={version} /> : null}
        </>
      )}
    </div>
  );
}

function ProjectBills({ bills }: { bills: SettleBill[] }) {
  const { t } = useTranslation('broker-interest');
  const { lang } = useParams();
  return (
    <PlainTable
      label={t('interest.billsTitle')}
      testId="interest-bills"
      numeric={[2]}
      head={[t('bill.columns.billNo'), t('bill.columns.period'), t('bill.columns.total'), t('bill.columns.status')]}
      rows={bills.map((b) => [
        <Link key="no" to={`/${lang}/brokerManager/bill?billNo=${b.billNo}`} aria-label={t('interest.openBill', { billNo: b.billNo })} data-testid={`interest-bill-${b.billNo}`}>
          {b.billNo}
        </Link>,
        `${b.fromDay} – ${b.untilDay}`,
        <InterestAmount key="total" value={b.total} asset={b.asset} />,
        <span key="status" data-bill-status={b.status}>
          {t(`billStates.${b.status}`)}
        </span>,
      ])}
    />
  );
}

interface RecordFilters extends TimeRange {
  state?: InterestState;
}

/** interestSettle/page: per investor the pending accruals and each bill's line, by state, paged on the server. */
function InterestRecords({ projectNo, version }: { projectNo: string; version: number }) {
  const { t } = useTranslation('broker-interest');
  const describeFailure = useListFailure();
  usePrimeLocale();
  const { filters, setFilter, paging, setPaging, onPage } = useRecordQuery<RecordFilters>({});
  const page = useLoad(() => interestApi.records(paging, { projectNo, ...(filters.state ? { state: filters.state } : {}) }), [paging, filters, projectNo, version]);
  return (
    <>
      <h2 className="td-broker-money-section">{t('interest.recordsTitle')}</h2>
      <FilterBar
        actions={
          <ExportButton
            path={INTEREST_EXPORT_PATHS.interestRecords}
            fields={{}}
            searchParams={{ projectNo, ...(filters.state ? { state: filters.state } : {}) }}
            fileName={fileNameOf(INTEREST_EXPORT_FILES.interestRecords.fileName)}
            label={t('interest.exportRecords')}
          />
        }
      >
        <FilterSelect<InterestState> name="state" label={t('interest.recordColumns.state')} value={filters.state} options={INTEREST_STATES.map((s) => [s, t(`interestStates.${s}`)] as const)} onChange={(v) => setFilter('state', v)} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<InterestRecord> label={t('interest.recordsTitle')} dataKey="key" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('interest.recordColumns.investor')} body={(row: InterestRecord) => row.investorName} />
        <Column header={t('interest.recordColumns.state')} body={(row: InterestRecord) => <span data-interest-state={row.state}>{t(`interestStates.${row.state}`)}</span>} />
        <Column header={t('interest.recordColumns.period')} body={(row: InterestRecord) => `${row.fromDay} – ${row.toDay}`} />
        <Column header={t('interest.recordColumns.days')} body={(row: InterestRecord) => String(row.days)} />
        <Column header={t('interest.recordColumns.amount')} body={(row: InterestRecord) => <InterestAmount value={row.amount} asset="USDT" />} />
        <Column header={t('interest.recordColumns.billNo')} body={(row: InterestRecord) => row.billNo ?? ''} />
      </RecordTable>
    </>
  );
}

type SettleField = 'untilDay' | 'remark';
const SETTLE_FIELDS: readonly SettleField[] = ['untilDay', 'remark'];

/** Preview → apply: the unsettled interest up to a day per investor, the total and the paying account, then the bill. */
function SettleForm({ projectNo, lastDay, onApplied }: { projectNo: string; lastDay: string | null; onApplied: (bill: SettleBill) => void }) {
  const { t } = useTranslation('broker-interest');
  const [untilDay, setUntilDay] = useState(lastDay ?? '');
  const [remark, setRemark] = useState('');
  const { errors, setErrors, place } = useFieldErrors<SettleField>('settle', SETTLE_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState<SettlePreview | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();

  const fail = (error: unknown) => {
    const described = describeInterestError(t, error);
    if (!place(described.field, described.message)) setMessage(described.message);
  };

  const onPreview = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setPreview(null);
    const found: FieldErrors<SettleField> = {};
    if (!DAY.test(untilDay) || (lastDay !== null && untilDay > lastDay)) found.untilDay = t('errors.untilDay');
    if (remark.length > MAX_BILL_REMARK) found.remark = t('errors.remark', { max: MAX_BILL_REMARK });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      try {
        setPreview(await interestApi.preview({ projectNo, untilDay }));
      } catch (error) {
        fail(error);
      }
    });
  };

  const onApply = async () => {
    if (!preview) return;
    setMessage(null);
    await run(async () => {
      try {
        const bill = await interestApi.apply({ projectNo, untilDay: preview.untilDay, total: preview.total, requestId, ...(remark.trim() ? { remark: remark.trim() } : {}) });
        setRequestId(newRequestId());
        setPreview(null);
        setRemark('');
        onApplied(bill);
      } catch (error) {
        fail(error);
      }
    });
  };

  return (
    <form className="td-form td-broker-money-form td-broker-interest-settle" noValidate onSubmit={(e) => void onPreview(e)} data-testid="settle-form" aria-labelledby="settle-title">
      <h2 id="settle-title">{t('interest.settleTitle')}</h2>
      <TextField
        name="untilDay"
        type="date"
        label={t('interest.untilDay')}
        value={untilDay}
        max={lastDay ?? undefined}
        onValue={(v) => {
          setUntilDay(v);
          setPreview(null);
          setErrors(({ untilDay: _cleared, ...rest }) => rest);
        }}
        error={errors.untilDay}
        hint={lastDay ? t('interest.untilHint', { day: lastDay }) : null}
      />
      <TextField name="remark" label={t('interest.remark')} autoComplete="off" value={remark} onValue={setRemark} error={errors.remark} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <SubmitButton submitting={submitting} secondary testId="settle-preview">
          {t('interest.preview')}
        </SubmitButton>
      </div>
      {preview ? (
        <section className="td-broker-interest-preview" data-testid="settle-preview-panel" aria-labelledby="settle-preview-title">
          <h3 id="settle-preview-title">{t('interest.previewTitle', { from: preview.fromDay, until: preview.untilDay })}</h3>
          <PlainTable
            label={t('interest.previewTitle', { from: preview.fromDay, until: preview.untilDay })}
            testId="settle-preview-lines"
            numeric={[1, 2, 4]}
            head={(['investor', 'principal', 'days', 'period', 'amount'] as const).map((k) => t(`interest.lineColumns.${k}`))}
            rows={preview.lines.map((l) => [
              l.investorName,
              <Amount key="p" value={l.principal} asset={preview.asset} />,
              String(l.days),
              `${l.fromDay} – ${l.toDay}`,
              <InterestAmount key="a" value={l.amount} asset={preview.asset} />,
            ])}
          />
          <p>
            {t('interest.total')}: <InterestAmount value={preview.total} asset={preview.asset} testId="settle-preview-total" />
          </p>
          <p className="td-field-hint">{t('interest.payingAccount', { account: preview.account.subAccountName, free: amountText(preview.account.free, preview.account.asset) })}</p>
          {!preview.covered ? (
            <p className="td-field-hint td-broker-money-warn" data-testid="settle-not-covered">
              {t('interest.notCovered')}
            </p>
          ) : null}
          <div className="td-broker-money-actions">
            <button type="button" className="td-button td-button-primary" disabled={submitting} onClick={() => void onApply()} data-testid="settle-apply">
              {submitting ? t('common.processing') : t('interest.apply')}
            </button>
          </div>
        </section>
      ) : null}
    </form>
  );
}
