import type { Clock } from './clock.ts';
import type { HealthSnapshot, Market, MarketEndpoints, Subscription, TopicPayload, VenueCode } from './contract.ts';
import { Connection, type SocketFactory } from './connection.ts';
import type { OrderBook } from './book/order-book.ts';
import type { Frame } from './parse/frame-reader.ts';
import { Publisher, type SentState, type TabSink, type TopicSource } from './publisher.ts';
import type { FetchLike } from './rest.ts';
import { BookEntry } from './topics/book-entry.ts';
import type { Entry, EntryHost } from './topics/entries.ts';
import { StreamBookEntry } from './topics/stream-book-entry.ts';
import { SharedTopics, topicKey } from './topics/shared-topics.ts';
import { createAdapters } from './venues/index.ts';
import type { VenueAdapter } from './venues/venue.ts';
import { BookPrompts } from './book-prompts.ts';
import { HIDDEN_RELEASE_MS, TabParking } from './tab-parking.ts';

export { HIDDEN_RELEASE_MS, topicKey };

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
 * The market-data core: one Connection per venue endpoint (made when a subscription first needs it), one copy of every
 * topic, shared by every tab; the venues' differences sit behind their adapters (workers/venues).
 * Tabs attach with a sink (their MessagePort); subscriptions are reference-counted per topic and per
 * stream; the publisher sends each tab one batched message per tick, or when a book it shows changes.
 */
export class MarketCore implements TopicSource, EntryHost {
  readonly publisher: Publisher;
  /** by connection id (Binance: 'spot', 'usdmPublic', 'usdmMarket'; others `${venue}:${endpoint}`) */
  readonly connections: Record<string, Connection> = {};
  resyncs = 0;
  private readonly clock: Clock;
  private readonly adapters: Partial<Record<VenueCode, VenueAdapter>>;
  /** every topic, one copy for all tabs; the publisher reads it directly (no hop through the core per tick) */
  private readonly topics: SharedTopics;
  /** per connection: stream → entry (the topics' routes, held here for the per-frame lookup) */
  private readonly routes: Map<string, Map<string, Entry>>;
  private readonly prompts: BookPrompts;
  private readonly parking: TabParking;
  private tickTimer = -1;
  private watchdogTimer = -1;

  constructor(private readonly options: CoreOptions) {
    this.clock = options.clock;
    this.adapters = createAdapters(options.fetch, options.endpoints);
    this.topics = new SharedTopics(this, {
      adapter: (venue) => this.adapters[venue] ?? null,
      connection: (adapter, name) => this.connection(adapter, name),
    });
    this.routes = this.topics.routes;
    this.publisher = new Publisher(this.topics);
    this.prompts = new BookPrompts(this.clock, this.publisher, this.topics.entries);
    this.parking = new TabParking(this.clock, this.publisher, this.topics);
  }

  /** The one Connection of a venue endpoint, made the first time a subscription needs it. */
  private connection(adapter: VenueAdapter, name: string): Connection {
    const endpoint = adapter.endpoint(name);
    const id = endpoint.id;
    const existing = this.connections[id];
    if (existing !== undefined) return existing;
    const entries = (): Iterable<Entry> => this.routes.get(id)?.values() ?? [];
    const connection = new Connection({
      id,
      venue: adapter.code,
      url: endpoint.ws,
      maxMessagesPerSecond: endpoint.maxMessagesPerSecond,
      protocol: endpoint.protocol,
      clock: this.options.clock,
      socketFactory: this.options.socketFactory,
      ...(this.options.random ? { random: this.options.random } : {}),
      ...(this.options.maxFrameChars ? { maxFrameChars: this.options.maxFrameChars } : {}),
      listener: {
        onFrame: (frame) => this.route(id, frame),
        onOpen: () => {
          for (const entry of entries()) entry.onOpen();
        },
        onDown: () => {
          for (const entry of entries()) entry.onDown();
        },
      },
    });
    this.connections[id] = connection;
    return connection;
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
    this.prompts.dispose();
    this.parking.dispose();
    this.topics.dispose();
    for (const c of Object.values(this.connections)) c.dispose();
  }

  // ---- tabs ----

  attachTab(tabId: string, sink: TabSink, visible = true): void {
    if (this.publisher.hasTab(tabId)) this.detachTab(tabId);
    this.publisher.addTab(tabId, sink, visible);
    if (!visible) this.parking.hidden(tabId);
    // A tab opened or reloaded is a person waiting for data: what is down tries again now (spec §4).
    this.reconnect();
  }

  /** The tab is gone (its Web Lock was released) or said goodbye: release everything it held. */
  detachTab(tabId: string): void {
    for (const [id] of this.publisher.subscriptions(tabId)) this.unsubscribe(tabId, id);
    this.publisher.removeTab(tabId);
    this.parking.forget(tabId);
  }

  subscribe(tabId: string, id: string, sub: Subscription): void {
    if (!this.publisher.hasTab(tabId)) return;
    this.unsubscribe(tabId, id);
    if (this.parking.holds(tabId, id, sub)) {
      // A tab whose streams are parked asks for another: it gets it when shown.
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
    if (this.parking.drop(tabId, id)) return; // its topic was released when it was parked
    this.topics.release(topicKey(sub));
  }

  setVisible(tabId: string, visible: boolean): void {
    if (!this.publisher.hasTab(tabId)) return;
    this.publisher.setVisible(tabId, visible);
    if (visible) {
      this.parking.shown(tabId);
      this.reconnect(); // shown again: what is down tries again now (spec §4)
    } else this.parking.hidden(tabId);
  }

  /** How many subscriptions of a tab are parked (tests and tools). */
  parkedCount(tabId: string): number {
    return this.parking.count(tabId);
  }

  /**
   * A tab attached or was shown, or the browser is back online: endpoints that are down and REST loads that failed
   * try again at once, with a fresh burst (spec §4), instead of waiting out their back-off.
   */
  reconnect(): void {
    for (const c of Object.values(this.connections)) c.retry();
    this.topics.retryNow();
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
  book(market: Market, symbol: string, venue: VenueCode = 'binance'): OrderBook | undefined {
    return this.topics.book(market, symbol, venue);
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

  private route(connection: string, frame: Frame): void {
    if (frame.kind === 'response' || frame.kind === 'error') return;
    const entry = this.routes.get(connection)?.get(frame.stream);
    if (entry === undefined) return; // a stream released a moment ago
    const now = this.clock.now();
    entry.lastEventAt = now;
    if (!(entry instanceof BookEntry) && !(entry instanceof StreamBookEntry)) {
      entry.onFrame(frame);
      return;
    }
    // A book that changed goes to the tabs showing it now, not at the next tick (Publisher.prompt).
    const before = entry.version();
    entry.onFrame(frame);
    if (entry.version() !== before) this.prompts.prompt(entry.key, now);
  }

  private watchdog(): void {
    for (const c of Object.values(this.connections)) c.watchdog();
    this.topics.watchdog(this.clock.now());
  }

  /** @internal for entries */
  now(): number {
    return this.clock.now();
  }

  /** @internal for entries: the jitter of REST retries */
  random(): number {
    return (this.options.random ?? Math.random)();
  }

  /** @internal for entries: a book synced by its REST snapshot goes out now (the first book of a page among them) */
  bookChanged(key: string): void {
    this.prompts.prompt(key, this.clock.now());
  }

  /** @internal for entries */
  countResync(): void {
    this.resyncs++;
  }
}
