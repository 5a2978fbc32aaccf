/** Binance: at most 1024 streams per connection (other venues: their protocol's maxStreams). */
export const MAX_STREAMS = 1024;

/** What taking a reference on a stream did (`StreamRefs.acquire`). */
export const enum Acquired {
  /** a new stream over MAX_STREAMS: not taken */
  Refused,
  /** a further holder of a stream already held */
  Again,
  /** the first holder of a stream still live on the socket (its UNSUBSCRIBE had not gone out yet) */
  StillLive,
  /** the first holder: the stream's SUBSCRIBE is queued (unless the socket already has it) */
  First,
}

/**
 * The streams of one connection: how many holders each has (tabs' subscriptions, across tabs), which ones the
 * current socket carries, and the SUBSCRIBE / UNSUBSCRIBE still to send for the difference.
 */
export class StreamRefs {
  /** stream → number of holders (tabs' subscriptions) */
  private readonly refs = new Map<string, number>();
  /** streams the exchange has been asked for (or were in the URL) on the current socket */
  private readonly live = new Set<string>();
  private readonly pendingSub = new Set<string>();
  private readonly pendingUnsub = new Set<string>();

  get size(): number {
    return this.refs.size;
  }

  has(stream: string): boolean {
    return this.refs.has(stream);
  }

  /** True when the current socket carries the stream (subscribed or in its URL). */
  isLive(stream: string): boolean {
    return this.live.has(stream);
  }

  acquire(stream: string, maxStreams = MAX_STREAMS): Acquired {
    const count = this.refs.get(stream) ?? 0;
    if (count === 0 && this.refs.size >= maxStreams) return Acquired.Refused;
    this.refs.set(stream, count + 1);
    if (count > 0) return Acquired.Again;
    if (this.pendingUnsub.delete(stream)) return Acquired.StillLive;
    if (!this.live.has(stream)) this.pendingSub.add(stream);
    return Acquired.First;
  }

  /** Drops a holder; true when it was the last (the stream's UNSUBSCRIBE is then queued if the socket has it). */
  release(stream: string): boolean {
    const count = this.refs.get(stream);
    if (count === undefined) return false;
    if (count > 1) {
      this.refs.set(stream, count - 1);
      return false;
    }
    this.refs.delete(stream);
    if (!this.pendingSub.delete(stream) && this.live.has(stream)) this.pendingUnsub.add(stream);
    return true;
  }

  /** A new socket: the first `inUrl` streams go in its URL (returned), the others are queued to SUBSCRIBE. */
  newSocket(inUrl: number): string[] {
    const initial: string[] = [];
    for (const stream of this.refs.keys()) {
      if (initial.length === inUrl) break;
      initial.push(stream);
    }
    this.live.clear();
    this.pendingUnsub.clear();
    this.pendingSub.clear();
    for (const stream of this.refs.keys()) this.pendingSub.add(stream);
    for (const stream of initial) {
      this.pendingSub.delete(stream);
      this.live.add(stream);
    }
    return initial;
  }

  get hasPending(): boolean {
    return this.pendingSub.size > 0 || this.pendingUnsub.size > 0;
  }

  /** SUBSCRIBEs go before UNSUBSCRIBEs. */
  get subscribeNext(): boolean {
    return this.pendingSub.size > 0;
  }

  /** Takes up to `max` queued streams off the SUBSCRIBE (or UNSUBSCRIBE) queue, as sent. */
  takeBatch(subscribe: boolean, max: number): string[] {
    const from = subscribe ? this.pendingSub : this.pendingUnsub;
    const params: string[] = [];
    for (const stream of from) {
      params.push(stream);
      if (params.length === max) break;
    }
    for (const stream of params) {
      from.delete(stream);
      if (subscribe) this.live.add(stream);
      else this.live.delete(stream);
    }
    return params;
  }

  /** No socket any more: nothing is live, nothing to send. */
  noSocket(): void {
    this.live.clear();
    this.pendingSub.clear();
    this.pendingUnsub.clear();
  }

  /** Every holder gone (the core is shutting down). */
  clear(): void {
    this.refs.clear();
  }
}
