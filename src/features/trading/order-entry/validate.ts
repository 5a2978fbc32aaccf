import Decimal from 'decimal.js';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { isLimitLike, isStop, type Direction, type PriceType, type TradeFormState } from './form-state.ts';
import { type Bracket, makeBrackets, type Tiers, tiersFor } from '../../../../contract/futures-brackets.ts';
import { estimateOrder, liquidationAtTick, orderCost, type MarginType, type PositionSide, type RiskAccount } from '../../../../contract/futures-risk.ts';

/** What the form needs of the pair (spec §3 trading pair: tickSize, stepSize and their precisions). */
export interface PairRules {
  market: 'spot' | 'usdm';
  baseAsset: string;
  quoteAsset: string;
  tickSize: string;
  stepSize: string;
  /** The smallest order size in base units, when the venue lists one above a step (OKX minSz, Bybit minOrderQty). */
  minQty?: string;
  /** spec §5 "The exchange has a minimum sell or purchase amount" (NOTIONAL / MIN_NOTIONAL). */
  minNotional?: string;
  /** Upper bounds of the filters (exchangeInfo maxPrice, LOT_SIZE / MARKET_LOT_SIZE maxQty, spot maxNotional for limit orders). */
  maxPrice?: string;
  maxQty?: string;
  marketMaxQty?: string;
  maxNotional?: string;
}

/**
 * What the order may use. Spot: the trade account's free balance of the asset the order spends (quote
 * to buy, base to sell). USD-M: the futures availableBalance (spec §3 capital snapshot) with the leverage
 * and the taker fee rate the sandbox charges on top of the initial margin.
 */
export interface BalanceContext {
  available: Decimal | null;
  /** Price used for market orders (best opposite price, else the last price). */
  referencePrice: Decimal | null;
  leverage?: number;
  takerFeeRate?: Decimal;
  /** USD-M: how much of the order closes the position it trades against (needs no new margin; futures-context.ts). */
  closable?: Decimal;
  /** USD-M: the account the estimated liquidation price runs on (futures-context.ts); without it, a new position on its own margin. */
  risk?: FuturesRisk;
}

export interface FuturesRisk {
  account: RiskAccount;
  /** the side the order trades: BOTH in one-way mode */
  positionSide: PositionSide;
  marginType: MarginType;
  /** the pair's mark price, when a position gives it */
  mark: Decimal | null;
}

export type OrderErrorKey =
  | 'errors.required'
  | 'errors.notNumeric'
  | 'errors.notPositive'
  | 'errors.tooManyDecimals'
  | 'errors.stepMismatch'
  | 'errors.belowMinimum'
  | 'errors.belowMinNotional'
  | 'errors.aboveMaxPrice'
  | 'errors.aboveMaxQty'
  | 'errors.aboveMaxNotional'
  | 'errors.aboveBalance'
  | 'errors.noReferencePrice'
  | 'errors.mustBeAbove'
  | 'errors.mustBeBelow'
  | 'errors.callbackRange';

export interface FieldError {
  key: OrderErrorKey;
  params?: Record<string, string | number>;
}

export interface OrderErrors {
  price?: FieldError;
  volume?: FieldError;
  stopPrice?: FieldError;
  takeProfit?: FieldError;
  stopLoss?: FieldError;
  /** trailing stop (trailing.ts) */
  callbackRate?: FieldError;
  activationPrice?: FieldError;
  /** spot OCO: the stop-limit leg's limit price */
  stopLimitPrice?: FieldError;
}

/** The price an order is sized and checked at: its limit price, a stop-market's trigger, else the reference price. */
export function effectivePrice(priceType: PriceType, price: Decimal | null, stopPrice: Decimal | null, ctx: BalanceContext): Decimal | null {
  if (isLimitLike(priceType)) return price;
  if (priceType === 'stop_market') return stopPrice;
  return ctx.referencePrice;
}

/** A plain decimal written by a person: digits with at most one point (no exponent, no hex, no blanks inside). */
const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

