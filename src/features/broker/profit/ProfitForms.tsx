import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokerWallet } from '../../../../contract/broker-rules.ts';
import { MAX_APPLICATION_REMARK } from '../../../../contract/broker-funds-rules.ts';
import { ALLOT_MODES, MAX_ALLOT_LEGS, splitAllocation, type AllotMode } from '../../../../contract/broker-profit-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { AmountField, fieldBinder, FormMessage, SelectField, SubmitButton, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { profitApi, type Destination, type ExtractPreview, type ProfitApplication, type ProfitFund } from './api.ts';
import { describeProfitError } from './errors.ts';
import { AccountPicker, WalletPicker } from '../money/AccountPicker.tsx';
import { moneyFactors, SecondFactorFields } from '../money/shared.tsx';
import { useStepUp } from '../../../components/step-up/index.ts';
import '../money/locale.ts';
import { AMOUNT, usdt, type FactorField } from './parts.tsx';
import { formatNav } from '../projects/rules.ts';

type WithdrawField = 'toAccountId' | 'amount' | 'remark' | FactorField;
type TransferInField = 'fromAccountId' | 'amount';
const FACTOR_FIELDS: readonly FactorField[] = ['emailCode', 'gaCode'];
/** The fields a refusal is shown beside (the remark's own check runs before any call). */
const WITHDRAW_PLACED: readonly WithdrawField[] = ['toAccountId', 'amount', ...FACTOR_FIELDS];
const TRANSFER_IN_FIELDS: readonly TransferInField[] = ['fromAccountId', 'amount'];

const remarkError = (t: TFunction, remark: string) => (remark.length > MAX_APPLICATION_REMARK ? t('errors.remark', { max: MAX_APPLICATION_REMARK }) : undefined);

function amountError(t: TFunction, value: string, available?: string): string | undefined {
  const amount = value.trim();
  if (!AMOUNT.test(amount) || new Decimal(amount).lte(0)) return t('errors.amount');
  if (available !== undefined && new Decimal(amount).gt(available)) return t('errors.unavailable', { available });
  return undefined;
}

/**
 * Profit withdrawal (spec §7 project/submitExtractInferiorRecord, invokeWithdrawalEmailValidation,
 * addExtractInferiorRecord): a sub-account of the project's exchange and an amount within the available profit,
 * previewed (what stays available, the liability after, the NAV per unit that does not move), then applied for with
 * the e-mail code (and the Google code when bound). The amount is held until another member decides.
 */
