import type { BookSide } from './book-side.ts';

/** Number of decimals in a tick size given as Binance prints it ("0.01000000" → 2). */
export function decimalsOf(step: string): number {
  const dot = step.indexOf('.');
  if (dot < 0) return 0;
  let end = step.length;
  while (end > dot + 1 && step.charCodeAt(end - 1) === 48) end--;
  return end - dot - 1;
}

export interface Grouping {
  /** price step in integer units of 10^-decimals (tick size × multiple) */
  stepUnits: number;
  /** 10^decimals */
  scale: number;
}

/**
 * Grouping by a multiple of the tick size, in integer price units so that bucket edges are exact.
 * Returns null for no grouping (multiple 1 or unknown tick).
 */
export function grouping(tickSize: string | undefined, multiple: number): Grouping | null {
  if (tickSize === undefined || !(multiple > 1) || !Number.isInteger(multiple)) return null;
  const decimals = decimalsOf(tickSize);
  const scale = 10 ** decimals;
  const tickUnits = Math.round(Number(tickSize) * scale);
  if (!(tickUnits > 0)) return null;
  return { stepUnits: tickUnits * multiple, scale };
}

/**
 * Write the top `depth` levels of a side, best first, as [price, qty, ...] into `out` (which must hold
 * depth * 2 numbers). Grouped: bids round down and asks round up to the step, quantities summed.
 * Returns the number of levels written. Loops over the visible range only.
 */
export function writeLevels(side: BookSide, depth: number, group: Grouping | null, out: Float64Array): number {
  const size = side.size;
  if (group === null) {
    const n = Math.min(depth, size);
    for (let i = 0; i < n; i++) {
      out[2 * i] = side.priceAt(i);
      out[2 * i + 1] = side.qtyAt(i);
    }
    return n;
  }
  const { stepUnits, scale } = group;
  const roundDown = side.side === 1; // bids: floor, asks: ceil
  let written = 0;
  let open = false;
  let bucket = 0;
  let qty = 0;
  for (let i = 0; i < size; i++) {
    const units = Math.round(side.priceAt(i) * scale);
    const b = roundDown ? Math.floor(units / stepUnits) * stepUnits : Math.ceil(units / stepUnits) * stepUnits;
    if (!open || b !== bucket) {
      if (open) {
        out[2 * written] = bucket / scale;
        out[2 * written + 1] = qty;
        if (++written === depth) return written;
      }
      open = true;
      bucket = b;
      qty = 0;
    }
    qty += side.qtyAt(i);
  }
  if (open) {
    out[2 * written] = bucket / scale;
    out[2 * written + 1] = qty;
    written++;
  }
  return written;
}
