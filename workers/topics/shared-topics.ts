import type { Kline, Market, Subscription, TopicPayload, VenueCode } from '../contract.ts';
import type { Connection } from '../connection.ts';
import type { OrderBook } from '../book/order-book.ts';
import { BookViews } from '../book/book-views.ts';
import type { SentState, TopicSource } from '../publisher.ts';
import { RestRetry } from '../rest.ts';
import type { VenueAdapter } from '../venues/venue.ts';
import { tradesPayload } from './trade-list.ts';
import { BookEntry } from './book-entry.ts';
import {
  KlinesEntry,
  MarkEntry,
  TickersEntry,
  TradesEntry,
  type Entry,
  type EntryHost,
} from './entries.ts';
import { StreamBookEntry } from './stream-book-entry.ts';

/** How the topics reach the venues: the adapter of a venue, and the Connection of one of its endpoints (lazily made). */
export interface VenuePool {
  adapter(venue: VenueCode): VenueAdapter | null;
  connection(adapter: VenueAdapter, endpoint: string): Connection;
}

interface TickLoad {
  venue: VenueAdapter;
  market: Market;
  symbol: string;
  retry: RestRetry | null;
  loading: boolean;
}

/**
 * One copy of every topic, shared by every tab: the entries reference-counted across tabs (each holding its
 * stream on its endpoint's Connection), the stream → entry routes the frames follow, and the payload a tab's
 * subscription is sent (the publisher reads them through TopicSource).
 */
export class SharedTopics implements TopicSource {
  /** topic key → entry */
  readonly entries = new Map<string, Entry>();
  /** per connection id: stream → entry (read for every frame) */
  readonly routes = new Map<string, Map<string, Entry>>();
  private readonly views = new BookViews();
  /** `${venue}:${market}:${symbol}` → tick size */
  private readonly tickSizes = new Map<string, string>();
  /** `${venue}:${market}:${symbol}` → its tick-size load (the back-off of a failed one; gone once one lands) */
  private readonly tickLoads = new Map<string, TickLoad>();

  constructor(
    private readonly host: EntryHost,
    private readonly pool: VenuePool,
  ) {}

