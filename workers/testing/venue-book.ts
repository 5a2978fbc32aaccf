// What the venue adapters' tests share: a seeded random source, the levels a tab was shown, and the base of each
// venue's test exchange (its true book, changed level by level).
import { expect } from 'vitest';
import type { BatchMessage, BookPayload } from '../contract.ts';
import { books } from './core-harness.ts';
import type { FakeClock } from './fake-clock.ts';
import type { FakeSocket } from './fake-socket.ts';

/** A seeded linear congruential source in [0, 1). */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** The levels of a published book as JSON `{bids, asks}` of [price, qty] pairs (to compare with a TrueBook's key). */
export function shown(p: BookPayload): string {
  const pairs = (a: Float64Array) => {
    const out: [number, number][] = [];
    for (let i = 0; i < a.length; i += 2) out.push([a[i] as number, a[i + 1] as number]);
    return out;
  };
  return JSON.stringify({ bids: pairs(p.bids), asks: pairs(p.asks) });
}

export type Side = Map<number, number>;

/** A venue's true book in a test: levels by price; quantity 0 deletes. */
export class TrueBook {
  constructor(
    public bids: Side,
    public asks: Side,
  ) {}

  sorted(side: Side, dir: number): [number, number][] {
    return [...side].sort((a, b) => dir * (b[0] - a[0]));
  }

  /** Sets one bid and one ask level. */
  change(bid: [number, number], ask: [number, number]): void {
    for (const [side, [p, q]] of [[this.bids, bid], [this.asks, ask]] as const) {
      if (q === 0) side.delete(p);
      else side.set(p, q);
    }
  }

  /** The top `depth` a side as JSON, as `shown` writes a published book. */
  key(depth = 5): string {
    return JSON.stringify({ bids: this.sorted(this.bids, 1).slice(0, depth), asks: this.sorted(this.asks, -1).slice(0, depth) });
  }
}

/** A venue's test exchange: its true book (`key`) and the wire text of one update of a bid and an ask level. */
export interface UpdatingBook {
  key(depth?: number): string;
  update(bid: [number, number], ask: [number, number]): string;
}

/** Twenty updates of a synced book (levels set and deleted): after each the tab is shown the true book, synced (OKX, Bitget). */
export function expectTrueBookThroughUpdates(ws: FakeSocket, ex: UpdatingBook, clock: FakeClock, tab: BatchMessage[]): void {
  for (let i = 0; i < 20; i++) {
    ws.receive(ex.update([98 + (i % 3) * 0.5, i % 4 === 0 ? 0 : i + 0.125], [100.5 + (i % 5) * 0.5, i + 0.5]));
    clock.advance(100);
    const last = books(tab).at(-1) as BookPayload;
    expect(last.synced).toBe(true);
    expect(shown(last)).toBe(ex.key());
  }
}
