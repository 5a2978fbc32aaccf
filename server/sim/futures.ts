/**
 * USD-M perpetual figures derived from a symbol's market: mark and index price, funding (settled every 8 h on
 * the simulator's clock, seeded records before the start), open interest and liquidation orders.
 */
import { Prng } from './prng.ts';

export const FUNDING_MS = 8 * 3_600_000;
/** Records a fundingRate answer can reach back to before the start (Binance keeps them since the listing). */
const FUNDING_HISTORY = 1500;

/** Index price ÷ mark price − 1 at `now`: a slow deterministic wobble of a few basis points. */
export function indexOffset(symbol: string, now: number): number {
  return -Math.sin(now / 600_000 + symbol.length) * 0.0004;
}

/** Funding rate from the premium of mark over index, clamped like Binance's ±0.3 %. */
export function fundingRate(symbol: string, now: number): number {
  const premium = 1 / (1 + indexOffset(symbol, now)) - 1;
  return Math.max(-0.003, Math.min(0.003, 0.0001 + premium * 0.25));
}

export function nextFundingTime(now: number): number {
  return Math.floor(now / FUNDING_MS) * FUNDING_MS + FUNDING_MS;
}

export interface FundingRecord {
  time: number;
  rate: string;
  mark: string;
}

/** A liquidation order (Binance's forceOrder): one taker order that swept the book, prices in ticks, qty in steps. */
export interface Liquidation {
  seq: number;
  side: 'BUY' | 'SELL';
  /** Limit price (the bankruptcy side of the fills). */
  px: number;
  /** Average fill price, in (fractional) ticks. */
  avg: number;
  qty: number;
  time: number;
}

/**
 * Funding records of one symbol: settled at each 8 h boundary after `startTime` (`settle`, called by the
 * simulator's clock), seeded before it from the symbol's 8 h kline history (`closeBefore`).
 */
export class FundingBook {
  private readonly settled = new Map<number, FundingRecord>();

  constructor(
    private readonly seed: string,
    private readonly startTime: number,
    private readonly tickDecimals: number,
    /** Close (ticks) of the 8 h kline that ends at `time` − 1, before the start. */
    private readonly closeBefore: (time: number) => number | undefined,
  ) {}

  settle(time: number, markTicks: number, rate: number): void {
    this.settled.set(time, { time, rate: rate.toFixed(8), mark: (markTicks / 10 ** this.tickDecimals).toFixed(8) });
  }

  private at(time: number, markTicks: () => number, rate: (time: number) => number): FundingRecord | undefined {
    if (time > this.startTime) {
      const rec = this.settled.get(time);
      if (rec) return rec;
      // Not settled by a clock (a market driven by hand): settle now from the current mark.
      this.settle(time, markTicks(), rate(time));
      return this.settled.get(time);
    }
    const close = this.closeBefore(time);
    if (close === undefined) return undefined;
    const r = new Prng(`${this.seed}:funding:${time}`);
    const seeded = Math.max(-0.003, Math.min(0.003, 0.0001 + 0.00006 * r.normal()));
    return { time, rate: seeded.toFixed(8), mark: (close / 10 ** this.tickDecimals).toFixed(8) };
  }

  /** Binance's fundingRate selection: from `start` ascending, else the most recent `limit` up to `end` (or now). */
  records(now: number, limit: number, markTicks: () => number, rate: (time: number) => number, start?: number, end?: number): FundingRecord[] {
    const last = Math.floor(Math.min(end ?? now, now) / FUNDING_MS) * FUNDING_MS;
    const earliest = Math.floor(this.startTime / FUNDING_MS) * FUNDING_MS - (FUNDING_HISTORY - 1) * FUNDING_MS;
    let first = start !== undefined ? Math.ceil(start / FUNDING_MS) * FUNDING_MS : last - (limit - 1) * FUNDING_MS;
    if (first < earliest) first = earliest;
    const out: FundingRecord[] = [];
    for (let t = first; t <= last && out.length < limit; t += FUNDING_MS) {
      const rec = this.at(t, markTicks, rate);
      if (rec) out.push(rec);
    }
    return out;
  }
}

/** Open interest in steps: a slow deterministic swing around a size proportional to the book's notional. */
export function openInterest(symbol: string, now: number, levelQty: number): number {
  let h = 0;
  for (let k = 0; k < symbol.length; k++) h = (h * 31 + symbol.charCodeAt(k)) % 1000;
  const swing = 1 + 0.15 * Math.sin((2 * Math.PI * now) / 21_600_000 + h) + 0.04 * Math.sin((2 * Math.PI * now) / 2_220_000 + 2 * h);
  return Math.max(1, Math.round(levelQty * 2500 * swing));
}
