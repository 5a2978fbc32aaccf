/**
 * A client that keeps a local order book exactly as Binance documents it ("How to manage a local
 * order book correctly"): buffer diffs, fetch a snapshot, drop what it already contains, then apply
 * diffs in sequence — spot checks U == previous u + 1, USD-M checks pu == previous u.
 */
export interface DepthEvent {
  e: string;
  U: number;
  u: number;
  pu?: number;
  b: [string, string][];
  a: [string, string][];
}

export interface Snapshot {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

export class LocalBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  lastUpdateId = -1;
  synced = false;
  applied = 0;
  /** Why the book had to be rebuilt, when the stream broke the sequence. */
  broken: string | undefined;
  private buffer: DepthEvent[] = [];

  constructor(readonly market: 'spot' | 'usdm') {}

  onEvent(ev: DepthEvent): void {
    if (this.broken) return;
    if (!this.synced) {
      this.buffer.push(ev);
      return;
    }
    this.apply(ev);
  }

  get firstBufferedU(): number | undefined {
    return this.buffer[0]?.U;
  }

  /** Returns false when the snapshot is older than the buffered events (fetch again, step 3). */
  applySnapshot(s: Snapshot): boolean {
    const first = this.buffer[0];
    if (this.market === 'spot' && first && s.lastUpdateId < first.U) return false;
    this.bids.clear();
    this.asks.clear();
    for (const [p, q] of s.bids) this.bids.set(p, q);
    for (const [p, q] of s.asks) this.asks.set(p, q);
    this.lastUpdateId = s.lastUpdateId;
    const pending = this.buffer;
    this.buffer = [];
    this.synced = true;
    this.awaitingFirst = true;
    for (const ev of pending) this.apply(ev);
    return true;
  }

  private awaitingFirst = false;

  private apply(ev: DepthEvent): void {
    const last = this.lastUpdateId;
    if (this.market === 'spot') {
      // Drop what the snapshot (or an earlier event) already contains; the next one must cover last + 1.
      if (ev.u <= last) return;
      if (ev.U > last + 1) {
        this.broken = `gap: U=${ev.U} after u=${last}`;
        return;
      }
    } else if (this.awaitingFirst) {
      if (ev.u < last) return;
      if (!(ev.U <= last && ev.u >= last)) {
        this.broken = `first event [${ev.U};${ev.u}] does not contain ${last}`;
        return;
      }
    } else if (ev.pu !== last) {
      this.broken = ev.u <= last ? `duplicate or old event u=${ev.u} after ${last}` : `gap: pu=${ev.pu} after u=${last}`;
      return;
    }
    this.awaitingFirst = false;
    this.write(ev);
  }

  private write(ev: DepthEvent): void {
    for (const [p, q] of ev.b) {
      if (Number(q) === 0) this.bids.delete(p);
      else this.bids.set(p, q);
    }
    for (const [p, q] of ev.a) {
      if (Number(q) === 0) this.asks.delete(p);
      else this.asks.set(p, q);
    }
    this.lastUpdateId = ev.u;
    this.applied++;
  }

  /** Best `n` levels per side, sorted as Binance sorts them. */
  top(n: number): { bids: [string, string][]; asks: [string, string][] } {
    const bids = [...this.bids.entries()].sort((x, y) => Number(y[0]) - Number(x[0])).slice(0, n);
    const asks = [...this.asks.entries()].sort((x, y) => Number(x[0]) - Number(y[0])).slice(0, n);
    return { bids, asks };
  }
}