  /** A holder more for the subscription's topic, created (and its streams taken) for the first; null when refused. */
  acquire(sub: Subscription): Entry | null {
    const key = topicKey(sub);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const venue = this.pool.adapter(sub.venue ?? 'binance');
      if (venue === null) return null; // a venue with no adapter or no endpoints configured
      entry = this.create(venue, sub, key);
      const connection = entry.connection;
      if (connection !== null) {
        const taken: string[] = [];
        for (const stream of entry.streams) {
          if (!connection.acquire(stream)) {
            for (const t of taken) connection.release(t);
            entry.dispose();
            return null;
          }
          taken.push(stream);
        }
        let routes = this.routes.get(connection.id);
        if (routes === undefined) this.routes.set(connection.id, (routes = new Map()));
        for (const stream of entry.streams) routes.set(stream, entry);
      }
      this.entries.set(key, entry);
    }
    entry.refs++;
    return entry;
  }

  release(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined || --entry.refs > 0) return;
    this.entries.delete(key);
    const connection = entry.connection;
    if (connection !== null) {
      const routes = this.routes.get(connection.id);
      for (const stream of entry.streams) {
        routes?.delete(stream);
        connection.release(stream);
      }
    }
    if (isBook(entry)) this.views.forget(key);
    entry.dispose();
  }

  /** The book of a topic, for tests and tools (never handed to tabs). */
  book(market: Market, symbol: string, venue: VenueCode = 'binance'): OrderBook | undefined {
    const entry = this.entries.get(topicKey({ topic: 'book', venue, market, symbol, depth: 1 }));
    return entry !== undefined && isBook(entry) ? entry.book : undefined;
  }

  get bookCount(): number {
    let books = 0;
    for (const e of this.entries.values()) if (isBook(e)) books++;
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
    for (const [key, load] of this.tickLoads) {
      if (load.loading || load.retry === null || !load.retry.due(now)) continue;
      const bookKey = topicKey({ topic: 'book', venue: load.venue.code, market: load.market, symbol: load.symbol, depth: 1 });
      if (this.entries.has(bookKey)) this.loadTickSize(load.venue, load.market, load.symbol);
      else this.tickLoads.delete(key); // no book of the symbol any more: its next subscription loads it
    }
  }

  /** A tab attached or was shown, the browser is online: every failed REST load goes again at once. */
  retryNow(): void {
    for (const entry of this.entries.values()) entry.retryNow();
    for (const load of this.tickLoads.values()) load.retry?.now();
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
        const e = entry as BookEntry | StreamBookEntry;
        const venue = sub.venue ?? 'binance';
        const tick = this.tickSizes.get(`${venue}:${sub.market}:${sub.symbol}`) ?? null;
        // OKX swaps keep contracts (their checksum is over the wire's sizes): shown in base units once ctVal is known
        const scale = this.pool.adapter(venue)?.qtyScale(sub.market, sub.symbol) ?? null;
        const depth = Math.max(1, Math.min(sub.depth, 500));
        return this.views.payload(id, e.key, e.book, tick, depth, sub.group ?? 1, transfer, scale);
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

  private create(venue: VenueAdapter, sub: Subscription, key: string): Entry {
    const now = this.host.now();
    const rest = venue.rest;
    const connect = (topic: 'book' | 'trades' | 'tickers' | 'klines' | 'mark', market: Market): Connection =>
      this.pool.connection(venue, venue.endpointOf(topic, market));
    switch (sub.topic) {
      case 'book': {
        const connection = connect('book', sub.market);
        const [stream] = venue.streams('book', sub.market, sub.symbol) as [string];
        this.loadTickSize(venue, sub.market, sub.symbol);
        if (venue.depth.kind === 'stream') {
          return new StreamBookEntry(this.host, key, connection, stream, venue.depth, sub.market, sub.symbol, now);
        }
        return new BookEntry(this.host, key, connection, stream, rest, sub.market, sub.symbol, now);
      }
      case 'trades':
        return new TradesEntry(this.host, key, connect('trades', sub.market), venue.streams('trades', sub.market, sub.symbol), rest, sub.market, sub.symbol, now);
      case 'tickers': {
        const streams = venue.streams('tickers', sub.market, '');
        const connection = streams.length > 0 ? connect('tickers', sub.market) : null;
        return new TickersEntry(this.host, key, connection, streams, rest, sub.market, venue.tickersPollMs, now);
      }
      case 'klines':
        return new KlinesEntry(this.host, key, connect('klines', sub.market), venue.streams('klines', sub.market, sub.symbol, sub.interval), rest, sub.market, sub.symbol, sub.interval, now);
      case 'mark':
        return new MarkEntry(key, connect('mark', 'usdm'), venue.streams('mark', 'usdm', sub.symbol), now);
    }
  }

  private loadTickSize(venue: VenueAdapter, market: Market, symbol: string): void {
    const key = `${venue.code}:${market}:${symbol}`;
    let load = this.tickLoads.get(key);
    if (this.tickSizes.has(key) || load?.loading) return;
    if (load === undefined) this.tickLoads.set(key, (load = { venue, market, symbol, retry: null, loading: false }));
    const started = load;
    started.loading = true;
    venue.rest.tickSizes(market, symbol).then(
      (sizes) => {
        this.tickLoads.delete(key);
        for (const [s, tick] of sizes) this.tickSizes.set(`${venue.code}:${market}:${s}`, tick);
        const book = this.entries.get(topicKey({ topic: 'book', venue: venue.code, market, symbol, depth: 1 }));
        if (book !== undefined && isBook(book)) book.book.version++; // re-publish with the tick size
      },
      () => {
        // No tick size (grouping unavailable) until a later load lands: the watchdog asks again after the back-off.
        started.loading = false;
        started.retry ??= new RestRetry(() => this.host.random());
        started.retry.failed(this.host.now());
      },
    );
  }
}

function isBook(entry: Entry): entry is BookEntry | StreamBookEntry {
  return entry instanceof BookEntry || entry instanceof StreamBookEntry;
}

/**
 * One key per shared topic (books are shared whatever depth or grouping a tab asks for). Binance's keys are as they
 * were before the venues; another venue's are prefixed with it (`okx:book:spot:BTCUSDT`).
 */
export function topicKey(sub: Subscription): string {
  const venue = sub.venue ?? 'binance';
  const key = neutralKey(sub);
  return venue === 'binance' ? key : `${venue}:${key}`;
}

function neutralKey(sub: Subscription): string {
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
