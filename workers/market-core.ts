import type { Clock } from './clock.ts';
import type {
  EndpointId,
  HealthSnapshot,
  Market,
  MarketEndpoints,
  Subscription,
  TopicPayload,
} from './contract.ts';
import { Connection, type SocketFactory } from './connection.ts';
import type { OrderBook } from './book/order-book.ts';
import type { Frame } from './parse/frame-reader.ts';
import { Publisher, type SentState, type TabSink, type TopicSource } from './publisher.ts';
import { RestClient, type FetchLike } from './rest.ts';
import { BookEntry, type Entry, type EntryHost } from './topics/entries.ts';
import { SharedTopics, topicKey } from './topics/shared-topics.ts';

export { topicKey };

export interface CoreOptions {
  clock: Clock;
  socketFactory: SocketFactory;
  fetch: FetchLike;
  endpoints: MarketEndpoints;
  random?: () => number;
  maxFrameChars?: number;
}

/** Publishing base tick; every interval is a multiple of it. */
export const TICK_MS = 100;
const WATCHDOG_MS = 1_000;
/** A topic with no event for this long is reported stale by health (the watchdog). */
const STALE_MS = 10_000;
/**
 * A tab hidden this long gives up its per-symbol streams (issue 19: ten tabs with one visible should cost little
 * more than one): its order books, trades and candles are released unless another tab holds them (with them the
 * depth, aggTrade and kline streams and the worker's copies), and when the tab is shown again they are fetched anew
 * (REST snapshot or history, then the stream) and the tab gets a full snapshot. The all-symbol tickers and the
 * 1-per-second mark price stay. The wait keeps a quick switch between tabs from paying a snapshot each time.
 */
export const HIDDEN_RELEASE_MS = 5_000;
/** The topics a hidden tab gives up (see HIDDEN_RELEASE_MS). */
const PARKED_TOPICS: ReadonlySet<Subscription['topic']> = new Set(['book', 'trades', 'klines']);


/**
 * The market-data core: one Connection per endpoint, one copy of every topic, shared by every tab.
 * Tabs attach with a sink (their MessagePort); subscriptions are reference-counted per topic and per
 * stream; the publisher sends each tab one batched message per tick, or when a book it shows changes.
 */
export class MarketCore implements TopicSource, EntryHost {
  readonly publisher: Publisher;
  readonly connections: Record<EndpointId, Connection>;
  resyncs = 0;
  private readonly clock: Clock;
  private readonly rest: RestClient;
  /** every topic, one copy for all tabs; the publisher reads it directly (no hop through the core per tick) */
  private readonly topics: SharedTopics;
  /** per endpoint: stream → entry (the topics' routes, held here for the per-frame lookup) */
  private readonly routes: Record<EndpointId, Map<string, Entry>>;
  private tickTimer = -1;
  private watchdogTimer = -1;
  /** Books changed while a tab showing them had just been sent a message, and when to prompt them again. */
  private readonly waitingBooks = new Set<string>();
  private promptTimer = -1;
  private promptRetryAt = Infinity;
  /** per hidden tab: the subscriptions it has given up (their topic refs released), to take again when shown */
  private readonly parked = new Map<string, Set<string>>();
  /** per hidden tab: the timer that will park its books */
  private readonly parkTimers = new Map<string, number>();

  constructor(private readonly options: CoreOptions) {
    this.clock = options.clock;
    this.rest = new RestClient(options.fetch, options.endpoints);
    const make = (id: EndpointId): Connection =>
      new Connection({
        id,
        url: options.endpoints[id].ws,
        maxMessagesPerSecond: options.endpoints[id].maxMessagesPerSecond,
        clock: options.clock,
        socketFactory: options.socketFactory,
        ...(options.random ? { random: options.random } : {}),
        ...(options.maxFrameChars ? { maxFrameChars: options.maxFrameChars } : {}),
        listener: {
          onFrame: (frame) => this.route(id, frame),
          onOpen: () => {
            for (const entry of this.routes[id].values()) entry.onOpen();
          },
          onDown: () => {
            for (const entry of this.routes[id].values()) entry.onDown();
          },
        },
      });
    this.connections = { spot: make('spot'), usdmPublic: make('usdmPublic'), usdmMarket: make('usdmMarket') };
    this.topics = new SharedTopics(this, this.rest, this.connections);
    this.routes = this.topics.routes;
    this.publisher = new Publisher(this.topics);
  }

  start(): void {
    if (this.tickTimer >= 0) return;
    this.tickTimer = this.clock.setInterval(() => this.publisher.tick(this.clock.now()), TICK_MS);
    this.watchdogTimer = this.clock.setInterval(() => this.watchdog(), WATCHDOG_MS);
  }

  dispose(): void {
    this.clock.clearInterval(this.tickTimer);
    this.clock.clearInterval(this.watchdogTimer);
    this.tickTimer = this.watchdogTimer = -1;
    this.clock.clearTimeout(this.promptTimer);
    this.promptTimer = -1;
    this.promptRetryAt = Infinity;
    this.waitingBooks.clear();
    for (const id of this.parkTimers.values()) this.clock.clearTimeout(id);
    this.parkTimers.clear();
    this.parked.clear();
    this.topics.dispose();
    for (const c of Object.values(this.connections)) c.dispose();
  }

  // ---- tabs ----

