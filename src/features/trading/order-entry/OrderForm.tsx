import Decimal from 'decimal.js';
import { useEffect, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, PercentSlider } from '../../../components/index.ts';
import { pickedPriceStore } from '../picked-price.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { INITIAL_FORM, formReducer, type Direction, type PriceType } from './form-state.ts';
import { fundsAsset, validateOrder, volumeForPercent, type BalanceContext, type FieldError, type OrderErrors, type PairRules } from './validate.ts';
import './order-form.css';

export interface OrderRequest {
  direction: Direction;
  priceType: PriceType;
  /** decimal string at the pair's tick (limit orders only) */
  price: string | null;
  /** decimal string at the pair's step */
  volume: string;
}

export interface OrderFormProps {
  rules: PairRules & { symbol: string; listInstrumentId: string };
  /** What an order of each direction may use (spot buys spend quote, sells base). */
  balance: (direction: Direction) => BalanceContext;
  /** Sends the order; resolves when it was accepted (the form then clears the volume). */
  onSubmit: (order: OrderRequest) => Promise<void>;
  /** Shown instead of the submit button (signed out, no key, spot trading forbidden). */
  blockedText?: string | null;
}

function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('orders');
  if (!error) return null;
  return (
    <p className="td-of-error" id={id} role="alert" data-testid={`${id}-error`} data-key={error.key}>
      {t(error.key, error.params ?? {})}
    </p>
  );
}

/**
 * The trade form (spec §3 "Trade form", §4 rules): direction, limit/market, price, volume, percent slider
 * of the available balance, validation with decimal.js before anything is sent, and a confirmation.
 */
export function OrderForm({ rules, balance, onSubmit, blockedText = null }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const [form, dispatch] = useReducer(formReducer, INITIAL_FORM);
  const [errors, setErrors] = useState<OrderErrors>({});
  const [pending, setPending] = useState<OrderRequest | null>(null);
  const [sending, setSending] = useState(false);
  const uid = useId();
  const priceId = `order-price`;
  const volumeId = `order-volume`;

  // A price picked from the order book fills the price (issue 6 picked price), for this pair only.
  useEffect(
    () =>
      pickedPriceStore.subscribe((s, prev) => {
        const picked = s.picked;
        if (!picked || picked === prev.picked || picked.symbol !== rules.symbol || picked.market !== rules.market) return;
        dispatch({ type: 'picked', price: picked.price });
        setErrors({});
      }),
    [rules.symbol, rules.market],
  );

  const ctx = balance(form.direction);
  const limitPrice = (() => {
    try {
      return form.price.trim() === '' ? null : new Decimal(form.price.trim());
    } catch {
      return null;
    }
  })();

  const setPercent = (percent: number) => {
    dispatch({ type: 'percent', percent, volume: volumeForPercent(rules, form.direction, form.priceType, percent, ctx, limitPrice) });
    setErrors(({ volume: _volume, ...rest }) => rest);
  };

  const submit = () => {
    const result = validateOrder(rules, form, ctx);
    setErrors(result.errors);
    if (result.volume === null) return;
    setPending({
      direction: form.direction,
      priceType: form.priceType,
      price: result.price ? result.price.toFixed() : null,
      volume: result.volume.toFixed(),
    });
  };

  const confirm = async () => {
    if (!pending || sending) return;
    setSending(true);
    try {
      await onSubmit(pending);
      setPending(null);
      dispatch({ type: 'volume', volume: '' });
    } catch {
      setPending(null);
    } finally {
      setSending(false);
    }
  };

  const asset = fundsAsset(rules, form.direction);
  const value = pending ? (pending.price ? new Decimal(pending.price) : ctx.referencePrice)?.mul(pending.volume) : null;

  return (
    <form
      className={`td-order-form td-order-form--${form.direction}`}
      data-testid="order-form"
      data-direction={form.direction}
      data-price-type={form.priceType}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="td-of-sides" role="group" aria-label={t('form.title')}>
        {(['buy', 'sell'] as const).map((d) => (
          <button
            key={d}
            type="button"
            className={`td-of-side td-of-side--${d}`}
            aria-pressed={form.direction === d}
            data-testid={`order-direction-${d}`}
            onClick={() => {
              dispatch({ type: 'direction', direction: d });
              setErrors({});
            }}
          >
            {t(d === 'buy' ? 'form.buy' : 'form.sell')}
          </button>
        ))}
      </div>
      <div className="td-of-types" role="group">
        {(['limit', 'market'] as const).map((p) => (
          <button
            key={p}
            type="button"
            className="td-chip"
            aria-pressed={form.priceType === p}
            data-testid={`order-type-${p}`}
            onClick={() => {
              dispatch({ type: 'priceType', priceType: p });
              setErrors({});
            }}
          >
            {t(p === 'limit' ? 'form.limit' : 'form.market')}
          </button>
        ))}
        <span className="td-of-available" data-testid="order-available">
          {t('form.available')} {ctx.available === null ? '--' : ctx.available.toFixed()} {asset}
        </span>
      </div>
      <label className="td-of-field" htmlFor={`${uid}-price`}>
        <span>{t('form.price', { asset: rules.quoteAsset })}</span>
        {form.priceType === 'limit' ? (
          <input
            id={`${uid}-price`}
            data-testid="order-price"
            inputMode="decimal"
            autoComplete="off"
            value={form.price}
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? priceId : undefined}
            onChange={(e) => dispatch({ type: 'price', price: e.target.value })}
          />
        ) : (
          <input id={`${uid}-price`} data-testid="order-price" disabled value={t('form.marketPrice')} readOnly />
        )}
      </label>
      <FieldMessage id={priceId} error={errors.price} />
      <label className="td-of-field" htmlFor={`${uid}-volume`}>
        <span>{t('form.volume', { asset: rules.baseAsset })}</span>
        <input
          id={`${uid}-volume`}
          data-testid="order-volume"
          inputMode="decimal"
          autoComplete="off"
          value={form.volume}
          aria-invalid={errors.volume ? true : undefined}
          aria-describedby={errors.volume ? volumeId : undefined}
          onChange={(e) => dispatch({ type: 'volume', volume: e.target.value })}
        />
      </label>
      <FieldMessage id={volumeId} error={errors.volume} />
      <PercentSlider value={form.percent} onChange={setPercent} ariaLabel={t('form.percent')} disabled={ctx.available === null} />
      {blockedText ? (
        <p className="td-of-blocked" data-testid="order-blocked">
          {blockedText}
        </p>
      ) : (
        <button type="submit" className={`td-of-submit td-of-submit--${form.direction}`} data-testid="order-submit" disabled={sending}>
          {t(form.direction === 'buy' ? 'form.submitBuy' : 'form.submitSell', { asset: rules.baseAsset })}
        </button>
      )}
      <Modal
        visible={pending !== null}
        title={t('form.confirmTitle')}
        onClose={() => setPending(null)}
        onConfirm={() => void confirm()}
        confirmDisabled={sending}
        className="td-of-confirm"
      >
        {pending && <OrderSummary order={pending} rules={rules} value={value} leverage={ctx.leverage} />}
      </Modal>
    </form>
  );
}
