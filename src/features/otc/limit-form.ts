import Decimal from 'decimal.js';
import { parseAmount } from '../../lib/format/index.ts';
import type { FieldErrors } from '../../components/form/index.ts';

/** A delegated order's life (the desk takes at most 30 days, server/README.md "OTC"). */
export const EXPIRY_CHOICES = ['1h', '1d', '7d', '30d'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
const HOUR = 3_600_000;
const EXPIRY_MS: Record<ExpiryChoice, number> = { '1h': HOUR, '1d': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };

/** The order's expiry on the desk's clock: its `serverTime` (read just before placing) plus the chosen life. */
export function expiresAtFor(choice: ExpiryChoice, serverNowMs: number): string {
  return new Date(serverNowMs + EXPIRY_MS[choice]).toISOString();
}

export interface LimitDraft {
  from: string;
  to: string;
  amount: string;
  limitPrice: string;
  expiry: ExpiryChoice;
}

export type LimitField = 'fromAmount' | 'limitPrice';

/** Prices are plain decimals up to 18 places (the desk's rule). */
const PRICE_DECIMALS = 18;

/**
 * The delegated order's problems before it is sent, as keys of otc.json: the amount at the paid asset's
 * decimals and within its free balance, the limit price positive. The 200,000 USD minimum and the user's quote
 * limit are the desk's to check (it values the amount at the books); the form shows the value as typed.
 */
export function limitIssues(draft: LimitDraft, decimals: Readonly<Record<string, number>>, available: Decimal | null): FieldErrors<LimitField> {
  const errors: FieldErrors<LimitField> = {};
  const amount = parseAmount(draft.amount.trim());
  const places = decimals[draft.from];
  if (draft.amount.trim() === '') errors.fromAmount = { key: 'otc:errors.required' };
  else if (!amount) errors.fromAmount = { key: 'otc:errors.amountFormat' };
  else if (places !== undefined && amount.decimalPlaces() > places) errors.fromAmount = { key: 'otc:errors.decimals', params: { decimals: places, asset: draft.from } };
  else if (amount.isZero()) errors.fromAmount = { key: 'otc:errors.positive' };
  else if (available && amount.gt(available)) errors.fromAmount = { key: 'otc:errors.insufficient', params: { available: available.toFixed(), asset: draft.from } };
  const price = parseAmount(draft.limitPrice.trim());
  if (draft.limitPrice.trim() === '') errors.limitPrice = { key: 'otc:limit.errors.priceRequired' };
  else if (!price) errors.limitPrice = { key: 'otc:errors.amountFormat' };
  else if (price.decimalPlaces() > PRICE_DECIMALS) errors.limitPrice = { key: 'otc:limit.errors.priceDecimals', params: { decimals: PRICE_DECIMALS } };
  else if (price.isZero()) errors.limitPrice = { key: 'otc:errors.positive' };
  else if (!errors.fromAmount && amount && receiveAtLimit(amount.toFixed(), price.toFixed(), decimals[draft.to] ?? 8) === null) {
    errors.limitPrice = { key: 'otc:limit.errors.tooSmall' };
  }
  return errors;
}

/** What the order receives if it fills at its limit: amount × limit, rounded down to the received asset's decimals (as the desk does); null when that is nothing. */
export function receiveAtLimit(amount: string, limitPrice: string, toDecimals: number): string | null {
  const a = parseAmount(amount);
  const p = parseAmount(limitPrice);
  if (!a || !p) return null;
  const received = a.times(p).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN);
  return received.gt(0) ? received.toFixed() : null;
}