function decimalsOf(size: string): number {
  return new Decimal(size).decimalPlaces();
}

/** Parses one amount field against its step (tickSize or stepSize): a value above zero on the step. */
export function parseField(text: string, step: string): { value: Decimal } | { error: FieldError } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: { key: 'errors.required' } };
  if (!PLAIN.test(trimmed)) return { error: { key: 'errors.notNumeric' } };
  const value = new Decimal(trimmed);
  if (value.lte(0)) return { error: { key: 'errors.notPositive' } };
  const max = decimalsOf(step);
  if (value.decimalPlaces() > max) return { error: { key: 'errors.tooManyDecimals', params: { max } } };
  if (!value.mod(step).isZero()) return { error: { key: 'errors.stepMismatch', params: { step: new Decimal(step).toFixed() } } };
  return { value };
}

/** The quote (or margin) an order of `volume` at `price` needs, to compare with the available balance. */
export function requiredFunds(rules: PairRules, direction: Direction, price: Decimal, volume: Decimal, ctx: BalanceContext): Decimal {
  if (rules.market === 'spot') return direction === 'buy' ? price.mul(volume) : volume;
  const opening = Decimal.max(0, volume.sub(ctx.closable ?? 0));
  return orderCost(opening, volume, price, ctx.leverage ?? 1, ctx.takerFeeRate ?? new Decimal(0));
}

/** The asset `requiredFunds` is counted in. */
export function fundsAsset(rules: PairRules, direction: Direction): string {
  return rules.market === 'spot' && direction === 'sell' ? rules.baseAsset : rules.quoteAsset;
}

/**
 * Checks the form before anything is sent (spec §5: negative, too many decimals, below
 * minimum, above balance, non-numeric → an error beside the field and no order). All arithmetic is
 * decimal.js. Returns the parsed values when there is no error.
 */
