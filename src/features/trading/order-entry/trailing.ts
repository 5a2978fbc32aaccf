import type Decimal from 'decimal.js';
import type { TradeFormState } from './form-state.ts';
import { parseField, type OrderErrors } from './validate.ts';

/**
 * The trailing stop's own fields (USD-M; server/trade/README.md "Order types", Binance TRAILING_STOP_MARKET): the
 * callback rate, 0.1 to 10 percent in steps of 0.1, and an optional activation price at the pair's tick.
 */
export function validateTrailing(
  tickSize: string,
  form: Pick<TradeFormState, 'callbackRate' | 'activationPrice'>,
): { errors: OrderErrors; callbackRate: Decimal | null; activationPrice: Decimal | null } {
  const errors: OrderErrors = {};
  let callbackRate: Decimal | null = null;
  const rate = parseField(form.callbackRate, '0.1');
  if ('error' in rate) errors.callbackRate = rate.error;
  else if (rate.value.lt('0.1') || rate.value.gt(10)) errors.callbackRate = { key: 'errors.callbackRange', params: { min: '0.1', max: '10' } };
  else callbackRate = rate.value;
  let activationPrice: Decimal | null = null;
  if (form.activationPrice.trim() !== '') {
    const parsed = parseField(form.activationPrice, tickSize);
    if ('error' in parsed) errors.activationPrice = parsed.error;
    else activationPrice = parsed.value;
  }
  return { errors, callbackRate, activationPrice };
}
