import type { MiniTicker } from '../contract.ts';

/**
 * All-market mini tickers aggregated into one map (`!miniTicker@arr` sends only the symbols that changed).
 * Each entry carries the version at which it last changed, so a tab can be sent only what it has not seen.
 */
export class TickerMap {
  version = 0;
  private readonly tickers = new Map<string, MiniTicker>();
  private readonly stamps = new Map<string, number>();

  get size(): number {
    return this.tickers.size;
  }

  get(symbol: string): MiniTicker | undefined {
    return this.tickers.get(symbol);
  }

  update(list: readonly MiniTicker[]): void {
    if (list.length === 0) return;
    const version = ++this.version;
    for (const t of list) {
      const old = this.tickers.get(t.s);
      if (old !== undefined && old.E > t.E) continue; // an older event than the one we have
      this.tickers.set(t.s, t);
      this.stamps.set(t.s, version);
    }
  }

  /** Tickers changed after `version` (all of them for version 0). */
  changedSince(version: number): MiniTicker[] {
    const out: MiniTicker[] = [];
    for (const [symbol, stamp] of this.stamps) {
      if (stamp > version) out.push(this.tickers.get(symbol) as MiniTicker);
    }
    return out;
  }
}