export function validateOrder(
  rules: PairRules,
  form: Pick<TradeFormState, 'direction' | 'priceType' | 'price' | 'volume'> &
    Partial<Pick<TradeFormState, 'stopPrice' | 'tpsl' | 'takeProfit' | 'stopLoss' | 'stopLimitPrice'>>,
  ctx: BalanceContext,
): {
  errors: OrderErrors;
  price: Decimal | null;
  volume: Decimal | null;
  stopPrice: Decimal | null;
  takeProfit: Decimal | null;
  stopLoss: Decimal | null;
  stopLimitPrice: Decimal | null;
} {
  const errors: OrderErrors = {};
  const priceField = (text: string, key: 'price' | 'stopPrice' | 'takeProfit' | 'stopLoss' | 'stopLimitPrice'): Decimal | null => {
    const parsed = parseField(text, rules.tickSize);
    if ('error' in parsed) {
      errors[key] = parsed.error;
      return null;
    }
    if (rules.maxPrice && parsed.value.gt(rules.maxPrice)) {
      errors[key] = { key: 'errors.aboveMaxPrice', params: { max: new Decimal(rules.maxPrice).toFixed(), asset: rules.quoteAsset } };
      return null;
    }
    return parsed.value;
  };
  const price = isLimitLike(form.priceType) ? priceField(form.price, 'price') : null;
  const stopPrice = isStop(form.priceType) ? priceField(form.stopPrice ?? '', 'stopPrice') : null;
  const oco = form.priceType === 'oco';
  const stopLimitPrice = oco ? priceField(form.stopLimitPrice ?? '', 'stopLimitPrice') : null;
  // OCO (server/trade/README.md "Order types", Binance's rule): a sell's limit leg above the last price and its stop
  // below it; a buy the other way round.
  if (oco && ctx.referencePrice !== null) {
    const last = ctx.referencePrice.toFixed();
    const sell = form.direction === 'sell';
    if (price !== null && (sell ? price.lte(ctx.referencePrice) : price.gte(ctx.referencePrice))) {
      errors.price = { key: sell ? 'errors.mustBeAbove' : 'errors.mustBeBelow', params: { price: last } };
    }
    if (stopPrice !== null && (sell ? stopPrice.gte(ctx.referencePrice) : stopPrice.lte(ctx.referencePrice))) {
      errors.stopPrice = { key: sell ? 'errors.mustBeBelow' : 'errors.mustBeAbove', params: { price: last } };
    }
  }
  const parsedVolume = parseField(form.volume, rules.stepSize);
  let volume: Decimal | null = null;
  if ('error' in parsedVolume) errors.volume = parsedVolume.error;
  else volume = parsedVolume.value;

  if (volume !== null) {
    // The venue's minimum size (Binance LOT_SIZE minQty, OKX minSz, Bybit minOrderQty), at least one step.
    const minQty = rules.minQty ? Decimal.max(rules.minQty, rules.stepSize) : new Decimal(rules.stepSize);
    if (volume.lt(minQty)) {
      errors.volume = { key: 'errors.belowMinimum', params: { min: minQty.toFixed(), asset: rules.baseAsset } };
    }
    const maxQty = isLimitLike(form.priceType) ? rules.maxQty : (rules.marketMaxQty ?? rules.maxQty);
    if (!errors.volume && maxQty && volume.gt(maxQty)) {
      errors.volume = { key: 'errors.aboveMaxQty', params: { max: new Decimal(maxQty).toFixed(), asset: rules.baseAsset } };
    }
  }
  // An OCO buy holds the dearer leg's quote for both (one hold, server/trade/README.md "Order types").
  const effective = oco && price !== null && stopLimitPrice !== null ? Decimal.max(price, stopLimitPrice) : effectivePrice(form.priceType, price, stopPrice, ctx);
  if (volume !== null && !errors.volume && form.priceType === 'market' && effective === null) {
    errors.volume = { key: 'errors.noReferencePrice' };
  }
  if (volume !== null && !errors.volume && effective !== null) {
    const notional = effective.mul(volume);
    if (rules.minNotional && notional.lt(rules.minNotional)) {
      errors.volume = { key: 'errors.belowMinNotional', params: { min: new Decimal(rules.minNotional).toFixed(), asset: rules.quoteAsset } };
    } else if (form.priceType === 'limit' && rules.maxNotional && notional.gt(rules.maxNotional)) {
      errors.volume = { key: 'errors.aboveMaxNotional', params: { max: new Decimal(rules.maxNotional).toFixed(), asset: rules.quoteAsset } };
    } else if (ctx.available !== null && requiredFunds(rules, form.direction, effective, volume, ctx).gt(ctx.available)) {
      errors.volume = { key: 'errors.aboveBalance', params: { available: formatAssetAmount(ctx.available, fundsAsset(rules, form.direction)), asset: fundsAsset(rules, form.direction) } };
    }
  }
  // Take-profit / stop-loss with the entry (spec §3 "Trade form", USD-M): a long takes profit above its entry and stops below it.
  let takeProfit: Decimal | null = null;
  let stopLoss: Decimal | null = null;
  if (form.tpsl) {
    const tpText = (form.takeProfit ?? '').trim();
    const slText = (form.stopLoss ?? '').trim();
    if (tpText === '' && slText === '') errors.takeProfit = { key: 'errors.required' };
    if (tpText !== '') takeProfit = priceField(tpText, 'takeProfit');
    if (slText !== '') stopLoss = priceField(slText, 'stopLoss');
    const long = form.direction === 'buy';
    const at = effective?.toFixed();
    if (effective && takeProfit && (long ? takeProfit.lte(effective) : takeProfit.gte(effective))) {
      errors.takeProfit = { key: long ? 'errors.mustBeAbove' : 'errors.mustBeBelow', params: { price: at! } };
    }
    if (effective && stopLoss && (long ? stopLoss.gte(effective) : stopLoss.lte(effective))) {
      errors.stopLoss = { key: long ? 'errors.mustBeBelow' : 'errors.mustBeAbove', params: { price: at! } };
    }
  }
  const ok = Object.keys(errors).length === 0;
  return {
    errors,
    price: ok ? price : null,
    volume: ok ? volume : null,
    stopPrice: ok ? stopPrice : null,
    takeProfit: ok ? takeProfit : null,
    stopLoss: ok ? stopLoss : null,
    stopLimitPrice: ok ? stopLimitPrice : null,
  };
}

