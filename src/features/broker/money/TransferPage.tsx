import Decimal from 'decimal.js';
import { Column } from 'primereact/column';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokerWallet } from '../../../../contract/broker-rules.ts';
import { APPLICATION_TYPES, MAX_APPLICATION_REMARK, type ApplicationType } from '../../../../contract/broker-funds-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { usePrimeLocale } from '../../../lib/i18n/primereact.ts';
import { AmountField, fieldBinder, FormMessage, SubmitButton, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import '../lists.css';
import { useLoad } from '../../../lib/use-load.ts';
import { AccountPicker, WalletPicker } from './AccountPicker.tsx';
import { accountApi, fundApi, type Application } from './api.ts';
import { ApplicationList, useDecision, type ApplicationKind } from './ApplicationList.tsx';
import { describeMoneyError } from './errors.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { AMOUNT, Amount, amountText } from './shared.tsx';
import './locale.ts';
import './money.css';

/** The transfer applications (spec §4 transfers and withdrawals). */
const TRANSFERS: ApplicationKind<ApplicationType> = {
  prefix: 'transfer',
  names: { status: 'status', type: 'type', rowAttribute: 'data-application-row', testId: 'application' },
  types: APPLICATION_TYPES,
};

/**
 * broker-transfer (spec §2 broker manager; spec §4 broker application and approval states; spec §7 fundTransfer/*,
 * transfer/*): a member applies for a transfer between two sub-accounts on one exchange (or two wallets of one); the
 * amount is held until ANOTHER member approves (with the e-mail code, and the Google code when bound) or rejects it
 * (maker-checker). The applicant's own decision is refused with its reason. The list of applications filters by
 * state, type and time range (spec §9) and pages on the server.
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
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const org = useLoad(() => fundApi.organization(), [version]);
  const { notice, setNotice, deciding, decide, panel } = useDecision<Application>({ t, prefix: TRANSFERS.prefix, calls: fundApi, onDecided: reload });

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
          {...panel}
          application={deciding}
          subject={t('transfer.decisionSubject', {
            from: deciding.fromSubAccountName,
            to: deciding.toSubAccountName ?? deciding.addressName ?? '',
            amount: amountText(deciding.amount, deciding.asset),
            applicant: deciding.applicant,
          })}
          describe={(error) => describeMoneyError(t, error)}
        />
      ) : null}
      <h2 className="td-broker-money-section">
        {t('transfer.listTitle')}
        {org.data ? <span className="td-field-hint">{t('transfer.awaitingMe', { count: org.data.awaitingMe })}</span> : null}
      </h2>
      <ApplicationList<Application, ApplicationType>
        t={t}
        kind={TRANSFERS}
        label={t('transfer.listTitle')}
        scope={{}}
        version={version}
        load={fundApi.applications}
        amount={(row) => <Amount value={row.amount} asset={row.asset} />}
        onDecide={decide}
      >
        <Column header={t('transfer.columns.from')} body={(row: Application) => `${row.fromSubAccountName} · ${t(`broker:wallets.${row.fromWallet}`)}`} />
        <Column
          header={t('transfer.columns.to')}
          body={(row: Application) => (row.toSubAccountName && row.toWallet ? `${row.toSubAccountName} · ${t(`broker:wallets.${row.toWallet}`)}` : `${row.addressName ?? ''} ${row.address ?? ''}`)}
        />
      </ApplicationList>
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
  // The submit button is disabled while the application is sent, which drops focus to the page body: afterwards focus
  // goes back to the form's heading (WCAG 2.4.3; the convert screen's way), with the notice or the error read out.
  const heading = useRef<HTMLHeadingElement>(null);
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
    const focused = document.activeElement;
    if (focused === null || focused === document.body) heading.current?.focus();
  };

  const bind = fieldBinder<'amount' | 'remark'>(form, set, errors);
  const availableHint = available.data ? <span data-testid="transfer-available">{t('transfer.available', { amount: amountText(available.data.available, available.data.asset) })}</span> : null;
  const toAccounts = (accounts.data ?? []).filter((a) => (targets.data ?? []).some((x) => x.brokerAccountId === a.brokerAccountId));
  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="transfer-form" aria-labelledby="transfer-form-title">
      <h2 id="transfer-form-title" ref={heading} tabIndex={-1} data-testid="transfer-form-title">
        {t('transfer.formTitle')}
      </h2>
      <AccountPicker name="fromAccountId" label={t('transfer.from')} accounts={accounts.data ?? []} value={form.fromAccountId} onChange={set('fromAccountId')} error={errors.fromAccountId} />
      <WalletPicker name="fromWallet" label={t('transfer.fromWallet')} value={form.fromWallet} onChange={set('fromWallet')} error={errors.fromWallet} />
      <AccountPicker name="toAccountId" label={t('transfer.to')} accounts={toAccounts} value={form.toAccountId} onChange={set('toAccountId')} error={errors.toAccountId} />
      <WalletPicker name="toWallet" label={t('transfer.toWallet')} value={form.toWallet} onChange={set('toWallet')} error={errors.toWallet} />
      <TextField name="asset" label={t('common.asset')} autoComplete="off" value={form.asset} onValue={(v) => set('asset')(v.toUpperCase())} error={errors.asset} />
      <AmountField label={t('transfer.amount')} {...bind('amount')} hint={availableHint} />
      <TextField label={t('transfer.remark')} autoComplete="off" {...bind('remark')} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <SubmitButton submitting={submitting} busyText={t('common.processing')} testId="transfer-submit">
          {t('transfer.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
