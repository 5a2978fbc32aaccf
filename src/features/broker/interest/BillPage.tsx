import { Column } from 'primereact/column';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BILL_STATES, BROKER_INTEREST_CODE_TYPE, INTEREST_EXPORT_FILES, MAX_BILL_REMARK, type BillAction, type BillState } from '../../../../contract/broker-interest-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { FormMessage, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { useAccountInfo } from '../../account/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { ExportButton, FilterBar, PageSizeSelect, RecordTable, type TimeRange, TimeRangeFilter, useRecordQuery } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { Amount, amountText, exportFields, moneyFactors, SecondFactorFields, timeFields, type FactorField } from '../money/shared.tsx';
import { useStepUp } from '../../../components/step-up/index.ts';
import { interestApi, type SettleBill, type SettleBillDetail } from './api.ts';
import { describeInterestError } from './errors.ts';
import { fileNameOf } from '../money/export-name.ts';
import { InterestAmount, interestText, PlainTable, ProjectSelect } from './parts.tsx';
import './locale.ts';
import '../money/locale.ts';
import '../money/money.css';
import './interest.css';
import { useListFailure } from '../list-failure.tsx';

interface Filters extends TimeRange {
  status?: BillState;
}
type Notice = { text: string; tone: 'error' | 'success' } | null;

/**
 * bill (spec §2 broker manager; spec §4 invoice states; spec §7 pageSettleBill, queryFinancingInterestCount,
 * settleBillDetailQuery, interestApply, findInterestApply): the organisation's interest settle bills by
 * status tab (with counts), project and time range, paged on the server, exported as xlsx; a bill's detail with its
 * investors' lines and its review history, and the step it waits for: initial review (not the applicant's),
 * re-review (not the initial reviewer's), rejection at either review, payment with the second factor.
 */
export default function BillPage() {
  return (
    <BrokerOnly>
      <Bills />
    </BrokerOnly>
  );
}

