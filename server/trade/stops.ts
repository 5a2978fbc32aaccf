import type Decimal from 'decimal.js';
import type { Queryable } from '../platform/db/client.ts';
import type { Instrument } from '../sim/index.ts';
import { D, ZERO, min } from '../platform/decimal.ts';
import { TradeCode, tradeError } from '../platform/refusals.ts';
import { isOpen, sumQty, walkBook, type Side } from './matching.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { ApiError } from '../platform/envelope.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { assess, closableOf, resolvePositionSide, watchedPrice, type Assessment, type Execution } from './order-checks.ts';
import type { FuturesOrderInput } from './order-input.ts';
import { insertOrder, loadOrder, queryOrders, saveOrder, type OrderRow, type TpSl, type WorkingType } from './orders.ts';
import { positions, settings, symbolSettings, type PositionSide } from './store.ts';
import { acctOf, ledgerAccounts, type TradeAcct } from './venue-accounts.ts';
import { tpslDirection } from './triggers.ts';

/**
 * Stop orders and take-profit / stop-loss: the close-position orders given with an entry or set on a
 * position, and a stop order firing once its trigger is reached (the engine's checkTriggers queues it).
 */

type After = (effect: () => void) => void;

/** Take-profit / stop-loss given with an entry: close-position stop-market orders that wait for its first fill. */
export async function attachTpSl(lc: OrderLifecycle, tx: Queryable, entry: OrderRow, input: FuturesOrderInput, after: After): Promise<void> {
  const inst = input.pair.inst;
  const workingType = input.workingType ?? 'MARK_PRICE';
  const closingSide: Side = entry.side === 'buy' ? 'sell' : 'buy';
  for (const [kind, price] of [['take_profit', input.takeProfit], ['stop_loss', input.stopLoss]] as const) {
    if (!price) continue;
    const triggerAbove = tpslDirection(kind, closingSide, price, watchedPrice(lc.view, inst, workingType));
    const child = await insertTpSl(lc, tx, entry, kind, price, workingType, triggerAbove, entry.id);
    after(() => lc.index.watch(child));
  }
}

function insertTpSl(
  lc: OrderLifecycle,
  tx: Queryable,
  o: Pick<OrderRow, 'userId' | 'venue' | 'symbol' | 'side' | 'quantity' | 'positionSide' | 'leverage' | 'marginType'>,
  kind: TpSl,
  stopPrice: Decimal,
  workingType: WorkingType,
  triggerAbove: boolean,
  parentOrderId: number | null,
): Promise<OrderRow> {
  return insertOrder(tx, {
    userId: o.userId,
    venue: o.venue,
    market: 'usdm',
    symbol: o.symbol,
    side: o.side === 'buy' ? 'sell' : 'buy',
    priceType: 'stop_market',
    price: null,
    quantity: o.quantity,
    feeAsset: 'USDT',
    status: 'running',
    positionSide: o.positionSide,
    reduceOnly: true,
    leverage: o.leverage,
    marginType: o.marginType,
    lockedAsset: 'USDT',
    lockedAmount: ZERO,
    createdAt: lc.now(),
    stopPrice,
    workingType,
    triggerAbove,
    tpsl: kind,
    closePosition: true,
    parentOrderId,
  });
}

/** The position's TP/SL orders replaced by `prices` (TradeEngine.setPositionTpSl), inside the engine's transaction. */
export async function replacePositionTpSl(
  lc: OrderLifecycle,
  tx: Queryable,
  after: After,
  a: TradeAcct,
  inst: Instrument,
  positionSide: PositionSide | null,
  prices: { takeProfit: Decimal | null; stopLoss: Decimal | null },
  workingType: WorkingType,
): Promise<OrderRow[]> {
  const mode = (await settings(tx, a)).positionSide;
  const side = resolvePositionSide(mode, positionSide);
  const held = (await positions(tx, a, inst.symbol)).find((p) => p.positionSide === side);
  if (!held || held.size.isZero()) throw tradeError(TradeCode.positionState);
  const { leverage, marginType } = await symbolSettings(tx, a, inst.symbol);
  const closingSide: Side = held.size.isPositive() ? 'sell' : 'buy';
  const watched = watchedPrice(lc.view, inst, workingType);
  // Checked before anything changes: a refusal leaves the old TP/SL in place.
  const wanted = (
    [
      ['take_profit', prices.takeProfit],
      ['stop_loss', prices.stopLoss],
    ] as const
  ).flatMap(([kind, price]) => (price ? [{ kind, price, triggerAbove: tpslDirection(kind, closingSide, price, watched) }] : []));
  for (const old of await positionTpSl(tx, a, inst.symbol, side)) await lc.close(tx, old, 'cancel', after);
  const placed: OrderRow[] = [];
  for (const w of wanted) {
    const order = await insertTpSl(
      lc,
      tx,
      { userId: a.userId, venue: a.venue, symbol: inst.symbol, side: closingSide === 'sell' ? 'buy' : 'sell', quantity: held.size.abs(), positionSide: side, leverage, marginType },
      w.kind,
      w.price,
      workingType,
      w.triggerAbove,
      null,
    );
    after(() => lc.index.watch(order));
    placed.push(order);
  }
  lc.view.market(inst);
  return placed;
}

