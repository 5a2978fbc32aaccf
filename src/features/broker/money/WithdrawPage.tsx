import Decimal from 'decimal.js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokerWallet } from '../../../../contract/broker-rules.ts';
import { MAX_APPLICATION_REMARK } from '../../../../contract/broker-funds-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { AmountField, fieldBinder, FormMessage, SelectField, SubmitButton, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { useStepUp } from '../../../components/step-up/index.ts';
import { useAccountInfo } from '../../account/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { AccountPicker, WalletPicker } from './AccountPicker.tsx';
import { accountApi, fundApi, type WithdrawAddress } from './api.ts';
import { describeMoneyError } from './errors.ts';
import { AMOUNT, amountText, moneyFactors, SecondFactorFields, type FactorField } from './shared.tsx';
import './locale.ts';
import './money.css';

type WithdrawField = 'fromAccountId' | 'fromWallet' | 'asset' | 'network' | 'addressId' | 'amount' | 'remark' | FactorField;
const FIELDS: readonly WithdrawField[] = ['fromAccountId', 'fromWallet', 'asset', 'network', 'addressId', 'amount', 'remark', 'emailCode', 'gaCode'];
const addressText = (a: WithdrawAddress) => [a.name, a.address, a.memo].filter(Boolean).join(' · ');

/**
 * brokers-withdraw (spec §2 broker manager; spec §5 whitelist; spec §7 deposit/listWithdrawProduct,
 * listWithdrawMethod, listWithdrawAddress, fundTransfer/apply): a withdrawal from a sub-account's wallet
 * to a whitelisted address of its exchange, within the network's limits and decimals, with the fee shown, and the
 * second factor (the e-mail code, and the Google code when bound). It is an application: the amount is held until
 * another member approves it on the transfer page (spec §4 maker-checker).
 */
export default function WithdrawPage() {
  return (
    <BrokerOnly>
      <Withdraw />
    </BrokerOnly>
  );
}

