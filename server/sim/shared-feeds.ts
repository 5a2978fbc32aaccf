/**
 * The feeds of a venue's stream front (Bybit, Gate), one per topic key: a feed is made for its first subscriber and
 * stopped after its last one leaves.
 */
export interface SharedFeed<S> {
  readonly subs: Set<S>;
  add(sink: S): void;
  stop(): void;
}

export class FeedMap<S, F extends SharedFeed<S>> {
  readonly feeds = new Map<string, F>();

  /** Adds `sink` to the key's feed, made by `make` when the key has none. */
  join(key: string, sink: S, make: () => F): void {
    let feed = this.feeds.get(key);
    if (!feed) {
      feed = make();
      this.feeds.set(key, feed);
    }
    feed.add(sink);
  }

  /** Takes `sink` off the key's feed; true when it was on it. */
  leave(key: string, sink: S): boolean {
    const feed = this.feeds.get(key);
    if (!feed || !feed.subs.delete(sink)) return false;
    if (feed.subs.size === 0) {
      feed.stop();
      this.feeds.delete(key);
    }
    return true;
  }

  stop(): void {
    for (const f of this.feeds.values()) f.stop();
    this.feeds.clear();
  }
}
