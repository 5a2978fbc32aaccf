import type Decimal from 'decimal.js';
import type { Static } from 'typebox';
import type { FillView as FillViewSchema, OrderView as OrderViewSchema } from '../../contract/trade.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import type { MarketKind, SimVenue } from '../sim/index.ts';
import { D, db, out } from '../platform/decimal.ts';
import { feeOf, spotStatus, type Fill, type OrderStatus, type Side } from './matching.ts';
import { FEES } from './markets.ts';
import type { PositionSide } from './store.ts';
import type { TradeAcct } from './venue-accounts.ts';

/** spot: limit, market, stop-limit; USD-M adds stop-market and the trailing stop (contract/trade.ts FuturesPriceType). */
export type OrderType = 'limit' | 'market' | 'stop_limit' | 'stop_market' | 'trailing_stop_market';
export type WorkingType = 'MARK_PRICE' | 'CONTRACT_PRICE';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
export type TpSl = 'take_profit' | 'stop_loss';

/** The USD-M order extras (stop triggers, time in force, post-only, TP/SL); defaults on a plain order. */
export interface OrderExtras {
  stopPrice: Decimal | null;
  workingType: WorkingType | null;
  /** true: fires when the watched price rises to stopPrice; false: when it falls to it */
  triggerAbove: boolean | null;
  triggeredAt: Date | null;
  timeInForce: TimeInForce;
  postOnly: boolean;
  tpsl: TpSl | null;
  closePosition: boolean;
  parentOrderId: number | null;
  /** spot OCO: the id of the pair's limit leg, on both legs (server/trade/README.md "Order types") */
  ocoGroupId: number | null;
  /** trailing stop: the callback rate in percent, the activation price (null: active at once), the best price since activation */
  callbackRate: Decimal | null;
  activationPrice: Decimal | null;
  trailExtreme: Decimal | null;
}

export const PLAIN: OrderExtras = {
  stopPrice: null,
  workingType: null,
  triggerAbove: null,
  triggeredAt: null,
  timeInForce: 'GTC',
  postOnly: false,
  tpsl: null,
  closePosition: false,
  parentOrderId: null,
  ocoGroupId: null,
  callbackRate: null,
  activationPrice: null,
  trailExtreme: null,
};

