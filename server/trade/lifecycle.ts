import type Decimal from 'decimal.js';
import type { Clock } from '../platform/clock.ts';
import type { Queryable } from '../platform/db/client.ts';
import type { Instrument } from '../sim/index.ts';
import { min, ZERO } from '../platform/decimal.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { applyFuturesFill, applySpotFill } from './fills.ts';
import { closedStatus, isOpen, openStatus, type Fill } from './matching.ts';
import type { MarketView } from './markets.ts';
import type { OrderIndex } from './order-index.ts';
import { loadOrder, queryOrders, saveOrder, type OrderRow } from './orders.ts';
import { ledgerAccounts } from './venue-accounts.ts';

/**
 * What happens to an order once it is in the database, inside the engine's transaction: fills, the rest of a
 * taker order, cancelling or expiring (with the hold released), and a resting order filled by a market event.
 * The in-memory index changes through `after`, once the transaction committed.
 */
export class OrderLifecycle {
  constructor(
    readonly view: MarketView,
    readonly index: OrderIndex,
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return new Date(this.clock.now());
  }

  async fillResting(tx: Queryable, id: number, available: Decimal, after: (effect: () => void) => void): Promise<void> {
    const order = await loadOrder(tx, id);
    if (!order || !isOpen(order.status) || order.price === null) return;
    const qty = min(order.quantity.sub(order.filledQty), available);
    if (qty.lte(0)) return;
    const fill: Fill = { price: order.price, qty, quote: qty.mul(order.price), maker: true };
    await this.applyFills(tx, order, [fill], after);
    order.status = openStatus(order.quantity, order.filledQty);
    if (order.status === 'filled') {
      await this.releaseLock(tx, order);
      this.index.unrest(order);
    }
    await saveOrder(tx, order, this.now());
  }

  /** After the taker fills: a limit order rests (or is done), a market order's unfilled rest expires. */
  async settle(tx: Queryable, order: OrderRow, after: (effect: () => void) => void): Promise<void> {
    // A market order's rest expires, and so does an IOC or FOK limit order's (server/trade/README.md "Order types").
    if (order.priceType === 'market' || order.priceType === 'stop_market' || order.priceType === 'trailing_stop_market' || order.timeInForce !== 'GTC') {
      await this.close(tx, order, 'expire', after);
      return;
    }
    order.status = openStatus(order.quantity, order.filledQty);
    if (order.status === 'filled') await this.releaseLock(tx, order);
    else {
      after(() => this.index.rest(order));
      this.view.market(this.instOf(order));
    }
    await saveOrder(tx, order, this.now());
  }

  async close(tx: Queryable, order: OrderRow, reason: 'cancel' | 'expire', after: (effect: () => void) => void): Promise<void> {
    order.status = closedStatus(order.quantity, order.filledQty, reason);
    await this.releaseLock(tx, order);
    await saveOrder(tx, order, this.now());
    after(() => this.index.unrest(order));
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

  async releaseLock(tx: Queryable, order: OrderRow): Promise<void> {
    if (order.lockedAmount.isZero()) return;
    const ledger = ledgerAccounts(order.venue);
    const account = order.market === 'spot' ? ledger.trade : ledger.swap;
    await post(tx, new Entry('order_release', `order:${order.id}`, order.userId).release(order.userId, account, order.lockedAsset, order.lockedAmount), this.now());
    order.lockedAmount = ZERO;
  }

  instOf(order: OrderRow): Instrument {
    const inst = this.view.listing(order.market, order.symbol);
    if (!inst) throw new Error(`unlisted ${order.market} ${order.symbol}`);
    return inst;
  }

  async applyFills(tx: Queryable, order: OrderRow, fills: Fill[], after: (effect: () => void) => void): Promise<void> {
    // Waking before the commit is safe: a woken order's trigger transaction checks the entry's fills again.
    if (fills.length > 0) this.index.wake(order.id);
    let ended = false;
    for (const fill of fills) {
      if (order.market === 'spot') await applySpotFill(tx, order, this.instOf(order), fill, this.now());
      else {
        const size = await applyFuturesFill(tx, order, fill, this.now());
        // Closed (zero) or turned the other way: the position the TP/SL were set for is gone.
        if (!size.before.isZero() && (size.after.isZero() || size.after.isPositive() !== size.before.isPositive())) ended = true;
      }
    }
    if (ended) await this.endPositionTpSl(tx, order, after);
    // An OCO leg that fills (even in part) cancels the other leg with the fill (Binance order lists).
    if (fills.length > 0) await this.endOco(tx, order, after);
  }

  /** The other open legs of `order`'s OCO cancelled (their hold released) in this transaction; [] for a plain order. */
  async endOco(tx: Queryable, order: OrderRow, after: (effect: () => void) => void): Promise<OrderRow[]> {
    if (order.ocoGroupId === null) return [];
    const others = await queryOrders(
      tx,
      `select * from trade_orders where oco_group_id = $1 and id <> $2 and status in ('submitted', 'running', 'partial_filled') order by id for update`,
      [order.ocoGroupId, order.id],
    );
    for (const o of others) await this.close(tx, o, 'cancel', after);
    return others;
  }

  /**
   * The position (pair + position side) of `order` reached zero in this transaction: its take-profit /
   * stop-loss orders are cancelled with the fill (server/trade/README.md "Order types"; spec §4 `cancelled`),
   * whatever closed it — a market close, an opposite order at once or resting, the other leg firing. Kept: the
   * filling order itself, and the TP/SL still waiting for an open entry that has filled nothing (they belong to
   * the position that entry will open, not to the one that ended), including this order's own.
   */
  async endPositionTpSl(tx: Queryable, order: OrderRow, after: (effect: () => void) => void): Promise<void> {
    const orphans = await queryOrders(
      tx,
      `select o.* from trade_orders o
        where o.user_id = $1 and o.venue = $5 and o.market = 'usdm' and o.symbol = $2 and o.position_side = $3 and o.close_position
          and o.triggered_at is null and o.status in ('running', 'partial_filled') and o.id <> $4
          and (o.parent_order_id is null
            or (o.parent_order_id <> $4 and exists (select 1 from trade_orders p where p.id = o.parent_order_id and p.filled_qty > 0)))
        order by o.id for update of o`,
      [order.userId, order.symbol, order.positionSide, order.id, order.venue],
    );
    for (const o of orphans) await this.close(tx, o, 'cancel', after);
  }
}
