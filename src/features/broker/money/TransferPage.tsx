import Decimal from 'decimal.js';
import { Column } from 'primereact/column';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BROKER_WALLETS, type BrokerWallet } from '../../../../contract/broker-rules.ts';
import { APPLICATION_TYPES, MAX_APPLICATION_REMARK, type ApplicationType } from '../../../../contract/broker-funds-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { formatDateTime } from '../../../lib/format/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { Field, FormMessage, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { FilterBar, FilterSelect, PageSizeSelect, type TimeRange, TimeRangeFilter, useRecordQuery, RecordTable } from '../../../components/records/index.ts';
import { EmptyState } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { useListFailure } from '../list-failure.tsx';
import { AccountPicker } from './AccountPicker.tsx';
import { accountApi, fundApi, type Application } from './api.ts';
import { describeMoneyError } from './errors.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { Amount, timeFields } from './shared.tsx';
import './locale.ts';
import './money.css';

const STATES = ['applying', 'approved', 'rejected', 'done'] as const;
type State = (typeof STATES)[number];
interface Filters extends TimeRange {
  status?: State;
  type?: ApplicationType;
}
type Notice = { text: string; tone: 'error' | 'success' } | null;
const AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

/**
 * broker-transfer (spec §2 broker manager; spec §4 broker application and approval states; spec §7 fundTransfer/*,
 * transfer/*; issue 14): a member applies for a transfer between two sub-accounts on one exchange (or two wallets of
 * one); the amount is held until ANOTHER member approves (with the e-mail code, and the Google code when bound) or
 * rejects it (maker-checker). The applicant's own decision is refused with its reason. The list of applications
 * filters by state, type and time range (spec §9) and pages on the server.
 */
export default function TransferPage() {
  return (
    <BrokerOnly>
      <Transfer />
    </BrokerOnly>
  );
}

function Transfer() {
  const { t } = useTranslation('broker-money');
  usePrimeLocale();
  const describeFailure = useListFailure();
  const { filters, setFilter, setRange, paging, setPaging, onPage } = useRecordQuery<Filters>({ days: 30 });
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const org = useLoad(() => fundApi.organization(), [version]);
  const page = useLoad(
    () => fundApi.applications(paging, { ...timeFields(filters), ...(filters.status ? { status: filters.status } : {}), ...(filters.type ? { type: filters.type } : {}) }),
    [paging, filters, version],
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [deciding, setDeciding] = useState<Application | null>(null);

  const decide = (row: Application) => {
    setNotice(null);
    // spec §4 maker-checker: the applicant cannot decide their own application (the sandbox refuses it too: 10451).
    if (!row.canDecide && row.status === 'applying') {
      setDeciding(null);
      setNotice({ text: t('errors.selfApproval'), tone: 'error' });
      return;
    }
    setDeciding(row);
  };

  return (
    <div className="td-broker-money" data-testid="broker-transfer">
      <div className="td-broker-money-head">
        <h1>{t('transfer.title')}</h1>
        <p className="td-field-hint">{t('transfer.intro')}</p>
      </div>
      {org.data && !org.data.canBeApproved ? (
        <p className="td-field-hint td-broker-money-warn" data-testid="transfer-single-member">
          {t('transfer.singleMember')}
        </p>
      ) : null}
      <ApplyForm
        onApplied={(application) => {
          setNotice({ text: t('transfer.applied', { id: application.applicationId }), tone: 'success' });
          reload();
        }}
      />
      <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
      {deciding ? (
        <DecisionPanel
          title={t('transfer.decisionTitle', { id: deciding.applicationId })}
          subject={t('transfer.decisionSubject', {
            from: deciding.fromSubAccountName,
            to: deciding.toSubAccountName ?? deciding.addressName ?? '',
            amount: `${deciding.amount} ${deciding.asset}`,
            applicant: deciding.applicant,
          })}
          approve={async (body) => t('transfer.approved', { id: (await fundApi.approve({ applicationId: deciding.applicationId, ...body })).applicationId })}
          reject={async (body) => t('transfer.rejected', { id: (await fundApi.reject({ applicationId: deciding.applicationId, ...body })).applicationId })}
          describe={(error) => describeMoneyError(t, error)}
          onDone={(text) => {
            setDeciding(null);
            setNotice({ text, tone: 'success' });
            reload();
          }}
          onCancel={() => setDeciding(null)}
        />
      ) : null}
      <h2 className="td-broker-money-section">
        {t('transfer.listTitle')}
        {org.data ? <span className="td-field-hint">{t('transfer.awaitingMe', { count: org.data.awaitingMe })}</span> : null}
      </h2>
      <FilterBar>
        <FilterSelect<State> name="status" label={t('transfer.columns.status')} value={filters.status} options={STATES.map((s) => [s, t(`states.${s}`)] as const)} onChange={(v) => setFilter('status', v)} />
        <FilterSelect<ApplicationType> name="type" label={t('transfer.columns.type')} value={filters.type} options={APPLICATION_TYPES.map((s) => [s, t(`types.${s}`)] as const)} onChange={(v) => setFilter('type', v)} />
        <TimeRangeFilter value={filters} onChange={setRange} />
        <PageSizeSelect paging={paging} onChange={setPaging} />
      </FilterBar>
      <RecordTable<Application> describeFailure={describeFailure} label={t('transfer.listTitle')} dataKey="applicationId" page={page} paging={paging} onPage={onPage} exportError={null} empty={<EmptyState />}>
        <Column header={t('transfer.columns.createdAt')} body={(row: Application) => <span data-application-row={row.applicationId}>{formatDateTime(row.createdAt)}</span>} />
        <Column header={t('transfer.columns.type')} body={(row: Application) => t(`types.${row.type}`)} />
        <Column header={t('transfer.columns.from')} body={(row: Application) => `${row.fromSubAccountName} · ${t(`broker:wallets.${row.fromWallet}`)}`} />
        <Column
          header={t('transfer.columns.to')}
          body={(row: Application) => (row.toSubAccountName && row.toWallet ? `${row.toSubAccountName} · ${t(`broker:wallets.${row.toWallet}`)}` : `${row.addressName ?? ''} ${row.address ?? ''}`)}
        />
        <Column header={t('transfer.columns.amount')} body={(row: Application) => <Amount value={row.amount} asset={row.asset} />} />
        <Column header={t('transfer.columns.applicant')} body={(row: Application) => row.applicant} />
        <Column
          header={t('transfer.columns.status')}
          body={(row: Application) => (
            <span data-testid={`application-status-${row.applicationId}`} data-status={row.status}>
              {t(`states.${row.status}`)}
              {row.approver ? <span className="td-field-hint">{t('transfer.decidedBy', { email: row.approver })}</span> : null}
              {row.rejectReason ? <span className="td-field-hint">{t('transfer.reason', { reason: row.rejectReason })}</span> : null}
            </span>
          )}
        />
        <Column
          header={t('transfer.columns.actions')}
          body={(row: Application) =>
            row.status === 'applying' ? (
              <button type="button" className="td-link-button" aria-label={t('transfer.decideNamed', { id: row.applicationId })} onClick={() => decide(row)} data-testid={`application-decide-${row.applicationId}`}>
                {t('transfer.decide')}
              </button>
            ) : null
          }
        />
      </RecordTable>
    </div>
  );
}

type ApplyField = 'fromAccountId' | 'fromWallet' | 'toAccountId' | 'toWallet' | 'asset' | 'amount' | 'remark';
const APPLY_FIELDS: readonly ApplyField[] = ['fromAccountId', 'fromWallet', 'toAccountId', 'toWallet', 'asset', 'amount', 'remark'];

/** The transfer application: from a sub-account's wallet to another sub-account (same exchange) or another wallet. */
function ApplyForm({ onApplied }: { onApplied: (application: Application) => void }) {
  const { t } = useTranslation('broker-money');
  const accounts = useLoad(() => accountApi.list(), []);
  const [form, setForm] = useState({ fromAccountId: '', fromWallet: 'spot' as BrokerWallet, toAccountId: '', toWallet: 'spot' as BrokerWallet, asset: 'USDT', amount: '', remark: '' });
  const { errors, setErrors, place } = useFieldErrors<ApplyField>('apply', APPLY_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();
  const targets = useLoad(async () => (form.fromAccountId ? fundApi.targets(form.fromAccountId) : []), [form.fromAccountId]);
  const available = useLoad(
    async () => (form.fromAccountId && /^[A-Z0-9]{2,12}$/.test(form.asset) ? fundApi.available({ brokerAccountId: form.fromAccountId, wallet: form.fromWallet, asset: form.asset }) : null),
    [form.fromAccountId, form.fromWallet, form.asset],
  );

  const set = <K extends keyof typeof form>(field: K) => (value: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'fromAccountId' ? { toAccountId: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const check = (): FieldErrors<ApplyField> => {
    const found: FieldErrors<ApplyField> = {};
    if (!form.fromAccountId) found.fromAccountId = t('errors.fromRequired');
    if (!form.toAccountId) found.toAccountId = t('errors.toRequired');
    else if (form.toAccountId === form.fromAccountId && form.toWallet === form.fromWallet) found.toWallet = t('errors.sameWallet');
    if (!/^[A-Z0-9]{2,12}$/.test(form.asset)) found.asset = t('errors.asset');
    const amount = form.amount.trim();
    if (!AMOUNT.test(amount) || new Decimal(amount).lte(0)) found.amount = t('errors.amount');
    else if (available.data && new Decimal(amount).gt(available.data.available)) found.amount = t('errors.insufficient');
    if (form.remark.length > MAX_APPLICATION_REMARK) found.remark = t('errors.remark', { max: MAX_APPLICATION_REMARK });
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await run(async () => {
      try {
        const application = await fundApi.apply({
          type: 'transfer',
          fromAccountId: form.fromAccountId,
          fromWallet: form.fromWallet,
          toAccountId: form.toAccountId,
          toWallet: form.toWallet,
          asset: form.asset,
          amount: form.amount.trim(),
          ...(form.remark.trim() ? { remark: form.remark.trim() } : {}),
          requestId,
        });
        setRequestId(newRequestId());
        setForm((f) => ({ ...f, amount: '', remark: '' }));
        available.reload();
        onApplied(application);
      } catch (error) {
        const described = describeMoneyError(t, error);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('account:errors.clickOnce'));
  };

  const walletSelect = (name: 'fromWallet' | 'toWallet', label: string) => (
    <Field name={name} label={label} error={errors[name]}>
      {(aria) => (
        <select {...aria} data-testid={`input-${name}`} value={form[name]} onChange={(e) => set(name)(e.target.value as BrokerWallet)}>
          {BROKER_WALLETS.map((w) => (
            <option key={w} value={w}>
              {t(`broker:wallets.${w}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const toAccounts = (accounts.data ?? []).filter((a) => (targets.data ?? []).some((x) => x.brokerAccountId === a.brokerAccountId));
  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="transfer-form" aria-labelledby="transfer-form-title">
      <h2 id="transfer-form-title">{t('transfer.formTitle')}</h2>
      <AccountPicker name="fromAccountId" label={t('transfer.from')} accounts={accounts.data ?? []} value={form.fromAccountId} onChange={set('fromAccountId')} error={errors.fromAccountId as string | undefined} />
      {walletSelect('fromWallet', t('transfer.fromWallet'))}
      <AccountPicker name="toAccountId" label={t('transfer.to')} accounts={toAccounts} value={form.toAccountId} onChange={set('toAccountId')} error={errors.toAccountId as string | undefined} />
      {walletSelect('toWallet', t('transfer.toWallet'))}
      <TextField name="asset" label={t('common.asset')} autoComplete="off" value={form.asset} onValue={(v) => set('asset')(v.toUpperCase())} error={errors.asset} />
      <TextField
        name="amount"
        label={t('transfer.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onValue={set('amount')}
        error={errors.amount}
        hint={available.data ? <span data-testid="transfer-available">{t('transfer.available', { amount: `${available.data.available} ${available.data.asset}` })}</span> : null}
      />
      <TextField name="remark" label={t('transfer.remark')} autoComplete="off" value={form.remark} onValue={set('remark')} error={errors.remark} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="transfer-submit">
          {submitting ? t('common.processing') : t('transfer.submit')}
        </button>
      </div>
    </form>
  );
}