/**
 * spec §5 percent slider: the volume for `percent` of the available balance, floored to the step so it
 * never asks for more than the balance. Empty when there is no balance or no price to size against.
 */
export function volumeForPercent(rules: PairRules, direction: Direction, priceType: PriceType, percent: number, ctx: BalanceContext, price: Decimal | null): string {
  if (ctx.available === null || ctx.available.lte(0) || percent <= 0) return '';
  const share = ctx.available.mul(percent).div(100);
  const step = new Decimal(rules.stepSize);
  let volume: Decimal;
  if (rules.market === 'spot' && direction === 'sell') volume = share;
  else {
    const at = isLimitLike(priceType) || priceType === 'stop_market' ? price : ctx.referencePrice;
    if (at === null || at.lte(0)) return '';
    if (rules.market === 'spot') volume = share.div(at);
    else {
      // margin + fee per unit: price / leverage + price × taker fee rate
      const perUnit = at.div(ctx.leverage ?? 1).add(at.mul(ctx.takerFeeRate ?? 0));
      volume = share.div(perUnit);
    }
  }
  const floored = volume.div(step).floor().mul(step);
  return floored.lte(0) ? '' : floored.toFixed(step.decimalPlaces());
}

const bracketCache = new Map<Tiers, readonly Bracket[]>();

function bracketsFor(baseAsset: string): readonly Bracket[] {
  const tiers = tiersFor(baseAsset);
  let brackets = bracketCache.get(tiers);
  if (!brackets) {
    brackets = makeBrackets(tiers);
    bracketCache.set(tiers, brackets);
  }
  return brackets;
}

/**
 * Estimated liquidation price of the position once the order has filled at `price`, shown before submitting
 * (spec §2 "Futures trading"): contract/futures-risk.ts, the one the sandbox prices positions with — the held
 * position added to or reduced, the cross wallet with the other positions' maintenance margin and PnL, or the
 * isolated margin; hedge mode's two sides together. At the tick, on the safe side as the position row shows it.
 * Null when the order leaves no position or no price liquidates it.
 */
export function estimatedLiquidation(rules: Pick<PairRules, 'baseAsset' | 'tickSize'> & { symbol: string }, direction: Direction, price: Decimal, qty: Decimal, ctx: BalanceContext): Decimal | null {
  const risk = ctx.risk;
  const { position, liquidation } = estimateOrder(risk?.account ?? { crossWallet: new Decimal(0), positions: [] }, {
    symbol: rules.symbol,
    side: direction,
    positionSide: risk?.positionSide ?? 'BOTH',
    qty,
    price,
    leverage: ctx.leverage ?? 1,
    marginType: risk?.marginType ?? 'isolated',
    takerFeeRate: ctx.takerFeeRate ?? new Decimal(0),
    brackets: bracketsFor(rules.baseAsset),
    ...(risk?.mark ? { mark: risk.mark } : {}),
  });
  return liquidation && liquidationAtTick(liquidation, rules.tickSize, position.size.isPositive());
}

/** An amount of the quote asset as a base volume at `price`, floored to the step ('' when nothing). */
export function volumeFromQuote(amountText: string, price: Decimal | null, stepSize: string): string {
  const text = amountText.trim();
  if (!/^(?:\d+\.?\d*|\.\d+)$/.test(text) || price === null || price.lte(0)) return '';
  const step = new Decimal(stepSize);
  const volume = new Decimal(text).div(price).div(step).floor().mul(step);
  return volume.lte(0) ? '' : volume.toFixed(step.decimalPlaces());
}
