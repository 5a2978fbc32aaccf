import Decimal from 'decimal.js';
import { displayNumber, groupThousands, parseAmount } from '../../lib/format/index.ts';
import type { FieldErrors, FieldIssue } from '../../components/form/index.ts';
import { LIMIT_PRICE_DECIMALS, limitBand, limitFromWire, limitToWire, priceShown, shownUnit, type PriceUnit } from '../../../contract/otc-limit-rules.ts';

/** A price as convert shows one (its priceText): every significant digit given, with thousands separators. */
const priceText = (value: string): string => groupThousands(displayNumber(value));

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
  /** As typed, in the unit shown (`limitUnit`): the trader's quote per base, or flipped. */
  limitPrice: string;
  expiry: ExpiryChoice;
  /** The person flipped the limit's unit (base per quote); the trader's unit otherwise. */
  flipped?: boolean;
}

/** The unit the limit is shown and typed in (contract/otc-limit-rules.ts): USDT per BTC whichever side is paid, unless flipped. */
export const limitUnit = (draft: Pick<LimitDraft, 'from' | 'to' | 'flipped'>): PriceUnit => shownUnit(draft.from, draft.to, draft.flipped === true);

/** The typed limit as the wire's toAsset per fromAsset (exact, an inverse rounded in the payer's favour); null while it is no positive price. */
export function wireLimit(draft: LimitDraft): string | null {
  const price = parseAmount(draft.limitPrice.trim());
  if (!price || price.isZero() || price.decimalPlaces() > LIMIT_PRICE_DECIMALS) return null;
  return limitToWire(price.toFixed(), limitUnit(draft), draft.from).toFixed();
}

/** A wire price (toAsset per fromAsset) in `unit`, to show: ten significant digits with thousands separators. */
export const priceIn = (wire: string, unit: PriceUnit, fromAsset: string): string => priceText(priceShown(limitFromWire(wire, unit, fromAsset)));

/**
 * A price the desk quoted or filled at (toAsset per fromAsset on the wire) the way traders read it, whichever side
 * was paid: "1 BTC = 65,062.547 USDT", never "1 USDT = 0.0000153698257 BTC" (the trader's unit, shownUnit).
 */
export function readablePrice(wire: string, fromAsset: string, toAsset: string): { base: string; quote: string; price: string } {
  const unit = shownUnit(fromAsset, toAsset, false);
  return { base: unit.base, quote: unit.quote, price: priceIn(wire, unit, fromAsset) };
}

/** The typed limit after a flip: the same price in the other unit (ten significant digits), or as typed when it is no price. */
export function flippedDraft(draft: LimitDraft): LimitDraft {
  const wire = wireLimit(draft);
  const next = { ...draft, flipped: draft.flipped !== true };
  return wire ? { ...next, limitPrice: priceShown(limitFromWire(wire, limitUnit(next), draft.from)) } : next;
}

/** A band refusal's facts (the sandbox's 400 `priceBand` data or the app's own check), all in the trader's unit. */
export interface BandFacts {
  bandPercent: string;
  reference: string;
  lowest: string;
  highest: string;
  base: string;
  quote: string;
}

/** The band message (otc:limit.errors.band), in the unit the person reads: the trader's as given, or inverted when flipped. */
export function bandIssue(facts: BandFacts, unit: PriceUnit): FieldIssue {
  const band = new Decimal(facts.bandPercent).toFixed(2);
  if (unit.base === facts.base) {
    return { key: 'otc:limit.errors.band', params: { band, reference: priceText(facts.reference), lowest: priceText(facts.lowest), highest: priceText(facts.highest), from: unit.base, to: unit.quote } };
  }
  const inverse = (v: string) => priceText(priceShown(new Decimal(1).div(v)));
  return { key: 'otc:limit.errors.band', params: { band, reference: inverse(facts.reference), lowest: inverse(facts.highest), highest: inverse(facts.lowest), from: unit.base, to: unit.quote } };
}

export type LimitField = 'fromAmount' | 'limitPrice';

/**
 * The delegated order's problems before it is sent, as keys of otc.json: the amount at the paid asset's
 * decimals and within its free balance, the limit price positive, and — when the desk's price for the size is
 * known (`deskPrice`, the indicative quote's toAsset per fromAsset) — within the desk's band of it
 * (contract/otc-limit-rules.ts; the sandbox checks it again against its own price). The 200,000 USD minimum and
 * the user's quote limit are the desk's to check (it values the amount at the books).
 */
export function limitIssues(draft: LimitDraft, decimals: Readonly<Record<string, number>>, available: Decimal | null, deskPrice: string | null = null): FieldErrors<LimitField> {
  const errors: FieldErrors<LimitField> = {};
  const amount = parseAmount(draft.amount.trim());
  const places = decimals[draft.from];
  if (draft.amount.trim() === '') errors.fromAmount = { key: 'otc:errors.required' };
  else if (!amount) errors.fromAmount = { key: 'otc:errors.amountFormat' };
  else if (places !== undefined && amount.decimalPlaces() > places) errors.fromAmount = { key: 'otc:errors.decimals', params: { decimals: places, asset: draft.from } };
  else if (amount.isZero()) errors.fromAmount = { key: 'otc:errors.positive' };
  else if (available && amount.gt(available)) errors.fromAmount = { key: 'otc:errors.insufficient', params: { available: available.toFixed(), asset: draft.from } };
  const price = parseAmount(draft.limitPrice.trim());
  const wire = wireLimit(draft);
  if (draft.limitPrice.trim() === '') errors.limitPrice = { key: 'otc:limit.errors.priceRequired' };
  else if (!price) errors.limitPrice = { key: 'otc:errors.amountFormat' };
  else if (price.decimalPlaces() > LIMIT_PRICE_DECIMALS) errors.limitPrice = { key: 'otc:limit.errors.priceDecimals', params: { decimals: LIMIT_PRICE_DECIMALS } };
  else if (price.isZero() || !wire) errors.limitPrice = { key: 'otc:errors.positive' };
  else if (deskPrice && !limitBand(wire, deskPrice, draft.from, draft.to).within) {
    const band = limitBand(wire, deskPrice, draft.from, draft.to);
    errors.limitPrice = bandIssue({ ...band, base: band.unit.base, quote: band.unit.quote }, limitUnit(draft));
  } else if (!errors.fromAmount && amount && receiveAtLimit(amount.toFixed(), wire, decimals[draft.to] ?? 8) === null) {
    errors.limitPrice = { key: 'otc:limit.errors.tooSmall' };
  }
  return errors;
}

/** What the order receives if it fills at its wire limit (toAsset per fromAsset): amount × limit, rounded down to the received asset's decimals (as the desk does); null when that is nothing. */
export function receiveAtLimit(amount: string, limitPrice: string, toDecimals: number): string | null {
  const a = parseAmount(amount);
  const p = parseAmount(limitPrice);
  if (!a || !p) return null;
  const received = a.times(p).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN);
  return received.gt(0) ? received.toFixed() : null;
}
