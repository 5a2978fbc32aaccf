import type Decimal from 'decimal.js';
import type { MarketKind } from '../sim/index.ts';
import type { Side } from './matching.ts';
import type { OrderRow, WorkingType } from './orders.ts';
import type { Trail } from './triggers.ts';

export interface Resting {
  id: number;
  side: Side;
  price: Decimal;
}

/** A stop order waiting for its trigger (kept per symbol in memory, like resting orders). */
export interface Watched {
  id: number;
  /** null on a trailing stop */
  stopPrice: Decimal | null;
  triggerAbove: boolean;
  workingType: WorkingType;
  /** a trailing stop: its state (stopPrice is then unused) */
  trail?: Trail;
}

/** An open order still waiting for its trigger: a stop order or a trailing stop. */
export function waitsForTrigger(o: OrderRow): boolean {
  return o.triggeredAt === null && (o.stopPrice !== null || o.priceType === 'trailing_stop_market');
}

/**
 * The engine's in-memory index of open orders per symbol: the resting limit orders a market event may fill and
 * the stop orders waiting for their trigger. It changes only after a commit (the engine's `after` effects).
 */
export class OrderIndex {
  readonly resting = new Map<string, Map<number, Resting>>();
  /** Untriggered stop orders per USD-M symbol; `firing`: queued to trigger, not yet committed. */
  readonly watched = new Map<string, Map<number, Watched>>();
  readonly firing = new Set<number>();
  /**
   * Take-profit / stop-loss orders whose trigger was reached while their entry order had filled nothing: they
   * sleep (child id → entry id) until the entry fills, instead of a no-op transaction on every market event.
   */
  readonly dormant = new Map<number, number>();
  /** Trigger transactions queued since start (tests, diagnostics). */
  fireRuns = 0;

  key(market: MarketKind, symbol: string): string {
    return `${market}:${symbol}`;
  }

  rest(o: OrderRow): void {
    if (o.price === null) return;
    const key = this.key(o.market, o.symbol);
    let map = this.resting.get(key);
    if (!map) this.resting.set(key, (map = new Map()));
    map.set(o.id, { id: o.id, side: o.side, price: o.price });
  }

  unrest(o: OrderRow): void {
    this.resting.get(this.key(o.market, o.symbol))?.delete(o.id);
    this.unwatch(o);
  }

  watch(o: OrderRow): void {
    const trailing = o.priceType === 'trailing_stop_market' && o.callbackRate !== null;
    if (!trailing && (o.stopPrice === null || o.triggerAbove === null)) return;
    const key = this.key(o.market, o.symbol);
    let map = this.watched.get(key);
    if (!map) this.watched.set(key, (map = new Map()));
    const w: Watched = { id: o.id, stopPrice: o.stopPrice, triggerAbove: o.triggerAbove ?? false, workingType: o.workingType ?? 'MARK_PRICE' };
    // The best price is kept here only: after a restart an active trailing stop tracks again from the price then.
    if (trailing) w.trail = { sell: o.side === 'sell', rate: o.callbackRate!, activation: o.activationPrice, extreme: null };
    map.set(o.id, w);
  }

  /** A trailing stop placed with no activation price is active from the price at placing. */
  activate(o: OrderRow, price: Decimal): void {
    const t = this.watched.get(this.key(o.market, o.symbol))?.get(o.id)?.trail;
    if (t && t.activation === null && t.extreme === null) t.extreme = price;
  }

  unwatch(o: OrderRow): void {
    this.watched.get(this.key(o.market, o.symbol))?.delete(o.id);
    this.dormant.delete(o.id);
  }

  /** The entry filled: its sleeping take-profit / stop-loss orders watch their triggers again. */
  wake(entryId: number): void {
    if (this.dormant.size === 0) return;
    for (const [child, entry] of this.dormant) if (entry === entryId) this.dormant.delete(child);
  }

  /** Stop orders waiting for their trigger (tests, diagnostics). */
  watchedCount(): number {
    let n = 0;
    for (const map of this.watched.values()) n += map.size;
    return n;
  }

  /** Open orders kept in memory per symbol (tests, diagnostics). */
  restingCount(): number {
    let n = 0;
    for (const map of this.resting.values()) n += map.size;
    return n;
  }
}
