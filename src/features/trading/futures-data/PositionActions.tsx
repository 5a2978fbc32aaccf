import Decimal from 'decimal.js';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../../contract/codes.ts';
import { PageModal } from '../modals/PageModal.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast/index.ts';
import type { Pair } from '../../market/index.ts';
import { FieldMessage } from '../order-entry/FieldMessage.tsx';
import { validateOrder, type FieldError, type OrderErrors } from '../order-entry/validate.ts';
import { tradeApi, type PositionView } from './trade-api.ts';

type Dialog = 'close' | 'tpsl' | 'margin' | null;

const keyOf = (keyId: string | null) => (keyId ? { exchangeKeyId: keyId } : {});

/**
 * A position's actions beside its market close (spec §2 "Futures trading" positions): a limit or partial close, its take-profit /
 * stop-loss, and (isolated) adding or removing margin. Each asks in a dialog and says what happened.
 */
export function PositionActions({ position, rules, keyId, onDone }: { position: PositionView; rules: Pair | null; keyId: string | null; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState<Dialog>(null);
  if (!rules || rules.symbol !== position.instrumentId) return null;
  const done = (text: string) => {
    showToast({ severity: 'success', text });
    setOpen(null);
    onDone();
  };
  const tp = position.takeProfitPrice ?? null;
  const sl = position.stopLossPrice ?? null;
  return (
    <>
      {(tp || sl) && (
        <span className="td-position-tpsl" data-testid="position-tpsl-prices" data-tp={tp ?? ''} data-sl={sl ?? ''}>
          {tp && `${t('form.takeProfitShort')} ${tp}`}
          {tp && sl && ' / '}
          {sl && `${t('form.stopLossShort')} ${sl}`}
        </span>
      )}
      <button type="button" className="td-link" data-testid="position-close-dialog" onClick={() => setOpen('close')}>
        {t('position.closeSome')}
      </button>
      <button type="button" className="td-link" data-testid="position-tpsl" onClick={() => setOpen('tpsl')}>
        {t('form.tpsl')}
      </button>
      {position.marginType === 'isolated' && (
        <button type="button" className="td-link" data-testid="position-margin" onClick={() => setOpen('margin')}>
          {t('position.adjustMargin')}
        </button>
      )}
      {open === 'close' && <CloseDialog position={position} rules={rules} keyId={keyId} onCancel={() => setOpen(null)} onDone={done} />}
      {open === 'tpsl' && <TpSlDialog position={position} rules={rules} keyId={keyId} onCancel={() => setOpen(null)} onDone={done} />}
      {open === 'margin' && <MarginDialog position={position} keyId={keyId} onCancel={() => setOpen(null)} onDone={done} />}
    </>
  );
}

interface DialogProps {
  position: PositionView;
  keyId: string | null;
  onCancel: () => void;
  onDone: (text: string) => void;
}

/** A limit or market close of all or part of the position (reduce-only: it never opens the other way). */
function CloseDialog({ position, rules, keyId, onCancel, onDone }: DialogProps & { rules: Pair }) {
  const { t } = useTranslation('orders');
  const hedge = useSession((s) => s.positionSide === 'hedge');
  const uid = useId();
  const [type, setType] = useState<'limit' | 'market'>('limit');
  const [price, setPrice] = useState(position.markPrice);
  const [volume, setVolume] = useState(position.volume);
  const [errors, setErrors] = useState<{ price?: FieldError; volume?: FieldError }>({});
  const [sending, setSending] = useState(false);
  const direction = position.direction === 'long' ? 'sell' : 'buy';
  const step = new Decimal(rules.stepSize);

  const submit = async () => {
    const checked = validateOrder(rules, { direction, priceType: type, price, volume }, { available: null, referencePrice: new Decimal(position.markPrice) });
    const next = { ...checked.errors };
    if (!next.volume && checked.volume && checked.volume.gt(position.volume)) {
      next.volume = { key: 'errors.aboveMaxQty', params: { max: position.volume, asset: rules.baseAsset } };
    }
    setErrors(next);
    if (next.price || next.volume || sending) return;
    setSending(true);
    try {
      if (type === 'market') {
        await tradeApi.closePosition({ instrumentId: position.instrumentId, positionSide: position.positionSide, volume, ...keyOf(keyId) });
      } else {
        await tradeApi.sendOrder('usdm', {
          instrumentId: position.instrumentId,
          direction,
          priceType: 'limit',
          price,
          volume,
          ...(hedge ? { positionSide: position.positionSide } : { reduceOnly: true }),
          ...keyOf(keyId),
        });
      }
      onDone(t('position.closePlaced'));
    } catch {
      // the API client's toast says why
    } finally {
      setSending(false);
    }
  };

  return (
    <PageModal visible title={t('position.closeTitle', { pair: position.instrumentId })} onClose={onCancel} onConfirm={() => void submit()} confirmDisabled={sending} className="td-position-dialog">
      <div className="td-of-types" role="group" aria-label={t('form.confirmType')}>
        {(['limit', 'market'] as const).map((p) => (
          <button key={p} type="button" className="td-chip" aria-pressed={type === p} data-testid={`close-type-${p}`} onClick={() => setType(p)}>
            {t(`form.type.${p}`)}
          </button>
        ))}
      </div>
      {type === 'limit' && (
        <>
          <label className="td-of-field" htmlFor={`${uid}-price`}>
            <span>{t('form.price', { asset: rules.quoteAsset })}</span>
            <input id={`${uid}-price`} data-testid="close-price" inputMode="decimal" value={price} aria-invalid={errors.price ? true : undefined} onChange={(e) => setPrice(e.target.value)} />
          </label>
          <FieldMessage id="close-price-msg" error={errors.price} />
        </>
      )}
      <label className="td-of-field" htmlFor={`${uid}-volume`}>
        <span>{t('form.volume', { asset: rules.baseAsset })}</span>
        <input id={`${uid}-volume`} data-testid="close-volume" inputMode="decimal" value={volume} aria-invalid={errors.volume ? true : undefined} onChange={(e) => setVolume(e.target.value)} />
      </label>
      <div className="td-position-shares" role="group" aria-label={t('form.percent')}>
        {[25, 50, 75, 100].map((share) => (
          <button
            key={share}
            type="button"
            className="td-chip"
            data-testid={`close-share-${share}`}
            onClick={() => setVolume(new Decimal(position.volume).mul(share).div(100).div(step).floor().mul(step).toFixed(step.decimalPlaces()))}
          >
            {share}%
          </button>
        ))}
      </div>
      <FieldMessage id="close-volume-msg" error={errors.volume} />
      <p className="td-position-note" data-testid="close-summary">
        {t(position.direction === 'long' ? 'position.closeLongSummary' : 'position.closeShortSummary', { volume, asset: rules.baseAsset })}
      </p>
    </PageModal>
  );
}

/** The position's take-profit / stop-loss (either may be left empty: none). */
function TpSlDialog({ position, rules, keyId, onCancel, onDone }: DialogProps & { rules: Pair }) {
  const { t } = useTranslation('orders');
  const uid = useId();
  const [takeProfit, setTakeProfit] = useState(position.takeProfitPrice ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLossPrice ?? '');
  const [workingType, setWorkingType] = useState<'MARK_PRICE' | 'CONTRACT_PRICE'>('MARK_PRICE');
  const [errors, setErrors] = useState<{ takeProfit?: FieldError | undefined; stopLoss?: FieldError | undefined }>({});
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const empty = takeProfit.trim() === '' && stopLoss.trim() === '';
    const checked = empty
      ? { errors: {} as OrderErrors }
      : validateOrder(
          rules,
          { direction: position.direction === 'long' ? 'buy' : 'sell', priceType: 'market', price: '', volume: position.volume, tpsl: true, takeProfit, stopLoss },
          { available: null, referencePrice: new Decimal(position.markPrice) },
        );
    const next = { takeProfit: checked.errors.takeProfit, stopLoss: checked.errors.stopLoss };
    setErrors(next);
    if (next.takeProfit || next.stopLoss || sending) return;
    setSending(true);
    try {
      await tradeApi.positionTpSl({
        instrumentId: position.instrumentId,
        positionSide: position.positionSide,
        // Left out: none (the sandbox clears that one).
        ...(takeProfit.trim() ? { takeProfitPrice: takeProfit.trim() } : {}),
        ...(stopLoss.trim() ? { stopLossPrice: stopLoss.trim() } : {}),
        workingType,
        ...keyOf(keyId),
      });
      onDone(t('position.tpslSaved'));
    } catch {
      // the API client's toast says why
    } finally {
      setSending(false);
    }
  };

  return (
    <PageModal visible title={t('position.tpslTitle', { pair: position.instrumentId })} onClose={onCancel} onConfirm={() => void submit()} confirmDisabled={sending} className="td-position-dialog">
      <p className="td-position-note">{t('position.tpslHint', { mark: position.markPrice, entry: position.entryPrice })}</p>
      {(
        [
          ['takeProfit', takeProfit, setTakeProfit],
          ['stopLoss', stopLoss, setStopLoss],
        ] as const
      ).map(([key, value, set]) => (
        <div key={key}>
          <label className="td-of-field" htmlFor={`${uid}-${key}`}>
            <span>{t(`form.${key}`, { asset: rules.quoteAsset })}</span>
            <input id={`${uid}-${key}`} data-testid={`tpsl-${key}`} inputMode="decimal" value={value} aria-invalid={errors[key] ? true : undefined} onChange={(e) => set(e.target.value)} />
          </label>
          <FieldMessage id={`tpsl-${key}-msg`} error={errors[key]} />
        </div>
      ))}
      <label className="td-of-field" htmlFor={`${uid}-working`}>
        <span>{t('form.workingType')}</span>
        <select id={`${uid}-working`} data-testid="tpsl-working-type" value={workingType} onChange={(e) => setWorkingType(e.target.value as typeof workingType)}>
          <option value="MARK_PRICE">{t('form.markPrice')}</option>
          <option value="CONTRACT_PRICE">{t('form.lastPrice')}</option>
        </select>
      </label>
    </PageModal>
  );
}

