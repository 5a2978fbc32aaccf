import type { Queryable } from '../platform/db/client.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { badInput } from '../platform/envelope.ts';
import { Entry, post } from '../ledger/ledger.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { sumQty } from './matching.ts';
import { assess, checkNotional, checkReduce, resolvePositionSide, watchedPrice, type Execution } from './order-checks.ts';
import type { FuturesOrderInput } from './order-input.ts';
import { insertOrder, priorOrder, type OrderRow } from './orders.ts';
import { attachTpSl } from './stops.ts';
import { settings, symbolSettings } from './store.ts';
import { ledgerAccounts, type TradeAcct } from './venue-accounts.ts';
import { triggerDirection } from './triggers.ts';

type After = (effect: () => void) => void;

/**
 * A USD-M order (server/trade/README.md "Order types"): limit and market orders execute at once (time in force,
 * post-only); stop orders wait for their trigger (engine.ts checkTriggers); take-profit / stop-loss prices add close-position
 * stop orders that wait for this order's first fill.
 */
export async function placeFutures(lc: OrderLifecycle, tx: Queryable, after: After, a: TradeAcct, input: FuturesOrderInput): Promise<OrderRow> {
  const { inst } = input.pair;
  const prior = await priorOrder(tx, a, input.clientOrderId, { market: 'usdm', symbol: inst.symbol, ...input });
  if (prior) return prior;
  const mode = (await settings(tx, a)).positionSide;
  const { leverage, marginType } = await symbolSettings(tx, a, inst.symbol);
  const positionSide = resolvePositionSide(mode, input.positionSide);
  const trailing = input.priceType === 'trailing_stop_market';
  const stop = input.priceType === 'stop_limit' || input.priceType === 'stop_market';
  const exec: Execution = {
    pair: input.pair,
    side: input.side,
    exec: input.priceType === 'limit' || input.priceType === 'stop_limit' ? 'limit' : 'market',
    price: input.price,
    quantity: input.quantity,
    positionSide,
    reduceOnly: input.reduceOnly,
    postOnly: input.postOnly ?? false,
    leverage,
    closePosition: false,
  };
  const timeInForce = exec.exec === 'limit' ? (input.timeInForce ?? 'GTC') : 'GTC';
  const base = {
    userId: a.userId,
    venue: a.venue,
    market: 'usdm' as const,
    symbol: inst.symbol,
    side: input.side,
    priceType: input.priceType,
    price: input.price,
    quantity: input.quantity,
    feeAsset: 'USDT',
    positionSide,
    reduceOnly: input.reduceOnly,
    leverage,
    marginType,
    lockedAsset: 'USDT',
    clientOrderId: input.clientOrderId ?? null,
    createdAt: lc.now(),
    timeInForce,
    postOnly: exec.postOnly,
  };
  let order: OrderRow;
  if (trailing) {
    // A trailing stop holds nothing until it fires, as a stop order; a sell's activation price above the
    // watched price (a buy's below), else it would be active at once (refused: immediateTrigger, Binance -2021).
    const workingType = input.workingType ?? 'MARK_PRICE';
    const watched = watchedPrice(lc.view, inst, workingType);
    const activation = input.activationPrice ?? null;
    if (activation && (input.side === 'sell' ? !activation.gt(watched) : !activation.lt(watched))) {
      throw badInput('activationPrice', 'immediateTrigger', `activationPrice must be ${input.side === 'sell' ? 'above' : 'below'} the current price`);
    }
    await checkReduce(tx, a, exec);
    checkNotional(input.pair, (activation ?? watched).mul(input.quantity));
    order = await insertOrder(tx, {
      ...base,
      price: null,
      status: 'running',
      lockedAmount: ZERO,
      workingType,
      callbackRate: input.callbackRate!,
      activationPrice: activation,
    });
    after(() => {
      lc.index.watch(order);
      lc.index.activate(order, watched);
    });
    lc.view.market(inst);
  } else if (stop) {
    // A stop order holds nothing and is not checked against the book until it fires (as Binance's).
    const stopPrice = input.stopPrice!;
    const workingType = input.workingType ?? 'MARK_PRICE';
    const triggerAbove = triggerDirection(stopPrice, watchedPrice(lc.view, inst, workingType));
    await checkReduce(tx, a, exec);
    checkNotional(input.pair, (input.price ?? stopPrice).mul(input.quantity));
    order = await insertOrder(tx, { ...base, status: 'running', lockedAmount: ZERO, stopPrice, workingType, triggerAbove });
    after(() => lc.index.watch(order));
    lc.view.market(inst);
  } else {
    const { fills, required } = await assess(tx, lc.view, a, exec);
    // FOK: all or nothing; nothing filled expires the order (Binance answers EXPIRED, not an error).
    const taken = timeInForce === 'FOK' && sumQty(fills).lt(input.quantity) ? [] : fills;
    const rests = exec.exec === 'limit' && timeInForce === 'GTC';
    // The hold keeps the ledger's 18 decimals (rounded up: it never holds less than required).
    const lockAmount = rests ? required.toDecimalPlaces(18, D.ROUND_UP) : ZERO;
    order = await insertOrder(tx, { ...base, status: 'submitted', lockedAmount: lockAmount });
    await post(tx, new Entry('order_hold', `order:${order.id}`, a.userId).hold(a.userId, ledgerAccounts(a.venue).swap, 'USDT', lockAmount), lc.now());
    await lc.applyFills(tx, order, taken, after);
    await lc.settle(tx, order, after);
  }
  await attachTpSl(lc, tx, order, input, after);
  return order;
}
