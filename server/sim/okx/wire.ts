/**
 * OKX's wire units and number format. Prices and sizes go out as strings without trailing zeros ("65000.1", "0.5",
 * "13"), as OKX prints them. Spot sizes are base units; a swap's sizes are CONTRACTS: base quantity ÷ ctVal
 * (venues.ts: the simulator holds base units in steps of 10^-stepDecimals, one contract is ctVal of the base).
 */
import { formatScaled, type Instrument, type MarketKind } from '../instruments.ts';

export type InstType = 'SPOT' | 'SWAP';

export const INST_TYPE: Record<MarketKind, InstType> = { spot: 'SPOT', usdm: 'SWAP' };
export const KIND_OF: Record<InstType, MarketKind> = { SPOT: 'spot', SWAP: 'usdm' };

/** `value × 10^-scale` from an integer, without floats and without trailing zeros. */
export function plain(value: number, scale: number): string {
  const s = formatScaled(Math.round(value), Math.max(0, scale), Math.max(0, scale));
  if (!s.includes('.')) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}

/** Decimal places of a power of ten at or below 1 (0.01 → 2, 1 → 0). */
function decimalsOf(power: number): number {
  return Math.max(0, Math.round(-Math.log10(power)));
}

/** Decimals of one size unit on the wire: spot the step's; a swap's contracts (lots of 10^-d contracts). */
export function sizeDecimals(i: Instrument): number {
  return i.contractValue !== undefined ? i.stepDecimals - decimalsOf(i.contractValue) : i.stepDecimals;
}

export function instId(i: Instrument): string {
  return i.venueSymbol ?? i.symbol;
}

export function px(i: Instrument, ticks: number): string {
  return plain(ticks, i.tickDecimals);
}

/** A quantity in steps as OKX sizes it (swap: contracts). */
export function sz(i: Instrument, steps: number): string {
  return plain(steps, sizeDecimals(i));
}

/** A quantity in steps in base units (a swap's volCcy). */
export function baseQty(i: Instrument, steps: number): string {
  return plain(steps, i.stepDecimals);
}

/** Quote amounts are float sums of price × qty; OKX prints them with their own precision: 8 decimals at most. */
export function quoteAmount(value: number): string {
  return plain(Math.round(value * 1e8), 8);
}

export function tickSz(i: Instrument): string {
  return plain(1, i.tickDecimals);
}

export function lotSz(i: Instrument): string {
  return plain(1, sizeDecimals(i));
}

/** A deterministic order count for a level: changes only when the level's size does (OKX's 4th field). */
export function orderCount(tick: number, steps: number): string {
  return String(1 + ((((tick % 9973) * 31 + (steps % 9973)) % 9) | 0));
}
