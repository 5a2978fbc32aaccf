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
