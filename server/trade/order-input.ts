import type Decimal from 'decimal.js';
import type { Side } from './matching.ts';
import type { Pair } from './markets.ts';
import type { OrderType, TimeInForce, WorkingType } from './orders.ts';
import type { PositionSide } from './store.ts';

/** What the routes ask the engine to place (server/trade/routes). */

export interface SpotOrderInput {
  pair: Pair;
  side: Side;
  priceType: 'limit' | 'market' | 'stop_limit';
  price: Decimal | null;
  quantity: Decimal;
  /** stop_limit: the trigger, on the last price (server/trade/README.md "Order types") */
  stopPrice?: Decimal | null;
  /** The client's id for this order: a retry with it returns the first order, placed once. */
  clientOrderId?: string | undefined;
}

export interface FuturesOrderInput extends Omit<SpotOrderInput, 'priceType'> {
  priceType: OrderType;
  positionSide: PositionSide | null;
  reduceOnly: boolean;
  /** stop_limit / stop_market: the trigger and the price it watches (server/trade/README.md "Order types") */
  stopPrice?: Decimal | null;
  workingType?: WorkingType;
  /** limit orders (and stop-limit orders once triggered) */
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  /** take-profit / stop-loss placed with the entry: close-position stop-market orders waiting for the entry's fill */
  takeProfit?: Decimal | null;
  stopLoss?: Decimal | null;
  /** trailing_stop_market: the callback rate in percent (0.1–10) and the optional activation price */
  callbackRate?: Decimal | null;
  activationPrice?: Decimal | null;
}

/** A spot OCO (Binance order list): a limit-maker leg at `price` and a stop-limit leg at `stopPrice` / `stopLimitPrice`. */
export interface SpotOcoInput {
  pair: Pair;
  side: Side;
  quantity: Decimal;
  price: Decimal;
  stopPrice: Decimal;
  stopLimitPrice: Decimal;
}
