import { ASK, BID, type BookSide, type OrderBook, type Side } from './book.ts';
import type { Prng } from './prng.ts';

const SIDES = [BID, ASK] as const;
/** Levels a side the deep makers keep on average; the book holds MIN_LEVELS…MAX_LEVELS. */
const DEEP_LEVELS = 1080;
export const MIN_LEVELS = 1000;
export const MAX_LEVELS = 1200;
/** Deep placements per side and engine event (they renew the whole book in a few thousand events). */
const DEEP_ADD = 0.3;
/** Chance per side and engine event that a maker adds near the top. */
const TOP_ADD = 0.62;
/** Near the top each level is cancelled (or cut) with this chance per engine event. */
const TOP_CANCEL = 0.018;
/** Near-top orders placed when the book is seeded (about the stationary number). */
const TOP_SEED = 20;
/** Levels further than this many band widths from the fair price are withdrawn. */
const FAR = 1.3;

/**
 * The resting liquidity of one book, as two populations of makers whose orders come and go at rates that
 * depend on the distance from the fair price only, so the book's shape is stationary around the fair price
 * whatever the price does (the expected number of levels at a distance is placements ÷ cancellations there):
 * - near the top, orders land at an exponential distance (mean `topMean` ticks) from the quote, and each level
 *   within `topSpan` ticks is cut or cancelled with a fixed chance per event;
 * - over the whole band (`band` ticks a side, about DEEP_LEVELS levels `gap` ticks apart) orders land
 *   uniformly and each level is cancelled with a fixed chance per event, so every level is renewed now and
 *   then and none drifts towards the top unseen.
 * Every change goes through the book's change log, so clients learn of each level through a diff.
 */
export class Makers {
  /** Near-top placement distance (ticks), mean. */
  readonly topMean: number;
  /** Near-top cancellation zone (ticks from the quote). */
  readonly topSpan: number;
  /** Mean distance between deep levels (ticks). */
  readonly gap: number;
  /** Half-width of the deep book (ticks from the quote). */
  readonly band: number;
  /** Cancellation chance of each level per event that keeps DEEP_LEVELS on average. */
  private readonly deepCancel: number;

  constructor(
    private readonly book: OrderBook,
    private readonly prng: Prng,
    /** Typical distance between levels near the top, in ticks (≥ 1). */
    private readonly unit: number,
    /** The same, unrounded: below 1 on coarse-tick listings, whose books fill almost every tick. */
    unitExact: number,
    /** A fresh level's quantity in steps (depends on the price). */
    private readonly levelQty: () => number,
  ) {
    this.topMean = 2.5 * unit;
    this.topSpan = Math.ceil(4 * this.topMean);
    this.gap = Math.max(1.25, 1 + unitExact);
    this.band = Math.round(DEEP_LEVELS * this.gap);
    // Stationary occupancy of a tick: placements / (placements + cancellations) = 1 / gap.
    this.deepCancel = DEEP_ADD * (1 / DEEP_LEVELS - 1 / this.band);
  }

  /** Best quote each side aims at: half a unit either side of the fair price. */
  private quote(side: Side, fair: number): number {
    return side === BID ? Math.floor(fair - this.unit / 2) : Math.ceil(fair + this.unit / 2);
  }

  /** A tick `d` ticks behind the quote, kept off the other side of the book; 0 when there is none. */
  private tickAt(side: Side, fair: number, d: number): number {
    const book = this.book;
    if (side === BID) {
      let tick = this.quote(BID, fair) - Math.floor(d);
      const ba = book.bestAsk();
      if (ba > 0 && tick >= ba) tick = ba - 1;
      return tick > 0 ? tick : 0;
    }
    let tick = this.quote(ASK, fair) + Math.floor(d);
    const bb = book.bestBid();
    if (bb > 0 && tick <= bb) tick = bb + 1;
    return tick;
  }

  /** The book as the stationary state would have it: deep levels about `gap` apart, extra ones near the top. */
  seed(fair: number): void {
    const r = this.prng;
    for (const side of SIDES) {
      const s = this.book.sideOf(side);
      // Each tick taken with chance 1 / gap (gap ≥ 1.25): geometric distances between levels.
      const logQ = Math.log(1 - 1 / this.gap);
      for (let d = Math.floor(Math.log(1 - r.next()) / logQ); d < this.band; d += 1 + Math.floor(Math.log(1 - r.next()) / logQ)) {
        const tick = this.tickAt(side, fair, d);
        if (tick <= 0) break;
        s.set(tick, this.levelQty());
      }
      for (let k = 0; k < TOP_SEED; k++) this.addNearTop(side, fair, true);
    }
  }

  /** One engine event's worth of maker activity on both sides. */
  step(fair: number): void {
    const r = this.prng;
    for (const side of SIDES) {
      const s = this.book.sideOf(side);
      if (r.chance(TOP_ADD)) this.addNearTop(side, fair);
      this.cancelNearTop(s, fair);
      if (r.chance(DEEP_ADD)) this.addDeep(side, fair);
      if (r.chance(this.deepCancel * s.length) && s.length > 0) this.book.set(side, s.px[r.int(0, s.length - 1)]!, 0);
      this.trim(s, fair);
    }
  }

  /** A maker joins near the top: a new level or a longer queue (`onlyNew`: the seed leaves queues to the takers' balance). */
  private addNearTop(side: Side, fair: number, onlyNew = false): void {
    const r = this.prng;
    const tick = this.tickAt(side, fair, r.exp(this.topMean));
    if (tick <= 0) return;
    const had = this.book.sideOf(side).get(tick);
    if (onlyNew && had > 0) return;
    this.book.set(side, tick, had + Math.max(1, Math.round(this.levelQty() * (0.2 + 0.8 * r.next()))));
  }

  /** Each level within `topSpan` of the quote is hit with chance TOP_CANCEL: one draw picks it, if any. */
  private cancelNearTop(s: BookSide, fair: number): void {
    const r = this.prng;
    const edge = this.quote(s.side, fair) + (s.side === BID ? -this.topSpan : this.topSpan);
    const at = s.find(edge);
    const n = at >= 0 ? at + 1 : -at - 1;
    if (n === 0 || !r.chance(Math.min(1, TOP_CANCEL * n))) return;
    const k = r.int(0, n - 1);
    const px = s.px[k]!;
    const q = s.qty[k]!;
    if (q <= 1 || r.chance(0.5)) this.book.set(s.side, px, 0);
    else this.book.set(s.side, px, Math.max(1, Math.floor(q * (0.2 + 0.7 * r.next()))));
  }

  /** A deep order: a new level, or a level whose orders changed (a fresh quantity). */
  private addDeep(side: Side, fair: number): void {
    const tick = this.tickAt(side, fair, this.prng.next() * this.band);
    if (tick > 0) this.book.set(side, tick, this.levelQty());
  }

  /** Withdraws levels far behind the band (the price moved away) and keeps the level count in bounds. */
  private trim(s: BookSide, fair: number): void {
    const limit = this.quote(s.side, fair) + (s.side === BID ? -1 : 1) * FAR * this.band;
    while (s.length > 0 && (s.length > MAX_LEVELS || (s.side === BID ? s.px[s.length - 1]! < limit : s.px[s.length - 1]! > limit))) {
      this.book.set(s.side, s.px[s.length - 1]!, 0);
    }
    // Below the minimum: more deep orders, anywhere in the band (never lined up at the far end).
    for (let k = 0; s.length < MIN_LEVELS && k < 4; k++) this.addDeep(s.side, fair);
  }
}
