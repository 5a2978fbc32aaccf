import type { Clock } from './clock.ts';
import type { Subscription } from './contract.ts';
import type { Publisher } from './publisher.ts';
import type { SharedTopics } from './topics/shared-topics.ts';
import { topicKey } from './topics/shared-topics.ts';

/**
 * A tab hidden this long gives up its per-symbol streams (bench/results/browser.md "Four windows and ten tabs":
 * ten tabs with one visible should cost little more than one): its order books, trades and candles are released
 * unless another tab holds them (with them the depth, aggTrade and kline streams and the worker's copies), and when
 * the tab is shown again they are fetched anew (REST snapshot or history, then the stream) and the tab gets a full
 * snapshot. The all-symbol tickers and the 1-per-second mark price stay. The wait keeps a quick switch between tabs
 * from paying a snapshot each time.
 */
export const HIDDEN_RELEASE_MS = 5_000;
/** The topics a hidden tab gives up (see HIDDEN_RELEASE_MS). */
const PARKED_TOPICS: ReadonlySet<Subscription['topic']> = new Set(['book', 'trades', 'klines']);

/**
 * Hidden tabs' parked subscriptions: the tab keeps them in the publisher while their topic references are
 * released, and takes the topics again when it is shown.
 */
export class TabParking {
  /** per hidden tab: the subscriptions it has given up (their topic refs released), to take again when shown */
  private readonly parked = new Map<string, Set<string>>();
  /** per hidden tab: the timer that will park its books */
  private readonly parkTimers = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly publisher: Publisher,
    private readonly topics: SharedTopics,
  ) {}

  /** The tab is hidden: park its streams after HIDDEN_RELEASE_MS, unless that is already under way or done. */
  hidden(tabId: string): void {
    if (this.parkTimers.has(tabId) || this.parked.has(tabId)) return;
    this.parkTimers.set(tabId, this.clock.setTimeout(() => this.park(tabId), HIDDEN_RELEASE_MS));
  }

  /** The tab is shown: no parking, and what it parked is taken again. */
  shown(tabId: string): void {
    this.cancelPark(tabId);
    const parked = this.parked.get(tabId);
    if (parked === undefined) return;
    this.parked.delete(tabId);
    const subs = new Map(this.publisher.subscriptions(tabId));
    for (const id of parked) {
      const sub = subs.get(id);
      if (sub === undefined) continue;
      // Taken again: a new book syncs from a snapshot, trades and candles from their history; the publisher sends
      // the tab a full message (it was hidden).
      if (this.topics.acquire(sub) === null) this.publisher.unsubscribe(tabId, id);
    }
  }

  /** A subscription a parked tab asks for waits, parked, until the tab is shown: true when it does. */
  holds(tabId: string, id: string, sub: Subscription): boolean {
    const parked = this.parked.get(tabId);
    if (parked === undefined || !PARKED_TOPICS.has(sub.topic)) return false;
    parked.add(id);
    return true;
  }

  /** The tab dropped a subscription: true when it was parked (its topic was released when it was parked). */
  drop(tabId: string, id: string): boolean {
    return this.parked.get(tabId)?.delete(id) === true;
  }

  /** The tab is gone. */
  forget(tabId: string): void {
    this.cancelPark(tabId);
    this.parked.delete(tabId);
  }

  /** How many subscriptions of a tab are parked (tests and tools). */
  count(tabId: string): number {
    return this.parked.get(tabId)?.size ?? 0;
  }

  dispose(): void {
    for (const id of this.parkTimers.values()) this.clock.clearTimeout(id);
    this.parkTimers.clear();
    this.parked.clear();
  }

  private park(tabId: string): void {
    this.parkTimers.delete(tabId);
    if (!this.publisher.hasTab(tabId) || this.publisher.isVisible(tabId)) return;
    const parked = new Set<string>();
    for (const [id, sub] of this.publisher.subscriptions(tabId)) {
      if (!PARKED_TOPICS.has(sub.topic)) continue;
      parked.add(id);
      this.topics.release(topicKey(sub));
    }
    this.parked.set(tabId, parked);
  }

  private cancelPark(tabId: string): void {
    const timer = this.parkTimers.get(tabId);
    if (timer === undefined) return;
    this.clock.clearTimeout(timer);
    this.parkTimers.delete(tabId);
  }
}
