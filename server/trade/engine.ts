import type Decimal from 'decimal.js';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/client.ts';
import type { MarketKind } from '../sim/index.ts';
import type { EngineEvent, SymbolMarket } from '../sim/index.ts';
import type { Instrument, Simulator } from '../sim/index.ts';
import { D, ZERO, min, unit } from '../platform/decimal.ts';
import { TradeCode, tradeError } from '../platform/refusals.ts';
import { crossingLiquidity, isOpen, sumQty, sumQuote, walkBook, type Fill, type MarketTrade } from './matching.ts';
import { MarketView, type Pair } from './markets.ts';
import { insertOrder, loadOrder, priorOrder, queryOrders, saveOrder, type OrderRow, type WorkingType } from './orders.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { Account, positions, settings, symbolSettings, type PositionSide } from './store.ts';
import { crossed, trailStep, triggerDirection } from './triggers.ts';
import { badInput } from '../platform/envelope.ts';
import { OrderLifecycle } from './lifecycle.ts';
import { changeMargin, type MarginChange } from './margin.ts';
import { assess, checkNotional, checkReduce, resolvePositionSide, watchedPrice, type Execution } from './order-checks.ts';
import { OrderIndex, waitsForTrigger } from './order-index.ts';
import type { FuturesOrderInput, SpotOcoInput, SpotOrderInput } from './order-input.ts';
import { attachTpSl, fire, replacePositionTpSl } from './stops.ts';
import { settleFunding } from './position-history.ts';

export type { FuturesOrderInput, SpotOcoInput, SpotOrderInput } from './order-input.ts';

/**
 * The sandbox's matching engine against the simulator's market (server/trade/README.md "How it trades").
 * - Market orders walk the simulator's current book (taker fills, one per level).
 * - Limit orders take what crosses at once and rest; after every simulator event the resting orders of
 *   that symbol fill, as makers at their own price, by the liquidity that crossed them (matching.ts).
 * - Every change runs in one database transaction, one at a time (a single in-process queue): a refusal
 *   leaves nothing behind, and the resting-order index changes only after a commit.
 */
export class TradeEngine {
  readonly view: MarketView;
  private tail: Promise<unknown> = Promise.resolve();
  /** Resting and stop orders per symbol, in memory; changed only after a commit. */
  private readonly index = new OrderIndex();
  private readonly lc: OrderLifecycle;
  private unsubscribe: (() => void) | undefined;
  constructor(
    private readonly db: Db,
    clock: Clock,
    private readonly sim: Simulator,
    /** A fill from a market event that failed (e.g. the account can no longer pay the fee): logged, the order stays open. */
    private readonly onFailure: (error: unknown) => void = () => undefined,
  ) {
    this.view = new MarketView(sim);
    this.lc = new OrderLifecycle(this.view, this.index, clock);
  }

