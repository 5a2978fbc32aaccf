import type { Dec } from '../platform/decimal.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { applyFill as applyFillOf } from '../../contract/futures-risk.ts';
import { type Bracket, bracketOf, liquidationPriceOf } from '../../contract/futures-brackets.ts';

/**
 * USD-M position maths, Binance's definitions for a single-asset (USDT) account with maintenance-margin
 * brackets per notional tier (Binance "Leverage and Margin of USDⓈ-M Futures"):
 * - unrealised PnL = size × (mark − entry), size signed (long > 0, short < 0);
 * - initial margin = |size| × mark / leverage;
 * - maintenance margin = notional × MMR − cum, MMR and cum (maintenance amount) of the notional's bracket;
 * - margin ratio = maintenance margin / margin balance;
 * - liquidation price = (WB − TMM1 + UPNL1 + cum − size × entry) / (|size| × MMR − size), with MMR and cum
 *   of the bracket the notional at that price falls in. WB is the isolated margin (TMM1 = UPNL1 = 0), or for
 *   cross the cross wallet, TMM1 and UPNL1 the maintenance margin and PnL of the other cross positions.
 */
export interface PositionState {
  size: Dec;
  entry: Dec;
}

/** A fill of `signedQty` (buy > 0, sell < 0) at `price` applied to a position (contract/futures-risk.ts, the order form's estimate applies the same). */
export function applyFill(position: PositionState, signedQty: Dec, price: Dec): FillEffect {
  const { size, entry, ...effect } = applyFillOf(position, signedQty, price);
  return { position: { size, entry }, ...effect };
}

export interface FillEffect {
  position: PositionState;
  /** PnL realised by the part that reduced the position. */
  realized: Dec;
  /** Base quantity that reduced the position. */
  closed: Dec;
  /** Base quantity that opened or increased it. */
  opened: Dec;
}

export function unrealizedPnl(position: PositionState, mark: Dec): Dec {
  return position.size.mul(mark.sub(position.entry));
}

export function notional(position: PositionState, mark: Dec): Dec {
  return position.size.abs().mul(mark);
}

export function initialMargin(position: PositionState, mark: Dec, leverage: number): Dec {
  return notional(position, mark).div(leverage);
}

export type { Bracket } from '../../contract/futures-brackets.ts';
export { bracketOf, makeBrackets } from '../../contract/futures-brackets.ts';

export function maintenanceMargin(position: PositionState, mark: Dec, brackets: readonly Bracket[]): Dec {
  const n = notional(position, mark);
  if (n.isZero()) return ZERO;
  const b = bracketOf(brackets, n);
  return n.mul(b.mmr).sub(b.cum);
}

/** Maintenance margin over margin balance; 1 (100 %: liquidation) when nothing is left. */
export function marginRatio(maintMargin: Dec, marginBalance: Dec): Dec {
  if (maintMargin.isZero()) return ZERO;
  if (marginBalance.lte(0)) return new D(1);
  return maintMargin.div(marginBalance);
}

/** The mark price at which the position's margin balance meets its maintenance margin (contract/futures-brackets.ts); 0 when none is reachable. */
export function liquidationPrice(position: PositionState, backingMargin: Dec, brackets: readonly Bracket[]): Dec {
  return liquidationPriceOf(position.size, position.entry, backingMargin, brackets) ?? ZERO;
}
