import type { Clock } from './clock.ts';
import type {
  EndpointId,
  HealthSnapshot,
  Kline,
  Market,
  MarketEndpoints,
  Subscription,
  TopicPayload,
} from './contract.ts';
import { Connection, type SocketFactory } from './connection.ts';
import type { OrderBook } from './book/order-book.ts';
import { BookViews } from './book/book-views.ts';
import type { Frame } from './parse/frame-reader.ts';
import { Publisher, type SentState, type TabSink, type TopicSource } from './publisher.ts';
import { RestClient, type FetchLike } from './rest.ts';
import { tradesPayload } from './topics/trade-list.ts';
import {
  BookEntry,
  KlinesEntry,
  MarkEntry,
  TickersEntry,
  TradesEntry,
  type Entry,
  type EntryHost,
} from './topics/entries.ts';

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
  private readonly entries = new Map<string, Entry>();
  /** per endpoint: stream → entry key */
  private readonly routes: Record<EndpointId, Map<string, Entry>> = {
    spot: new Map(),
    usdmPublic: new Map(),
    usdmMarket: new Map(),
  };
  private readonly views = new BookViews();
  private readonly tickSizes = new Map<string, string>();
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
    this.publisher = new Publisher(this);
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
    for (const entry of this.entries.values()) entry.dispose();
    this.entries.clear();
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
    const entry = this.acquire(sub);
    if (entry === null) return;
    this.publisher.subscribe(tabId, id, sub);
  }

  unsubscribe(tabId: string, id: string): void {
    const sub = this.publisher.unsubscribe(tabId, id);
    if (sub === undefined) return;
    if (this.parked.get(tabId)?.delete(id) === true) return; // its topic was released when it was parked
    this.release(topicKey(sub));
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
      if (this.acquire(sub) === null) this.publisher.unsubscribe(tabId, id);
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
      this.release(topicKey(sub));
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
    let books = 0;
    for (const e of this.entries.values()) if (e.key.startsWith('book:')) books++;
    return {
      endpoints: Object.values(this.connections).map((c) => c.health()),
      resyncs: this.resyncs,
      staleTopics: this.staleTopics(),
      books,
      tabs: this.publisher.tabCount,
    };
  }

  /** Keys of topics whose last event is older than STALE_MS (for health and tests). */
  staleTopics(): string[] {
    const now = this.clock.now();
    const out: string[] = [];
    for (const e of this.entries.values()) if (now - e.lastEventAt > STALE_MS) out.push(e.key);
    return out;
  }

  /** The book of a topic, for tests and tools (never handed to tabs). */
  book(market: Market, symbol: string): OrderBook | undefined {
    return (this.entries.get(`book:${market}:${symbol}`) as BookEntry | undefined)?.book;
  }

  // ---- TopicSource ----

  key(sub: Subscription): string {
    return topicKey(sub);
  }

  version(key: string): number {
    return this.entries.get(key)?.version() ?? -1;
  }

  payload(id: string, key: string, sub: Subscription, sent: SentState, full: boolean, transfer: Transferable[]): TopicPayload | null {
    const entry = this.entries.get(key);
    if (entry === undefined) return null;
    switch (sub.topic) {
      case 'book': {
        const e = entry as BookEntry;
        const tick = this.tickSizes.get(`${sub.market}:${sub.symbol}`) ?? null;
        return this.views.payload(id, e.key, e.book, tick, Math.max(1, Math.min(sub.depth, 500)), sub.group ?? 1, transfer);
      }
      case 'trades':
        return tradesPayload((entry as TradesEntry).list, id, sub.market, sub.symbol, sent, full);
      case 'tickers': {
        const map = (entry as TickersEntry).map;
        if (map.version === 0) return null; // neither the REST seed nor a stream frame yet
        const tickers = map.changedSince(full ? 0 : sent.cursor);
        sent.cursor = map.version;
        return { type: 'tickers', key: id, market: sub.market, tickers, full };
      }
      case 'klines': {
        const series = (entry as KlinesEntry).series;
        const bars = series.bars;
        const whole = full || sent.generation !== series.generation;
        let from = 0;
        if (!whole) {
          from = bars.length;
          while (from > 0 && (bars[from - 1] as Kline).openTime >= sent.cursor) from--;
        }
        sent.generation = series.generation;
        sent.cursor = bars.length > 0 ? (bars[bars.length - 1] as Kline).openTime : 0;
        const klines = bars.slice(from); // deliberate: the tab's own copy
        return { type: 'klines', key: id, market: sub.market, symbol: sub.symbol, interval: sub.interval, full: whole, klines };
      }
      case 'mark':
        return { type: 'mark', key: id, symbol: sub.symbol, mark: (entry as MarkEntry).mark };
    }
  }

  // ---- topics ----

  private acquire(sub: Subscription): Entry | null {
    const key = topicKey(sub);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = this.create(sub, key);
      const connection = this.connections[entry.endpoint];
      if (!connection.acquire(entry.stream)) return null;
      this.entries.set(key, entry);
      this.routes[entry.endpoint].set(entry.stream, entry);
    }
    entry.refs++;
    return entry;
  }

  private release(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined || --entry.refs > 0) return;
    this.entries.delete(key);
    this.routes[entry.endpoint].delete(entry.stream);
    this.connections[entry.endpoint].release(entry.stream);
    if (key.startsWith('book:')) this.views.forget(key);
    entry.dispose();
  }

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
      for (const k of keys) if (this.entries.has(k)) this.promptBook(k, this.clock.now());
    }, Math.max(0, retryAt - now));
  }

  private watchdog(): void {
    for (const c of Object.values(this.connections)) c.watchdog();
    const now = this.clock.now();
    for (const entry of this.entries.values()) {
      if (entry instanceof BookEntry) entry.watchdog(now);
    }
  }

  private create(sub: Subscription, key: string): Entry {
    const now = this.clock.now();
    switch (sub.topic) {
      case 'book': {
        const endpoint: EndpointId = sub.market === 'spot' ? 'spot' : 'usdmPublic';
        this.loadTickSize(sub.market, sub.symbol);
        return new BookEntry(this, key, endpoint, sub.market, sub.symbol, now);
      }
      case 'trades':
        return new TradesEntry(this, key, marketEndpoint(sub.market), sub.market, sub.symbol, now);
      case 'tickers':
        return new TickersEntry(this, key, marketEndpoint(sub.market), sub.market, now);
      case 'klines':
        return new KlinesEntry(this, key, marketEndpoint(sub.market), sub.market, sub.symbol, sub.interval, now);
      case 'mark':
        return new MarkEntry(key, sub.symbol, now);
    }
  }

  private loadTickSize(market: Market, symbol: string): void {
    if (this.tickSizes.has(`${market}:${symbol}`)) return;
    this.rest.tickSizes(market, symbol).then(
      (sizes) => {
        for (const [s, tick] of sizes) this.tickSizes.set(`${market}:${s}`, tick);
        const book = this.entries.get(`book:${market}:${symbol}`) as BookEntry | undefined;
        if (book) book.book.version++; // re-publish with the tick size
      },
      () => {
        // no tick size: grouping is unavailable for this symbol until the next subscription
      },
    );
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

function marketEndpoint(market: Market): EndpointId {
  return market === 'spot' ? 'spot' : 'usdmMarket';
}

/** One key per shared topic (books are shared whatever depth or grouping a tab asks for). */
export function topicKey(sub: Subscription): string {
  switch (sub.topic) {
    case 'book':
      return `book:${sub.market}:${sub.symbol}`;
    case 'trades':
      return `trades:${sub.market}:${sub.symbol}`;
    case 'tickers':
      return `tickers:${sub.market}`;
    case 'klines':
      return `klines:${sub.market}:${sub.symbol}:${sub.interval}`;
    case 'mark':
      return `mark:usdm:${sub.symbol}`;
  }
}

