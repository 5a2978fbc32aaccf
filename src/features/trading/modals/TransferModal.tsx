import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import { formatAssetAmount, formatQuantity, hasMoreThan8Decimals } from '../../../lib/format/index.ts';
import { useTheme } from '../../../lib/theme/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import { tradeApi } from '../futures-data/trade-api.ts';
import './modals.css';
import { ACCOUNT_KINDS, ACCOUNT_TYPE_OF, DEFAULT_TRANSFER, chooseFrom, chooseTo, transferAssets, transferCode, type AccountKind } from './transfer-codes.ts';

const PLAIN = /^(?:\d+\.?\d*|\.\d+)$/;
/** spec §4 transfer amounts: at most 8 decimals. */
const TRANSFER_DECIMALS = 8;

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
  const { visible, onClose, onDone, keyId, initial = DEFAULT_TRANSFER, asset: initialAsset = 'USDT' } = props;
  const { t } = useTranslation('orders');
  const theme = useTheme();
  const [route, setRoute] = useState<{ from: AccountKind; to: AccountKind }>(initial);
  const [chosen, setChosen] = useState(initialAsset);
  const [held, setHeld] = useState<readonly string[]>([]);
  const [amount, setAmount] = useState('');
  const [available, setAvailable] = useState<{ key: string; value: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = transferCode(route.from, route.to);
  // The assets the source account holds (spec §7 account balance query); the USD-M account moves USDT only.
  const assets = transferAssets(route, held, chosen);
  const asset = assets.includes(chosen) ? chosen : (assets[0] ?? chosen);
  const availableKey = `${code}:${asset}`;
  const availableNow = available?.key === availableKey ? available.value : null;

  useEffect(() => {
    if (!visible) return;
    let alive = true;
    tradeApi
      .balances(ACCOUNT_TYPE_OF[route.from])
      .then((rows) => alive && setHeld(rows.flatMap((r) => r.balances.filter((b) => new Decimal(b.free).gt(0)).map((b) => b.asset))))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [visible, route.from]);

  useEffect(() => {
    if (!visible || !code) return;
    let alive = true;
    tradeApi
      .transferAvailable(asset, code, keyId ?? undefined)
      .then((r) => alive && setAvailable({ key: `${code}:${asset}`, value: r.available }))
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
    if (availableNow !== null && new Decimal(text).gt(availableNow)) {
      setError(t('errors.transferAbove', { available: formatAssetAmount(availableNow, asset), asset }));
      return;
    }
    if (!code) return;
    setBusy(true);
    try {
      await tradeApi.transfer(asset, code, text, keyId ?? undefined);
      showToast({ severity: 'success', text: t('transfer.done', { amount: formatQuantity(text), asset }) });
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
    <Modal visible={visible} theme={theme} title={t('transfer.title')} onClose={onClose} onConfirm={() => void submit()} confirmDisabled={busy}>
      <div className="td-transfer" data-testid="transfer-modal" data-code={code ?? ''}>
        <AccountSelect label={t('transfer.from')} testId="transfer-from" value={route.from} onChange={(k) => setRoute(chooseFrom(route, k))} />
        <AccountSelect label={t('transfer.to')} testId="transfer-to" value={route.to} onChange={(k) => setRoute(chooseTo(route, k))} />
        <label>
          {t('transfer.asset')}
          <select
            data-testid="transfer-asset"
            value={asset}
            onChange={(e) => {
              setChosen(e.target.value);
              setAmount('');
              setError(null);
            }}
          >
            {assets.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('transfer.amount')}
          <span className="td-transfer-amount">
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
            <button
              type="button"
              className="td-pick"
              data-testid="transfer-max"
              disabled={availableNow === null || new Decimal(availableNow).lte(0)}
              onClick={() => {
                // The whole transferable amount, cut (never rounded up) to the decimals a transfer takes.
                if (availableNow !== null) setAmount(new Decimal(availableNow).toDecimalPlaces(TRANSFER_DECIMALS, Decimal.ROUND_DOWN).toFixed());
                setError(null);
              }}
            >
              {t('buttons.max')}
            </button>
          </span>
        </label>
        <p className="td-muted" data-testid="transfer-available">
          {t('transfer.available', { available: availableNow === null ? '--' : formatAssetAmount(availableNow, asset), asset })}
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
