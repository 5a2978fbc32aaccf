import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatAssetAmount, formatQuantity } from '../../lib/format/index.ts';
import { FormMessage, TextField, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { HelpLink, type HelpArticleId } from '../help/shared.ts';
import { fiatApi, type FiatAssetInfo } from './api.ts';
import { AssetPicker } from './AssetPicker.tsx';
import { describeWalletError, errorMessage } from './errors.ts';
import { checkFiatDeposit, parseAmount } from './fiat-form.ts';
import { CopyRow, FiatRecentRecords, useFiatAssets } from './FiatParts.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { WalletShell } from './WalletShell.tsx';
import { newRequestId } from '../../lib/api/index.ts';

type DeclareField = 'amount' | 'bankReference';
const DECLARE_FIELDS: readonly DeclareField[] = ['amount', 'bankReference'];

/**
 * spec §2 wallet/recharge/fiat/{asset}: the provider's bank account and the person's own reference to quote
 * on the transfer, each with a copy button; then the declaration of a transfer made (amount and the bank's
 * reference), which waits for the provider's approval (spec §4 approvalPending; spec §9 normally T+1); and
 * the latest fiat deposits.
 */
export function RechargeFiatPage() {
  const { t } = useTranslation('wallet');
  const { asset = '', lang } = useParams();
  const assets = useFiatAssets();
  const fiat = assets.data?.find((a) => a.asset === asset) ?? null;
  const info = useLoad(() => (fiat ? fiatApi.depositInfo(asset) : Promise.resolve(null)), [asset, fiat !== null]);
  const records = useLoad(() => fiatApi.records({ pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { type: 'deposit', asset } }), [asset], 10_000);

  return (
    <WalletShell title={t('fiat.depositTitle', { asset })} actions={<HelpLink article="recharge/fiat-deposit" />}>
      {assets.error ? <FormMessage text={describeWalletError(t, assets.error).message} /> : null}
      <div className="td-wallet-form" data-testid="recharge-fiat">
        {assets.data ? <AssetPicker assets={assets.data} current={asset} base="recharge" kind="fiat" /> : null}
        {assets.data && !fiat ? <FormMessage text={t('fiat.unsupported', { asset })} /> : null}
        {info.error ? <FormMessage {...errorMessage(describeWalletError(t, info.error, {}, 'fiatDeposit'))} /> : null}
        {info.data && fiat ? (
          <>
            <div className="td-notice td-notice-warning" data-testid="fiat-deposit-notice">
              <p>{t('fiat.depositSteps', { asset })}</p>
              <p>{t('fiat.settlement')}</p>
            </div>
            <section aria-labelledby="fiat-bank-title">
              <h2 id="fiat-bank-title">{t('fiat.payTo')}</h2>
              <dl className="td-wallet-facts" data-testid="fiat-bank">
                <CopyRow name="reference" label={t('fiat.reference')} value={info.data.reference} />
                <CopyRow name="beneficiary" label={t('fiat.beneficiary')} value={info.data.beneficiary} />
                <CopyRow name="accountNumber" label={t('fiat.accountNumber')} value={info.data.accountNumber} />
                <CopyRow name="bankName" label={t('fiat.bankName')} value={info.data.bankName} />
                <CopyRow name="swift" label={t('fiat.swift')} value={info.data.swift} />
                <CopyRow name="bankAddress" label={t('fiat.bankAddress')} value={info.data.bankAddress} />
                <dt>{t('fiat.depositMin')}</dt>
                <dd>{t('units.amount', { value: formatAssetAmount(info.data.depositMin, asset), asset })}</dd>
              </dl>
            </section>
            <DeclareForm key={asset} fiat={fiat} onDeclared={records.reload} />
          </>
        ) : null}
      </div>
      <section aria-labelledby="recent-fiat-deposits">
        <h2 id="recent-fiat-deposits">{t('fiat.recentDeposits')}</h2>
        <FiatRecentRecords rows={records.data?.list ?? []} loaded={records.data !== null} type="deposit" />
        <Link to={`/${lang}/record/fiat/recharge`}>{t('fiat.allDeposits')}</Link>
      </section>
    </WalletShell>
  );
}

/** "I have made a transfer": the amount and the sending bank's reference, once per transfer (request id). */
function DeclareForm({ fiat, onDeclared }: { fiat: FiatAssetInfo; onDeclared: () => void }) {
  const { t } = useTranslation('wallet');
  const [values, setValues] = useState<Record<DeclareField, string>>({ amount: '', bankReference: '' });
  const { errors, setErrors, clear, place } = useFieldErrors<DeclareField>('declare', DECLARE_FIELDS);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success'; help?: HelpArticleId | undefined } | null>(null);
  const { submitting, run } = useSubmit();
  const requestId = useRef(newRequestId());
  const set = (field: DeclareField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
    requestId.current = newRequestId();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = checkFiatDeposit({ fiat, ...values });
    setErrors(found);
    const amount = parseAmount(values.amount);
    if (Object.keys(found).length > 0 || !amount) return;
    const outcome = await run(async () => {
      try {
        const record = await fiatApi.declareDeposit({ requestId: requestId.current, asset: fiat.asset, amount: amount.toFixed(), bankReference: values.bankReference.trim() });
        // The declaration echoed as the person typed it (its own decimals, grouped), not cut to the currency's.
        setMessage({ text: t('fiat.declared', { amount: formatQuantity(record.amount), asset: record.asset }), tone: 'success' });
        setValues({ amount: '', bankReference: '' });
        requestId.current = newRequestId();
        onDeclared();
      } catch (error) {
        const described = describeWalletError(t, error, {}, 'fiatDeposit');
        if (!place(described.field, described.message)) setMessage({ text: described.message, tone: 'error', help: described.help });
      }
    });
    if (outcome === 'busy') setMessage({ text: t('errors.clickOnce'), tone: 'error' });
  };

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="fiat-declare-title" data-testid="fiat-declare">
      <h2 id="fiat-declare-title">{t('fiat.declareTitle')}</h2>
      <p className="td-field-hint">{t('fiat.declareHint')}</p>
      <TextField name="amount" label={t('fiat.amount')} inputMode="decimal" autoComplete="off" value={values.amount} onValue={set('amount')} error={errors.amount} />
      <TextField
        name="bankReference"
        label={t('fiat.bankReference')}
        autoComplete="off"
        spellCheck={false}
        value={values.bankReference}
        onValue={set('bankReference')}
        error={errors.bankReference}
        hint={t('fiat.bankReferenceHint')}
      />
      {message ? <FormMessage text={message.text} tone={message.tone} helpLink={message.help ? <HelpLink article={message.help} variant="error" /> : null} /> : null}
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="fiat-declare-submit">
        {submitting ? t('common.processing') : t('fiat.declare')}
      </button>
    </form>
  );
}

/** A new currency in the route remounts the page with a clean form. */
export default function RechargeFiatRoute() {
  const { asset = '' } = useParams();
  return <RechargeFiatPage key={asset} />;
}
