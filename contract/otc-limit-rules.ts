import Decimal from 'decimal.js';
import { OTC_LIMIT_BAND } from './otc-rules.ts';

/**
 * A delegated order's limit price in both directions (spec §1 delegated mode; contract/otc.ts addLimitOrder), one
 * implementation for the sandbox (server/otc) and the app (src/features/otc).
 *
 * On the wire the limit is `toAsset per one fromAsset` (what each unit paid must at least bring). Traders read a
 * pair as `quote per one base` — USDT per BTC whether they buy or sell BTC — so the form shows and takes the limit
 * in that direction (or flipped, if the person prefers) and converts it exactly: the same unit as the wire is
 * taken as typed; the inverse is 1 / typed, rounded to the wire's 18 decimals upward, so that the order never
 * fills at a price worse than the one typed (paying USDT for BTC at most 64,000 USDT per BTC means at least
 * 1/64,000 BTC per USDT).
 */

/** A price's unit: `quote` per one `base`. */
export interface PriceUnit {
  base: string;
  quote: string;
}

/** The wire's decimals for a limit price (contract/otc.ts, the desk's rule). */
export const LIMIT_PRICE_DECIMALS = 18;

/** Exact enough for an inverse of 18 decimals of a price of up to 18 decimals (40 significant digits). */
const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });

/** Currencies pairs are quoted in, in the order traders prefer them as the quote: fiat, then the stablecoin, then BTC, then ETH. */
const QUOTE_PREFERENCE = ['HKD', 'USD', 'USDT', 'BTC', 'ETH', 'SOL'];
const preference = (asset: string) => {
  const at = QUOTE_PREFERENCE.indexOf(asset);
  return at === -1 ? QUOTE_PREFERENCE.length : at;
};

/** The unit traders read a pair's price in, whichever side is paid: BTC/USDT as USDT per BTC, ETH/BTC as BTC per ETH, USDT/HKD as HKD per USDT. */
export function traderUnit(fromAsset: string, toAsset: string): PriceUnit {
  return preference(toAsset) <= preference(fromAsset) ? { base: fromAsset, quote: toAsset } : { base: toAsset, quote: fromAsset };
}

/** The wire's unit: toAsset per one fromAsset. */
export const wireUnit = (fromAsset: string, toAsset: string): PriceUnit => ({ base: fromAsset, quote: toAsset });

export const flipUnit = (unit: PriceUnit): PriceUnit => ({ base: unit.quote, quote: unit.base });

/** The unit the form shows: the trader's, or flipped. */
export const shownUnit = (fromAsset: string, toAsset: string, flipped: boolean): PriceUnit => {
  const unit = traderUnit(fromAsset, toAsset);
  return flipped ? flipUnit(unit) : unit;
};

const isWire = (unit: PriceUnit, fromAsset: string) => unit.base === fromAsset;

/** A positive price typed in `unit` as the wire's limit (toAsset per fromAsset): as typed, or the inverse rounded up to 18 decimals. */
export function limitToWire(price: Decimal.Value, unit: PriceUnit, fromAsset: string): Decimal {
  const typed = new Dec(price);
  if (isWire(unit, fromAsset)) return new Decimal(typed.toFixed());
  return new Decimal(new Dec(1).div(typed).toDecimalPlaces(LIMIT_PRICE_DECIMALS, Decimal.ROUND_UP).toFixed());
}

/** A wire price (toAsset per fromAsset) in `unit`, unrounded (60 significant digits) when it is the inverse. */
export function limitFromWire(wire: Decimal.Value, unit: PriceUnit, fromAsset: string): Decimal {
  const value = new Dec(wire);
  if (isWire(unit, fromAsset)) return new Decimal(value.toFixed());
  return new Decimal(new Dec(1).div(value).toFixed());
}

/**
 * A price to show in a unit: eight significant digits, as plain decimal text. The desk gives prices at ten
 * significant digits in the wire's direction; their inverse at ten would show noise (1 / 0.00001538461538 is
 * 65,000.00002), at eight it reads 65,000.
 */
export const priceShown = (value: Decimal.Value): string => new Dec(value).toSignificantDigits(8, Decimal.ROUND_HALF_UP).toFixed();

/** A limit as compared: ten significant digits, which give back a typed price of up to ten digits exactly after its inverse. */
const limitCompared = (value: Decimal.Value) => new Dec(value).toSignificantDigits(10, Decimal.ROUND_HALF_UP);

/** Where a limit stands against the desk's price, all in the trader's unit, as plain decimal text. */
export interface LimitBand {
  within: boolean;
  unit: PriceUnit;
  /** The band as a percentage ("20"). */
  bandPercent: string;
  limit: string;
  reference: string;
  lowest: string;
  highest: string;
}

/**
 * The band check of a delegated order (OTC_LIMIT_BAND): its wire limit against the desk's own price for its size
 * (the indicative `price`, toAsset per fromAsset, the one the desk fills at), compared in the trader's unit — a
 * band in one fixed direction, so the app and the sandbox refuse exactly the same limits whichever side is paid.
 * The limit is taken at ten significant digits in that unit, so a price typed is compared as typed; the reference
 * as shown (eight), and the bounds are that reference × (1 ± band) rounded inward to the reference's decimals,
 * exactly as the message names them.
 */
export function limitBand(wireLimit: Decimal.Value, wireReference: Decimal.Value, fromAsset: string, toAsset: string): LimitBand {
  const unit = traderUnit(fromAsset, toAsset);
  const band = new Dec(OTC_LIMIT_BAND);
  const limit = limitCompared(limitFromWire(wireLimit, unit, fromAsset));
  const reference = new Dec(priceShown(limitFromWire(wireReference, unit, fromAsset)));
  // Inward to the reference's own decimals, so that the bounds read as plainly as the price they frame.
  const places = reference.decimalPlaces();
  const lowest = reference.mul(new Dec(1).sub(band)).toDecimalPlaces(places, Decimal.ROUND_UP);
  const highest = reference.mul(new Dec(1).add(band)).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  return {
    within: limit.gte(lowest) && limit.lte(highest),
    unit,
    bandPercent: band.mul(100).toFixed(),
    limit: limit.toFixed(),
    reference: reference.toFixed(),
    lowest: lowest.toFixed(),
    highest: highest.toFixed(),
  };
}
