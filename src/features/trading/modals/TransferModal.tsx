import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import { formatAssetAmount, hasMoreThan8Decimals } from '../../../lib/format/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import { ACCOUNT_KINDS, DEFAULT_TRANSFER, chooseFrom, chooseTo, transferCode, type AccountKind } from './transfer-codes.ts';

const PLAIN = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * spec §3 "Transfer state" (asset, exchange, transferFrom, transferTo, visibility) and spec §4 direction
 * codes; the default is capital → trade unless the opener names another direction.
 */
export function TransferModal(props: {
  visible: boolean;
  onClose: () => void;
  onDone?: () => void;
  keyId: string | null;
  initial?: { from: AccountKind; to: AccountKind };
  asset?: string;
}) {
  const { visible, onClose, onDone, keyId, initial = DEFAULT_TRANSFER, asset = 'USDT' } = props;
  const { t } = useTranslation('orders');
  const [route, setRoute] = useState<{ from: AccountKind; to: AccountKind }>(initial);
  const [amount, setAmount] = useState('');
  const [available, setAvailable] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = transferCode(route.from, route.to);

  useEffect(() => {
    if (!visible || !code) return;
    let alive = true;
    tradeApi
      .transferAvailable(asset, code, keyId ?? undefined)
      .then((r) => alive && setAvailable(r.available))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [visible, code, asset, keyId]);

  const submit = async () => {
    const text = amount.trim();
    if (!PLAIN.test(text) || new Decimal(text).lte(0) || hasMoreThan8Decimals(text)) {
      setError(t('errors.transferAmount'));
      return;
    }
    if (available !== null && new Decimal(text).gt(available)) {
      setError(t('errors.transferAbove', { available: formatAssetAmount(available, asset), asset }));
      return;
    }
    if (!code) return;
    setBusy(true);
    try {
      await tradeApi.transfer(asset, code, text, keyId ?? undefined);
      showToast({ severity: 'success', text: t('transfer.done', { amount: text, asset }) });
      setAmount('');
      onDone?.();
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal visible={visible} title={t('transfer.title')} onClose={onClose} onConfirm={() => void submit()} confirmDisabled={busy}>
      <div className="td-transfer" data-testid="transfer-modal" data-code={code ?? ''}>
        <AccountSelect label={t('transfer.from')} testId="transfer-from" value={route.from} onChange={(k) => setRoute(chooseFrom(route, k))} />
        <AccountSelect label={t('transfer.to')} testId="transfer-to" value={route.to} onChange={(k) => setRoute(chooseTo(route, k))} />
        <label>
          {t('transfer.amount')}
          <input
            data-testid="transfer-amount"
            inputMode="decimal"
            value={amount}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(null);
            }}
          />
        </label>
        <p className="td-muted" data-testid="transfer-available">
          {t('transfer.available', { available: available === null ? '--' : formatAssetAmount(available, asset), asset })}
        </p>
        {error && (
          <p className="td-of-error" role="alert" data-testid="transfer-error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** One side of the transfer: the three account types of spec §3. */
function AccountSelect(props: { label: string; testId: string; value: AccountKind; onChange: (kind: AccountKind) => void }) {
  const { t } = useTranslation('orders');
  return (
    <label>
      {props.label}
      <select data-testid={props.testId} value={props.value} onChange={(e) => props.onChange(e.target.value as AccountKind)}>
        {ACCOUNT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`accounts.${k}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
