import Decimal from 'decimal.js';
import { CONVERT_DIGITAL, CONVERT_FIAT, type ConvertKind } from '../../contract/convert-rules.ts';
import { instrument } from '../sim/index.ts';
import type { MarketView } from '../trade/index.ts';
import type { Level } from '../trade/index.ts';
import { badInput } from '../platform/envelope.ts';
import { D, ZERO } from '../platform/decimal.ts';

/**
 * The convert desk's prices (server/README.md "Convert": priced from the simulator's live books so quotes are real).
 *
 * Every asset is valued in USDT, the quote asset of the simulator's spot books:
 * - a coin through its `<coin>USDT` spot book, walked for the size (selling walks the bids, buying the asks),
 *   so a large convert pays the depth it would take, as an order would;
 * - USDT is the unit;
 * - a fiat currency at the desk's fixed rate (USD at par with USDT, HKD at the peg), with no depth limit: the
 *   provider settles fiat through its bank.
 * A pair is priced through USDT (BTC → ETH sells BTC for USDT on BTCUSDT and buys ETH with it on ETHUSDT). The
 * provider's spread comes off what the user receives (or onto what the user pays); the fee is zero (spec §9).
 */

export interface ConvertAssetConfig {
  asset: string;
  type: 'digital' | 'fiat';
  /** Decimals an amount carries (the wallet's: USDT's smallest network precision is 6, fiat 2). */
  decimals: number;
  /** Per order, as the from side (spec §5 "a minimum sell or purchase amount"). */
  minAmount: string;
  maxAmount: string;
}

export const CONVERT_ASSETS: readonly ConvertAssetConfig[] = [
  { asset: 'BTC', type: 'digital', decimals: 8, minAmount: '0.0001', maxAmount: '50' },
  { asset: 'ETH', type: 'digital', decimals: 8, minAmount: '0.002', maxAmount: '1000' },
  { asset: 'SOL', type: 'digital', decimals: 8, minAmount: '0.05', maxAmount: '20000' },
  { asset: 'USDT', type: 'digital', decimals: 6, minAmount: '10', maxAmount: '3000000' },
  { asset: 'USD', type: 'fiat', decimals: 2, minAmount: '10', maxAmount: '3000000' },
  { asset: 'HKD', type: 'fiat', decimals: 2, minAmount: '100', maxAmount: '23000000' },
];

// The lists of the contract and this table describe the same assets.
for (const name of [...CONVERT_DIGITAL, ...CONVERT_FIAT]) {
  if (!CONVERT_ASSETS.some((a) => a.asset === name)) throw new Error(`convert asset ${name} has no configuration`);
}

export function convertAsset(asset: string): ConvertAssetConfig | undefined {
  return CONVERT_ASSETS.find((a) => a.asset === asset);
}

/** The desk's settings: spreads per tab, fiat rates per USDT, and each organisation's daily limit in USD. */
export const DESK = {
  spread: { coin: new D('0.001'), fiat: new D('0.002') } satisfies Record<ConvertKind, Decimal>,
  /** Units of the currency per USDT. */
  fiatPerUsdt: { USD: new D('1'), HKD: new D('7.8') } as Record<string, Decimal>,
  dailyLimitUsd: new D('5000000'),
};

export class NoLiquidity extends Error {}

/** A quote request: a pair and exactly one side's amount (convert's and OTC's). */
export interface QuoteRequest {
  fromAsset: string;
  toAsset: string;
  fromAmount?: string | undefined;
  toAmount?: string | undefined;
}

/**
 * The side a quote request fixes and its amount, checked where it enters: exactly one of fromAmount and toAmount,
 * greater than zero, and no finer than its asset's decimals (400 naming the field otherwise).
 */
export function fixedSide(body: QuoteRequest, from: { decimals: number }, to: { decimals: number }): { side: 'from' | 'to'; amount: Decimal } {
  if ((body.fromAmount === undefined) === (body.toAmount === undefined)) {
    throw badInput(body.fromAmount === undefined ? 'fromAmount' : 'toAmount', 'oneSide', 'Give either fromAmount or toAmount');
  }
  const side = body.fromAmount !== undefined ? 'from' : 'to';
  const field = `${side}Amount`;
  const amount = new D((side === 'from' ? body.fromAmount : body.toAmount)!);
  const decimals = (side === 'from' ? from : to).decimals;
  if (amount.lte(0)) throw badInput(field, 'positive', `${field} must be greater than zero`);
  if (amount.decimalPlaces() > decimals) throw badInput(field, 'decimals', `${field} has more than ${decimals} decimals`);
  return { side, amount };
}

/** Walks `levels` until `target` of the given measure (base quantity or quote amount) is covered: both totals. */
function walk(levels: Iterable<Level>, target: Decimal, measure: 'base' | 'quote'): { base: Decimal; quote: Decimal } {
  let base = ZERO;
  let quote = ZERO;
  for (const level of levels) {
    if (level.qty.lte(0)) continue;
    const done = measure === 'base' ? base : quote;
    const left = target.sub(done);
    if (left.lte(0)) break;
    const levelQuote = level.qty.mul(level.price);
    const room = measure === 'base' ? level.qty : levelQuote;
    if (room.gte(left)) {
      const take = measure === 'base' ? left : left.div(level.price);
      base = base.add(take);
      quote = quote.add(take.mul(level.price));
      return { base, quote };
    }
    base = base.add(level.qty);
    quote = quote.add(levelQuote);
  }
  throw new NoLiquidity(`the book cannot cover ${target.toFixed()} (${measure})`);
}