/** The open, untriggered close-position orders of one position. */
export function positionTpSl(tx: Queryable, a: TradeAcct, symbol: string, positionSide: PositionSide): Promise<OrderRow[]> {
  return queryOrders(
    tx,
    `select * from trade_orders where user_id = $1 and venue = $4 and market = 'usdm' and symbol = $2 and position_side = $3 and close_position
       and triggered_at is null and status in ('running', 'partial_filled') order by id for update`,
    [a.userId, symbol, positionSide, a.venue],
  );
}

/**
 * A stop order fires: it becomes the limit or market order it carries. A close-position order takes the
 * position's whole size then (nothing left: expired); one that waits for an entry order fires only once the
 * entry filled something (and is cancelled if the entry closed with nothing). An order the account can no
 * longer carry (margin, reduce-only with nothing to reduce) ends 'failed' — the trigger is spent.
 */
export async function fire(lc: OrderLifecycle, tx: Queryable, id: number, after: After, trailExtreme: Decimal | null = null): Promise<void> {
  const order = await loadOrder(tx, id);
  if (!order || !isOpen(order.status) || order.triggeredAt !== null) {
    if (order) after(() => lc.index.unwatch(order));
    return;
  }
  if (order.market === 'spot') {
    await fireSpot(lc, tx, order, after);
    return;
  }
  // A trailing stop records the best price it fired from.
  if (trailExtreme !== null) order.trailExtreme = trailExtreme;
  if (order.parentOrderId !== null) {
    const parent = await loadOrder(tx, order.parentOrderId);
    if (parent && parent.filledQty.isZero()) {
      if (!isOpen(parent.status)) await lc.close(tx, order, 'cancel', after);
      else after(() => lc.index.dormant.set(order.id, parent.id));
      return;
    }
  }
  order.triggeredAt = lc.now();
  const pair = lc.view.pair('usdm', order.symbol);
  const e: Execution = {
    pair,
    side: order.side,
    exec: order.priceType === 'stop_limit' ? 'limit' : 'market',
    price: order.price,
    quantity: order.quantity,
    positionSide: order.positionSide,
    reduceOnly: order.reduceOnly,
    postOnly: false,
    leverage: order.leverage ?? 1,
    closePosition: order.closePosition,
  };
  if (order.reduceOnly) {
    const { closing, closable } = await closableOf(tx, acctOf(order), e);
    const qty = order.closePosition ? closable : min(order.quantity, closable);
    if (!closing || qty.isZero()) {
      await lc.close(tx, order, 'expire', after);
      return;
    }
    order.quantity = e.quantity = qty;
  }
  let assessed: Assessment;
  try {
    assessed = await assess(tx, lc.view, acctOf(order), e);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    order.status = 'failed';
    await saveOrder(tx, order, lc.now());
    after(() => lc.index.unwatch(order));
    return;
  }
  if (e.exec === 'limit' && order.timeInForce === 'GTC') {
    order.lockedAmount = assessed.required.toDecimalPlaces(18, D.ROUND_UP);
    await post(tx, new Entry('order_hold', `order:${order.id}`, order.userId).hold(order.userId, ledgerAccounts(order.venue).swap, 'USDT', order.lockedAmount), lc.now());
  }
  const taken = order.timeInForce === 'FOK' && sumQty(assessed.fills).lt(order.quantity) ? [] : assessed.fills;
  await lc.applyFills(tx, order, taken, after);
  after(() => lc.index.unwatch(order));
  // A fill that closed the position cancelled its other TP/SL in applyFills (OrderLifecycle.endPositionTpSl).
  await lc.settle(tx, order, after);
}

/**
 * A spot stop-limit order fires: it takes what crosses its limit and rests (server/trade/README.md "Order types").
 * Its hold was taken at placing; an OCO's stop leg cancels the limit leg first, which releases the pair's one
 * hold, and holds its own part of it in the same transaction, so it cannot fail for balance.
 */
async function fireSpot(lc: OrderLifecycle, tx: Queryable, order: OrderRow, after: After): Promise<void> {
  order.triggeredAt = lc.now();
  await lc.endOco(tx, order, after);
  if (order.lockedAmount.isZero()) {
    order.lockedAmount = order.side === 'buy' ? order.price!.mul(order.quantity) : order.quantity;
    await post(tx, new Entry('order_hold', `order:${order.id}`, order.userId).hold(order.userId, ledgerAccounts(order.venue).trade, order.lockedAsset, order.lockedAmount), lc.now());
  }
  const inst = lc.instOf(order);
  const fills = walkBook(order.side, lc.view.opposite(inst, order.side), order.quantity, order.price);
  await lc.applyFills(tx, order, fills, after);
  after(() => lc.index.unwatch(order));
  await lc.settle(tx, order, after);
}
