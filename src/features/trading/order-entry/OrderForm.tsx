import Decimal from 'decimal.js';
import { useEffect, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../../contract/codes.ts';
import { Modal, PercentSlider } from '../../../components/index.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { useOrderConfirm } from '../../../lib/session/order-confirm.ts';
import { DontAskAgain } from '../order-confirm.tsx';
import { pickedPriceStore } from '../picked-price.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { FieldMessage } from './FieldMessage.tsx';
import { FuturesEstimates, FuturesOptions } from './FuturesOptions.tsx';
import { INITIAL_FORM, formReducer, isLimitLike, isStop, type Direction, type PriceType, type TimeInForce, type WorkingType } from './form-state.ts';
import {
  effectivePrice,
  fundsAsset,
  validateOrder,
  volumeForPercent,
  volumeFromQuote,
  type BalanceContext,
    type OrderErrors,
  type PairRules,
} from './validate.ts';
import './order-form.css';

export interface OrderRequest {
  direction: Direction;
  priceType: PriceType;
  /** decimal string at the pair's tick (limit and stop-limit orders only) */
  price: string | null;
  /** decimal string at the pair's step */
  volume: string;
  /** USD-M extras (issue 18); left out on spot */
  stopPrice?: string | null;
  workingType?: WorkingType;
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  reduceOnly?: boolean;
  takeProfit?: string | null;
  stopLoss?: string | null;
}

const parseOrNull = (text: string): Decimal | null => {
  try {
    return text.trim() === '' ? null : new Decimal(text.trim());
  } catch {
    return null;
  }
};

/** A refusal of the placed order in the person's language, shown in the form (issue 18); null: the toast says it. */
export function refusalKey(error: unknown): string | null {
  if (!isApiError(error)) return null;
  switch (error.code) {
    case Code.postOnlyWouldCross:
      return 'form.refused.postOnly';
    case Code.positionState:
      return 'form.refused.reduceOnly';
    case Code.insufficientBalance:
      return 'form.refused.balance';
    case Code.noLiquidity:
      return 'form.refused.liquidity';
    default: {
      const data = error.data as { rule?: unknown } | null;
      return data && data.rule === 'immediateTrigger' ? 'form.refused.trigger' : null;
    }
  }
}

/** The side buttons' words: spot 買入/賣出; futures 開多/開空, or 平空/平多 for a reduce-only order (GLOSSARY). */
export function sideLabel(market: 'spot' | 'usdm', direction: Direction, reduceOnly: boolean): string {
  if (market === 'spot') return direction === 'buy' ? 'form.buy' : 'form.sell';
  if (reduceOnly) return direction === 'buy' ? 'form.closeShort' : 'form.closeLong';
  return direction === 'buy' ? 'form.openLong' : 'form.openShort';
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
  const [refused, setRefused] = useState<string | null>(null);
  const askFirst = useOrderConfirm();
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

  const futures = rules.market === 'usdm';
  const ctx = balance(form.direction);
  const sizingPrice = effectivePrice(form.priceType, parseOrNull(form.price), parseOrNull(form.stopPrice), ctx);
  // Size in USDT (issue 18): the base volume it buys at the order's price, floored to the step.
  const baseVolume = futures && form.sizeUnit === 'quote' ? volumeFromQuote(form.volume, sizingPrice, rules.stepSize) : form.volume;

  // "No market price yet" holds only until the price comes: the form then offers the order again.
  const volumeError = errors.volume?.key === 'errors.noReferencePrice' && ctx.referencePrice !== null ? undefined : errors.volume;

  const setPercent = (percent: number) => {
    const base = volumeForPercent(rules, form.direction, form.priceType, percent, ctx, sizingPrice);
    const shown = futures && form.sizeUnit === 'quote' && base !== '' && sizingPrice ? sizingPrice.mul(base).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed() : base;
    dispatch({ type: 'percent', percent, volume: shown });
    setErrors(({ volume: _volume, ...rest }) => rest);
  };

  const submit = () => {
    const result = validateOrder(rules, { ...form, volume: form.volume.trim() === '' ? '' : baseVolume || '0' }, ctx);
    setErrors(result.errors);
    if (result.volume === null) return;
    const order: OrderRequest = {
      direction: form.direction,
      priceType: form.priceType,
      price: result.price ? result.price.toFixed() : null,
      volume: result.volume.toFixed(),
      ...(futures
        ? {
            stopPrice: result.stopPrice ? result.stopPrice.toFixed() : null,
            workingType: form.workingType,
            timeInForce: form.timeInForce,
            postOnly: form.postOnly,
            reduceOnly: form.reduceOnly,
            takeProfit: result.takeProfit ? result.takeProfit.toFixed() : null,
            stopLoss: result.stopLoss ? result.stopLoss.toFixed() : null,
          }
        : {}),
    };
    // spec §3 userInfo.orderConfirmStatus: the confirmation is skipped once the account turned it off ("don't ask again").
    if (askFirst) setPending(order);
    else void send(order);
  };

  const send = async (order: OrderRequest) => {
    if (sending) return;
    setSending(true);
    setRefused(null);
    try {
      await onSubmit(order);
      setPending(null);
      dispatch({ type: 'volume', volume: '' });
    } catch (error) {
      setRefused(refusalKey(error));
      setPending(null);
    } finally {
      setSending(false);
    }
  };

  const asset = fundsAsset(rules, form.direction);
  const value = pending ? (pending.price ? new Decimal(pending.price) : pending.stopPrice ? new Decimal(pending.stopPrice) : ctx.referencePrice)?.mul(pending.volume) : null;
  const types: readonly PriceType[] = futures ? ['limit', 'market', 'stop_limit', 'stop_market'] : ['limit', 'market'];
  const stopId = 'order-stop-price';

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
            {t(sideLabel(rules.market, d, form.reduceOnly))}
          </button>
        ))}
      </div>
      <div className="td-of-types" role="group" aria-label={t('form.confirmType')}>
        {types.map((p) => (
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
            {t(`form.type.${p}`)}
          </button>
        ))}
        <span className="td-of-available" data-testid="order-available">
          {t('form.available')} {ctx.available === null ? '--' : ctx.available.toFixed()} {asset}
        </span>
      </div>
      {isStop(form.priceType) && (
        <>
          <div className="td-of-field">
            <label htmlFor={`${uid}-stop`}>{t('form.stopPrice', { asset: rules.quoteAsset })}</label>
            <div className="td-of-with-unit">
              <input
                id={`${uid}-stop`}
                data-testid="order-stop-price"
                inputMode="decimal"
                autoComplete="off"
                value={form.stopPrice}
                aria-invalid={errors.stopPrice ? true : undefined}
                aria-describedby={errors.stopPrice ? stopId : undefined}
                onChange={(e) => dispatch({ type: 'extras', patch: { stopPrice: e.target.value } })}
              />
              <select
                aria-label={t('form.workingType')}
                data-testid="order-working-type"
                value={form.workingType}
                onChange={(e) => dispatch({ type: 'extras', patch: { workingType: e.target.value as WorkingType } })}
              >
                <option value="MARK_PRICE">{t('form.markPrice')}</option>
                <option value="CONTRACT_PRICE">{t('form.lastPrice')}</option>
              </select>
            </div>
          </div>
          <FieldMessage id={stopId} error={errors.stopPrice} />
        </>
      )}
      <label className="td-of-field" htmlFor={`${uid}-price`}>
        <span>{t('form.price', { asset: rules.quoteAsset })}</span>
        {isLimitLike(form.priceType) ? (
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
      <div className="td-of-field">
        <label htmlFor={`${uid}-volume`}>{t('form.volume', { asset: futures && form.sizeUnit === 'quote' ? rules.quoteAsset : rules.baseAsset })}</label>
        <div className="td-of-with-unit">
          <input
            id={`${uid}-volume`}
            data-testid="order-volume"
            inputMode="decimal"
            autoComplete="off"
            value={form.volume}
            aria-invalid={volumeError ? true : undefined}
            aria-describedby={volumeError ? volumeId : undefined}
            onChange={(e) => dispatch({ type: 'volume', volume: e.target.value })}
          />
          {futures && (
            <select
              aria-label={t('form.sizeUnit')}
              data-testid="order-size-unit"
              value={form.sizeUnit}
              onChange={(e) => dispatch({ type: 'sizeUnit', sizeUnit: e.target.value as 'base' | 'quote' })}
            >
              <option value="base">{rules.baseAsset}</option>
              <option value="quote">{rules.quoteAsset}</option>
            </select>
          )}
        </div>
      </div>
      <FieldMessage id={volumeId} error={volumeError} />
      <PercentSlider value={form.percent} onChange={setPercent} ariaLabel={t('form.percent')} disabled={ctx.available === null} />
      {futures && (
        <>
          <FuturesOptions form={form} dispatch={dispatch} errors={errors} quoteAsset={rules.quoteAsset} />
          <FuturesEstimates rules={rules} form={form} ctx={ctx} price={sizingPrice} volume={baseVolume} />
        </>
      )}
      {refused && (
        <p className="td-of-error td-of-refused" role="alert" data-testid="order-refused">
          {t(refused)}
        </p>
      )}
      {blockedText ? (
        <p className="td-of-blocked" data-testid="order-blocked">
          {blockedText}
        </p>
      ) : (
        <button type="submit" className={`td-of-submit td-of-submit--${form.direction}`} data-testid="order-submit" disabled={sending}>
          {futures ? t(sideLabel('usdm', form.direction, form.reduceOnly)) : t(form.direction === 'buy' ? 'form.submitBuy' : 'form.submitSell', { asset: rules.baseAsset })}
        </button>
      )}
      <Modal
        visible={pending !== null}
        title={t('form.confirmTitle')}
        onClose={() => setPending(null)}
        onConfirm={() => pending && void send(pending)}
        confirmDisabled={sending}
        className="td-of-confirm"
      >
        {pending && <OrderSummary order={pending} rules={rules} value={value} leverage={ctx.leverage} />}
        <DontAskAgain />
      </Modal>
    </form>
  );
}
