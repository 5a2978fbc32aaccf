import type Decimal from 'decimal.js';
import type { Clock } from '../api/clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { instrument, type Instrument, type MarketKind } from '../sim/instruments.ts';
import type { EngineEvent, SymbolMarket } from '../sim/market.ts';
import type { Simulator } from '../sim/simulator.ts';
import { futuresAccount } from './account.ts';
import { D, ZERO, min, unit } from './decimal.ts';
import { TradeCode, insufficient, tradeError } from './errors.ts';
import { applyFuturesFill, applySpotFill } from './fills.ts';
import {
  closedStatus,
  crossingLiquidity,
  feeOf,
  isOpen,
  openStatus,
  sumQty,
  sumQuote,
  walkBook,
  type Fill,
  type MarketTrade,
  type Side,
} from './matching.ts';
import { MarketView, type Pair } from './markets.ts';
import { feeRate, insertOrder, loadOrder, priorOrder, queryOrders, saveOrder, type OrderRow } from './orders.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { Account, positions, settings, symbolSettings, type PositionSide } from './store.ts';
import { badInput } from '../api/envelope.ts';

interface Resting {
  id: number;
  side: Side;
  price: Decimal;
}

export interface SpotOrderInput {
  pair: Pair;
  side: Side;
  priceType: 'limit' | 'market';
  price: Decimal | null;
  quantity: Decimal;
  /** The client's id for this order: a retry with it returns the first order, placed once. */
  clientOrderId?: string | undefined;
}

export interface FuturesOrderInput extends SpotOrderInput {
  positionSide: PositionSide | null;
  reduceOnly: boolean;
}

/**
 * The sandbox's matching engine against the simulator's market (issue 7).
 * - Market orders walk the simulator's current book (taker fills, one per level).
 * - Limit orders take what crosses at once and rest; after every simulator event the resting orders of
 *   that symbol fill, as makers at their own price, by the liquidity that crossed them (matching.ts).
 * - Every change runs in one database transaction, one at a time (a single in-process queue): a refusal
 *   leaves nothing behind, and the resting-order index changes only after a commit.
 */
