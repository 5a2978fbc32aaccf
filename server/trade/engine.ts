import type Decimal from 'decimal.js';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/client.ts';
import type { MarketKind, SimVenue } from '../sim/index.ts';
import type { EngineEvent, SymbolMarket } from '../sim/index.ts';
import type { Instrument, Simulator } from '../sim/index.ts';
import { tradingVenue } from '../sim/index.ts';
import { min, unit } from '../platform/decimal.ts';
import { TradeCode, tradeError } from '../platform/refusals.ts';
import { crossingLiquidity, isOpen, type MarketTrade } from './matching.ts';
import { MarketView, type Pair } from './markets.ts';
import { loadOrder, queryOrders, type OrderRow, type WorkingType } from './orders.ts';
import { positions, settings, type PositionSide } from './store.ts';
import { crossed, trailStep } from './triggers.ts';
import { OrderLifecycle } from './lifecycle.ts';
import { changeMargin, type MarginChange } from './margin.ts';
import { resolvePositionSide, watchedPrice } from './order-checks.ts';
import { OrderIndex, waitsForTrigger } from './order-index.ts';
import type { FuturesOrderInput, SpotOcoInput, SpotOrderInput } from './order-input.ts';
import { fire, replacePositionTpSl } from './stops.ts';
import type { TradeAcct } from './venue-accounts.ts';
import { placeFutures } from './futures-orders.ts';
import { placeSpot, placeSpotOco } from './spot-orders.ts';
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
  /** The venue whose simulator this engine matches against; it trades only that venue's accounts. */
  readonly venue: SimVenue;
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
    this.venue = tradingVenue(sim);
    this.lc = new OrderLifecycle(this.view, this.index, clock);
  }

  async start(): Promise<void> {
    const rows = await queryOrders(
      this.db,
      `select * from trade_orders where venue = $1 and status in ('running', 'partial_filled') and price_type in ('limit', 'stop_limit', 'stop_market', 'trailing_stop_market')`,
      [this.venue],
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
    return this.run((tx) => settleFunding(tx, this.venue, (symbol) => this.sim.fundingRecord(symbol, time), time, this.lc.now()));
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

  /** The account, checked to be on this engine's venue (the routes pick the engine by the account's venue). */
  private own(a: TradeAcct): TradeAcct {
    if (a.venue !== this.venue) throw new Error(`a ${a.venue} account on the ${this.venue} engine`);
    return a;
  }

  /** A spot limit, market or stop-limit order (spot-orders.ts). */
  placeSpot(a: TradeAcct, input: SpotOrderInput): Promise<OrderRow> {
    return this.run((tx, after) => placeSpot(this.lc, tx, after, this.own(a), input));
  }

  /** A spot OCO pair (spot-orders.ts). */
  placeSpotOco(a: TradeAcct, input: SpotOcoInput): Promise<OrderRow[]> {
    return this.run((tx, after) => placeSpotOco(this.lc, tx, after, this.own(a), input));
  }

  /** A USD-M order of any type, with its TP/SL (futures-orders.ts). */
  placeFutures(a: TradeAcct, input: FuturesOrderInput): Promise<OrderRow> {
    return this.run((tx, after) => placeFutures(this.lc, tx, after, this.own(a), input));
  }

  /**
   * Take-profit / stop-loss of an open position (server/trade/README.md "Order types"): its open TP/SL orders are
   * replaced by the prices given (null or left out: none). Returns the position's TP/SL orders now open.
   */
  setPositionTpSl(
    a: TradeAcct,
    pair: Pair,
    positionSide: PositionSide | null,
    prices: { takeProfit: Decimal | null; stopLoss: Decimal | null },
    workingType: WorkingType,
  ): Promise<OrderRow[]> {
    const inst = pair.inst;
    return this.run((tx, after) => replacePositionTpSl(this.lc, tx, after, this.own(a), inst, positionSide, prices, workingType));
  }

  /**
   * Add (`add`) or remove isolated margin of a position (Binance positionMargin): free USDT ↔ the position's
   * margin bucket, one ledger entry. Removing leaves at least the initial margin at the mark, less a loss
   * (10105 with data.removable). Idempotent on requestId (10209 when reused for another change).
   */
  adjustMargin(a: TradeAcct, change: MarginChange): Promise<{ positionSide: PositionSide; margin: Decimal }> {
    return this.run((tx) => changeMargin(this.lc, tx, this.own(a), change));
  }

  cancel(a: TradeAcct, market: MarketKind, orderId: number): Promise<OrderRow> {
    return this.run(async (tx, after) => {
      const order = await loadOrder(tx, orderId, this.own(a));
      if (!order || order.market !== market || !isOpen(order.status)) throw tradeError(TradeCode.orderState, { orderId: String(orderId) });
      await this.lc.close(tx, order, 'cancel', after);
      // Cancelling one leg of an OCO cancels the other (Binance cancels the whole order list).
      await this.lc.endOco(tx, order, after);
      return order;
    });
  }

  cancelAll(a: TradeAcct, market: MarketKind, symbol: string | null): Promise<OrderRow[]> {
    return this.run(async (tx, after) => {
      const open = await queryOrders(
        tx,
        `select * from trade_orders where user_id = $1 and venue = $2 and market = $3 and status in ('submitted', 'running', 'partial_filled')
         ${symbol ? 'and symbol = $4' : ''} order by id for update`,
        symbol ? [a.userId, this.own(a).venue, market, symbol] : [a.userId, this.own(a).venue, market],
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
  async closePosition(a: TradeAcct, pair: Pair, positionSide: PositionSide | null, quantity: Decimal | null): Promise<OrderRow> {
    const held = await this.run(async (tx) => {
      const mode = (await settings(tx, this.own(a))).positionSide;
      const side = resolvePositionSide(mode, positionSide);
      return (await positions(tx, a, pair.inst.symbol)).find((p) => p.positionSide === side);
    });
    if (!held || held.size.isZero()) throw tradeError(TradeCode.positionState);
    const qty = quantity === null ? held.size.abs() : min(quantity, held.size.abs());
    return this.placeFutures(a, {
      pair,
      side: held.size.isPositive() ? 'sell' : 'buy',
      priceType: 'market',
      price: null,
      quantity: qty,
      positionSide: held.positionSide,
      reduceOnly: held.positionSide === 'BOTH',
    });
  }
}
