import type Decimal from 'decimal.js';
import type { Queryable } from '../platform/db/client.ts';
import type { Instrument } from '../sim/index.ts';
import { futuresAccount } from './account.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { TradeCode, insufficient, tradeError } from '../platform/refusals.ts';
import { badInput } from '../platform/envelope.ts';
import { sumQty, sumQuote, walkBook, type Fill, type Side } from './matching.ts';
import { orderCost, orderSplit } from '../../contract/futures-risk.ts';
import type { MarketView, Pair } from './markets.ts';
import { feeRate, type WorkingType } from './orders.ts';
import { positions, type PositionRow, type PositionSide } from './store.ts';
import type { TradeAcct } from './venue-accounts.ts';

/** The checks an order passes before it executes: its position side, the closable size, the margin it needs. */

/** What an order would do against the book now (assess): its taker fills and the USDT it needs. */
export interface Assessment {
  fills: Fill[];
  required: Decimal;
}

/** One order's executable part: the type it executes as (a triggered stop is a limit or a market order). */
export interface Execution {
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

/** The price a stop order watches: the simulator's mark or its last trade. */
export function watchedPrice(view: MarketView, inst: Instrument, workingType: WorkingType): Decimal {
  return workingType === 'MARK_PRICE' ? view.mark(inst) : view.lastPrice(inst);
}

/** What the order can close: the opposite side in one-way mode, the named side's position in hedge mode (contract/futures-risk.ts orderSplit, the form's too). */
export async function closableOf(tx: Queryable, a: TradeAcct, e: Execution): Promise<{ closing: boolean; closable: Decimal; position: PositionRow | undefined }> {
  const position = (await positions(tx, a, e.pair.inst.symbol)).find((p) => p.positionSide === e.positionSide);
  const { closing, closable } = orderSplit(position?.size ?? ZERO, e.side, e.positionSide, e.quantity);
  return { closing, closable, position };
}

/** Reduce-only (and hedge-mode closing) orders never open or add: 10105 otherwise. */
export async function checkReduce(tx: Queryable, a: TradeAcct, e: Execution): Promise<Decimal> {
  const { closing, closable } = await closableOf(tx, a, e);
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
export async function assess(tx: Queryable, view: MarketView, a: TradeAcct, e: Execution): Promise<Assessment> {
  const closable = await checkReduce(tx, a, e);
  const fills = walkBook(e.side, view.opposite(e.pair.inst, e.side), e.quantity, e.exec === 'limit' ? e.price : null);
  if (e.postOnly && fills.length > 0) {
    throw tradeError(TradeCode.postOnlyWouldCross, null, 'The post-only order would execute at once as taker and was refused');
  }
  if (e.exec === 'market' && fills.length === 0) throw tradeError(TradeCode.noLiquidity);
  const refPrice = e.exec === 'limit' ? e.price! : sumQuote(fills).div(sumQty(fills));
  if (!e.closePosition) checkNotional(e.pair, refPrice.mul(e.quantity));
  // contract/futures-risk.ts orderCost: the order form shows the same figure as its cost.
  const opening = D.max(ZERO, e.quantity.sub(closable));
  const required = orderCost(opening, e.quantity, refPrice, e.leverage, feeRate('usdm', false));
  const account = await futuresAccount(tx, view, a, true);
  if (required.gt(account.available)) throw insufficient('USDT');
  return { fills, required };
}

export function resolvePositionSide(mode: 'oneWay' | 'hedge', requested: PositionSide | null): PositionSide {
  if (mode === 'oneWay') {
    if (requested !== null && requested !== 'BOTH') throw badInput('positionSide', 'oneWay', 'One-way mode takes positionSide BOTH');
    return 'BOTH';
  }
  if (requested !== 'LONG' && requested !== 'SHORT') throw badInput('positionSide', 'hedge', 'Hedge mode takes positionSide LONG or SHORT');
  return requested;
}

export function checkNotional(pair: Pair, notional: Decimal): void {
  if (notional.lt(pair.minNotional)) {
    throw badInput('volume', 'minNotional', `Order value must be at least ${pair.minNotional.toFixed()} ${pair.inst.quote}`);
  }
}
