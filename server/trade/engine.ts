import type Decimal from 'decimal.js';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/client.ts';
import { instrument, type Instrument, type MarketKind } from '../sim/index.ts';
import type { EngineEvent, SymbolMarket } from '../sim/index.ts';
import type { Simulator } from '../sim/index.ts';
import { futuresAccount } from './account.ts';
import { D, ZERO, min, unit } from '../platform/decimal.ts';
import { TradeCode, insufficient, tradeError } from '../platform/refusals.ts';
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
import { MarketView, pairOf, type Pair } from './markets.ts';
import {
  feeRate,
  insertOrder,
  loadOrder,
  priorOrder,
  queryOrders,
  saveOrder,
  type OrderRow,
  type OrderType,
  type TimeInForce,
  type TpSl,
  type WorkingType,
} from './orders.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { Account, positions, savePosition, settings, symbolSettings, type PositionRow, type PositionSide } from './store.ts';
import { ApiError, Code, badInput } from '../platform/envelope.ts';
import { crossed, tpslDirection, triggerDirection } from './triggers.ts';
import { initialMargin, unrealizedPnl } from './futures-math.ts';

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

export interface FuturesOrderInput extends Omit<SpotOrderInput, 'priceType'> {
  priceType: OrderType;
  positionSide: PositionSide | null;
  reduceOnly: boolean;
  /** stop_limit / stop_market: the trigger and the price it watches (issue 18) */
  stopPrice?: Decimal | null;
  workingType?: WorkingType;
  /** limit orders (and stop-limit orders once triggered) */
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  /** take-profit / stop-loss placed with the entry: close-position stop-market orders waiting for the entry's fill */
  takeProfit?: Decimal | null;
  stopLoss?: Decimal | null;
}

/** A stop order waiting for its trigger (kept per symbol in memory, like resting orders). */
interface Watched {
  id: number;
  stopPrice: Decimal;
  triggerAbove: boolean;
  workingType: WorkingType;
}

/** What an order would do against the book now (assess): its taker fills and the USDT it needs. */
interface Assessment {
  fills: Fill[];
  required: Decimal;
}

/** One order's executable part: the type it executes as (a triggered stop is a limit or a market order). */
interface Execution {
  pair: Pair;
  side: Side;
  exec: 'limit' | 'market';
  price: Decimal | null;
  quantity: Decimal;
  positionSide: PositionSide;
  reduceOnly: boolean;
  postOnly: boolean;
  leverage: number;
  /** a close-position order closes whatever is there, however small (no minimum notional) */
  closePosition: boolean;
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
  /** Untriggered stop orders per USD-M symbol; `firing`: queued to trigger, not yet committed. */
  private readonly watched = new Map<string, Map<number, Watched>>();
  private readonly firing = new Set<number>();
  /**
   * Take-profit / stop-loss orders whose trigger was reached while their entry order had filled nothing: they
   * sleep (child id → entry id) until the entry fills, instead of a no-op transaction on every market event.
   */
  private readonly dormant = new Map<number, number>();
  /** Trigger transactions queued since start (tests, diagnostics). */
  private fireRuns = 0;
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
    const rows = await queryOrders(
      this.db,
      `select * from trade_orders where status in ('running', 'partial_filled') and price_type in ('limit', 'stop_limit', 'stop_market')`,
      [],
    );
    for (const o of rows) {
      if (o.stopPrice !== null && o.triggeredAt === null) this.watch(o);
      else if (o.priceType === 'limit' || o.priceType === 'stop_limit') this.rest(o);
      else continue;
      // A symbol with resting or stop orders generates events (each event's check touches it again).
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
    this.unwatch(o);
  }

  private watch(o: OrderRow): void {
    if (o.stopPrice === null || o.triggerAbove === null) return;
    const key = this.key(o.market, o.symbol);
    let map = this.watched.get(key);
    if (!map) this.watched.set(key, (map = new Map()));
    map.set(o.id, { id: o.id, stopPrice: o.stopPrice, triggerAbove: o.triggerAbove, workingType: o.workingType ?? 'MARK_PRICE' });
  }

  private unwatch(o: OrderRow): void {
    this.watched.get(this.key(o.market, o.symbol))?.delete(o.id);
    this.dormant.delete(o.id);
  }

  /** The entry filled: its sleeping take-profit / stop-loss orders watch their triggers again. */
  private wake(entryId: number): void {
    if (this.dormant.size === 0) return;
    for (const [child, entry] of this.dormant) if (entry === entryId) this.dormant.delete(child);
  }

