import { Code } from '../../../../contract/codes.ts';
import { isApiError } from '../../../lib/api/index.ts';
import type { Direction, PriceType, TimeInForce, WorkingType } from './form-state.ts';

export interface OrderRequest {
  direction: Direction;
  priceType: PriceType;
  /** decimal string at the pair's tick (limit and stop-limit orders only) */
  price: string | null;
  /** decimal string at the pair's step */
  volume: string;
  /** USD-M extras (spec §7 "Lightning futures" sendOrder); left out on spot */
  stopPrice?: string | null;
  workingType?: WorkingType;
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  reduceOnly?: boolean;
  takeProfit?: string | null;
  stopLoss?: string | null;
  /** trailing stop: callback rate in percent, activation price (null: active at once) */
  callbackRate?: string | null;
  activationPrice?: string | null;
  /** spot OCO: the stop-limit leg's limit price */
  stopLimitPrice?: string | null;
}

/** A refusal of the placed order in the person's language, shown in the form (spec §8); null: the toast says it. */
export function refusalKey(error: unknown): string | null {
  if (!isApiError(error)) return null;
  switch (error.code) {
    case Code.postOnlyWouldCross:
      return 'form.refused.postOnly';
    case Code.positionState:
      return 'form.refused.reduceOnly';
    case Code.insufficientBalance:
      return 'form.refused.balance';
    case Code.noLiquidity:
      return 'form.refused.liquidity';
    default: {
      const data = error.data as { rule?: unknown } | null;
      return data && data.rule === 'immediateTrigger' ? 'form.refused.trigger' : null;
    }
  }
}

/** The side buttons' words: spot 買入/賣出; futures 開多/開空, or 平空/平多 for a reduce-only order (GLOSSARY). */
export function sideLabel(market: 'spot' | 'usdm', direction: Direction, reduceOnly: boolean): string {
  if (market === 'spot') return direction === 'buy' ? 'form.buy' : 'form.sell';
  if (reduceOnly) return direction === 'buy' ? 'form.closeShort' : 'form.closeLong';
  return direction === 'buy' ? 'form.openLong' : 'form.openShort';
}

/** What tells an order closes a position: a USD-M order's own flags (spec §7 "Lightning futures" sendOrder / closePosition). */
export interface OrderSide {
  direction: Direction;
  reduceOnly?: boolean | undefined;
  closePosition?: boolean | undefined;
  /** hedge mode: LONG or SHORT; BOTH (or none) in one-way mode */
  positionSide?: 'BOTH' | 'LONG' | 'SHORT' | undefined;
}

/**
 * Whether an order closes (part of) a position: reduce-only or close-position, or in hedge mode a sell of the LONG
 * side / a buy of the SHORT side (GLOSSARY 平多 / 平空).
 */
export function closesPosition(order: OrderSide): boolean {
  if (order.reduceOnly || order.closePosition) return true;
  return (order.positionSide === 'LONG' && order.direction === 'sell') || (order.positionSide === 'SHORT' && order.direction === 'buy');
}

/** The one side wording of an order, for its confirmation and its row in the order tables alike. */
export function orderSideLabel(market: 'spot' | 'usdm', order: OrderSide): string {
  return sideLabel(market, order.direction, market === 'usdm' && closesPosition(order));
}