export function WithdrawForm({ fund, destinations, gaBound, onApplied }: { fund: ProfitFund; destinations: readonly Destination[]; gaBound: boolean; onApplied: (application: ProfitApplication, text: string) => void }) {
  const { t } = useTranslation('broker-profit');
  const [form, setForm] = useState({ toAccountId: '', amount: '', remark: '' });
  const stepUp = useStepUp({ factors: moneyFactors(gaBound) });
  const [preview, setPreview] = useState<ExtractPreview | null>(null);
  const { errors, setErrors, place } = useFieldErrors<WithdrawField>('profit-withdraw', WITHDRAW_PLACED);
  const [message, setMessage] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();

  const set = (field: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setPreview(null);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const fail = (error: unknown) => {
    const described = describeProfitError(t, error);
    if (!place(described.field, described.message)) setMessage(described.message);
  };
  const checkFields = () => {
    const found: FieldErrors<WithdrawField> = {};
    if (!form.toAccountId) found.toAccountId = t('errors.toRequired');
    const amount = amountError(t, form.amount, fund.available);
    if (amount) found.amount = amount;
    const remark = remarkError(t, form.remark);
    if (remark) found.remark = remark;
    return found;
  };

  const onPreview = async () => {
    setMessage(null);
    const found = checkFields();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      try {
        setPreview(await profitApi.preview({ projectNo: fund.projectNo, toAccountId: form.toAccountId, amount: form.amount.trim() }));
      } catch (error) {
        fail(error);
      }
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = { ...checkFields(), ...stepUp.check() };
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    await run(async () => {
      try {
        const application = await profitApi.withdraw({
          projectNo: fund.projectNo,
          toAccountId: form.toAccountId,
          amount: form.amount.trim(),
          ...(form.remark.trim() ? { remark: form.remark.trim() } : {}),
          requestId,
          ...factors,
        });
        setRequestId(newRequestId());
        setForm({ toAccountId: form.toAccountId, amount: '', remark: '' });
        stepUp.reset();
        setPreview(null);
        onApplied(application, t('withdraw.applied', { id: application.applicationId }));
      } catch (error) {
        fail(error);
      }
    });
  };

  const bind = fieldBinder(form, set, errors);
  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="profit-withdraw-form" aria-labelledby="profit-withdraw-title">
      <h2 id="profit-withdraw-title">{t('withdraw.title')}</h2>
      <AccountPicker name="toAccountId" label={t('withdraw.to')} accounts={destinations} value={form.toAccountId} onChange={set('toAccountId')} error={errors.toAccountId} hint={destinations.length === 0 ? t('withdraw.noDestination') : null} />
      <AmountField label={t('withdraw.amount')} {...bind('amount')} hint={<span data-testid="profit-withdraw-available">{t('availableHint', { amount: usdt(fund.available) })}</span>} />
      <TextField label={t('withdraw.remark')} autoComplete="off" {...bind('remark')} />
      {preview ? (
        <p className="td-field-hint" role="status" data-testid="profit-withdraw-preview">
          {t('withdraw.previewText', { amount: usdt(preview.amount), account: preview.toSubAccountName, after: usdt(preview.availableAfter), payable: usdt(preview.profitPayableAfter), nav: formatNav(preview.nav) })}
        </p>
      ) : null}
      <SecondFactorFields businessType="brokerWithdraw" request={() => profitApi.invoke(fund.projectNo, { kind: 'withdraw', requestId, toAccountId: form.toAccountId, amount: form.amount.trim() })} names={{ emailCode: 'withdrawEmailCode', gaCode: 'withdrawGaCode' }} stepUp={stepUp} errors={errors} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <button type="button" className="td-button td-button-secondary" disabled={submitting} onClick={() => void onPreview()} data-testid="profit-withdraw-preview-button">
          {t('withdraw.preview')}
        </button>
        <SubmitButton submitting={submitting} busyText={t('processing')} testId="profit-withdraw-submit">
          {t('withdraw.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

interface LegDraft {
  toAccountId: string;
  value: string;
}

/**
 * Profit allocation (spec §7 profitAccrual/apply): a total over 2–10 sub-accounts by amounts or percentages, which
 * must add up (the shared rule contract/broker-profit-rules.ts splitAllocation, as the sandbox applies it), with
 * the second factor.
 */
export function AllotForm({ fund, destinations, gaBound, onApplied }: { fund: ProfitFund; destinations: readonly Destination[]; gaBound: boolean; onApplied: (application: ProfitApplication, text: string) => void }) {
  const { t } = useTranslation('broker-profit');
  const [mode, setMode] = useState<AllotMode>('percent');
  const [total, setTotal] = useState('');
  const [legs, setLegs] = useState<LegDraft[]>([
    { toAccountId: '', value: '' },
    { toAccountId: '', value: '' },
  ]);
  const stepUp = useStepUp({ factors: moneyFactors(gaBound) });
  const { errors, setErrors, place } = useFieldErrors<string>('profit-allot', FACTOR_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();

  const setLeg = (index: number, patch: Partial<LegDraft>) => {
    setLegs((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));
    setErrors((e) => ({ ...e, [`leg${index}`]: undefined, [`legTo${index}`]: undefined, legs: undefined }));
  };
  const bodyLegs = legs.map((l) => ({ toAccountId: l.toAccountId, ...(mode === 'amount' ? { amount: l.value.trim() } : { percent: l.value.trim() }) }));
  const sum = legs.reduce((acc, l) => (/^\d+(\.\d+)?$/.test(l.value.trim()) ? acc.plus(l.value.trim()) : acc), new Decimal(0));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: FieldErrors<string> = { ...stepUp.check() };
    const totalError = amountError(t, total, fund.available);
    if (totalError) found.total = totalError;
    legs.forEach((l, i) => {
      if (!l.toAccountId) found[`legTo${i}`] = t('errors.toRequired');
    });
    if (!totalError) {
      const split = splitAllocation(total.trim(), mode, bodyLegs);
      if (!split.ok) {
        if (split.rule === 'leg' && split.index !== undefined) found[`leg${split.index}`] = t('errors.leg');
        else if (split.rule === 'duplicate' && split.index !== undefined) found[`legTo${split.index}`] = t('errors.duplicate');
        else found.legs = t('errors.split');
      }
    }
    const clean = Object.fromEntries(Object.entries(found).filter(([, v]) => v));
    setErrors(clean);
    const factors = stepUp.body();
    if (Object.keys(clean).length > 0 || !factors) return;
    await run(async () => {
      try {
        const application = await profitApi.allot({ projectNo: fund.projectNo, mode, total: total.trim(), legs: bodyLegs, requestId, ...factors });
        setRequestId(newRequestId());
        setTotal('');
        setLegs((ls) => ls.map((l) => ({ ...l, value: '' })));
        stepUp.reset();
        onApplied(application, t('allot.applied', { id: application.applicationId }));
      } catch (error) {
        const described = describeProfitError(t, error);
        if (described.field === 'amount') setErrors({ total: described.message });
        else if (described.field === 'legs' || described.field === 'toAccountId') setErrors({ legs: described.message });
        else if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
  };

  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="profit-allot-form" aria-labelledby="profit-allot-title">
      <h2 id="profit-allot-title">{t('allot.title')}</h2>
      <SelectField<AllotMode> name="allotMode" label={t('allot.mode')} value={mode} onValue={setMode} options={ALLOT_MODES.map((m) => ({ value: m, label: t(`allot.modes.${m}`) }))} />
      <AmountField name="allotTotal" label={t('allot.total')} value={total} onValue={setTotal} error={errors.total} hint={t('availableHint', { amount: usdt(fund.available) })} />
      {legs.map((leg, i) => (
        <div className="td-profit-leg" key={i} data-testid={`profit-allot-leg-${i}`}>
          <AccountPicker name={`allotLegTo${i}`} label={t('allot.legTo', { n: i + 1 })} accounts={destinations} value={leg.toAccountId} onChange={(toAccountId) => setLeg(i, { toAccountId })} error={errors[`legTo${i}`]} />
          <AmountField
            name={`allotLeg${i}`}
            label={mode === 'amount' ? t('allot.legAmount', { n: i + 1 }) : t('allot.legPercent', { n: i + 1 })}
            value={leg.value}
            onValue={(value) => setLeg(i, { value })}
            error={errors[`leg${i}`]}
          />
          {legs.length > 2 ? (
            <button type="button" className="td-link-button" aria-label={t('allot.removeLeg', { n: i + 1 })} onClick={() => setLegs((ls) => ls.filter((_, j) => j !== i))}>
              {t('allot.removeLeg', { n: i + 1 })}
            </button>
          ) : null}
        </div>
      ))}
      <p className="td-field-hint" data-testid="profit-allot-sum">
        {t('allot.sum', { sum: mode === 'amount' ? usdt(sum.toFixed()) : `${sum.toFixed()}%` })}
      </p>
      <FormMessage text={typeof errors.legs === 'string' ? errors.legs : null} />
      {legs.length < MAX_ALLOT_LEGS ? (
        <button type="button" className="td-button td-button-secondary" onClick={() => setLegs((ls) => [...ls, { toAccountId: '', value: '' }])} data-testid="profit-allot-add">
          {t('allot.addLeg')}
        </button>
      ) : null}
      <SecondFactorFields businessType="brokerWithdraw" request={() => profitApi.invoke(fund.projectNo, { kind: 'allot', requestId, mode, total: total.trim(), legs: bodyLegs })} names={{ emailCode: 'allotEmailCode', gaCode: 'allotGaCode' }} stepUp={stepUp} errors={errors} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <SubmitButton submitting={submitting} busyText={t('processing')} testId="profit-allot-submit">
          {t('allot.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * The broker's own money into the project (spec §7 project/addInferiorTransferRecord): from a sub-account of the
 * project's exchange that belongs to no project; held until another member approves, then bought as units.
 */
export function TransferInForm({ fund, destinations, onApplied }: { fund: ProfitFund; destinations: readonly Destination[]; onApplied: (application: ProfitApplication, text: string) => void }) {
  const { t } = useTranslation('broker-profit');
  const [form, setForm] = useState({ fromAccountId: '', fromWallet: 'futures' as BrokerWallet, amount: '' });
  const { errors, setErrors, place } = useFieldErrors<TransferInField>('profit-transfer-in', TRANSFER_IN_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: FieldErrors<TransferInField> = {};
    if (!form.fromAccountId) found.fromAccountId = t('errors.toRequired');
    const amount = amountError(t, form.amount);
    if (amount) found.amount = amount;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      try {
        const application = await profitApi.transferIn({ projectNo: fund.projectNo, fromAccountId: form.fromAccountId, fromWallet: form.fromWallet, amount: form.amount.trim(), requestId });
        setRequestId(newRequestId());
        setForm((f) => ({ ...f, amount: '' }));
        onApplied(application, t('transferIn.applied', { id: application.applicationId }));
      } catch (error) {
        const described = describeProfitError(t, error);
        // describeProfitError puts a destination refusal beside toAccountId: here that is the sub-account the money comes from.
        if (!place(described.field === 'toAccountId' ? 'fromAccountId' : described.field, described.message)) setMessage(described.message);
      }
    });
  };

  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="profit-transfer-in-form" aria-labelledby="profit-transfer-in-title">
      <h2 id="profit-transfer-in-title">{t('transferIn.title')}</h2>
      <p className="td-field-hint">{t('transferIn.intro')}</p>
      <AccountPicker name="fromAccountId" label={t('transferIn.from')} accounts={destinations} value={form.fromAccountId} onChange={(fromAccountId) => setForm((f) => ({ ...f, fromAccountId }))} error={errors.fromAccountId} />
      <WalletPicker name="fromWallet" label={t('transferIn.wallet')} value={form.fromWallet} onChange={(fromWallet) => setForm((f) => ({ ...f, fromWallet }))} />
      <AmountField name="transferInAmount" label={t('transferIn.amount')} value={form.amount} onValue={(amount) => setForm((f) => ({ ...f, amount }))} error={errors.amount} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <SubmitButton submitting={submitting} busyText={t('processing')} testId="profit-transfer-in-submit">
          {t('transferIn.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