  /** Stop orders waiting for their trigger (tests, diagnostics). */
  watchedCount(): number {
    let n = 0;
    for (const map of this.watched.values()) n += map.size;
    return n;
  }

  /** Trigger transactions queued and take-profit / stop-loss orders asleep until their entry fills (tests, diagnostics). */
  triggerStats(): { fireRuns: number; dormant: number } {
    return { fireRuns: this.fireRuns, dormant: this.dormant.size };
  }

  /** Open orders kept in memory per symbol (tests, diagnostics). */
  restingCount(): number {
    let n = 0;
    for (const map of this.resting.values()) n += map.size;
    return n;
  }

  // ---- market events -----------------------------------------------------------------------------

  private onMarketEvent(market: SymbolMarket, ev: EngineEvent): void {
    this.checkTriggers(market.inst);
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

  /**
   * A USD-M order (issue 7, issue 18): limit and market orders execute at once (time in force, post-only);
   * stop orders wait for their trigger (checkTriggers); take-profit / stop-loss prices add close-position stop
   * orders that wait for this order's first fill.
   */
  placeFutures(userId: number, input: FuturesOrderInput): Promise<OrderRow> {
    const { inst } = input.pair;
    return this.run(async (tx, after) => {
      const prior = await priorOrder(tx, userId, input.clientOrderId, { market: 'usdm', symbol: inst.symbol, ...input });
      if (prior) return prior;
      const mode = (await settings(tx, userId)).positionSide;
      const { leverage, marginType } = await symbolSettings(tx, userId, inst.symbol);
      const positionSide = resolvePositionSide(mode, input.positionSide);
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
        createdAt: this.now(),
        timeInForce,
        postOnly: exec.postOnly,
      };
      let order: OrderRow;
      if (stop) {
        // A stop order holds nothing and is not checked against the book until it fires (as Binance's).
        const stopPrice = input.stopPrice!;
        const workingType = input.workingType ?? 'MARK_PRICE';
        const triggerAbove = triggerDirection(stopPrice, this.watchedPrice(inst, workingType));
        await this.checkReduce(tx, userId, exec);
        checkNotional(input.pair, (input.price ?? stopPrice).mul(input.quantity));
        order = await insertOrder(tx, { ...base, status: 'running', lockedAmount: ZERO, stopPrice, workingType, triggerAbove });
        after(() => this.watch(order));
        this.view.market(inst);
      } else {
        const { fills, required } = await this.assess(tx, userId, exec);
        // FOK: all or nothing; nothing filled expires the order (Binance answers EXPIRED, not an error).
        const taken = timeInForce === 'FOK' && sumQty(fills).lt(input.quantity) ? [] : fills;
        const rests = exec.exec === 'limit' && timeInForce === 'GTC';
        // The hold keeps the ledger's 18 decimals (rounded up: it never holds less than required).
        const lockAmount = rests ? required.toDecimalPlaces(18, D.ROUND_UP) : ZERO;
        order = await insertOrder(tx, { ...base, status: 'submitted', lockedAmount: lockAmount });
        await post(tx, new Entry('order_hold', `order:${order.id}`, userId).hold(userId, Account.swap, 'USDT', lockAmount), this.now());
        await this.applyFills(tx, order, taken);
        await this.settle(tx, order, after);
      }
      await this.attachTpSl(tx, order, input, after);
      return order;
    });
  }

  /** The price a stop order watches: the simulator's mark or its last trade. */
  private watchedPrice(inst: Instrument, workingType: WorkingType): Decimal {
    return workingType === 'MARK_PRICE' ? this.view.mark(inst) : this.view.lastPrice(inst);
  }

  /** What the order can close: the opposite side in one-way mode, the named side's position in hedge mode. */
  private async closable(tx: Queryable, userId: number, e: Execution): Promise<{ closing: boolean; closable: Decimal; position: PositionRow | undefined }> {
    const position = (await positions(tx, userId, e.pair.inst.symbol)).find((p) => p.positionSide === e.positionSide);
    const size = position?.size ?? ZERO;
    const closing =
      e.positionSide === 'BOTH' ? !size.isZero() && size.isPositive() === (e.side === 'sell') : (e.positionSide === 'LONG') === (e.side === 'sell');
    return { closing, closable: closing ? size.abs() : ZERO, position };
  }

  /** Reduce-only (and hedge-mode closing) orders never open or add: 10105 otherwise. */
  private async checkReduce(tx: Queryable, userId: number, e: Execution): Promise<Decimal> {
    const { closing, closable } = await this.closable(tx, userId, e);
    if ((e.reduceOnly || e.positionSide !== 'BOTH') && closing && e.quantity.gt(closable)) {
      throw tradeError(TradeCode.positionState, { closable: closable.toFixed() }, 'The volume is above the closable position');
    }
    if (e.reduceOnly && !closing) throw tradeError(TradeCode.positionState);
    return closable;
  }

