import type Decimal from 'decimal.js';
import { badInput } from '../platform/envelope.ts';
import type { Side } from './matching.ts';
import type { TpSl } from './orders.ts';

/**
 * Stop and take-profit/stop-loss triggers (server/trade/README.md "Order types"). Pure: the engine
 * gives the watched price (the simulator's mark or last trade price) and acts on the answer.
 */

/**
 * Which way a stop order fires, from where the watched price is when it is placed: above it, when the price
 * rises to the stop; below it, when it falls to it. A stop at the current price would fire at once and is
 * refused (Binance -2021 "Order would immediately trigger").
 */
export function triggerDirection(stopPrice: Decimal, watched: Decimal, field = 'stopPrice'): boolean {
  if (stopPrice.eq(watched)) throw badInput(field, 'immediateTrigger', `${field} equals the current price: the order would trigger at once`);
  return stopPrice.gt(watched);
}

/** Has the watched price reached the trigger? */
export function crossed(triggerAbove: boolean, stopPrice: Decimal, watched: Decimal): boolean {
  return triggerAbove ? watched.gte(stopPrice) : watched.lte(stopPrice);
}

/**
 * A take-profit / stop-loss of a long (closed by a sell) or a short (closed by a buy): a long's take-profit
 * fires when the price rises to it, its stop-loss when the price falls to it; a short's the other way. A price
 * on the wrong side of the watched price would fire at once and is refused.
 */
export function tpslDirection(kind: TpSl, closingSide: Side, stopPrice: Decimal, watched: Decimal): boolean {
  const field = kind === 'take_profit' ? 'takeProfitPrice' : 'stopLossPrice';
  const above = (kind === 'take_profit') === (closingSide === 'sell');
  if (above ? stopPrice.lte(watched) : stopPrice.gte(watched)) {
    throw badInput(field, 'immediateTrigger', `${field} must be ${above ? 'above' : 'below'} the current price`);
  }
  return above;
}

/**
 * A trailing stop's state (Binance TRAILING_STOP_MARKET): a sell tracks the highest price since activation and
 * fires when the price falls `rate` percent from it; a buy tracks the lowest and fires on a rise of `rate` percent.
 * Without an activation price it is active from placing; with one, once the price reaches it (a sell: rises to it;
 * a buy: falls to it).
 */
export interface Trail {
  sell: boolean;
  rate: Decimal;
  activation: Decimal | null;
  /** the best price since activation; null: not active yet */
  extreme: Decimal | null;
}

/** The price a trailing stop fires at from its best price. */
export function trailTrigger(t: Pick<Trail, 'sell' | 'rate'>, extreme: Decimal): Decimal {
  const ratio = t.rate.div(100);
  return t.sell ? extreme.mul(ratio.neg().add(1)) : extreme.mul(ratio.add(1));
}

/** One price of the watched stream: activates, moves the best price, and answers whether the stop fires now. */
export function trailStep(t: Trail, price: Decimal): boolean {
  if (t.extreme === null) {
    if (t.activation !== null && !(t.sell ? price.gte(t.activation) : price.lte(t.activation))) return false;
    t.extreme = price;
    return false;
  }
  if (t.sell ? price.gt(t.extreme) : price.lt(t.extreme)) t.extreme = price;
  const trigger = trailTrigger(t, t.extreme);
  return t.sell ? price.lte(trigger) : price.gte(trigger);
}
