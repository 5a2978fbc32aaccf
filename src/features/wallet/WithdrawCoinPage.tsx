import Decimal from 'decimal.js';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatQuantity } from '../../lib/format/index.ts';
import { AmountField, fieldBinder, FormMessage, SubmitButton, TextField, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { HelpLink, type HelpArticleId } from '../help/shared.ts';
import { walletApi, type BookEntry, type Network, type Withdrawal } from './api.ts';
import { AssetPicker, NetworkPicker } from './AssetPicker.tsx';
import { describeWalletError } from './errors.ts';
import { FeeFailed } from './FeeFailed.tsx';
import { useAssets, useSupportedAssets } from './hooks.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useWalletArea } from './area.tsx';
import { lookalikes } from './lookalike.ts';
import { CoinStatus, ShortValue } from './RecordCells.tsx';
import { RecentRecords } from './RecentRecords.tsx';
import { VerifyCodes } from './VerifyCodes.tsx';
import { CoinWithdrawRules } from './WithdrawRules.tsx';
import { WalletShell } from './WalletShell.tsx';
import { checkWithdrawForm, type WithdrawField } from './withdraw-form.ts';
import { newRequestId } from '../../lib/api/index.ts';

/** The fields a refusal may name; the network's problems come from the form's own check. */
const REFUSAL_FIELDS: readonly WithdrawField[] = ['address', 'amount', 'memo'];

type Step = { name: 'form' } | { name: 'verify'; withdrawal: Withdrawal } | { name: 'sent'; withdrawal: Withdrawal };


/**
 * spec §2 wallet/withdraw/coin/{asset}: network; address typed or picked from the address book, with a
 * warning when it only looks like a saved one; amount with the fee and what arrives; a new address's 24-hour wait,
 * the whitelist's cooling-off and the 24 hours' limit with what is left (WithdrawRules.tsx); then the e-mail and
 * Google codes (spec §6); then the pending withdrawal until the chain pays it or it fails.
 */
export function WithdrawCoinPage() {
  const { t } = useTranslation('wallet');
  const { asset = '', lang } = useParams();
  const area = useWalletArea();
  const supported = useSupportedAssets();
  const assets = useAssets();
  const entry = supported.data?.find((a) => a.asset === asset) ?? null;
  const [picked, setPicked] = useState<Network | null>(null);
  // A coin with one network needs no choice; with several, nothing is shown until one is chosen.
  const network = picked ?? (entry && entry.networks.length === 1 ? entry.networks[0]!.network : null);
  const [values, setValues] = useState({ address: '', memo: '', amount: '' });
  const { errors, setErrors, clear, place } = useFieldErrors<WithdrawField>('withdraw', REFUSAL_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [help, setHelp] = useState<HelpArticleId | undefined>();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const { submitting, run } = useSubmit();
  // One request id per withdrawal the person means: a retry after a lost reply reuses it, so nothing is sent twice.
  const requestId = useRef(newRequestId());

  const info = entry?.networks.find((n) => n.network === network) ?? null;
  const book = useLoad(() => (network ? walletApi.addresses({ asset, network }) : Promise.resolve([] as BookEntry[])), [asset, network]);
  const allBook = useLoad(() => walletApi.addresses({}), []);
  const free = useMemo(() => {
    const row = assets.data?.accounts.find((a) => a.accountType === 1)?.balances.find((b) => b.asset === asset);
    return new Decimal(row?.free ?? 0);
  }, [assets.data, asset]);
  const similar = useMemo(() => lookalikes(values.address, allBook.data ?? []), [values.address, allBook.data]);
  const records = useLoad(() => walletApi.coinRecords({ pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { type: 'withdraw', asset } }), [asset], 5_000);

  const set = (field: 'address' | 'memo' | 'amount') => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
    requestId.current = newRequestId();
  };
  const fee = info ? new Decimal(info.withdrawFee) : null;
  const amount = /^\d+(\.\d+)?$/.test(values.amount.trim()) ? new Decimal(values.amount.trim()) : null;
  const receive = amount && fee && amount.gt(fee) ? amount.minus(fee) : null;
  const bind = fieldBinder<'address' | 'memo' | 'amount'>(values, set, errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setHelp(undefined);
    const found = checkWithdrawForm({ network: info, address: values.address, memo: values.memo, amount: values.amount, free });
    setErrors(found);
    if (Object.keys(found).length > 0 || !network || !info) return;
    const target = {
      asset,
      network,
      address: values.address.trim(),
      amount: new Decimal(values.amount.trim()).toFixed(),
      ...(info.memo && values.memo.trim() ? { memo: values.memo.trim() } : {}),
    };
    const outcome = await run(async () => {
      try {
        await walletApi.validateWithdraw(target);
        const withdrawal = await walletApi.submitWithdraw({ requestId: requestId.current, ...target });
        setStep({ name: 'verify', withdrawal });
      } catch (error) {
        const described = describeWalletError(t, error);
        setHelp(described.help);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <WalletShell title={t('withdraw.title', { asset })} actions={<HelpLink article="withdraw/how-to-withdraw" />}>
      {/* The networks' fees come with the supported assets (spec §8 "Fee Retrieval Failed"): no form without them. */}
      {supported.error && !supported.data ? <FeeFailed onRetry={supported.reload} retrying={supported.loading} /> : null}
      {step.name === 'form' ? (
        <form className="td-wallet-form td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="withdraw-form">
          {supported.data ? <AssetPicker assets={supported.data} current={asset} base="withdraw" /> : null}
          {supported.data && !entry ? <FormMessage text={t('deposit.unsupported', { asset })} /> : null}
          {entry ? (
            <NetworkPicker
              networks={entry.networks}
              value={network}
              onChange={(n) => {
                setPicked(n);
                setErrors({});
                requestId.current = newRequestId();
              }}
              error={typeof errors.network === 'object' ? t(errors.network.key, errors.network.params ?? {}) : errors.network}
            />
          ) : null}
          {info ? (
            <>
              <TextField
                label={t('fields.address')}
                autoComplete="off"
                spellCheck={false}
                {...bind('address')}
                hint={
                  book.data && book.data.length > 0 ? (
                    <BookPicker entries={book.data} onPick={(e) => setValues((v) => ({ ...v, address: e.address, memo: e.memo ?? '' }))} />
                  ) : (
                    <Link to={`/${lang}/${area.base}/address/coinAddress`}>{t('withdraw.addToBook')}</Link>
                  )
                }
              />
              {similar.length > 0 ? (
                <p className="td-notice td-notice-danger" role="alert" data-testid="lookalike-warning">
                  {t('withdraw.lookalike', { names: similar.map((s) => s.name).join(', ') })}
                </p>
              ) : null}
              {info.memo ? <TextField label={t('fields.memo')} autoComplete="off" {...bind('memo')} /> : null}
              <AmountField
                label={t('fields.amount')}
                {...bind('amount')}
                hint={t('withdraw.limits', { min: info.withdrawMin, max: info.withdrawMax, asset })}
                fill={{ value: free.toFixed(), label: t('withdraw.max'), testId: 'withdraw-max' }}
              />
              <dl className="td-wallet-facts" data-testid="withdraw-summary">
                <dt>{t('withdraw.available')}</dt>
                <dd data-testid="withdraw-available">
                  {formatQuantity(free.toFixed())} {asset}
                </dd>
                <dt>{t('withdraw.fee')}</dt>
                <dd data-testid="withdraw-fee">
                  {info.withdrawFee} {asset}
                </dd>
                <dt>{t('withdraw.receive')}</dt>
                <dd data-testid="withdraw-receive">
                  {receive ? formatQuantity(receive.toFixed()) : '--'} {asset}
                </dd>
              </dl>
              <CoinWithdrawRules asset={asset} />
              <FormMessage text={message} helpLink={help ? <HelpLink article={help} variant="error" /> : null} />
              <SubmitButton submitting={submitting} busyText={t('common.processing')} testId="withdraw-submit">
                {t('withdraw.next')}
              </SubmitButton>
            </>
          ) : null}
        </form>
      ) : step.name === 'verify' ? (
        <VerifyStep
          withdrawal={step.withdrawal}
          onBack={() => {
            setStep({ name: 'form' });
            requestId.current = newRequestId();
          }}
          onSent={(withdrawal) => {
            setStep({ name: 'sent', withdrawal });
            assets.reload();
            records.reload();
          }}
        />
      ) : (
        <SentStep
          withdrawal={step.withdrawal}
          onAnother={() => {
            setValues({ address: '', memo: '', amount: '' });
            requestId.current = newRequestId();
            setStep({ name: 'form' });
          }}
        />
      )}
      <section aria-labelledby="recent-withdrawals">
        <h2 id="recent-withdrawals">{t('withdraw.recent')}</h2>
        <RecentRecords rows={records.data?.list ?? []} loaded={records.data !== null} />
        <Link to={`/${lang}/record/coin`}>{t('deposit.allRecords')}</Link>
      </section>
    </WalletShell>
  );
}

function BookPicker({ entries, onPick }: { entries: readonly BookEntry[]; onPick: (entry: BookEntry) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <label className="td-book-picker">
      {t('withdraw.fromBook')}{' '}
      <select
        data-testid="book-picker"
        value=""
        onChange={(e) => {
          const picked = entries.find((entry) => entry.id === e.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="">{t('withdraw.choose')}</option>
        {entries.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {t('withdraw.bookOption', { name: entry.name, head: entry.address.slice(0, 6), tail: entry.address.slice(-6) })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** spec §6: the e-mail and Google codes for the coin withdrawal, with a resend of the e-mail code. */
function VerifyStep({ withdrawal, onBack, onSent }: { withdrawal: Withdrawal; onBack: () => void; onSent: (w: Withdrawal) => void }) {
  return (
    <VerifyCodes
      facts={<WithdrawalFacts withdrawal={withdrawal} />}
      emailUuid={withdrawal.emailUuid}
      expiresAt={withdrawal.expiresAt}
      onBack={onBack}
      onConfirm={async (codes) => onSent(await walletApi.confirmWithdraw({ withdrawId: withdrawal.withdrawId, ...codes }))}
      // The invoke again with the same request id and content sends a fresh e-mail code for this withdrawal.
      onResend={async () =>
        (
          await walletApi.invokeWithdraw({
            requestId: withdrawal.requestId,
            asset: withdrawal.asset,
            network: withdrawal.network,
            address: withdrawal.address,
            amount: withdrawal.amount,
            ...(withdrawal.memo ? { memo: withdrawal.memo } : {}),
          })
        ).emailUuid
      }
    />
  );
}

/** The withdrawal after its codes: pending on the chain, then paid with its transaction id, or failed and returned. */
function SentStep({ withdrawal, onAnother }: { withdrawal: Withdrawal; onAnother: () => void }) {
  const { t } = useTranslation('wallet');
  const recordId = `W${withdrawal.withdrawId}`;
  const live = useLoad(
    () => walletApi.coinRecords({ pageCondition: { pageNum: 1, pageSize: 20 }, queryCondition: { type: 'withdraw', asset: withdrawal.asset } }),
    [withdrawal.asset],
    3_000,
  );
  const row = live.data?.list.find((r) => r.recordId === recordId) ?? null;
  return (
    <section className="td-wallet-form" data-testid="withdraw-sent" data-status={row?.status ?? withdrawal.status}>
      <p className="td-form-message td-form-message-success" role="status">
        {t('withdraw.sent')}
      </p>
      <WithdrawalFacts withdrawal={withdrawal} />
      <dl className="td-wallet-facts">
        <dt>{t('columns.status')}</dt>
        <dd data-testid="withdraw-status">{row ? <CoinStatus row={row} /> : t(`status.${withdrawal.status}`)}</dd>
        <dt>{t('columns.txHash')}</dt>
        <dd data-testid="withdraw-txhash">
          <ShortValue value={row?.txHash ?? withdrawal.txHash} />
        </dd>
      </dl>
      <button type="button" className="td-button td-button-secondary" onClick={onAnother}>
        {t('withdraw.another')}
      </button>
    </section>
  );
}

function WithdrawalFacts({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('wallet');
  return (
    <dl className="td-wallet-facts" data-testid="withdraw-facts">
      <dt>{t('fields.network')}</dt>
      <dd>{withdrawal.network}</dd>
      <dt>{t('fields.address')}</dt>
      <dd className="td-break">{withdrawal.address}</dd>
      <dt>{t('fields.amount')}</dt>
      <dd>
        {formatQuantity(withdrawal.amount)} {withdrawal.asset}
      </dd>
      <dt>{t('withdraw.fee')}</dt>
      <dd>
        {formatQuantity(withdrawal.fee)} {withdrawal.asset}
      </dd>
      <dt>{t('withdraw.receive')}</dt>
      <dd data-testid="facts-receive">
        {formatQuantity(withdrawal.receive)} {withdrawal.asset}
      </dd>
    </dl>
  );
}

/** A new coin in the route starts a new withdrawal: the page remounts with a clean form and request id. */
export default function WithdrawCoinRoute() {
  const { asset = '' } = useParams();
  return <WithdrawCoinPage key={asset} />;
}
