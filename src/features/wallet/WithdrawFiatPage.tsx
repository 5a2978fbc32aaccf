import Decimal from 'decimal.js';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatQuantity } from '../../lib/format/index.ts';
import { AmountField, fieldBinder, FormMessage, SelectField, SubmitButton, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { HelpLink, type HelpArticleId } from '../help/shared.ts';
import { fiatApi, type FiatAssetInfo, type FiatBookEntry, type FiatWithdrawal } from './api.ts';
import { AssetPicker } from './AssetPicker.tsx';
import { describeWalletError } from './errors.ts';
import { FeeFailed } from './FeeFailed.tsx';
import { checkFiatWithdraw, parseAmount } from './fiat-form.ts';
import { FiatRecentRecords, FiatStatus, maskAccount, timeOf, useFiatAssets } from './FiatParts.tsx';
import { useAssets } from './hooks.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useLockClock } from '../../components/address-book/index.ts';
import { VerifyCodes } from './VerifyCodes.tsx';
import { WalletShell } from './WalletShell.tsx';
import { useWalletArea } from './area.tsx';
import { newRequestId } from '../../lib/api/index.ts';

const FIELDS: readonly ('account' | 'amount')[] = ['account', 'amount'];

type Step = { name: 'form' } | { name: 'verify'; withdrawal: FiatWithdrawal } | { name: 'sent'; withdrawal: FiatWithdrawal };

/**
 * spec §2 wallet/withdraw/fiat/{asset}: a saved bank account (one still in its 24-hour lock says until when), the amount with the fee,
 * what arrives and what the limit of the rolling 24 hours leaves (`getBlockFiatWithdrawRemainingAmount`); then the e-mail and
 * Google codes; then the request waiting for the provider's approval (spec §4 approvalPending → complete or
 * cancelled), which the person may still cancel.
 */
export function WithdrawFiatPage() {
  const { t } = useTranslation('wallet');
  const { asset = '', lang } = useParams();
  const fiats = useFiatAssets();
  const fiat = fiats.data?.find((a) => a.asset === asset) ?? null;
  const assets = useAssets();
  const book = useLoad(() => fiatApi.accounts(asset), [asset]);
  const left = useLoad(() => (fiat ? fiatApi.remaining(asset) : Promise.resolve(null)), [asset, fiat !== null]);
  const records = useLoad(() => fiatApi.records({ pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { type: 'withdraw', asset } }), [asset], 10_000);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const free = useMemo(() => {
    const row = assets.data?.accounts.find((a) => a.accountType === 1)?.balances.find((b) => b.asset === asset);
    return new Decimal(row?.free ?? 0);
  }, [assets.data, asset]);
  const refresh = () => {
    assets.reload();
    left.reload();
    records.reload();
  };

  return (
    <WalletShell title={t('fiat.withdrawTitle', { asset })} actions={<HelpLink article="withdraw/fiat-withdrawal" />}>
      {/* The bank fee comes with the supported currencies (spec §8 "Fee Retrieval Failed"): no form without it. */}
      {fiats.error && !fiats.data ? <FeeFailed onRetry={fiats.reload} retrying={fiats.loading} /> : null}
      {step.name === 'form' ? (
        <div className="td-wallet-form" data-testid="withdraw-fiat">
          {fiats.data ? <AssetPicker assets={fiats.data} current={asset} base="withdraw" kind="fiat" /> : null}
          {fiats.data && !fiat ? <FormMessage text={t('fiat.unsupported', { asset })} /> : null}
          {fiat && book.data ? (
            <WithdrawForm
              fiat={fiat}
              accounts={book.data}
              free={free}
              remaining={left.data ? new Decimal(left.data.remaining) : null}
              resetsAt={left.data?.resetsAt ?? null}
              onSubmitted={(withdrawal) => {
                setStep({ name: 'verify', withdrawal });
                refresh();
              }}
            />
          ) : null}
          {book.error ? <FormMessage text={describeWalletError(t, book.error).message} /> : null}
        </div>
      ) : step.name === 'verify' ? (
        <VerifyCodes
          facts={<Facts withdrawal={step.withdrawal} accounts={book.data ?? []} />}
          emailUuid={step.withdrawal.emailUuid}
          expiresAt={step.withdrawal.expiresAt}
          onBack={() => setStep({ name: 'form' })}
          onResend={async () => (await fiatApi.resendCode(step.withdrawal.withdrawId)).emailUuid}
          area="fiatWithdraw"
          onConfirm={async (codes) => {
            const confirmed = await fiatApi.confirmWithdraw({ withdrawId: step.withdrawal.withdrawId, ...codes });
            setStep({ name: 'sent', withdrawal: confirmed });
            refresh();
          }}
        />
      ) : (
        <SentStep withdrawal={step.withdrawal} accounts={book.data ?? []} onChanged={refresh} onAnother={() => setStep({ name: 'form' })} />
      )}
      <section aria-labelledby="recent-fiat-withdrawals">
        <h2 id="recent-fiat-withdrawals">{t('fiat.recentWithdrawals')}</h2>
        <FiatRecentRecords rows={records.data?.list ?? []} loaded={records.data !== null} type="withdraw" />
        <Link to={`/${lang}/record/fiat/withdraw`}>{t('fiat.allWithdrawals')}</Link>
      </section>
    </WalletShell>
  );
}

function WithdrawForm({
  fiat,
  accounts,
  free,
  remaining,
  resetsAt,
  onSubmitted,
}: {
  fiat: FiatAssetInfo;
  accounts: readonly FiatBookEntry[];
  free: Decimal;
  remaining: Decimal | null;
  resetsAt: string | null;
  onSubmitted: (w: FiatWithdrawal) => void;
}) {
  const { t } = useTranslation('wallet');
  const { lang } = useParams();
  const area = useWalletArea();
  // Re-read when a lock ends, so the account's label loses its "usable from" without a reload.
  const now = useLockClock(accounts.map((entry) => entry.usableAt), 'unlock');
  const [values, setValues] = useState({ account: accounts.length === 1 ? accounts[0]!.id : '', amount: '' });
  const { errors, setErrors, clear, place } = useFieldErrors<'account' | 'amount'>('withdraw', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [help, setHelp] = useState<HelpArticleId | undefined>();
  const { submitting, run } = useSubmit();
  // One request id per withdrawal the person means: a retry after a lost reply moves nothing twice.
  const requestId = useRef(newRequestId());
  const set = (field: 'account' | 'amount') => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
    requestId.current = newRequestId();
  };
  const amount = parseAmount(values.amount);
  const fee = new Decimal(fiat.withdrawFee);
  const receive = amount && amount.gt(fee) ? amount.minus(fee) : null;
  const max = Decimal.min(free, remaining ?? free, fiat.withdrawMax);
  // A locked account is named so, not disabled: this device's clock may differ from the provider's; the sandbox
  // refuses a locked one (10203).
  const accountOption = (a: FiatBookEntry) =>
    Date.parse(a.usableAt) > now
      ? t('fiat.accountOptionLocked', { name: a.name, bank: a.bankName, account: maskAccount(a.accountNumber), time: timeOf(a.usableAt) })
      : t('fiat.accountOption', { name: a.name, bank: a.bankName, account: maskAccount(a.accountNumber) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setHelp(undefined);
    const found = checkFiatWithdraw({ fiat, accountId: values.account, amount: values.amount, free, remaining });
    setErrors(found);
    if (Object.keys(found).length > 0 || !amount) return;
    const outcome = await run(async () => {
      try {
        onSubmitted(await fiatApi.submitWithdraw({ requestId: requestId.current, asset: fiat.asset, addressId: values.account, amount: amount.toFixed() }));
      } catch (error) {
        const described = describeWalletError(t, error, { addressId: 'account', address: 'account' }, 'fiatWithdraw');
        setHelp(described.help);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const bind = fieldBinder(values, set, errors);

  if (accounts.length === 0) {
    return (
      <div className="td-notice td-notice-warning" data-testid="fiat-no-accounts">
        <p>{t('fiat.noAccounts')}</p>
        <Link to={`/${lang}/${area.base}/address/fiatAddress`}>{t('fiat.addAccount')}</Link>
      </div>
    );
  }
  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="fiat-withdraw-form">
      <SelectField
        label={t('fiat.bankAccount')}
        {...bind('account')}
        placeholder={t('withdraw.choose')}
        options={accounts.map((a) => ({ value: a.id, label: accountOption(a) }))}
        hint={<Link to={`/${lang}/${area.base}/address/fiatAddress`}>{t('fiat.manageAccounts')}</Link>}
      />
      <AmountField
        label={t('fiat.amount')}
        {...bind('amount')}
        hint={t('fiat.limits', { min: formatQuantity(fiat.withdrawMin), max: formatQuantity(fiat.withdrawMax), asset: fiat.asset })}
        fill={{ value: max.gt(0) ? max.toFixed() : '0', label: t('withdraw.max'), testId: 'withdraw-max' }}
      />
      <dl className="td-wallet-facts" data-testid="withdraw-summary">
        <dt>{t('fiat.available')}</dt>
        <dd data-testid="withdraw-available">{t('units.amount', { value: formatQuantity(free.toFixed()), asset: fiat.asset })}</dd>
        <dt>{t('fiat.todayLeft')}</dt>
        <dd data-testid="withdraw-remaining">
          {remaining
            ? resetsAt
              ? t('fiat.todayLeftValue', { value: formatQuantity(remaining.toFixed()), asset: fiat.asset, time: timeOf(resetsAt) })
              : t('units.amount', { value: formatQuantity(remaining.toFixed()), asset: fiat.asset })
            : '--'}
        </dd>
        <dt>{t('fiat.fee')}</dt>
        <dd data-testid="withdraw-fee">{t('units.amount', { value: formatQuantity(fiat.withdrawFee), asset: fiat.asset })}</dd>
        <dt>{t('fiat.receive')}</dt>
        <dd data-testid="withdraw-receive">{receive ? t('units.amount', { value: formatQuantity(receive.toFixed()), asset: fiat.asset }) : '--'}</dd>
      </dl>
      <FormMessage text={message} helpLink={help ? <HelpLink article={help} variant="error" /> : null} />
      <SubmitButton submitting={submitting} busyText={t('common.processing')} testId="withdraw-submit">
        {t('withdraw.next')}
      </SubmitButton>
    </form>
  );
}

function Facts({ withdrawal, accounts }: { withdrawal: FiatWithdrawal; accounts: readonly FiatBookEntry[] }) {
  const { t } = useTranslation('wallet');
  const account = accounts.find((a) => a.id === withdrawal.addressId);
  const money = (value: string) => t('units.amount', { value: formatQuantity(value), asset: withdrawal.asset });
  return (
    <dl className="td-wallet-facts" data-testid="withdraw-facts">
      <dt>{t('fiat.bankAccount')}</dt>
      <dd className="td-break">{account ? t('fiat.accountCell', { beneficiary: account.beneficiary, bank: account.bankName, account: account.accountNumber }) : '--'}</dd>
      <dt>{t('fiat.amount')}</dt>
      <dd>{money(withdrawal.amount)}</dd>
      <dt>{t('fiat.fee')}</dt>
      <dd>{money(withdrawal.fee)}</dd>
      <dt>{t('fiat.receive')}</dt>
      <dd data-testid="facts-receive">{money(withdrawal.receive)}</dd>
    </dl>
  );
}

/** After the codes: waiting for the provider's approval, then paid or refused; cancellable until it is decided. */
function SentStep({ withdrawal, accounts, onChanged, onAnother }: { withdrawal: FiatWithdrawal; accounts: readonly FiatBookEntry[]; onChanged: () => void; onAnother: () => void }) {
  const { t } = useTranslation('wallet');
  const recordId = `FW${withdrawal.withdrawId}`;
  const live = useLoad(() => fiatApi.records({ pageCondition: { pageNum: 1, pageSize: 20 }, queryCondition: { type: 'withdraw', asset: withdrawal.asset } }), [withdrawal.asset], 3_000);
  const status = live.data?.list.find((r) => r.recordId === recordId)?.status ?? withdrawal.status;
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const cancel = () =>
    void run(async () => {
      try {
        await fiatApi.cancelWithdraw(withdrawal.withdrawId);
      } catch (error) {
        setMessage(describeWalletError(t, error).message);
      }
      live.reload();
      onChanged();
    });
  return (
    <section className="td-wallet-form" data-testid="withdraw-sent" data-status={status}>
      <p className="td-form-message td-form-message-success" role="status">
        {t('fiat.sent')}
      </p>
      <Facts withdrawal={withdrawal} accounts={accounts} />
      <dl className="td-wallet-facts">
        <dt>{t('columns.status')}</dt>
        <dd data-testid="withdraw-status">
          <FiatStatus status={status} />
        </dd>
      </dl>
      <FormMessage text={message} />
      <div className="td-wallet-actions">
        {status === 'approvalPending' ? (
          <button type="button" className="td-button td-button-danger" disabled={submitting} onClick={cancel} data-testid="withdraw-cancel">
            {t('fiat.cancel')}
          </button>
        ) : null}
        <button type="button" className="td-button td-button-secondary" onClick={onAnother}>
          {t('fiat.another')}
        </button>
      </div>
    </section>
  );
}

/** A new currency in the route starts a new withdrawal: the page remounts with a clean form and request id. */
export default function WithdrawFiatRoute() {
  const { asset = '' } = useParams();
  return <WithdrawFiatPage key={asset} />;
}