  async start(): Promise<void> {
    const rows = await queryOrders(
      this.db,
      `select * from trade_orders where status in ('running', 'partial_filled') and price_type in ('limit', 'stop_limit', 'stop_market', 'trailing_stop_market')`,
      [],
    );
    for (const o of rows) {
      if (waitsForTrigger(o)) {
        this.index.watch(o);
        if (o.priceType === 'trailing_stop_market') this.index.activate(o, watchedPrice(this.view, this.lc.instOf(o), o.workingType ?? 'MARK_PRICE'));
      } else if (o.priceType === 'limit' || o.priceType === 'stop_limit') this.index.rest(o);
      else continue;
      // A symbol with resting or stop orders generates events (each event's check touches it again).
      this.view.market(this.lc.instOf(o));
    }
    const events = this.sim.onEvent((market, ev) => this.onMarketEvent(market, ev));
    const funding = this.sim.onFunding((time) => void this.settleFunding(time).catch(this.onFailure));
    this.unsubscribe = () => {
      events();
      funding();
    };
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /**
   * Funding of the 8 h boundary `time` for every open position, in one transaction (the simulator calls it at each
   * boundary; server/trade/README.md "Position history and funding"). A boundary settled again pays nothing.
   */
  settleFunding(time: number): Promise<number> {
    return this.run((tx) => settleFunding(tx, (symbol) => this.sim.fundingRecord(symbol, time), time, this.lc.now()));
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

  /** Stop orders waiting for their trigger (tests, diagnostics). */
  watchedCount(): number {
    return this.index.watchedCount();
  }

  /** Trigger transactions queued and take-profit / stop-loss orders asleep until their entry fills (tests, diagnostics). */
  triggerStats(): { fireRuns: number; dormant: number } {
    return { fireRuns: this.index.fireRuns, dormant: this.index.dormant.size };
  }

  /** Open orders kept in memory per symbol (tests, diagnostics). */
  restingCount(): number {
    return this.index.restingCount();
  }

  // ---- market events -----------------------------------------------------------------------------

  private onMarketEvent(market: SymbolMarket, ev: EngineEvent): void {
    this.checkTriggers(market.inst);
    const map = this.index.resting.get(this.index.key(market.inst.market, market.inst.symbol));
    if (!map || map.size === 0) return;
    const inst = market.inst;
    const tick = unit(inst.tickDecimals);
    const step = unit(inst.stepDecimals);
    // Copied: the event's arrays are reused by the simulator's next event.
    const trades: MarketTrade[] = ev.trades.map((t) => ({ price: tick.mul(t.px), qty: step.mul(t.qty), buyerMaker: t.buyerMaker }));
    for (const order of map.values()) {
      const available = crossingLiquidity(order.side, order.price, trades, this.view.opposite(inst, order.side));
      if (available.gt(0)) {
        this.run((tx, after) => this.lc.fillResting(tx, order.id, available, after)).catch(this.onFailure);
      }
    }
  }

  /** After every simulator event: the stop orders of the symbol whose watched price reached the trigger fire. */
  private checkTriggers(inst: Instrument): void {
    const map = this.index.watched.get(this.index.key(inst.market, inst.symbol));
    if (!map || map.size === 0) return;
    let mark: Decimal | undefined;
    let last: Decimal | undefined;
    for (const w of map.values()) {
      if (this.index.firing.has(w.id) || this.index.dormant.has(w.id)) continue;
      const price = w.workingType === 'MARK_PRICE' ? (mark ??= this.view.mark(inst)) : (last ??= this.view.lastPrice(inst));
      // A trailing stop moves its best price on every event and fires on the retrace (triggers.ts trailStep).
      if (w.trail ? !trailStep(w.trail, price) : !crossed(w.triggerAbove, w.stopPrice!, price)) continue;
      this.index.firing.add(w.id);
      this.index.fireRuns += 1;
      const extreme = w.trail?.extreme ?? null;
      this.run((tx, after) => fire(this.lc, tx, w.id, after, extreme))
        .catch(this.onFailure)
        .finally(() => this.index.firing.delete(w.id));
    }
  }

  // ---- placing and cancelling ----------------------------------------------------------------------

  placeSpot(userId: number, input: SpotOrderInput): Promise<OrderRow> {
    const { inst } = input.pair;
    return this.run(async (tx, after) => {
      // Inside the engine's queue, so two copies of one request cannot both pass this check.
      const prior = await priorOrder(tx, userId, input.clientOrderId, { market: 'spot', symbol: inst.symbol, ...input });
      if (prior) return prior;
      if ((await settings(tx, userId)).spotForbidden) throw tradeError(TradeCode.spotForbidden);
      if (input.priceType === 'stop_limit') return this.placeSpotStop(tx, after, userId, input);
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
        createdAt: this.lc.now(),
      });
      // Limit orders hold what they may spend; market orders spend at once (checked fill by fill).
      await post(tx, new Entry('order_hold', `order:${order.id}`, userId).hold(userId, Account.trade, lockedAsset, lockAmount), this.lc.now());
      await this.lc.applyFills(tx, order, fills, after);
      await this.lc.settle(tx, order, after);
      return order;
    });
  }

  /**
   * A spot stop-limit order (Binance STOP_LOSS_LIMIT / TAKE_PROFIT_LIMIT; server/trade/README.md "Order types"):
   * it holds what its limit order may spend from placing, as Binance does, so the fired order cannot fail for
   * balance; it watches the last price and fires the way the price must move from where it is (a stop at the last
   * price is refused: immediateTrigger); fired, it takes what crosses its limit and rests.
   */
  private async placeSpotStop(tx: Queryable, after: (effect: () => void) => void, userId: number, input: SpotOrderInput): Promise<OrderRow> {
    const { inst } = input.pair;
    const stopPrice = input.stopPrice!;
    const triggerAbove = triggerDirection(stopPrice, this.view.lastPrice(inst));
    checkNotional(input.pair, input.price!.mul(input.quantity));
    const order = await insertOrder(tx, {
      ...this.spotBase(userId, input.pair, input.side, input.quantity, this.lc.now()),
      priceType: 'stop_limit',
      price: input.price,
      status: 'running',
      lockedAmount: input.side === 'buy' ? input.price!.mul(input.quantity) : input.quantity,
      clientOrderId: input.clientOrderId ?? null,
      stopPrice,
      workingType: 'CONTRACT_PRICE',
      triggerAbove,
    });
    await post(tx, new Entry('order_hold', `order:${order.id}`, userId).hold(userId, Account.trade, order.lockedAsset, order.lockedAmount), this.lc.now());
    after(() => this.index.watch(order));
    this.view.market(inst);
    return order;
  }