  attachTab(tabId: string, sink: TabSink, visible = true): void {
    if (this.publisher.hasTab(tabId)) this.detachTab(tabId);
    this.publisher.addTab(tabId, sink, visible);
    if (!visible) this.parkTimers.set(tabId, this.clock.setTimeout(() => this.park(tabId), HIDDEN_RELEASE_MS));
  }

  /** The tab is gone (its Web Lock was released) or said goodbye: release everything it held. */
  detachTab(tabId: string): void {
    for (const [id] of this.publisher.subscriptions(tabId)) this.unsubscribe(tabId, id);
    this.publisher.removeTab(tabId);
    this.cancelPark(tabId);
    this.parked.delete(tabId);
  }

  subscribe(tabId: string, id: string, sub: Subscription): void {
    if (!this.publisher.hasTab(tabId)) return;
    this.unsubscribe(tabId, id);
    const parked = this.parked.get(tabId);
    if (parked !== undefined && PARKED_TOPICS.has(sub.topic)) {
      // A tab whose streams are parked asks for another: it gets it when shown.
      parked.add(id);
      this.publisher.subscribe(tabId, id, sub);
      return;
    }
    const entry = this.topics.acquire(sub);
    if (entry === null) return;
    this.publisher.subscribe(tabId, id, sub);
  }

  unsubscribe(tabId: string, id: string): void {
    const sub = this.publisher.unsubscribe(tabId, id);
    if (sub === undefined) return;
    if (this.parked.get(tabId)?.delete(id) === true) return; // its topic was released when it was parked
    this.topics.release(topicKey(sub));
  }

  setVisible(tabId: string, visible: boolean): void {
    if (!this.publisher.hasTab(tabId)) return;
    this.publisher.setVisible(tabId, visible);
    if (!visible) {
      if (!this.parkTimers.has(tabId) && !this.parked.has(tabId)) {
        this.parkTimers.set(tabId, this.clock.setTimeout(() => this.park(tabId), HIDDEN_RELEASE_MS));
      }
      return;
    }
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

  /** How many subscriptions of a tab are parked (tests and tools). */
  parkedCount(tabId: string): number {
    return this.parked.get(tabId)?.size ?? 0;
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

  /** A tab asked, or the browser is back online: retry endpoints that gave up. */
  reconnect(): void {
    for (const c of Object.values(this.connections)) c.retry();
  }

  health(): HealthSnapshot {
    return {
      endpoints: Object.values(this.connections).map((c) => c.health()),
      resyncs: this.resyncs,
      staleTopics: this.staleTopics(),
      books: this.topics.bookCount,
      tabs: this.publisher.tabCount,
    };
  }

  /** Keys of topics whose last event is older than STALE_MS (for health and tests). */
  staleTopics(): string[] {
    return this.topics.staleTopics(this.clock.now(), STALE_MS);
  }

  /** The book of a topic, for tests and tools (never handed to tabs). */
  book(market: Market, symbol: string): OrderBook | undefined {
    return this.topics.book(market, symbol);
  }

  // ---- TopicSource (the publisher reads `topics` itself; these stay for tools and tests) ----

  key(sub: Subscription): string {
    return topicKey(sub);
  }

  version(key: string): number {
    return this.topics.version(key);
  }

  payload(id: string, key: string, sub: Subscription, sent: SentState, full: boolean, transfer: Transferable[]): TopicPayload | null {
    return this.topics.payload(id, key, sub, sent, full, transfer);
  }

  // ---- frames ----

  private route(endpoint: EndpointId, frame: Frame): void {
    if (frame.kind === 'response' || frame.kind === 'error') return;
    const entry = this.routes[endpoint].get(frame.stream);
    if (entry === undefined) return; // a stream released a moment ago
    const now = this.clock.now();
    entry.lastEventAt = now;
    if (!(entry instanceof BookEntry)) {
      entry.onFrame(frame);
      return;
    }
    // A book that changed goes to the tabs showing it now, not at the next tick (Publisher.prompt).
    const before = entry.version();
    entry.onFrame(frame);
    if (entry.version() !== before) this.promptBook(entry.key, now);
  }

  /** Sends a changed book to the tabs that show it; a tab sent a message too recently gets it as soon as it may. */
  private promptBook(key: string, now: number): void {
    const retryAt = this.publisher.prompt(key, now);
    if (retryAt === Infinity) return;
    this.waitingBooks.add(key);
    if (retryAt >= this.promptRetryAt) return;
    this.clock.clearTimeout(this.promptTimer);
    this.promptRetryAt = retryAt;
    this.promptTimer = this.clock.setTimeout(() => {
      this.promptTimer = -1;
      this.promptRetryAt = Infinity;
      const keys = [...this.waitingBooks];
      this.waitingBooks.clear();
      for (const k of keys) if (this.topics.entries.has(k)) this.promptBook(k, this.clock.now());
    }, Math.max(0, retryAt - now));
  }

  private watchdog(): void {
    for (const c of Object.values(this.connections)) c.watchdog();
    this.topics.watchdog(this.clock.now());
  }

  /** @internal for entries */
  get restClient(): RestClient {
    return this.rest;
  }

  /** @internal for entries */
  now(): number {
    return this.clock.now();
  }

  /** @internal for entries */
  countResync(): void {
    this.resyncs++;
  }
}
