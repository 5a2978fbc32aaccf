import Decimal from 'decimal.js';

/**
 * The lightning terminal's fixed price ladder (spec §1 lightning-hand futures terminal): a window of rows,
 * one per price step, that stays where it is while the book moves, so a click lands on the price the trader
 * saw. It moves only when the trader asks (Recentre) or when the price leaves it. Pure functions, in whole
 * steps ("units": price / step) so a tick never needs decimal arithmetic.
 */

/** Rows of the ladder (half above the centre price, half below): 32 rows of 20 px fit a 1440 × 900 screen with the buttons. */
export const LADDER_ROWS = 32;
/** Ladder steps the trader can pick: multiples of the pair's tick size. */
export const STEP_MULTIPLES = [1, 10, 100, 1000] as const;
export type StepMultiple = (typeof STEP_MULTIPLES)[number];

export interface LadderWindow {
  /** the top row's price in steps */
  top: number;
  rows: number;
  /** the step as text ('0.1'), a multiple of the tick size */
  step: string;
  /** decimals a row's price shows */
  digits: number;
}

/** The step of a multiple of the tick size, as text, and its decimals. */
export function ladderStep(tickSize: string, multiple: number): { step: string; digits: number } {
  const step = new Decimal(tickSize).times(multiple);
  return { step: step.toFixed(), digits: step.decimalPlaces() };
}

/** A price's level in steps: bids round down into their step, asks up (a 100.05 bid sits at 100.0, an ask at 100.1). */
export function unitsOf(price: number, step: string, round: 'down' | 'up' | 'nearest'): number {
  const exact = price / Number(step);
  // A price on the grid divides to within a rounding error of a whole number: snap it first.
  const near = Math.round(exact);
  if (Math.abs(exact - near) < 1e-6) return near;
  return round === 'down' ? Math.floor(exact) : round === 'up' ? Math.ceil(exact) : near;
}

/** A window with `price`'s level on the middle row (the first row of the lower half). */
export function centredWindow(price: number, step: string, digits: number, rows: number = LADDER_ROWS): LadderWindow {
  return { top: unitsOf(price, step, 'nearest') + Math.floor(rows / 2), rows, step, digits };
}

/** The row a price falls on, or -1 outside the window. */
export function rowOf(w: LadderWindow, price: number, round: 'down' | 'up' | 'nearest' = 'nearest'): number {
  const row = w.top - unitsOf(price, w.step, round);
  return row >= 0 && row < w.rows ? row : -1;
}

/** The rows' prices as the ladder shows them, top (highest) first: computed once per window, not per tick. */
export function rowPrices(w: LadderWindow): string[] {
  const step = new Decimal(w.step);
  return Array.from({ length: w.rows }, (_, i) => step.times(w.top - i).toFixed(w.digits));
}

/**
 * Whether the ladder must move: only when the price (the last trade, else the mid of the best bid and ask) has
 * left the window. A null window (none yet) always must.
 */
export function needsRecentre(w: LadderWindow | null, price: number | null): boolean {
  if (w === null) return price !== null;
  if (price === null || !Number.isFinite(price)) return false;
  return rowOf(w, price) === -1;
}

/** The price that decides whether the ladder moves: the last trade, else the mid, else the best on either side. */
export function referencePrice(last: number | undefined, bestBid: number | undefined, bestAsk: number | undefined): number | null {
  if (last !== undefined && Number.isFinite(last) && last > 0) return last;
  if (bestBid !== undefined && bestAsk !== undefined) return (bestBid + bestAsk) / 2;
  return bestBid ?? bestAsk ?? null;
}

/**
 * Spreads a book side ([price, qty, …], best first) over the window's rows: `out[row]` is the quantity resting in
 * that row's step. Returns the largest row quantity (what fills a size bar). Levels outside the window are
 * skipped; `out` is reused across ticks (CONVENTIONS.md "Hot paths").
 */
export function fillRows(w: LadderWindow, levels: Float64Array | undefined, side: 'bid' | 'ask', out: Float64Array): number {
  out.fill(0);
  if (!levels) return 0;
  let max = 0;
  for (let i = 0; i + 1 < levels.length; i += 2) {
    const row = w.top - unitsOf(levels[i] as number, w.step, side === 'bid' ? 'down' : 'up');
    if (row < 0 || row >= w.rows) continue;
    const qty = (out[row] as number) + (levels[i + 1] as number);
    out[row] = qty;
    if (qty > max) max = qty;
  }
  return max;
}

/**
 * The step a pair's ladder starts with: the smallest multiple of the tick size in which the best `levels`
 * levels of each side fit in half the ladder, so the rows show depth instead of empty steps.
 */
export function defaultMultiple(tickSize: string, bids: Float64Array | undefined, asks: Float64Array | undefined, levels = 10, rows: number = LADDER_ROWS): StepMultiple {
  const span = (side: Float64Array | undefined) => {
    if (!side || side.length < 2) return 0;
    const n = Math.min(levels, side.length / 2);
    return Math.abs((side[(n - 1) * 2] as number) - (side[0] as number));
  };
  const widest = Math.max(span(bids), span(asks));
  const tick = Number(tickSize);
  for (const m of STEP_MULTIPLES) if (widest <= tick * m * (rows / 2)) return m;
  return STEP_MULTIPLES[STEP_MULTIPLES.length - 1] as StepMultiple;
}

/** Orders (price text, side) summed per row and side: what the ladder marks and cancels per level. */
export function ordersByRow<O extends { price: string | null; direction: string }>(w: LadderWindow, orders: readonly O[]): Map<string, O[]> {
  const byRow = new Map<string, O[]>();
  for (const o of orders) {
    if (o.price === null) continue;
    const side = o.direction === 'buy' ? 'bid' : 'ask';
    const row = rowOf(w, Number(o.price), side === 'bid' ? 'down' : 'up');
    if (row < 0) continue;
    const key = `${side}:${row}`;
    const list = byRow.get(key);
    if (list) list.push(o);
    else byRow.set(key, [o]);
  }
  return byRow;
}

/**
 * A position's unrealised PnL at the mark price, (mark − entry) × signed size, and its return on the
 * position's margin in percent (decimal.js). Without a mark price, the server's figure.
 */
export function livePnl(
  position: { positionAmt: string; entryPrice: string; margin: string; unrealizedProfitLoss: string },
  mark: number | undefined,
): { pnl: Decimal; roePercent: Decimal | null } {
  const pnl = mark !== undefined && Number.isFinite(mark) && mark > 0 ? new Decimal(mark).minus(position.entryPrice).times(position.positionAmt) : new Decimal(position.unrealizedProfitLoss);
  const margin = new Decimal(position.margin);
  return { pnl, roePercent: margin.gt(0) ? pnl.div(margin).times(100) : null };
}