  /**
   * What the order would do against the book now, or its refusal: reduce-only that does not reduce (10105),
   * a post-only order that would take (10107), no liquidity for a market order (10106), below the minimum
   * notional (400), the initial margin of what opens plus the taker fee of the whole order above the
   * available balance (spec §8 'Insufficient Balance').
   */
  private async assess(tx: Queryable, userId: number, e: Execution): Promise<Assessment> {
    const closable = await this.checkReduce(tx, userId, e);
    const fills = walkBook(e.side, this.view.opposite(e.pair.inst, e.side), e.quantity, e.exec === 'limit' ? e.price : null);
    if (e.postOnly && fills.length > 0) {
      throw tradeError(TradeCode.postOnlyWouldCross, null, 'The post-only order would execute at once as taker and was refused');
    }
    if (e.exec === 'market' && fills.length === 0) throw tradeError(TradeCode.noLiquidity);
    const refPrice = e.exec === 'limit' ? e.price! : sumQuote(fills).div(sumQty(fills));
    if (!e.closePosition) checkNotional(e.pair, refPrice.mul(e.quantity));
    const opening = D.max(ZERO, e.quantity.sub(closable));
    const required = opening.mul(refPrice).div(e.leverage).add(feeOf(e.quantity.mul(refPrice), feeRate('usdm', false)));
    const account = await futuresAccount(tx, this.view, userId, true);
    if (required.gt(account.available)) throw insufficient('USDT');
    return { fills, required };
  }

  /** Take-profit / stop-loss given with an entry: close-position stop-market orders that wait for its first fill. */
  private async attachTpSl(tx: Queryable, entry: OrderRow, input: FuturesOrderInput, after: (effect: () => void) => void): Promise<void> {
    const inst = input.pair.inst;
    const workingType = input.workingType ?? 'MARK_PRICE';
    const closingSide: Side = entry.side === 'buy' ? 'sell' : 'buy';
    for (const [kind, price] of [['take_profit', input.takeProfit], ['stop_loss', input.stopLoss]] as const) {
      if (!price) continue;
      const triggerAbove = tpslDirection(kind, closingSide, price, this.watchedPrice(inst, workingType));
      const child = await this.insertTpSl(tx, entry, kind, price, workingType, triggerAbove, entry.id);
      after(() => this.watch(child));
    }
  }

  private insertTpSl(
    tx: Queryable,
    o: Pick<OrderRow, 'userId' | 'symbol' | 'side' | 'quantity' | 'positionSide' | 'leverage' | 'marginType'>,
    kind: TpSl,
    stopPrice: Decimal,
    workingType: WorkingType,
    triggerAbove: boolean,
    parentOrderId: number | null,
  ): Promise<OrderRow> {
    return insertOrder(tx, {
      userId: o.userId,
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
      createdAt: this.now(),
      stopPrice,
      workingType,
      triggerAbove,
      tpsl: kind,
      closePosition: true,
      parentOrderId,
    });
  }

  /**
   * Take-profit / stop-loss of an open position (issue 18): its open TP/SL orders are replaced by the prices
   * given (null or left out: none). Returns the position's TP/SL orders now open.
   */
  setPositionTpSl(
    userId: number,
    pair: Pair,
    positionSide: PositionSide | null,
    prices: { takeProfit: Decimal | null; stopLoss: Decimal | null },
    workingType: WorkingType,
  ): Promise<OrderRow[]> {
    const inst = pair.inst;
    return this.run(async (tx, after) => {
      const mode = (await settings(tx, userId)).positionSide;
      const side = resolvePositionSide(mode, positionSide);
      const held = (await positions(tx, userId, inst.symbol)).find((p) => p.positionSide === side);
      if (!held || held.size.isZero()) throw tradeError(TradeCode.positionState);
      const { leverage, marginType } = await symbolSettings(tx, userId, inst.symbol);
      const closingSide: Side = held.size.isPositive() ? 'sell' : 'buy';
      const watched = this.watchedPrice(inst, workingType);
      // Checked before anything changes: a refusal leaves the old TP/SL in place.
      const wanted = (
        [
          ['take_profit', prices.takeProfit],
          ['stop_loss', prices.stopLoss],
        ] as const
      ).flatMap(([kind, price]) => (price ? [{ kind, price, triggerAbove: tpslDirection(kind, closingSide, price, watched) }] : []));
      for (const old of await this.positionTpSl(tx, userId, inst.symbol, side)) await this.close(tx, old, 'cancel', after);
      const placed: OrderRow[] = [];
      for (const w of wanted) {
        const order = await this.insertTpSl(
          tx,
          { userId, symbol: inst.symbol, side: closingSide === 'sell' ? 'buy' : 'sell', quantity: held.size.abs(), positionSide: side, leverage, marginType },
          w.kind,
          w.price,
          workingType,
          w.triggerAbove,
          null,
        );
        after(() => this.watch(order));
        placed.push(order);
      }
      this.view.market(inst);
      return placed;
    });
  }