export interface OrderRow extends OrderExtras {
  id: number;
  userId: number;
  /** The venue of the account the order is on (migration 038). */
  venue: SimVenue;
  market: MarketKind;
  symbol: string;
  side: Side;
  priceType: OrderType;
  price: Decimal | null;
  quantity: Decimal;
  filledQty: Decimal;
  filledQuote: Decimal;
  fee: Decimal;
  feeAsset: string;
  realizedPnl: Decimal;
  status: OrderStatus;
  positionSide: PositionSide;
  reduceOnly: boolean;
  leverage: number | null;
  marginType: 'cross' | 'isolated' | null;
  lockedAsset: string;
  lockedAmount: Decimal;
  /** The client's id for the order: a retry with it returns this order (null: none given). */
  clientOrderId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface RawOrder {
  id: number;
  user_id: number;
  venue: SimVenue;
  market: MarketKind;
  symbol: string;
  side: Side;
  price_type: OrderType;
  price: string | null;
  quantity: string;
  filled_qty: string;
  filled_quote: string;
  fee: string;
  fee_asset: string;
  realized_pnl: string;
  status: OrderStatus;
  position_side: PositionSide;
  reduce_only: boolean;
  leverage: number | null;
  margin_type: 'cross' | 'isolated' | null;
  locked_asset: string;
  locked_amount: string;
  created_at: Date;
  updated_at: Date;
  client_order_id: string | null;
  stop_price: string | null;
  working_type: WorkingType | null;
  trigger_above: boolean | null;
  triggered_at: Date | null;
  time_in_force: TimeInForce;
  post_only: boolean;
  tpsl: TpSl | null;
  close_position: boolean;
  parent_order_id: number | null;
  oco_group_id: number | null;
  callback_rate: string | null;
  activation_price: string | null;
  trail_extreme: string | null;
}

export function toOrder(r: RawOrder): OrderRow {
  return {
    id: r.id,
    userId: r.user_id,
    venue: r.venue,
    market: r.market,
    symbol: r.symbol,
    side: r.side,
    priceType: r.price_type,
    price: r.price === null ? null : new D(r.price),
    quantity: new D(r.quantity),
    filledQty: new D(r.filled_qty),
    filledQuote: new D(r.filled_quote),
    fee: new D(r.fee),
    feeAsset: r.fee_asset,
    realizedPnl: new D(r.realized_pnl),
    status: r.status,
    positionSide: r.position_side,
    reduceOnly: r.reduce_only,
    leverage: r.leverage,
    marginType: r.margin_type,
    lockedAsset: r.locked_asset,
    lockedAmount: new D(r.locked_amount),
    clientOrderId: r.client_order_id,
    stopPrice: r.stop_price === null ? null : new D(r.stop_price),
    workingType: r.working_type,
    triggerAbove: r.trigger_above,
    triggeredAt: r.triggered_at,
    timeInForce: r.time_in_force,
    postOnly: r.post_only,
    tpsl: r.tpsl,
    closePosition: r.close_position,
    parentOrderId: r.parent_order_id,
    ocoGroupId: r.oco_group_id,
    callbackRate: r.callback_rate === null ? null : new D(r.callback_rate),
    activationPrice: r.activation_price === null ? null : new D(r.activation_price),
    trailExtreme: r.trail_extreme === null ? null : new D(r.trail_extreme),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** An order by id, locked; with `a`, only one of that account (another account's id: none). */
export async function loadOrder(tx: Queryable, id: number, a?: TradeAcct): Promise<OrderRow | undefined> {
  const rows = await tx.query<RawOrder>(
    `select * from trade_orders where id = $1${a !== undefined ? ' and user_id = $2 and venue = $3' : ''} for update`,
    a !== undefined ? [id, a.userId, a.venue] : [id],
  );
  return rows[0] ? toOrder(rows[0]) : undefined;
}

export async function queryOrders(tx: Queryable, sql: string, params: unknown[]): Promise<OrderRow[]> {
  return (await tx.query<RawOrder>(sql, params)).map(toOrder);
}

export type NewOrder = Omit<OrderRow, 'id' | 'filledQty' | 'filledQuote' | 'fee' | 'realizedPnl' | 'updatedAt' | 'clientOrderId' | keyof OrderExtras> & {
  clientOrderId?: string | null;
} & Partial<OrderExtras>;

export async function insertOrder(tx: Queryable, o: NewOrder): Promise<OrderRow> {
  const x: OrderExtras = { ...PLAIN, ...o };
  const rows = await tx.query<RawOrder>(
    `insert into trade_orders (user_id, market, symbol, side, price_type, price, quantity, fee_asset, status, position_side,
       reduce_only, leverage, margin_type, locked_asset, locked_amount, created_at, updated_at, client_order_id,
       stop_price, working_type, trigger_above, triggered_at, time_in_force, post_only, tpsl, close_position, parent_order_id,
       oco_group_id, callback_rate, activation_price, trail_extreme, venue)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17,
       $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31) returning *`,
    [o.userId, o.market, o.symbol, o.side, o.priceType, o.price === null ? null : db(o.price), db(o.quantity), o.feeAsset,
      o.status, o.positionSide, o.reduceOnly, o.leverage, o.marginType, o.lockedAsset, db(o.lockedAmount), o.createdAt, o.clientOrderId ?? null,
      x.stopPrice === null ? null : db(x.stopPrice), x.workingType, x.triggerAbove, x.triggeredAt, x.timeInForce, x.postOnly, x.tpsl,
      x.closePosition, x.parentOrderId, x.ocoGroupId, x.callbackRate === null ? null : db(x.callbackRate),
      x.activationPrice === null ? null : db(x.activationPrice), x.trailExtreme === null ? null : db(x.trailExtreme), o.venue],
  );
  return toOrder(rows[0]!);
}

export async function saveOrder(tx: Queryable, o: OrderRow, at: Date): Promise<void> {
  o.updatedAt = at;
  await tx.query(
    `update trade_orders set filled_qty = $2, filled_quote = $3, fee = $4, realized_pnl = $5, status = $6, locked_amount = $7,
       updated_at = $8, quantity = $9, triggered_at = $10, trail_extreme = $11, oco_group_id = $12 where id = $1`,
    [o.id, db(o.filledQty), db(o.filledQuote), db(o.fee), db(o.realizedPnl), o.status, db(o.lockedAmount), at, db(o.quantity), o.triggeredAt,
      o.trailExtreme === null ? null : db(o.trailExtreme), o.ocoGroupId],
  );
}

export interface FillRecord {
  fill: Fill;
  fee: Decimal;
  realized: Decimal;
}

export async function insertFill(tx: Queryable, o: OrderRow, rec: FillRecord, at: Date): Promise<void> {
  await tx.query(
    `insert into trade_fills (order_id, user_id, market, symbol, side, price, quantity, quote, fee, fee_asset, realized_pnl, maker, created_at, venue)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [o.id, o.userId, o.market, o.symbol, o.side, db(rec.fill.price), db(rec.fill.qty), db(rec.fill.quote), db(rec.fee), o.feeAsset,
      db(rec.realized), rec.fill.maker, at, o.venue],
  );
  o.filledQty = o.filledQty.add(rec.fill.qty);
  o.filledQuote = o.filledQuote.add(rec.fill.quote);
  o.fee = o.fee.add(rec.fee);
  o.realizedPnl = o.realizedPnl.add(rec.realized);
}

export function feeRate(market: MarketKind, maker: boolean): Decimal {
  return maker ? FEES[market].maker : FEES[market].taker;
}

/** Spot fee is taken from what the order receives: the base asset on a buy, the quote asset on a sell. */
export function spotFee(side: Side, fill: Fill): Decimal {
  return feeOf(side === 'buy' ? fill.qty : fill.quote, feeRate('spot', fill.maker));
}

/** An order as the calls return it (contract/trade.ts OrderView). */
export type OrderView = Static<typeof OrderViewSchema>;
/** A fill as the calls return it (contract/trade.ts FillView). */
export type FillView = Static<typeof FillViewSchema>;

/** An order as the calls return it (amounts as decimal strings). */
export function orderView(o: OrderRow): OrderView {
  const avg = o.filledQty.isZero() ? null : o.filledQuote.div(o.filledQty);
  return {
    orderId: String(o.id),
    market: o.market,
    instrumentId: o.symbol,
    symbol: o.symbol,
    direction: o.side,
    priceType: o.priceType,
    price: o.price === null ? null : out(o.price),
    volume: out(o.quantity),
    filledVolume: out(o.filledQty),
    filledAmount: out(o.filledQuote),
    averagePrice: avg === null ? null : out(avg),
    fee: out(o.fee),
    feeAsset: o.feeAsset,
    status: o.market === 'spot' ? spotStatus(o.status) : o.status,
    clientOrderId: o.clientOrderId,
    ...(o.market === 'spot'
      ? {
          stopPrice: o.stopPrice === null ? null : out(o.stopPrice),
          triggeredAt: o.triggeredAt === null ? null : o.triggeredAt.toISOString(),
          ocoGroupId: o.ocoGroupId === null ? null : String(o.ocoGroupId),
        }
      : {}),
    ...(o.market === 'usdm'
      ? {
          positionSide: o.positionSide,
          reduceOnly: o.reduceOnly,
          leverage: o.leverage,
          marginType: o.marginType,
          realizedProfitLoss: out(o.realizedPnl),
          stopPrice: o.stopPrice === null ? null : out(o.stopPrice),
          workingType: o.workingType,
          triggeredAt: o.triggeredAt === null ? null : o.triggeredAt.toISOString(),
          timeInForce: o.timeInForce,
          postOnly: o.postOnly,
          tpsl: o.tpsl,
          closePosition: o.closePosition,
          callbackRate: o.callbackRate === null ? null : o.callbackRate.toFixed(),
          activationPrice: o.activationPrice === null ? null : out(o.activationPrice),
          trailExtreme: o.trailExtreme === null ? null : out(o.trailExtreme),
        }
      : {}),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export interface RawFill {
  id: number;
  order_id: number;
  market: MarketKind;
  symbol: string;
  side: Side;
  price: string;
  quantity: string;
  quote: string;
  fee: string;
  fee_asset: string;
  realized_pnl: string;
  maker: boolean;
  liquidation_type: 'take_over' | 'position_reduction' | null;
  created_at: Date;
}

export function fillView(f: RawFill): FillView {
  return {
    tradeId: String(f.id),
    orderId: String(f.order_id),
    market: f.market,
    instrumentId: f.symbol,
    symbol: f.symbol,
    direction: f.side,
    price: out(new D(f.price)),
    volume: out(new D(f.quantity)),
    amount: out(new D(f.quote)),
    fee: out(new D(f.fee)),
    feeAsset: f.fee_asset,
    realizedProfitLoss: out(new D(f.realized_pnl)),
    role: f.maker ? 'maker' : 'taker',
    // spec §3 trade rows: optional liquidationType (take_over | position_reduction); §4 labels.
    liquidationType: f.liquidation_type,
    time: f.created_at.toISOString(),
  };
}


/**
 * The order a client id already names (idempotent placing): null when there is none; the same request again
 * returns it; the id reused for a different order is refused (10209), nothing placed.
 */
export async function priorOrder(
  tx: Queryable,
  a: TradeAcct,
  clientOrderId: string | undefined,
  wanted: { market: MarketKind; symbol: string; side: Side; priceType: OrderType; price: Decimal | null; quantity: Decimal },
): Promise<OrderRow | null> {
  if (!clientOrderId) return null;
  const rows = await tx.query<RawOrder>('select * from trade_orders where user_id = $1 and venue = $2 and client_order_id = $3', [a.userId, a.venue, clientOrderId]);
  if (!rows[0]) return null;
  const prior = toOrder(rows[0]);
  const same =
    prior.market === wanted.market && prior.symbol === wanted.symbol && prior.side === wanted.side && prior.priceType === wanted.priceType &&
    prior.quantity.eq(wanted.quantity) && (prior.price === null ? wanted.price === null : wanted.price !== null && prior.price.eq(wanted.price));
  if (!same) throw new ApiError(Code.requestIdReused, { orderId: String(prior.id) });
  return prior;
}