/** Add or remove isolated margin; removing more than the position can spare is refused with the removable amount. */
function MarginDialog({ position, keyId, onCancel, onDone }: DialogProps) {
  const { t } = useTranslation('orders');
  const uid = useId();
  const [kind, setKind] = useState<1 | 2>(1);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const text = amount.trim();
    if (!/^(?:\d+\.?\d{0,8}|\.\d{1,8})$/.test(text) || new Decimal(text).lte(0)) {
      setError(t('errors.transferAmount'));
      return;
    }
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await tradeApi.positionMargin({ instrumentId: position.instrumentId, positionSide: position.positionSide, amount: text, type: kind, ...keyOf(keyId) });
      onDone(t(kind === 1 ? 'position.marginAdded' : 'position.marginRemoved', { amount: text }));
    } catch (e) {
      if (isApiError(e) && e.code === Code.positionState && e.data && typeof e.data === 'object' && 'removable' in e.data) {
        setError(t('position.marginRemovable', { amount: String((e.data as { removable: unknown }).removable) }));
      } else if (isApiError(e) && e.code === Code.insufficientBalance) setError(t('form.refused.balance'));
    } finally {
      setSending(false);
    }
  };

  return (
    <PageModal visible title={t('position.marginTitle', { pair: position.instrumentId })} onClose={onCancel} onConfirm={() => void submit()} confirmDisabled={sending} className="td-position-dialog">
      <div className="td-of-types" role="group" aria-label={t('position.adjustMargin')}>
        {([1, 2] as const).map((k) => (
          <button key={k} type="button" className="td-chip" aria-pressed={kind === k} data-testid={`margin-kind-${k}`} onClick={() => setKind(k)}>
            {t(k === 1 ? 'position.addMargin' : 'position.removeMargin')}
          </button>
        ))}
      </div>
      <p className="td-position-note" data-testid="margin-current">
        {t('position.currentMargin', { margin: position.margin })}
      </p>
      <label className="td-of-field" htmlFor={`${uid}-amount`}>
        <span>{t('position.marginAmount')}</span>
        <input id={`${uid}-amount`} data-testid="margin-amount" inputMode="decimal" value={amount} aria-invalid={error ? true : undefined} onChange={(e) => setAmount(e.target.value)} />
      </label>
      {error && (
        <p className="td-of-error" role="alert" data-testid="margin-error">
          {error}
        </p>
      )}
    </PageModal>
  );
}
