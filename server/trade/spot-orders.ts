import type Decimal from 'decimal.js';
import type { Queryable } from '../platform/db/client.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { badInput } from '../platform/envelope.ts';
import { TradeCode, tradeError } from '../platform/refusals.ts';
import { Entry, post } from '../ledger/ledger.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import type { Pair } from './markets.ts';
import { checkNotional } from './order-checks.ts';
import type { SpotOcoInput, SpotOrderInput } from './order-input.ts';
import { insertOrder, priorOrder, saveOrder, type OrderRow } from './orders.ts';
import { sumQuote, walkBook, type Fill } from './matching.ts';
import { settings } from './store.ts';
import { ledgerAccounts, type TradeAcct } from './venue-accounts.ts';
import { triggerDirection } from './triggers.ts';

/**
 * Spot orders as the engine places them, inside its transaction (server/trade/README.md "How it trades", "Order
 * types"): limit and market orders, stop-limit orders and OCO pairs. The engine (engine.ts) runs each in its queue.
 */

type After = (effect: () => void) => void;

/** A spot limit or market order (a stop-limit one: placeSpotStop). */
export async function placeSpot(lc: OrderLifecycle, tx: Queryable, after: After, a: TradeAcct, input: SpotOrderInput): Promise<OrderRow> {
  const { inst } = input.pair;
  // Inside the engine's queue, so two copies of one request cannot both pass this check.
  const prior = await priorOrder(tx, a, input.clientOrderId, { market: 'spot', symbol: inst.symbol, ...input });
  if (prior) return prior;
  if ((await settings(tx, a)).spotForbidden) throw tradeError(TradeCode.spotForbidden);
  if (input.priceType === 'stop_limit') return placeSpotStop(lc, tx, after, a, input);
  const fills = takerFills(lc, input);
  const quote = sumQuote(fills);
  if (input.priceType === 'market') {
    if (fills.length === 0) throw tradeError(TradeCode.noLiquidity);
    checkNotional(input.pair, quote);
  } else checkNotional(input.pair, input.price!.mul(input.quantity));
  const lockAmount = input.priceType === 'limit' ? (input.side === 'buy' ? input.price!.mul(input.quantity) : input.quantity) : ZERO;
  const order = await insertOrder(tx, {
    ...spotBase(a, input.pair, input.side, input.quantity, lc.now()),
    priceType: input.priceType,
    price: input.price,
    status: 'submitted',
    lockedAmount: lockAmount,
    clientOrderId: input.clientOrderId ?? null,
  });
  // Limit orders hold what they may spend; market orders spend at once (checked fill by fill).
  await post(tx, new Entry('order_hold', `order:${order.id}`, a.userId).hold(a.userId, ledgerAccounts(a.venue).trade, order.lockedAsset, lockAmount), lc.now());
  await lc.applyFills(tx, order, fills, after);
  await lc.settle(tx, order, after);
  return order;
}

/**
 * A spot stop-limit order (Binance STOP_LOSS_LIMIT / TAKE_PROFIT_LIMIT; server/trade/README.md "Order types"):
 * it holds what its limit order may spend from placing, as Binance does, so the fired order cannot fail for
 * balance; it watches the last price and fires the way the price must move from where it is (a stop at the last
 * price is refused: immediateTrigger); fired, it takes what crosses its limit and rests.
 */
async function placeSpotStop(lc: OrderLifecycle, tx: Queryable, after: After, a: TradeAcct, input: SpotOrderInput): Promise<OrderRow> {
  const { inst } = input.pair;
  const stopPrice = input.stopPrice!;
  const triggerAbove = triggerDirection(stopPrice, lc.view.lastPrice(inst));
  checkNotional(input.pair, input.price!.mul(input.quantity));
  const order = await insertOrder(tx, {
    ...spotBase(a, input.pair, input.side, input.quantity, lc.now()),
    priceType: 'stop_limit',
    price: input.price,
    status: 'running',
    lockedAmount: input.side === 'buy' ? input.price!.mul(input.quantity) : input.quantity,
    clientOrderId: input.clientOrderId ?? null,
    stopPrice,
    workingType: 'CONTRACT_PRICE',
    triggerAbove,
  });
  await post(tx, new Entry('order_hold', `order:${order.id}`, a.userId).hold(a.userId, ledgerAccounts(a.venue).trade, order.lockedAsset, order.lockedAmount), lc.now());
  after(() => lc.index.watch(order));
  lc.view.market(inst);
  return order;
}