function Withdraw() {
  const { t } = useTranslation('broker-money');
  const info = useAccountInfo();
  const gaBound = Boolean(info?.gaBound);
  const accounts = useLoad(() => accountApi.list(), []);
  const [form, setForm] = useState({ fromAccountId: '', fromWallet: 'spot' as BrokerWallet, asset: '', network: '', addressId: '', amount: '', remark: '' });
  const stepUp = useStepUp({ factors: moneyFactors(gaBound) });
  const { errors, setErrors, place } = useFieldErrors<WithdrawField>('withdraw', FIELDS);
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();
  const products = useLoad(async () => (form.fromAccountId ? fundApi.products(form.fromAccountId) : []), [form.fromAccountId]);
  const methods = useLoad(async () => (form.asset ? fundApi.methods(form.asset) : []), [form.asset]);
  const addresses = useLoad(
    async () => (form.fromAccountId && form.asset ? fundApi.addresses({ brokerAccountId: form.fromAccountId, asset: form.asset, ...(form.network ? { network: form.network } : {}) }) : []),
    [form.fromAccountId, form.asset, form.network],
  );
  const product = products.data?.find((p) => p.asset === form.asset);
  const method = methods.data?.find((m) => m.network === form.network);
  const address = addresses.data?.find((a) => a.addressId === form.addressId);
  const free = product?.balances.find((b) => b.wallet === form.fromWallet)?.free ?? '0';
  const fee = method ? (address?.addressType === 'master' ? method.masterFee : method.fee) : '0';

  const set = <K extends keyof typeof form>(field: K) => (value: (typeof form)[K]) => {
    setForm((f) => ({
      ...f,
      [field]: value,
      ...(field === 'fromAccountId' ? { asset: '', network: '', addressId: '' } : {}),
      ...(field === 'asset' ? { network: '', addressId: '' } : {}),
      ...(field === 'network' ? { addressId: '' } : {}),
    }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const check = (): FieldErrors<WithdrawField> => {
    const found: FieldErrors<WithdrawField> = {};
    if (!form.fromAccountId) found.fromAccountId = t('errors.fromRequired');
    if (!form.asset) found.asset = t('errors.assetRequired');
    if (!form.network) found.network = t('errors.networkRequired');
    if (!form.addressId) found.addressId = t('errors.addressRequired');
    const amount = form.amount.trim();
    if (!AMOUNT.test(amount) || new Decimal(amount).lte(0)) found.amount = t('errors.amount');
    else if (method && (new Decimal(amount).lt(method.min) || new Decimal(amount).gt(method.max))) found.amount = t('errors.amountLimits', { min: method.min, max: method.max, asset: form.asset });
    else if (method && new Decimal(amount).decimalPlaces() > method.decimals) found.amount = t('errors.decimals', { decimals: method.decimals });
    else if (new Decimal(amount).gt(free)) found.amount = t('errors.insufficient');
    if (form.remark.length > MAX_APPLICATION_REMARK) found.remark = t('errors.remark', { max: MAX_APPLICATION_REMARK });
    return { ...found, ...stepUp.check() };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = check();
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        const application = await fundApi.apply({
          type: 'withdraw',
          fromAccountId: form.fromAccountId,
          fromWallet: form.fromWallet,
          asset: form.asset,
          amount: form.amount.trim(),
          addressId: form.addressId,
          ...(form.remark.trim() ? { remark: form.remark.trim() } : {}),
          requestId,
          ...factors,
        });
        setRequestId(newRequestId());
        setForm((f) => ({ ...f, amount: '', remark: '' }));
        stepUp.reset();
        products.reload();
        setNotice({ text: t('withdraw.applied', { id: application.applicationId }), tone: 'success' });
      } catch (error) {
        const described = describeMoneyError(t, error);
        stepUp.learn(error);
        if (!place(described.field, described.message)) setNotice({ text: described.message, tone: 'error' });
      }
    });
    if (outcome === 'busy') setNotice({ text: t('account:errors.clickOnce'), tone: 'error' });
  };

  const receive = method && AMOUNT.test(form.amount.trim()) ? Decimal.max(new Decimal(form.amount.trim()).minus(fee), 0).toFixed() : null;
  const bind = fieldBinder<'asset' | 'network' | 'addressId' | 'amount' | 'remark'>(form, set, errors);
  const assetOptions = (products.data ?? []).map((p) => ({ value: p.asset, label: p.asset }));
  const networkOptions = (methods.data ?? []).filter((m) => !product || product.networks.includes(m.network)).map((m) => ({ value: m.network, label: m.label }));
  const addressOptions = (addresses.data ?? []).map((a) => ({ value: a.addressId, label: addressText(a) }));
  const facts = (
    <span data-testid="withdraw-facts">
      {t('withdraw.facts', {
        free: form.asset ? amountText(free, form.asset) : '-',
        fee: form.asset ? amountText(fee, form.asset) : '-',
        receive: receive && form.asset ? amountText(receive, form.asset) : '-',
      })}
    </span>
  );
  return (
    <div className="td-broker-money" data-testid="broker-withdraw">
      <div className="td-broker-money-head">
        <h1>{t('withdraw.title')}</h1>
        <p className="td-field-hint">{t('withdraw.intro')}</p>
      </div>
      <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
      <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="withdraw-form" aria-labelledby="withdraw-form-title">
        <h2 id="withdraw-form-title">{t('withdraw.formTitle')}</h2>
        <AccountPicker name="fromAccountId" label={t('common.subAccount')} accounts={accounts.data ?? []} value={form.fromAccountId} onChange={set('fromAccountId')} error={errors.fromAccountId} />
        <WalletPicker name="fromWallet" label={t('withdraw.wallet')} value={form.fromWallet} onChange={set('fromWallet')} error={errors.fromWallet} />
        <SelectField label={t('common.asset')} {...bind('asset')} placeholder={t('withdraw.choose')} options={assetOptions} />
        <SelectField label={t('withdraw.network')} {...bind('network')} placeholder={t('withdraw.choose')} options={networkOptions} />
        <SelectField label={t('withdraw.address')} {...bind('addressId')} placeholder={t('withdraw.choose')} options={addressOptions} hint={form.asset && addresses.data?.length === 0 ? t('withdraw.noAddress') : null} />
        <AmountField label={t('withdraw.amount')} {...bind('amount')} hint={facts} />
        <TextField label={t('transfer.remark')} autoComplete="off" {...bind('remark')} />
        <SecondFactorFields
          businessType="brokerWithdraw"
          // The code approves only this application (its requestId and content, server/broker/code-operations.ts).
          request={() => fundApi.invoke('brokerWithdraw', { kind: 'withdraw', requestId, fromAccountId: form.fromAccountId, fromWallet: form.fromWallet, asset: form.asset, amount: form.amount.trim(), addressId: form.addressId })}
          stepUp={stepUp}
          errors={errors}
        />
        <div className="td-broker-money-actions">
          <SubmitButton submitting={submitting} busyText={t('common.processing')} testId="withdraw-submit">
            {t('withdraw.submit')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