  /** The open, untriggered close-position orders of one position. */
  private positionTpSl(tx: Queryable, userId: number, symbol: string, positionSide: PositionSide): Promise<OrderRow[]> {
    return queryOrders(
      tx,
      `select * from trade_orders where user_id = $1 and market = 'usdm' and symbol = $2 and position_side = $3 and close_position
         and triggered_at is null and status in ('running', 'partial_filled') order by id for update`,
      [userId, symbol, positionSide],
    );
  }

  /** After every simulator event: the stop orders of the symbol whose watched price reached the trigger fire. */
  private checkTriggers(inst: Instrument): void {
    const map = this.watched.get(this.key(inst.market, inst.symbol));
    if (!map || map.size === 0) return;
    let mark: Decimal | undefined;
    let last: Decimal | undefined;
    for (const w of map.values()) {
      if (this.firing.has(w.id) || this.dormant.has(w.id)) continue;
      const price = w.workingType === 'MARK_PRICE' ? (mark ??= this.view.mark(inst)) : (last ??= this.view.lastPrice(inst));
      if (!crossed(w.triggerAbove, w.stopPrice, price)) continue;
      this.firing.add(w.id);
      this.fireRuns += 1;
      this.run((tx, after) => this.fire(tx, w.id, after))
        .catch(this.onFailure)
        .finally(() => this.firing.delete(w.id));
    }
  }