/**
 * A spot OCO (Binance order list; server/trade/README.md "Order types"): a limit-maker leg and a stop-limit leg
 * of the same side and volume, sharing one hold (on the limit leg: the base volume of a sell, the larger of the
 * two legs' quote of a buy). A sell needs price > last price > stopPrice, a buy price < last price < stopPrice;
 * the limit leg must not take liquidity at once (10107). Whichever leg fills or fires first cancels the other
 * in its transaction (OrderLifecycle.endOco, stops.ts fire); cancelling one cancels both (cancel).
 */
export async function placeSpotOco(lc: OrderLifecycle, tx: Queryable, after: After, a: TradeAcct, input: SpotOcoInput): Promise<OrderRow[]> {
  const { inst } = input.pair;
  if ((await settings(tx, a)).spotForbidden) throw tradeError(TradeCode.spotForbidden);
  const last = lc.view.lastPrice(inst);
  const sell = input.side === 'sell';
  if (sell ? !input.price.gt(last) : !input.price.lt(last)) {
    throw badInput('price', 'ocoPriceRelation', `A ${input.side} OCO needs its limit price ${sell ? 'above' : 'below'} the last price (${last.toFixed()})`);
  }
  if (sell ? !input.stopPrice.lt(last) : !input.stopPrice.gt(last)) {
    throw badInput('stopPrice', 'ocoPriceRelation', `A ${input.side} OCO needs its stop price ${sell ? 'below' : 'above'} the last price (${last.toFixed()})`);
  }
  if (walkBook(input.side, lc.view.opposite(inst, input.side), input.quantity, input.price).length > 0) {
    throw tradeError(TradeCode.postOnlyWouldCross, null, 'The OCO limit leg would execute at once as taker and was refused');
  }
  checkNotional(input.pair, input.price.mul(input.quantity));
  checkNotional(input.pair, input.stopLimitPrice.mul(input.quantity));
  const hold = sell ? input.quantity : D.max(input.price, input.stopLimitPrice).mul(input.quantity);
  const now = lc.now();
  const base = spotBase(a, input.pair, input.side, input.quantity, now);
  const limit = await insertOrder(tx, { ...base, priceType: 'limit', price: input.price, status: 'running', lockedAmount: hold, postOnly: true });
  limit.ocoGroupId = limit.id;
  await saveOrder(tx, limit, now);
  const stop = await insertOrder(tx, {
    ...base,
    priceType: 'stop_limit',
    price: input.stopLimitPrice,
    status: 'running',
    lockedAmount: ZERO,
    stopPrice: input.stopPrice,
    workingType: 'CONTRACT_PRICE',
    triggerAbove: !sell,
    ocoGroupId: limit.id,
  });
  await post(tx, new Entry('order_hold', `order:${limit.id}`, a.userId).hold(a.userId, ledgerAccounts(a.venue).trade, limit.lockedAsset, hold), now);
  after(() => {
    lc.index.rest(limit);
    lc.index.watch(stop);
  });
  lc.view.market(inst);
  return [limit, stop];
}

function spotBase(a: TradeAcct, pair: Pair, side: 'buy' | 'sell', quantity: Decimal, createdAt: Date) {
  const { inst } = pair;
  return {
    userId: a.userId,
    venue: a.venue,
    market: 'spot' as const,
    symbol: inst.symbol,
    side,
    quantity,
    feeAsset: side === 'buy' ? inst.base : inst.quote,
    positionSide: 'BOTH' as const,
    reduceOnly: false,
    leverage: null,
    marginType: null,
    lockedAsset: side === 'buy' ? inst.quote : inst.base,
    createdAt,
  };
}

/** The taker fills of an order at once: the opposite side of the book walked up to its limit (market: no limit). */
function takerFills(lc: OrderLifecycle, input: Pick<SpotOrderInput, 'pair' | 'side' | 'quantity' | 'price' | 'priceType'>): Fill[] {
  return walkBook(input.side, lc.view.opposite(input.pair.inst, input.side), input.quantity, input.priceType === 'limit' ? input.price : null);
}