  /**
   * A spot OCO (Binance order list; server/trade/README.md "Order types"): a limit-maker leg and a stop-limit leg
   * of the same side and volume, sharing one hold (on the limit leg: the base volume of a sell, the larger of the
   * two legs' quote of a buy). A sell needs price > last price > stopPrice, a buy price < last price < stopPrice;
   * the limit leg must not take liquidity at once (10107). Whichever leg fills or fires first cancels the other
   * in its transaction (OrderLifecycle.endOco, stops.ts fire); cancelling one cancels both (cancel).
   */
  placeSpotOco(userId: number, input: SpotOcoInput): Promise<OrderRow[]> {
    const { inst } = input.pair;
    return this.run(async (tx, after) => {
      if ((await settings(tx, userId)).spotForbidden) throw tradeError(TradeCode.spotForbidden);
      const last = this.view.lastPrice(inst);
      const sell = input.side === 'sell';
      if (sell ? !input.price.gt(last) : !input.price.lt(last)) {
        throw badInput('price', 'ocoPriceRelation', `A ${input.side} OCO needs its limit price ${sell ? 'above' : 'below'} the last price (${last.toFixed()})`);
      }
      if (sell ? !input.stopPrice.lt(last) : !input.stopPrice.gt(last)) {
        throw badInput('stopPrice', 'ocoPriceRelation', `A ${input.side} OCO needs its stop price ${sell ? 'below' : 'above'} the last price (${last.toFixed()})`);
      }
      if (walkBook(input.side, this.view.opposite(inst, input.side), input.quantity, input.price).length > 0) {
        throw tradeError(TradeCode.postOnlyWouldCross, null, 'The OCO limit leg would execute at once as taker and was refused');
      }
      checkNotional(input.pair, input.price.mul(input.quantity));
      checkNotional(input.pair, input.stopLimitPrice.mul(input.quantity));
      const hold = sell ? input.quantity : D.max(input.price, input.stopLimitPrice).mul(input.quantity);
      const now = this.lc.now();
      const base = this.spotBase(userId, input.pair, input.side, input.quantity, now);
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
      await post(tx, new Entry('order_hold', `order:${limit.id}`, userId).hold(userId, Account.trade, limit.lockedAsset, hold), now);
      after(() => {
        this.index.rest(limit);
        this.index.watch(stop);
      });
      this.view.market(inst);
      return [limit, stop];
    });
  }