export class TradeEngine {
  readonly view: MarketView;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly resting = new Map<string, Map<number, Resting>>();
  private unsubscribe: (() => void) | undefined;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sim: Simulator,
    /** A fill from a market event that failed (e.g. the account can no longer pay the fee): logged, the order stays open. */
    private readonly onFailure: (error: unknown) => void = () => undefined,
  ) {
    this.view = new MarketView(sim);
  }

  async start(): Promise<void> {
    const rows = await queryOrders(this.db, `select * from trade_orders where status in ('running', 'partial_filled') and price_type = 'limit'`, []);
    for (const o of rows) {
      this.rest(o);
      // A symbol with resting orders generates events (each event's crossing check touches it again).
      this.view.market(this.instOf(o));
    }
    this.unsubscribe = this.sim.onEvent((market, ev) => this.onMarketEvent(market, ev));
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /** Runs `fn` in a transaction after everything queued before it (market fills included). */
  run<T>(fn: (tx: Queryable, after: (effect: () => void) => void) => Promise<T>): Promise<T> {
    const next = this.tail.then(async () => {
      const effects: (() => void)[] = [];
      const result = await this.db.transaction((tx) => {
        // A retried transaction (a PostgreSQL deadlock victim) starts with no effects of the failed attempt.
        effects.length = 0;
        return fn(tx, (effect) => effects.push(effect));
      });
      for (const effect of effects) effect();
      return result;
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Resolves when every queued change (including fills from market events so far) is done. */
  settled(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  private key(market: MarketKind, symbol: string): string {
    return `${market}:${symbol}`;
  }

  private rest(o: OrderRow): void {
    if (o.price === null) return;
    const key = this.key(o.market, o.symbol);
    let map = this.resting.get(key);
    if (!map) this.resting.set(key, (map = new Map()));
    map.set(o.id, { id: o.id, side: o.side, price: o.price });
  }

  private unrest(o: OrderRow): void {
    this.resting.get(this.key(o.market, o.symbol))?.delete(o.id);
  }

  /** Open orders kept in memory per symbol (tests, diagnostics). */
  restingCount(): number {
    let n = 0;
    for (const map of this.resting.values()) n += map.size;
    return n;
  }

  // ---- market events -----------------------------------------------------------------------------

  private onMarketEvent(market: SymbolMarket, ev: EngineEvent): void {
    const map = this.resting.get(this.key(market.inst.market, market.inst.symbol));
    if (!map || map.size === 0) return;
    const inst = market.inst;
    const tick = unit(inst.tickDecimals);
    const step = unit(inst.stepDecimals);
    // Copied: the event's arrays are reused by the simulator's next event.
    const trades: MarketTrade[] = ev.trades.map((t) => ({ price: tick.mul(t.px), qty: step.mul(t.qty), buyerMaker: t.buyerMaker }));
    for (const order of map.values()) {
      const available = crossingLiquidity(order.side, order.price, trades, this.view.opposite(inst, order.side));
      if (available.gt(0)) {
        this.run((tx) => this.fillResting(tx, order.id, available)).catch(this.onFailure);
      }
    }
  }

  private async fillResting(tx: Queryable, id: number, available: Decimal): Promise<void> {
    const order = await loadOrder(tx, id);
    if (!order || !isOpen(order.status) || order.price === null) return;
    const qty = min(order.quantity.sub(order.filledQty), available);
    if (qty.lte(0)) return;
    const fill: Fill = { price: order.price, qty, quote: qty.mul(order.price), maker: true };
    await this.applyFills(tx, order, [fill]);
    order.status = openStatus(order.quantity, order.filledQty);
    if (order.status === 'filled') {
      await this.releaseLock(tx, order);
      this.unrest(order);
    }
    await saveOrder(tx, order, this.now());
  }

  // ---- placing and cancelling ----------------------------------------------------------------------

  placeSpot(userId: number, input: SpotOrderInput): Promise<OrderRow> {
    const { inst } = input.pair;
    return this.run(async (tx, after) => {
      // Inside the engine's queue, so two copies of one request cannot both pass this check.
      const prior = await priorOrder(tx, userId, input.clientOrderId, { market: 'spot', symbol: inst.symbol, ...input });
      if (prior) return prior;
      if ((await settings(tx, userId)).spotForbidden) throw tradeError(TradeCode.spotForbidden);
      const fills = this.takerFills(input);
      const quote = sumQuote(fills);
      if (input.priceType === 'market') {
        if (fills.length === 0) throw tradeError(TradeCode.noLiquidity);
        checkNotional(input.pair, quote);
      } else checkNotional(input.pair, input.price!.mul(input.quantity));
      const lockedAsset = input.side === 'buy' ? inst.quote : inst.base;
      const lockAmount = input.priceType === 'limit' ? (input.side === 'buy' ? input.price!.mul(input.quantity) : input.quantity) : ZERO;
      const order = await insertOrder(tx, {
        userId,
        market: 'spot',
        symbol: inst.symbol,
        side: input.side,
        priceType: input.priceType,
        price: input.price,
        quantity: input.quantity,
        feeAsset: input.side === 'buy' ? inst.base : inst.quote,
        status: 'submitted',
        positionSide: 'BOTH',
        reduceOnly: false,
        leverage: null,
        marginType: null,
        lockedAsset,
        lockedAmount: lockAmount,
        clientOrderId: input.clientOrderId ?? null,
        createdAt: this.now(),
      });
      // Limit orders hold what they may spend; market orders spend at once (checked fill by fill).
      await post(tx, new Entry('order_hold', `order:${order.id}`, userId).hold(userId, Account.trade, lockedAsset, lockAmount), this.now());
      await this.applyFills(tx, order, fills);
      await this.settle(tx, order, after);
      return order;
    });
  }

  placeFutures(userId: number, input: FuturesOrderInput): Promise<OrderRow> {
    const { inst } = input.pair;
    return this.run(async (tx, after) => {
      const prior = await priorOrder(tx, userId, input.clientOrderId, { market: 'usdm', symbol: inst.symbol, ...input });
      if (prior) return prior;
      const mode = (await settings(tx, userId)).positionSide;
      const { leverage, marginType } = await symbolSettings(tx, userId, inst.symbol);
      const positionSide = resolvePositionSide(mode, input.positionSide);
      const position = (await positions(tx, userId, inst.symbol)).find((p) => p.positionSide === positionSide);
      const size = position?.size ?? ZERO;
      // What the order can close: the opposite side in one-way mode, the named side's position in hedge mode.
      const closing =
        positionSide === 'BOTH'
          ? !size.isZero() && size.isPositive() === (input.side === 'sell')
          : (positionSide === 'LONG') === (input.side === 'sell');
      const closable = closing ? size.abs() : ZERO;
      if ((input.reduceOnly || positionSide !== 'BOTH') && closing && input.quantity.gt(closable)) {
        throw tradeError(TradeCode.positionState, { closable: closable.toFixed() }, 'The volume is above the closable position');
      }
      if (input.reduceOnly && !closing) throw tradeError(TradeCode.positionState);
      const fills = this.takerFills(input);
      if (input.priceType === 'market' && fills.length === 0) throw tradeError(TradeCode.noLiquidity);
      const refPrice = input.priceType === 'limit' ? input.price! : sumQuote(fills).div(sumQty(fills));
      checkNotional(input.pair, refPrice.mul(input.quantity));
      const opening = D.max(ZERO, input.quantity.sub(closable));
      // Initial margin of what opens, plus the taker fee of the whole order (spec §8 'Insufficient Balance').
      const required = opening.mul(refPrice).div(leverage).add(feeOf(input.quantity.mul(refPrice), feeRate('usdm', false)));
      const account = await futuresAccount(tx, this.view, userId, true);
      if (required.gt(account.available)) throw insufficient('USDT');
      // The hold keeps the ledger's 18 decimals (rounded up: it never holds less than required).
      const lockAmount = input.priceType === 'limit' ? required.toDecimalPlaces(18, D.ROUND_UP) : ZERO;
      const order = await insertOrder(tx, {
        userId,
        market: 'usdm',
        symbol: inst.symbol,
        side: input.side,
        priceType: input.priceType,
        price: input.price,
        quantity: input.quantity,
        feeAsset: 'USDT',
        status: 'submitted',
        positionSide,
        reduceOnly: input.reduceOnly,
        leverage,
        marginType,
        lockedAsset: 'USDT',
        lockedAmount: lockAmount,
        clientOrderId: input.clientOrderId ?? null,
        createdAt: this.now(),
      });
      await post(tx, new Entry('order_hold', `order:${order.id}`, userId).hold(userId, Account.swap, 'USDT', lockAmount), this.now());
      await this.applyFills(tx, order, fills);
      await this.settle(tx, order, after);
      return order;
    });
  }

  cancel(userId: number, market: MarketKind, orderId: number): Promise<OrderRow> {
    return this.run(async (tx, after) => {
      const order = await loadOrder(tx, orderId, userId);
      if (!order || order.market !== market || !isOpen(order.status)) throw tradeError(TradeCode.orderState, { orderId: String(orderId) });
      await this.close(tx, order, 'cancel', after);
      return order;
    });
  }

  cancelAll(userId: number, market: MarketKind, symbol: string | null): Promise<OrderRow[]> {
    return this.run(async (tx, after) => {
      const open = await queryOrders(
        tx,
        `select * from trade_orders where user_id = $1 and market = $2 and status in ('submitted', 'running', 'partial_filled')
         ${symbol ? 'and symbol = $3' : ''} order by id for update`,
        symbol ? [userId, market, symbol] : [userId, market],
      );
      for (const order of open) await this.close(tx, order, 'cancel', after);
      return open;
    });
  }

  /** A reduce-only market order for the whole position (or `quantity` of it). */
  async closePosition(userId: number, pair: Pair, positionSide: PositionSide | null, quantity: Decimal | null): Promise<OrderRow> {
    const held = await this.run(async (tx) => {
      const mode = (await settings(tx, userId)).positionSide;
      const side = resolvePositionSide(mode, positionSide);
      return (await positions(tx, userId, pair.inst.symbol)).find((p) => p.positionSide === side);
    });
    if (!held || held.size.isZero()) throw tradeError(TradeCode.positionState);
    const qty = quantity === null ? held.size.abs() : min(quantity, held.size.abs());
    return this.placeFutures(userId, {
      pair,
      side: held.size.isPositive() ? 'sell' : 'buy',
      priceType: 'market',
      price: null,
      quantity: qty,
      positionSide: held.positionSide,
      reduceOnly: held.positionSide === 'BOTH',
    });
  }

  // ---- internals ------------------------------------------------------------------------------------

  private takerFills(input: SpotOrderInput): Fill[] {
    return walkBook(input.side, this.view.opposite(input.pair.inst, input.side), input.quantity, input.priceType === 'limit' ? input.price : null);
  }

  /** After the taker fills: a limit order rests (or is done), a market order's unfilled rest expires. */
  private async settle(tx: Queryable, order: OrderRow, after: (effect: () => void) => void): Promise<void> {
    if (order.priceType === 'market') {
      await this.close(tx, order, 'expire', after);
      return;
    }
    order.status = openStatus(order.quantity, order.filledQty);
    if (order.status === 'filled') await this.releaseLock(tx, order);
    else {
      after(() => this.rest(order));
      this.view.market(this.instOf(order));
    }
    await saveOrder(tx, order, this.now());
  }

  private async close(tx: Queryable, order: OrderRow, reason: 'cancel' | 'expire', after: (effect: () => void) => void): Promise<void> {
    order.status = closedStatus(order.quantity, order.filledQty, reason);
    await this.releaseLock(tx, order);
    await saveOrder(tx, order, this.now());
    after(() => this.unrest(order));
  }

  private async releaseLock(tx: Queryable, order: OrderRow): Promise<void> {
    if (order.lockedAmount.isZero()) return;
    const account = order.market === 'spot' ? Account.trade : Account.swap;
    await post(tx, new Entry('order_release', `order:${order.id}`, order.userId).release(order.userId, account, order.lockedAsset, order.lockedAmount), this.now());
    order.lockedAmount = ZERO;
  }

  private instOf(order: OrderRow): Instrument {
    const inst = instrument(order.market, order.symbol);
    if (!inst) throw new Error(`unlisted ${order.market} ${order.symbol}`);
    return inst;
  }

  private async applyFills(tx: Queryable, order: OrderRow, fills: Fill[]): Promise<void> {
    for (const fill of fills) {
      if (order.market === 'spot') await applySpotFill(tx, order, this.instOf(order), fill, this.now());
      else await applyFuturesFill(tx, order, fill, this.now());
    }
  }

}

function resolvePositionSide(mode: 'oneWay' | 'hedge', requested: PositionSide | null): PositionSide {
  if (mode === 'oneWay') {
    if (requested !== null && requested !== 'BOTH') throw badInput('positionSide', 'oneWay', 'One-way mode takes positionSide BOTH');
    return 'BOTH';
  }
  if (requested !== 'LONG' && requested !== 'SHORT') throw badInput('positionSide', 'hedge', 'Hedge mode takes positionSide LONG or SHORT');
  return requested;
}

function checkNotional(pair: Pair, notional: Decimal): void {
  if (notional.lt(pair.minNotional)) {
    throw badInput('volume', 'minNotional', `Order value must be at least ${pair.minNotional.toFixed()} ${pair.inst.quote}`);
  }
}
