import type { EndpointId, Kline, Market, Subscription, TopicPayload } from '../contract.ts';
import type { Connection } from '../connection.ts';
import type { OrderBook } from '../book/order-book.ts';
import { BookViews } from '../book/book-views.ts';
import type { SentState, TopicSource } from '../publisher.ts';
import { RestRetry, type RestClient } from '../rest.ts';
import { tradesPayload } from './trade-list.ts';
import {
  BookEntry,
  KlinesEntry,
  MarkEntry,
  TickersEntry,
  TradesEntry,
  type Entry,
  type EntryHost,
} from './entries.ts';

/**
 * One copy of every topic, shared by every tab: the entries reference-counted across tabs (each holding its
 * stream on its endpoint's Connection), the stream → entry routes the frames follow, and the payload a tab's
 * subscription is sent (the publisher reads them through TopicSource).
 */
export class SharedTopics implements TopicSource {
  /** topic key → entry */
  readonly entries = new Map<string, Entry>();
  /** per endpoint: stream → entry (read for every frame) */
  readonly routes: Record<EndpointId, Map<string, Entry>> = {
    spot: new Map(),
    usdmPublic: new Map(),
    usdmMarket: new Map(),
  };
  private readonly views = new BookViews();
  private readonly tickSizes = new Map<string, string>();
  /** `${market}:${symbol}` → the back-off of its failed exchangeInfo load (gone once one lands) */
  private readonly tickRetries = new Map<string, RestRetry>();
  private readonly tickLoading = new Set<string>();

  constructor(
    private readonly host: EntryHost,
    private readonly rest: RestClient,
    private readonly connections: Record<EndpointId, Connection>,
  ) {}

  /** A holder more for the subscription's topic, created (and its stream taken) for the first; null when refused. */
  acquire(sub: Subscription): Entry | null {
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

  release(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined || --entry.refs > 0) return;
    this.entries.delete(key);
    this.routes[entry.endpoint].delete(entry.stream);
    this.connections[entry.endpoint].release(entry.stream);
    if (key.startsWith('book:')) this.views.forget(key);
    entry.dispose();
  }

  /** The book of a topic, for tests and tools (never handed to tabs). */
  book(market: Market, symbol: string): OrderBook | undefined {
    return (this.entries.get(`book:${market}:${symbol}`) as BookEntry | undefined)?.book;
  }

  get bookCount(): number {
    let books = 0;
    for (const e of this.entries.values()) if (e.key.startsWith('book:')) books++;
    return books;
  }

  /** Keys of topics whose last event is more than `staleMs` before `now`. */
  staleTopics(now: number, staleMs: number): string[] {
    const out: string[] = [];
    for (const e of this.entries.values()) if (now - e.lastEventAt > staleMs) out.push(e.key);
    return out;
  }

  watchdog(now: number): void {
    for (const entry of this.entries.values()) entry.watchdog(now);
    for (const [key, retry] of this.tickRetries) {
      if (this.tickLoading.has(key) || !retry.due(now)) continue;
      const [market, symbol] = key.split(':') as [Market, string];
      if (this.entries.has(`book:${key}`)) this.loadTickSize(market, symbol);
      else this.tickRetries.delete(key); // no book of the symbol any more: its next subscription loads it
    }
  }

  /** A tab attached or was shown, the browser is online: every failed REST load goes again at once. */
  retryNow(): void {
    for (const entry of this.entries.values()) entry.retryNow();
    for (const retry of this.tickRetries.values()) retry.now();
  }

  dispose(): void {
    for (const entry of this.entries.values()) entry.dispose();
    this.entries.clear();
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

  // ---- entries ----

  private create(sub: Subscription, key: string): Entry {
    const now = this.host.now();
    switch (sub.topic) {
      case 'book': {
        const endpoint: EndpointId = sub.market === 'spot' ? 'spot' : 'usdmPublic';
        this.loadTickSize(sub.market, sub.symbol);
        return new BookEntry(this.host, key, endpoint, sub.market, sub.symbol, now);
      }
      case 'trades':
        return new TradesEntry(this.host, key, marketEndpoint(sub.market), sub.market, sub.symbol, now);
      case 'tickers':
        return new TickersEntry(this.host, key, marketEndpoint(sub.market), sub.market, now);
      case 'klines':
        return new KlinesEntry(this.host, key, marketEndpoint(sub.market), sub.market, sub.symbol, sub.interval, now);
      case 'mark':
        return new MarkEntry(key, sub.symbol, now);
    }
  }

  private loadTickSize(market: Market, symbol: string): void {
    const key = `${market}:${symbol}`;
    if (this.tickSizes.has(key) || this.tickLoading.has(key)) return;
    this.tickLoading.add(key);
    this.rest.tickSizes(market, symbol).then(
      (sizes) => {
        this.tickLoading.delete(key);
        this.tickRetries.delete(key);
        for (const [s, tick] of sizes) this.tickSizes.set(`${market}:${s}`, tick);
        const book = this.entries.get(`book:${market}:${symbol}`) as BookEntry | undefined;
        if (book) book.book.version++; // re-publish with the tick size
      },
      () => {
        // No tick size (grouping unavailable) until a later load lands: the watchdog asks again after the back-off.
        this.tickLoading.delete(key);
        let retry = this.tickRetries.get(key);
        if (retry === undefined) {
          retry = new RestRetry(() => this.host.random());
          this.tickRetries.set(key, retry);
        }
        retry.failed(this.host.now());
      },
    );
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