  private spotBase(userId: number, pair: Pair, side: 'buy' | 'sell', quantity: Decimal, createdAt: Date) {
    const { inst } = pair;
    return {
      userId,
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

  /**
   * A USD-M order (server/trade/README.md "Order types"): limit and market orders execute at once (time in force,
   * post-only); stop orders wait for their trigger (checkTriggers); take-profit / stop-loss prices add close-position
   * stop orders that wait for this order's first fill.
   */
  placeFutures(userId: number, input: FuturesOrderInput): Promise<OrderRow> {
    const { inst } = input.pair;
    return this.run(async (tx, after) => {
      const prior = await priorOrder(tx, userId, input.clientOrderId, { market: 'usdm', symbol: inst.symbol, ...input });
      if (prior) return prior;
      const mode = (await settings(tx, userId)).positionSide;
      const { leverage, marginType } = await symbolSettings(tx, userId, inst.symbol);
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
        userId,
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
        createdAt: this.lc.now(),
        timeInForce,
        postOnly: exec.postOnly,
      };
      let order: OrderRow;
      if (trailing) {
        // A trailing stop holds nothing until it fires, as a stop order; a sell's activation price above the
        // watched price (a buy's below), else it would be active at once (refused: immediateTrigger, Binance -2021).
        const workingType = input.workingType ?? 'MARK_PRICE';
        const watched = watchedPrice(this.view, inst, workingType);
        const activation = input.activationPrice ?? null;
        if (activation && (input.side === 'sell' ? !activation.gt(watched) : !activation.lt(watched))) {
          throw badInput('activationPrice', 'immediateTrigger', `activationPrice must be ${input.side === 'sell' ? 'above' : 'below'} the current price`);
        }
        await checkReduce(tx, userId, exec);
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
          this.index.watch(order);
          this.index.activate(order, watched);
        });
        this.view.market(inst);
      } else if (stop) {
        // A stop order holds nothing and is not checked against the book until it fires (as Binance's).
        const stopPrice = input.stopPrice!;
        const workingType = input.workingType ?? 'MARK_PRICE';
        const triggerAbove = triggerDirection(stopPrice, watchedPrice(this.view, inst, workingType));
        await checkReduce(tx, userId, exec);
        checkNotional(input.pair, (input.price ?? stopPrice).mul(input.quantity));
        order = await insertOrder(tx, { ...base, status: 'running', lockedAmount: ZERO, stopPrice, workingType, triggerAbove });
        after(() => this.index.watch(order));
        this.view.market(inst);
      } else {
        const { fills, required } = await assess(tx, this.view, userId, exec);
        // FOK: all or nothing; nothing filled expires the order (Binance answers EXPIRED, not an error).
        const taken = timeInForce === 'FOK' && sumQty(fills).lt(input.quantity) ? [] : fills;
        const rests = exec.exec === 'limit' && timeInForce === 'GTC';
        // The hold keeps the ledger's 18 decimals (rounded up: it never holds less than required).
        const lockAmount = rests ? required.toDecimalPlaces(18, D.ROUND_UP) : ZERO;
        order = await insertOrder(tx, { ...base, status: 'submitted', lockedAmount: lockAmount });
        await post(tx, new Entry('order_hold', `order:${order.id}`, userId).hold(userId, Account.swap, 'USDT', lockAmount), this.lc.now());
        await this.lc.applyFills(tx, order, taken, after);
        await this.lc.settle(tx, order, after);
      }
      await attachTpSl(this.lc, tx, order, input, after);
      return order;
    });
  }

  /**
   * Take-profit / stop-loss of an open position (server/trade/README.md "Order types"): its open TP/SL orders are
   * replaced by the prices given (null or left out: none). Returns the position's TP/SL orders now open.
   */
  setPositionTpSl(
    userId: number,
    pair: Pair,
    positionSide: PositionSide | null,
    prices: { takeProfit: Decimal | null; stopLoss: Decimal | null },
    workingType: WorkingType,
  ): Promise<OrderRow[]> {
    const inst = pair.inst;
    return this.run((tx, after) => replacePositionTpSl(this.lc, tx, after, userId, inst, positionSide, prices, workingType));
  }

  /**
   * Add (`add`) or remove isolated margin of a position (Binance positionMargin): free USDT ↔ the position's
   * margin bucket, one ledger entry. Removing leaves at least the initial margin at the mark, less a loss
   * (10105 with data.removable). Idempotent on requestId (10209 when reused for another change).
   */
  adjustMargin(userId: number, change: MarginChange): Promise<{ positionSide: PositionSide; margin: Decimal }> {
    return this.run((tx) => changeMargin(this.lc, tx, userId, change));
  }

  cancel(userId: number, market: MarketKind, orderId: number): Promise<OrderRow> {
    return this.run(async (tx, after) => {
      const order = await loadOrder(tx, orderId, userId);
      if (!order || order.market !== market || !isOpen(order.status)) throw tradeError(TradeCode.orderState, { orderId: String(orderId) });
      await this.lc.close(tx, order, 'cancel', after);
      // Cancelling one leg of an OCO cancels the other (Binance cancels the whole order list).
      await this.lc.endOco(tx, order, after);
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
      const done = new Map<number, OrderRow>();
      for (const order of open) {
        if (done.has(order.id)) continue;
        await this.lc.close(tx, order, 'cancel', after);
        done.set(order.id, order);
        for (const other of await this.lc.endOco(tx, order, after)) done.set(other.id, other);
      }
      return open.map((o) => done.get(o.id) ?? o);
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

  private takerFills(input: Pick<SpotOrderInput, 'pair' | 'side' | 'quantity' | 'price' | 'priceType'>): Fill[] {
    return walkBook(input.side, this.view.opposite(input.pair.inst, input.side), input.quantity, input.priceType === 'limit' ? input.price : null);
  }
}