function Bills() {
  const { t } = useTranslation('broker-interest');
  const describeFailure = useListFailure();
  usePrimeLocale();
  const [search, setSearch] = useSearchParams();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<Filters>({ days: 365 });
  const [projectNo, setProjectNo] = useState('');
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const projects = useLoad(() => interestApi.projects(), []);
  const query = { ...timeFields(filters), ...(filters.status ? { status: filters.status } : {}), ...(projectNo ? { projectNo } : {}) };
  const page = useLoad(() => interestApi.bills(paging, query), [paging, filters, projectNo, version]);
  const counts = useLoad(() => interestApi.counts(projectNo || undefined), [projectNo, version]);
  const billNo = search.get('billNo');
  const open = (no: string | null) => {
    setNotice(null);
    setSearch(no ? { billNo: no } : {}, { replace: true });
  };

  return (
    <div className="td-broker-money td-broker-interest" data-testid="broker-bill">
      <div className="td-broker-money-head">
        <h1>{t('bill.title')}</h1>
        <p className="td-field-hint">{t('bill.intro')}</p>
      </div>
      <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
      {billNo ? (
        <BillDetail
          key={`${billNo}-${version}`}
          billNo={billNo}
          onClose={() => open(null)}
          onDecided={(text) => {
            setNotice({ text, tone: 'success' });
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
      <div className="td-broker-interest-tabs" role="group" aria-label={t('bill.tabsLabel')} data-testid="bill-tabs">
        {[undefined, ...BILL_STATES].map((state) => (
          <button
            key={state ?? 'all'}
            type="button"
            className="td-broker-interest-tab"
            aria-pressed={filters.status === state}
            onClick={() => setFilter('status', state ?? '')}
            data-testid={`bill-tab-${state ?? 'all'}`}
          >
            {state ? t(`billStates.${state}`) : t('bill.all')}
            {state && counts.data ? <span className="td-broker-interest-count">{counts.data.counts[state]}</span> : null}
          </button>
        ))}
        {counts.data ? (
          <span className="td-field-hint" data-testid="bill-awaiting-me">
            {t('bill.awaitingMe', { count: counts.data.awaitingMe })}
          </span>
        ) : null}
      </div>
      <FilterBar actions={<ExportButton path="/broker/exportSettleBill" fields={{}} searchParams={exportFields(query)} fileName={fileNameOf(INTEREST_EXPORT_FILES.settleBills.fileName)} />}>
        <ProjectSelect projects={projects.data ?? []} value={projectNo} onChange={setProjectNo} allowAll />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<SettleBill> label={t('bill.title')} dataKey="billNo" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />} describeFailure={describeFailure}>
        <Column header={t('bill.columns.billNo')} body={(row: SettleBill) => <span data-bill-row={row.billNo}>{row.billNo}</span>} />
        <Column header={t('bill.columns.project')} body={(row: SettleBill) => `${row.projectName} (${row.projectNo})`} />
        <Column header={t('bill.columns.period')} body={(row: SettleBill) => `${row.fromDay} – ${row.untilDay}`} />
        <Column header={t('bill.columns.investors')} body={(row: SettleBill) => String(row.investorCount)} />
        <Column header={t('bill.columns.total')} body={(row: SettleBill) => <InterestAmount value={row.total} asset={row.asset} />} />
        <Column
          header={t('bill.columns.status')}
          body={(row: SettleBill) => (
            <span data-testid={`bill-status-${row.billNo}`} data-status={row.status}>
              {t(`billStates.${row.status}`)}
            </span>
          )}
        />
        <Column header={t('bill.columns.applicant')} body={(row: SettleBill) => row.applicant} />
        <Column header={t('bill.columns.createdAt')} body={(row: SettleBill) => formatDateTime(row.createdAt, { zone: true })} />
        <Column
          header={t('bill.columns.actions')}
          body={(row: SettleBill) => (
            <button type="button" className="td-link-button" aria-label={t('bill.openNamed', { billNo: row.billNo })} onClick={() => open(row.billNo)} data-testid={`bill-open-${row.billNo}`}>
              {t('bill.open')}
            </button>
          )}
        />
      </RecordTable>
    </div>
  );
}

/** One bill: its facts, lines and history, and the decision the caller may take now. */
function BillDetail({ billNo, onClose, onDecided }: { billNo: string; onClose: () => void; onDecided: (text: string) => void }) {
  const { t } = useTranslation('broker-interest');
  const detail = useLoad(() => interestApi.detail(billNo), [billNo]);
  if (detail.error) return <FormMessage text={describeInterestError(t, detail.error).message} />;
  const d = detail.data;
  if (!d) return <p>{t('common.loading')}</p>;
  const b = d.bill;
  const facts: Array<[string, string, string?]> = [
    [t('bill.fields.project'), `${b.projectName} (${b.projectNo})`],
    [t('bill.fields.period'), `${b.fromDay} – ${b.untilDay}`],
    [t('bill.fields.total'), interestText(b.total, b.asset), 'bill-total'],
    [t('bill.fields.status'), t(`billStates.${b.status}`), 'bill-status'],
    [t('bill.fields.interestState'), t(`interestStates.${b.interestState}`)],
    [t('bill.fields.applicant'), b.applicant],
    ...(b.initialReviewer ? ([[t('bill.fields.initialReviewer'), b.initialReviewer]] as Array<[string, string]>) : []),
    ...(b.reReviewer ? ([[t('bill.fields.reReviewer'), b.reReviewer]] as Array<[string, string]>) : []),
    ...(b.payer ? ([[t('bill.fields.payer'), b.payer]] as Array<[string, string]>) : []),
    ...(b.paidAt ? ([[t('bill.fields.paidAt'), formatDateTime(b.paidAt, { zone: true })]] as Array<[string, string]>) : []),
    ...(b.rejecter ? ([[t('bill.fields.rejecter'), b.rejecter]] as Array<[string, string]>) : []),
    ...(b.rejectReason ? ([[t('bill.fields.rejectReason'), b.rejectReason]] as Array<[string, string]>) : []),
    ...(b.remark ? ([[t('bill.fields.remark'), b.remark]] as Array<[string, string]>) : []),
    [t('bill.fields.account'), `${d.account.subAccountName} · ${amountText(d.account.free, d.account.asset)}`],
  ];
  return (
    <section className="td-broker-money-card td-broker-interest-detail" data-testid="bill-detail" data-status={b.status} aria-labelledby="bill-detail-title">
      <h2 id="bill-detail-title">{t('bill.detailTitle', { billNo: b.billNo })}</h2>
      <dl className="td-broker-money-facts">
        {facts.map(([label, value, testId]) => (
          <div key={label} className="td-broker-interest-fact">
            <dt>{label}</dt>
            {/* The total is an interest amount at the ledger's precision (parts.tsx interestText). */}
            <dd data-testid={testId} data-precision={testId === 'bill-total' ? 'ledger' : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t('bill.linesTitle')}</h3>
      <PlainTable
        label={t('bill.linesTitle')}
        testId="bill-lines"
        numeric={[1, 2, 4]}
        head={(['investor', 'principal', 'days', 'period', 'amount'] as const).map((k) => t(`interest.lineColumns.${k}`))}
        rows={d.lines.map((l) => [l.investorName, <Amount key="p" value={l.principal} asset={b.asset} />, String(l.days), `${l.fromDay} – ${l.toDay}`, <InterestAmount key="a" value={l.amount} asset={b.asset} />])}
      />
      <h3>{t('bill.historyTitle')}</h3>
      <PlainTable
        label={t('bill.historyTitle')}
        testId="bill-history"
        head={(['time', 'step', 'member', 'status', 'remark'] as const).map((k) => t(`bill.historyColumns.${k}`))}
        rows={d.reviews.map((r) => [formatDateTime(r.createdAt, { zone: true }), t(`steps.${r.step}`), r.member, t(`billStates.${r.status}`), r.remark])}
      />
      {b.refusal ? (
        <p className="td-field-hint td-broker-money-warn" data-testid="bill-refusal">
          {t(`bill.refusal.${b.refusal}`)}
        </p>
      ) : null}
      {b.myActions.length > 0 ? <DecisionForm bill={b} onDecided={onDecided} /> : null}
      <div className="td-broker-money-actions">
        <ExportButton path="/broker/exportSettleBillDetail" fields={{}} searchParams={{ billNo: b.billNo }} fileName={fileNameOf(INTEREST_EXPORT_FILES.settleBill.fileName, { billNo: b.billNo })} />
        <button type="button" className="td-button td-button-secondary" onClick={onClose} data-testid="bill-close">
          {t('common.close')}
        </button>
      </div>
    </section>
  );
}

const DECISION_FIELDS: readonly (FactorField | 'remark')[] = ['emailCode', 'gaCode', 'remark'];

/** The step the bill waits for, as the caller may take it: a review or a rejection (with a remark), or the payment. */
function DecisionForm({ bill, onDecided }: { bill: SettleBillDetail['bill']; onDecided: (text: string) => void }) {
  const { t } = useTranslation('broker-interest');
  const info = useAccountInfo();
  const gaBound = Boolean(info?.gaBound);
  const paying = bill.myActions.includes('pay');
  const stepUp = useStepUp({ factors: moneyFactors(gaBound) });
  const [remark, setRemark] = useState('');
  const { errors, setErrors, place } = useFieldErrors<FactorField | 'remark'>('bill', DECISION_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [requestIds] = useState(() => Object.fromEntries(bill.myActions.map((a) => [a, newRequestId()])) as Record<BillAction, string>);
  const { submitting, run } = useSubmit();

  const decide = async (action: BillAction) => {
    setMessage(null);
    const found: FieldErrors<FactorField | 'remark'> = {};
    if (remark.length > MAX_BILL_REMARK) found.remark = t('errors.remark', { max: MAX_BILL_REMARK });
    if (action === 'pay') Object.assign(found, stepUp.check());
    setErrors(found);
    const factors = action === 'pay' ? stepUp.body() : {};
    if (Object.keys(found).length > 0 || !factors) return;
    await run(async () => {
      try {
        const done = await interestApi.decide({
          billNo: bill.billNo,
          action,
          requestId: requestIds[action],
          ...(remark.trim() ? { remark: remark.trim() } : {}),
          ...factors,
        });
        onDecided(t(`bill.done.${action}`, { billNo: done.billNo }));
      } catch (error) {
        const described = describeInterestError(t, error);
        stepUp.learn(error);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
  };

  const main = bill.myActions.find((a) => a !== 'reject');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (main) void decide(main);
  };
  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={onSubmit} data-testid="bill-decision" aria-labelledby="bill-decision-title">
      <h3 id="bill-decision-title">{paying ? t('bill.payTitle') : t(`bill.actions.${main ?? 'reject'}`)}</h3>
      {paying ? (
        <SecondFactorFields
          businessType={BROKER_INTEREST_CODE_TYPE}
          stepUp={stepUp}
          onEdit={() => setErrors({})}
          errors={errors}
        />
      ) : null}
      {!paying ? <TextField name="remark" label={t('bill.remark')} autoComplete="off" value={remark} onValue={setRemark} error={errors.remark} /> : null}
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        {main ? (
          <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid={`bill-action-${main}`}>
            {t(`bill.actions.${main}`)}
          </button>
        ) : null}
        {bill.myActions.includes('reject') ? (
          <button type="button" className="td-button td-button-secondary" disabled={submitting} onClick={() => void decide('reject')} data-testid="bill-action-reject">
            {t('bill.actions.reject')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