export class DeskPricer {
  constructor(private readonly view: MarketView) {}

  private book(asset: string) {
    const inst = instrument('spot', `${asset}USDT`);
    if (!inst) throw new Error(`no spot book for ${asset}`);
    return inst;
  }

  /** USDT received for selling `amount` of `asset`. */
  usdtForSelling(asset: string, amount: Decimal): Decimal {
    if (asset === 'USDT') return amount;
    const rate = DESK.fiatPerUsdt[asset];
    if (rate) return amount.div(rate);
    return walk(this.view.opposite(this.book(asset), 'sell'), amount, 'base').quote;
  }

  /** `asset` bought with `usdt`. */
  boughtWithUsdt(asset: string, usdt: Decimal): Decimal {
    if (asset === 'USDT') return usdt;
    const rate = DESK.fiatPerUsdt[asset];
    if (rate) return usdt.mul(rate);
    return walk(this.view.opposite(this.book(asset), 'buy'), usdt, 'quote').base;
  }

  /** USDT it costs to buy `amount` of `asset`. */
  usdtToBuy(asset: string, amount: Decimal): Decimal {
    if (asset === 'USDT') return amount;
    const rate = DESK.fiatPerUsdt[asset];
    if (rate) return amount.div(rate);
    return walk(this.view.opposite(this.book(asset), 'buy'), amount, 'base').quote;
  }

  /** `asset` to sell to receive `usdt`. */
  sellForUsdt(asset: string, usdt: Decimal): Decimal {
    if (asset === 'USDT') return usdt;
    const rate = DESK.fiatPerUsdt[asset];
    if (rate) return usdt.mul(rate);
    return walk(this.view.opposite(this.book(asset), 'sell'), usdt, 'quote').base;
  }

  /** The USD value of an amount at the desk's selling price (the daily limit's and the OTC minimum's measure). */
  usdValue(asset: string, amount: Decimal): Decimal {
    return this.usdtForSelling(asset, amount);
  }

  /** A holding's USD value to show: at the books' price for its size, or at the best bid when it is deeper than the book. */
  holdingUsd(asset: string, amount: Decimal): Decimal {
    if (amount.isZero()) return ZERO;
    try {
      return this.usdtForSelling(asset, amount);
    } catch (error) {
      if (!(error instanceof NoLiquidity)) throw error;
    }
    const best = this.view.opposite(this.book(asset), 'sell').next();
    return best.done ? ZERO : amount.mul(best.value.price);
  }
}

export interface Priced {
  fromAmount: Decimal;
  toAmount: Decimal;
  /** toAsset per fromAsset before the spread, for this size. */
  marketPrice: Decimal;
  price: Decimal;
  inversePrice: Decimal;
  spread: Decimal;
  /** The from side in USDT at the books' price: the daily limit's measure. */
  usdValue: Decimal;
}

const significant = (value: Decimal) => value.toSignificantDigits(10, Decimal.ROUND_HALF_UP);

/**
 * A quote for `fromAsset` → `toAsset` with one side fixed, less `spread` (convert's per tab, or OTC's). The other side is rounded against the user to its
 * asset's decimals (received rounds down, paid rounds up), so the provider never pays out more than the
 * quoted price. Throws NoLiquidity when the books cannot take the size.
 */
export function priceConvert(
  pricer: DeskPricer,
  spread: Decimal,
  from: { asset: string; decimals: number },
  to: { asset: string; decimals: number },
  fixed: { side: 'from' | 'to'; amount: Decimal },
): Priced {
  const keep = new D(1).sub(spread);
  let fromAmount: Decimal;
  let toAmount: Decimal;
  let usdValue: Decimal;
  let gross: Decimal;
  if (fixed.side === 'from') {
    fromAmount = fixed.amount;
    usdValue = pricer.usdtForSelling(from.asset, fromAmount);
    gross = pricer.boughtWithUsdt(to.asset, usdValue);
    toAmount = gross.mul(keep).toDecimalPlaces(to.decimals, Decimal.ROUND_DOWN);
  } else {
    toAmount = fixed.amount;
    const usdt = pricer.usdtToBuy(to.asset, toAmount);
    const needed = pricer.sellForUsdt(from.asset, usdt);
    fromAmount = needed.div(keep).toDecimalPlaces(from.decimals, Decimal.ROUND_UP);
    usdValue = pricer.usdtForSelling(from.asset, fromAmount);
    gross = toAmount.div(keep);
  }
  if (toAmount.lte(0) || fromAmount.lte(0)) throw new NoLiquidity('the amount converts to nothing');
  const marketPrice = significant(fixed.side === 'from' ? gross.div(fromAmount) : toAmount.div(fromAmount.mul(keep)));
  return {
    fromAmount,
    toAmount,
    marketPrice,
    price: significant(toAmount.div(fromAmount)),
    inversePrice: significant(fromAmount.div(toAmount)),
    spread,
    usdValue,
  };
}
