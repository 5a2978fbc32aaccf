import type { Static } from 'typebox';
import type { OrderFilter as OrderFilterSchema } from '../../../contract/trade.ts';
import type { ApiContext } from '../../platform/context.ts';
import type { Auth } from '../../identity/sessions.ts';
import { refuseIfFrozen } from '../../identity/freeze-guard.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { MarketKind, SimVenue } from '../../sim/index.ts';
import { resolveAccount, type TradeAcct } from '../venue-accounts.ts';
import type { TradeEngine } from '../engine.ts';
import { fillView, orderView, queryOrders, type FillView, type OrderView, type RawFill } from '../orders.ts';
import { planPage, rowIdOf, toPage, type CursorCondition, type Page } from '../paging.ts';

export interface TradeContext {
  api: ApiContext;
  /** Binance's engine (the default account's). */
  engine: TradeEngine;
  /** One engine per simulated venue, each matching against its venue's simulator. */
  engines: Record<SimVenue, TradeEngine>;
}

/** The account a call acts for and the engine of its venue. */
export interface Acting {
  a: TradeAcct;
  engine: TradeEngine;
}

/** The Binance account's keyId: the user id, as before the other venues' accounts (spec §3 keyId / exchangeKeyId). */
export function keyIdOf(auth: Auth): string {
  return String(auth.user.id);
}

/**
 * exchangeKeyId / keyId as sent (venue-accounts.ts resolveAccount): absent, the default account (Binance's); one of
 * the caller's accounts, that account and its venue's engine; anything else, 400 `unknownKey`.
 */
export async function acting(t: TradeContext, auth: Auth, value: unknown, field = 'exchangeKeyId'): Promise<Acting> {
  const a = await resolveAccount(t.api.db, auth.user.id, value, field);
  return { a, engine: t.engines[a.venue] };
}

/**
 * spec §4 "Account freeze: it disables withdrawals and exchange" (identity/freeze-guard.ts): no order that opens or
 * adds exposure, no trading setting, no money out of the USD-M account's margin from a frozen account. What only
 * reduces risk stays open to it (server/trade/README.md "Frozen accounts"): a reduce-only USD-M order (the engine
 * refuses one that does not reduce), closePosition, take-profit / stop-loss, adding margin and cancelling.
 */
export function checkNotFrozen(auth: Auth, reducesOnly = false): void {
  if (!reducesOnly) refuseIfFrozen(auth.user);
}

export function orderIdOf(value: unknown): number {
  return rowIdOf('orderId', value);
}

/** spec §3 futures data filters (contract/trade.ts OrderFilter). */
export type OrderFilter = Static<typeof OrderFilterSchema>;

function filterSql(market: MarketKind, a: TradeAcct, filter: OrderFilter | undefined, withStatus: boolean): { sql: string; params: unknown[] } {
  const params: unknown[] = [a.userId, market, a.venue];
  let sql = 'user_id = $1 and market = $2 and venue = $3';
  if (filter?.instrumentId) {
    params.push(filter.instrumentId.replace('/', '').toUpperCase());
    sql += ` and symbol = $${params.length}`;
  }
  if (filter?.direction) {
    params.push(filter.direction);
    sql += ` and side = $${params.length}`;
  }
  if (withStatus && filter?.status) {
    // Spot writes partial-filled / partial-canceled (spec §4); the column keeps one spelling.
    params.push(filter.status.replace('-', '_'));
    sql += ` and status = $${params.length}`;
  }
  if (withStatus && filter?.priceType) {
    params.push(filter.priceType);
    sql += ` and price_type = $${params.length}`;
  }
  return { sql, params };
}

export async function openOrders(db: Queryable, market: MarketKind, a: TradeAcct, filter: OrderFilter | undefined): Promise<OrderView[]> {
  const { sql, params } = filterSql(market, a, { ...filter, status: '' }, true);
  const rows = await queryOrders(db, `select * from trade_orders where ${sql} and status in ('submitted', 'running', 'partial_filled') order by id desc`, params);
  return rows.map(orderView);
}

/** History orders: everything that is no longer open (spec §3 historyOrder tab). */
export async function pageOrders(db: Queryable, market: MarketKind, a: TradeAcct, cursor: CursorCondition | undefined, filter: OrderFilter | undefined): Promise<Page<OrderView>> {
  const { sql, params } = filterSql(market, a, filter, true);
  const plan = planPage(cursor, params.length);
  const rows = await queryOrders(
    db,
    `select * from trade_orders where ${sql} and status not in ('submitted', 'running', 'partial_filled')${plan.where} order by ${plan.order} limit ${plan.limit}`,
    [...params, ...plan.params],
  );
  return toPage(rows, plan, orderView, plan.params.length > 0);
}

export async function pageFills(db: Queryable, market: MarketKind, a: TradeAcct, cursor: CursorCondition | undefined, filter: OrderFilter | undefined): Promise<Page<FillView>> {
  const { sql, params } = filterSql(market, a, filter, false);
  const plan = planPage(cursor, params.length);
  const rows = await db.query<RawFill>(
    `select * from trade_fills where ${sql}${plan.where} order by ${plan.order} limit ${plan.limit}`,
    [...params, ...plan.params],
  );
  return toPage(rows, plan, fillView, plan.params.length > 0);
}

export async function orderFills(db: Queryable, market: MarketKind, a: TradeAcct, orderId: number): Promise<FillView[]> {
  const rows = await db.query<RawFill>('select * from trade_fills where user_id = $1 and market = $2 and venue = $4 and order_id = $3 order by id', [a.userId, market, orderId, a.venue]);
  return rows.map(fillView);
}
