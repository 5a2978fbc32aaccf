import type { Static } from 'typebox';
import type { OrderStatus as OrderStatusSchema, SpotOrderStatus as SpotOrderStatusSchema } from '../../contract/trade.ts';
import type { Dec } from '../platform/decimal.ts';
import { D, ZERO, min } from '../platform/decimal.ts';

/**
 * The matching engine's pure part: walking a book as a taker, the quantity a market event gives a
 * resting order, and the order states of spec §4. No database, no simulator: unit-tested directly.
 *
 * The sandbox trades against the simulator's book without changing it (paper trading): the simulator's
 * market stays deterministic from its seed whatever the users do.
 */
export type Side = 'buy' | 'sell';

/** spec §4 order states (futures spelling; contract/trade.ts). Spot writes the same states with hyphens (see spotStatus). */
export type OrderStatus = Static<typeof OrderStatusSchema>;
export type SpotOrderStatus = Static<typeof SpotOrderStatusSchema>;

export const OPEN_STATUSES: readonly OrderStatus[] = ['submitted', 'running', 'partial_filled'];

export interface Level {
  price: Dec;
  qty: Dec;
}

export interface Fill {
  price: Dec;
  qty: Dec;
  quote: Dec;
  maker: boolean;
}

/**
 * A taker order walking the opposite side of the book (best first): one fill per level until `qty` is
 * done, the book ends or, with a `limit`, the next level is beyond the limit price.
 */
export function walkBook(side: Side, levels: Iterable<Level>, qty: Dec, limit: Dec | null): Fill[] {
  const fills: Fill[] = [];
  let left = qty;
  for (const level of levels) {
    if (left.lte(0)) break;
    if (limit !== null && (side === 'buy' ? level.price.gt(limit) : level.price.lt(limit))) break;
    if (level.qty.lte(0)) continue;
    const take = min(left, level.qty);
    fills.push({ price: level.price, qty: take, quote: take.mul(level.price), maker: false });
    left = left.sub(take);
  }
  return fills;
}

export function sumQty(fills: readonly Fill[]): Dec {
  return fills.reduce((acc, f) => acc.add(f.qty), ZERO);
}

export function sumQuote(fills: readonly Fill[]): Dec {
  return fills.reduce((acc, f) => acc.add(f.quote), ZERO);
}

/** Average price of fills, or null when there are none. */
export function averagePrice(fills: readonly Fill[]): Dec | null {
  const qty = sumQty(fills);
  return qty.isZero() ? null : sumQuote(fills).div(qty);
}

/** A trade printed by the simulator (prices and quantities already in units). */
export interface MarketTrade {
  price: Dec;
  qty: Dec;
  /** Binance `m`: the buyer was the maker, i.e. a seller took liquidity. */
  buyerMaker: boolean;
}

/**
 * Liquidity a market event offers a resting limit order at `price`: the trades that printed through it
 * (a seller hitting bids at or below a resting buy would have hit the buy first, price priority) plus
 * the opposite levels that now cross it. The order fills, as maker at its own price, by at most this.
 */
export function crossingLiquidity(side: Side, price: Dec, trades: Iterable<MarketTrade>, opposite: Iterable<Level>): Dec {
  let total = ZERO;
  for (const t of trades) {
    if (side === 'buy' && t.buyerMaker && t.price.lte(price)) total = total.add(t.qty);
    else if (side === 'sell' && !t.buyerMaker && t.price.gte(price)) total = total.add(t.qty);
  }
  for (const level of opposite) {
    if (side === 'buy' ? level.price.gt(price) : level.price.lt(price)) break;
    total = total.add(level.qty);
  }
  return total;
}

/** State of an order that is still on the book after a fill (or none). */
export function openStatus(quantity: Dec, filled: Dec): OrderStatus {
  if (filled.gte(quantity)) return 'filled';
  return filled.gt(0) ? 'partial_filled' : 'running';
}

/** State of an order taken off the book (cancel, or a market order's unfillable rest). */
export function closedStatus(quantity: Dec, filled: Dec, reason: 'cancel' | 'expire'): OrderStatus {
  if (filled.gte(quantity)) return 'filled';
  if (filled.gt(0)) return 'partial_canceled';
  return reason === 'cancel' ? 'cancelled' : 'expired';
}

export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** spec §4: spot status values are written submitted, running, partial-filled, cancelling, cancelled, partial-canceled, filled. */
export function spotStatus(status: OrderStatus): SpotOrderStatus {
  // The two states with an underscore; the others are spelled alike (contract/trade.ts lists both spellings).
  return status === 'partial_filled' ? 'partial-filled' : status === 'partial_canceled' ? 'partial-canceled' : status;
}

/** Fee of a fill: `amount × rate`, rounded up to 8 decimals (the exchange never undercharges). */
export function feeOf(amount: Dec, rate: Dec): Dec {
  return amount.mul(rate).toDecimalPlaces(8, D.ROUND_UP);
}
