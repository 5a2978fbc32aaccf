import Decimal from 'decimal.js';
import { useEffect, useReducer, useState } from 'react';
import { useOrderConfirm } from '../../../lib/session/order-confirm.ts';
import { pickedPriceStore } from '../picked-price.ts';
import { useFatFingerGate } from './fat-finger.ts';
import { INITIAL_FORM, formReducer, type Direction } from './form-state.ts';
import { refusalKey, type OrderRequest } from './order-request.ts';
import { validateTrailing } from './trailing.ts';
import {
  effectivePrice,
  validateOrder,
  volumeForPercent,
  volumeFromQuote,
  type BalanceContext,
  type OrderErrors,
  type PairRules,
} from './validate.ts';

export type OrderFormRules = PairRules & { symbol: string; listInstrumentId: string };

const parseOrNull = (text: string): Decimal | null => {
  try {
    return text.trim() === '' ? null : new Decimal(text.trim());
  } catch {
    return null;
  }
};

/**
 * The trade form's state (spec §3 "Trade form", §4 rules): the fields, their errors, the sizing price and volume,
 * the order waiting for its confirmation, and sending it.
 */
export function useOrderForm(
  rules: OrderFormRules,
  balance: (direction: Direction, reduceOnly: boolean) => BalanceContext,
  onSubmit: (order: OrderRequest) => Promise<void>,
) {
  const [form, dispatch] = useReducer(formReducer, INITIAL_FORM);
  const [errors, setErrors] = useState<OrderErrors>({});
  const [pending, setPending] = useState<OrderRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const askFirst = useOrderConfirm();

  // A price picked from the order book fills the price (spec §3 "Trade form" price), for this pair only.
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
  // Hedge mode: reduce-only decides the position side the order trades (futures-context.ts).
  const ctx = balance(form.direction, form.reduceOnly);
  const fatFinger = useFatFingerGate<OrderRequest>(rules, ctx.referencePrice);
  const sizingPrice = effectivePrice(form.priceType, parseOrNull(form.price), parseOrNull(form.stopPrice), ctx);
  // Size in USDT (spec §3 "Trade form", USD-M): the base volume it buys at the order's price, floored to the step.
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
    const trailing = form.priceType === 'trailing_stop_market' ? validateTrailing(rules.tickSize, form) : null;
    setErrors({ ...result.errors, ...trailing?.errors });
    if (result.volume === null || (trailing && !trailing.callbackRate)) return;
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
            ...(trailing ? { callbackRate: trailing.callbackRate!.toFixed(), activationPrice: trailing.activationPrice?.toFixed() ?? null } : {}),
          }
        : {
            // Spot: a stop-limit's trigger, and an OCO's stop-limit leg price; a limit or market order carries neither.
            ...(result.stopPrice ? { stopPrice: result.stopPrice.toFixed() } : {}),
            ...(result.stopLimitPrice ? { stopLimitPrice: result.stopLimitPrice.toFixed() } : {}),
          }),
    };
    // spec §3 userInfo.orderConfirmStatus: the confirmation is skipped once the account turned it off ("don't ask again").
    if (askFirst) setPending(order);
    else proceed(order);
  };

  // The fat-finger guard (fat-finger.ts) asks again, with the figures, even when the confirmation is off.
  const proceed = (order: OrderRequest) => {
    if (fatFinger.hold(order, send)) setPending(null);
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

  const value = pending ? (pending.price ? new Decimal(pending.price) : pending.stopPrice ? new Decimal(pending.stopPrice) : ctx.referencePrice)?.mul(pending.volume) : null;

  return { form, dispatch, errors, setErrors, pending, setPending, sending, refused, futures, ctx, sizingPrice, baseVolume, volumeError, setPercent, submit, send, proceed, fatFinger, value };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
