/**
 * Gate's book ids: one contiguous count per book, shared by the REST book's `id` and the `order_book_update` pushes'
 * U/u (each engine event of n level changes takes the next n ids). The engine's own USD-M ids skip between events
 * (Binance's futures U/pu chain allows it); Gate's procedure (U = the last u + 1) does not, so the skips are taken
 * out here, from the first time a book is read or moves.
 */
import type { SymbolMarket } from '../market.ts';
import type { Simulator } from '../simulator.ts';

export class GateBookIds {
  private readonly skipped = new Map<SymbolMarket, number>();
  private readonly last = new Map<SymbolMarket, number>();
  readonly stop: () => void;

  constructor(sim: Simulator) {
    // Registered before any feed: the feeds' listeners run after it and read the event's Gate ids.
    this.stop = sim.onEvent((m, ev) => {
      const prev = this.last.get(m) ?? ev.U - 1;
      this.skipped.set(m, (this.skipped.get(m) ?? 0) + ev.U - prev - 1);
      this.last.set(m, ev.u);
    });
  }

  /** The book's id now. */
  id(m: SymbolMarket): number {
    if (!this.last.has(m)) this.last.set(m, m.lastUpdateId);
    return m.lastUpdateId - (this.skipped.get(m) ?? 0);
  }

  /** An engine id of the latest event as Gate's id. */
  of(m: SymbolMarket, engineId: number): number {
    return engineId - (this.skipped.get(m) ?? 0);
  }
}