  /**
   * A stop order fires: it becomes the limit or market order it carries. A close-position order takes the
   * position's whole size then (nothing left: expired); one that waits for an entry order fires only once the
   * entry filled something (and is cancelled if the entry closed with nothing). An order the account can no
   * longer carry (margin, reduce-only with nothing to reduce) ends 'failed' — the trigger is spent.
   */
  private async fire(tx: Queryable, id: number, after: (effect: () => void) => void): Promise<void> {
    const order = await loadOrder(tx, id);
    if (!order || !isOpen(order.status) || order.triggeredAt !== null) {
      if (order) after(() => this.unwatch(order));
      return;
    }
    if (order.parentOrderId !== null) {
      const parent = await loadOrder(tx, order.parentOrderId);
      if (parent && parent.filledQty.isZero()) {
        if (!isOpen(parent.status)) await this.close(tx, order, 'cancel', after);
        else after(() => this.dormant.set(order.id, parent.id));
        return;
      }
    }
    order.triggeredAt = this.now();
    const pair = pairOf('usdm', order.symbol);
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
      const { closing, closable } = await this.closable(tx, order.userId, e);
      const qty = order.closePosition ? closable : min(order.quantity, closable);
      if (!closing || qty.isZero()) {
        await this.close(tx, order, 'expire', after);
        return;
      }
      order.quantity = e.quantity = qty;
    }
    let assessed: Assessment;
    try {
      assessed = await this.assess(tx, order.userId, e);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      order.status = 'failed';
      await saveOrder(tx, order, this.now());
      after(() => this.unwatch(order));
      return;
    }
    if (e.exec === 'limit' && order.timeInForce === 'GTC') {
      order.lockedAmount = assessed.required.toDecimalPlaces(18, D.ROUND_UP);
      await post(tx, new Entry('order_hold', `order:${order.id}`, order.userId).hold(order.userId, Account.swap, 'USDT', order.lockedAmount), this.now());
    }
    const taken = order.timeInForce === 'FOK' && sumQty(assessed.fills).lt(order.quantity) ? [] : assessed.fills;
    await this.applyFills(tx, order, taken);
    after(() => this.unwatch(order));
    await this.settle(tx, order, after);
    // The position closed: its other TP/SL orders have nothing left to do.
    const held = (await positions(tx, order.userId, order.symbol)).find((p) => p.positionSide === order.positionSide);
    if (order.closePosition && (!held || held.size.isZero())) {
      for (const other of await this.positionTpSl(tx, order.userId, order.symbol, order.positionSide)) await this.close(tx, other, 'cancel', after);
    }
  }

  /**
   * Add (`add`) or remove isolated margin of a position (Binance positionMargin): free USDT ↔ the position's
   * margin bucket, one ledger entry. Removing leaves at least the initial margin at the mark, less a loss
   * (10105 with data.removable). Idempotent on requestId (10209 when reused for another change).
   */
  adjustMargin(
    userId: number,
    pair: Pair,
    positionSide: PositionSide | null,
    amount: Decimal,
    kind: 'add' | 'remove',
    requestId: string | undefined,
  ): Promise<{ positionSide: PositionSide; margin: Decimal }> {
    const symbol = pair.inst.symbol;
    return this.run(async (tx) => {
      if (requestId) {
        const rows = await tx.query<{ id: number; symbol: string; kind: string; amount: string; position_side: PositionSide }>(
          'select id, symbol, kind, amount, position_side from futures_margin_changes where user_id = $1 and request_id = $2',
          [userId, requestId],
        );
        const prior = rows[0];
        if (prior) {
          if (prior.symbol !== symbol || prior.kind !== kind || !new D(prior.amount).eq(amount)) throw new ApiError(Code.requestIdReused, { id: String(prior.id) });
          const now = (await positions(tx, userId, symbol)).find((p) => p.positionSide === prior.position_side);
          return { positionSide: prior.position_side, margin: now?.isolatedMargin ?? ZERO };
        }
      }
      const mode = (await settings(tx, userId)).positionSide;
      const side = resolvePositionSide(mode, positionSide);
      const held = (await positions(tx, userId, symbol)).find((p) => p.positionSide === side);
      if (!held || held.size.isZero()) throw tradeError(TradeCode.positionState);
      const { leverage, marginType } = await symbolSettings(tx, userId, symbol);
      if (marginType !== 'isolated') throw tradeError(TradeCode.modeState, null, 'Margin can be added or removed on isolated positions only');
      if (kind === 'add') {
        const account = await futuresAccount(tx, this.view, userId, true);
        if (amount.gt(account.available)) throw insufficient('USDT');
      } else {
        const mark = this.view.mark(pair.inst);
        const loss = D.min(ZERO, unrealizedPnl(held, mark));
        const removable = D.max(ZERO, held.isolatedMargin.add(loss).sub(initialMargin(held, mark, leverage))).toDecimalPlaces(8, D.ROUND_DOWN);
        if (amount.gt(removable)) {
          throw tradeError(TradeCode.positionState, { removable: removable.toFixed() }, `At most ${removable.toFixed()} USDT can be removed`);
        }
      }
      const delta = kind === 'add' ? amount : amount.neg();
      const at = this.now();
      const inserted = await tx.query<{ id: number }>(
        `insert into futures_margin_changes (user_id, symbol, position_side, kind, amount, request_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [userId, symbol, side, kind, amount.toFixed(), requestId ?? null, at],
      );
      await post(
        tx,
        new Entry('futures_margin', `margin:${inserted[0]!.id}`, userId)
          .user(userId, Account.swap, 'USDT', delta.neg())
          .user(userId, Account.swap, 'USDT', delta, 'margin'),
        at,
      );
      const margin = held.isolatedMargin.add(delta);
      await savePosition(tx, userId, { ...held, isolatedMargin: margin }, at);
      return { positionSide: side, margin };
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

  private takerFills(input: Pick<SpotOrderInput, 'pair' | 'side' | 'quantity' | 'price' | 'priceType'>): Fill[] {
    return walkBook(input.side, this.view.opposite(input.pair.inst, input.side), input.quantity, input.priceType === 'limit' ? input.price : null);
  }

  /** After the taker fills: a limit order rests (or is done), a market order's unfilled rest expires. */
  private async settle(tx: Queryable, order: OrderRow, after: (effect: () => void) => void): Promise<void> {
    // A market order's rest expires, and so does an IOC or FOK limit order's (issue 18 time in force).
    if (order.priceType === 'market' || order.priceType === 'stop_market' || order.timeInForce !== 'GTC') {
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
    // An entry that ends with nothing filled takes its waiting take-profit / stop-loss with it.
    if (order.filledQty.isZero() && order.market === 'usdm') {
      const children = await queryOrders(
        tx,
        `select * from trade_orders where parent_order_id = $1 and triggered_at is null and status in ('running', 'partial_filled') for update`,
        [order.id],
      );
      for (const child of children) await this.close(tx, child, 'cancel', after);
    }
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
    // Waking before the commit is safe: a woken order's trigger transaction checks the entry's fills again.
    if (fills.length > 0) this.wake(order.id);
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
