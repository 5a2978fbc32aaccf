import type { Dec } from './decimal.ts';
import { D, ZERO, min } from './decimal.ts';

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

export interface FillEffect {
  position: PositionState;
  /** PnL realised by the part that reduced the position. */
  realized: Dec;
  /** Base quantity that reduced the position. */
  closed: Dec;
  /** Base quantity that opened or increased it. */
  opened: Dec;
}

/** A fill of `signedQty` (buy > 0, sell < 0) at `price` applied to a position. */
export function applyFill(position: PositionState, signedQty: Dec, price: Dec): FillEffect {
  const { size, entry } = position;
  if (size.isZero() || size.isPositive() === signedQty.isPositive()) {
    const newSize = size.add(signedQty);
    const newEntry = size.abs().mul(entry).add(signedQty.abs().mul(price)).div(newSize.abs());
    return { position: { size: newSize, entry: newEntry }, realized: ZERO, closed: ZERO, opened: signedQty.abs() };
  }
  const closed = min(size.abs(), signedQty.abs());
  const direction = size.isPositive() ? 1 : -1;
  const realized = closed.mul(price.sub(entry)).mul(direction);
  const newSize = size.add(signedQty);
  const opened = signedQty.abs().sub(closed);
  if (newSize.isZero()) return { position: { size: ZERO, entry: ZERO }, realized, closed, opened: ZERO };
  // Flipped: the rest opens a new position at the fill price.
  const newEntry = opened.gt(0) ? price : entry;
  return { position: { size: newSize, entry: newEntry }, realized, closed, opened };
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

/** One maintenance-margin tier: notionals in [floor, cap) (cap null: no upper bound). */
export interface Bracket {
  floor: Dec;
  cap: Dec | null;
  /** maintenance margin rate */
  mmr: Dec;
  /** maintenance amount: makes the margin continuous across tiers */
  cum: Dec;
}

/**
 * Brackets from their floors and rates, each tier's maintenance amount derived as Binance does:
 * cum(i) = cum(i − 1) + floor(i) × (MMR(i) − MMR(i − 1)).
 */
export function makeBrackets(tiers: readonly (readonly [floor: string, mmr: string])[]): Bracket[] {
  const out: Bracket[] = [];
  tiers.forEach(([floor, mmr], i) => {
    const prev = out[i - 1];
    const f = new D(floor);
    const rate = new D(mmr);
    out.push({ floor: f, cap: tiers[i + 1] ? new D(tiers[i + 1]![0]) : null, mmr: rate, cum: prev ? prev.cum.add(f.mul(rate.sub(prev.mmr))) : ZERO });
  });
  return out;
}

function inBracket(b: Bracket, value: Dec): boolean {
  return value.gte(b.floor) && (b.cap === null || value.lt(b.cap));
}

/** The tier a notional falls in (the last for anything above the table). */
export function bracketOf(brackets: readonly Bracket[], value: Dec): Bracket {
  return brackets.find((b) => inBracket(b, value)) ?? brackets[brackets.length - 1]!;
}

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

/**
 * The mark price at which the position's margin balance meets its maintenance margin; 0 when none is reachable.
 * `backingMargin` is WB − TMM1 + UPNL1 (see above). Each tier gives a candidate price; the answer is the one whose
 * notional lies in the tier it was computed with (Binance's method). The margin is continuous across tiers, so at
 * most one tier holds a root; a candidate outside its tier is no root.
 */
export function liquidationPrice(position: PositionState, backingMargin: Dec, brackets: readonly Bracket[]): Dec {
  const { size, entry } = position;
  if (size.isZero()) return ZERO;
  for (const b of brackets) {
    const price = backingMargin.add(b.cum).sub(size.mul(entry)).div(size.abs().mul(b.mmr).sub(size));
    if (price.gt(0) && inBracket(b, size.abs().mul(price))) return price;
  }
  return ZERO;
}
