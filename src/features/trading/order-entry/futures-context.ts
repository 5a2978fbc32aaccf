import Decimal from 'decimal.js';
import { hedgeSideOf, orderSplit, riskAccountFromViews, type PositionSide, type RiskAccount } from '../../../../contract/futures-risk.ts';
import type { CapitalSnapshot, PositionView } from '../futures-data/trade-api.ts';
import type { Direction } from './form-state.ts';
import type { BalanceContext } from './validate.ts';

/** What the USD-M form knows of the account (spec §3 "Futures capital snapshot", the position query, the trading modes). */
export interface FuturesAccountInputs {
  symbol: string;
  capital: CapitalSnapshot | null;
  /** every open position of the account, not only the page's pair: cross positions share one wallet */
  positions: readonly PositionView[];
  hedge: boolean;
  /** the pair's margin mode (spec §3 session `crossed`) */
  crossed: boolean;
  leverage: number;
  takerFeeRate: Decimal;
  referencePrice: Decimal | null;
}

/** The account as contract/futures-risk.ts reads it (the cross wallet is the wallet balance less the isolated margins). */
export function riskAccountOf(capital: CapitalSnapshot | null, positions: readonly PositionView[]): RiskAccount {
  return riskAccountFromViews(capital?.balance ?? null, positions);
}

/**
 * The order form's balance for one direction (spec §2 "Futures trading": cost and estimated liquidation before
 * submitting): what the order can close of the position it trades against (one-way: the opposite position; hedge
 * mode: the side the direction and reduce-only name), and the account the estimate runs on.
 */
export function futuresBalance(inputs: FuturesAccountInputs, direction: Direction, reduceOnly: boolean): BalanceContext {
  const positionSide: PositionSide = inputs.hedge ? hedgeSideOf(direction, reduceOnly) : 'BOTH';
  const held = inputs.positions.find((p) => p.instrumentId === inputs.symbol && p.positionSide === positionSide);
  const size = held ? new Decimal(held.positionAmt) : new Decimal(0);
  const { closable } = orderSplit(size, direction, positionSide, new Decimal(0));
  return {
    available: inputs.capital ? new Decimal(inputs.capital.availableBalance) : null,
    referencePrice: inputs.referencePrice,
    leverage: inputs.leverage,
    takerFeeRate: inputs.takerFeeRate,
    closable,
    risk: {
      account: riskAccountOf(inputs.capital, inputs.positions),
      positionSide,
      // A held position keeps its own mode (Binance refuses a change while one is open).
      marginType: held && !size.isZero() ? held.marginType : inputs.crossed ? 'cross' : 'isolated',
      mark: held ? new Decimal(held.markPrice) : null,
    },
  };
}
