import type { EndpointId, Market, MarkPrice, Trade } from '../contract.ts';
import { OrderBook } from '../book/order-book.ts';
import { readDepthSnapshot, type Frame } from '../parse/frame-reader.ts';
import type { RestClient } from '../rest.ts';
import { TradeList } from './trade-list.ts';
import { TickerMap } from './ticker-map.ts';
import { KlineSeries, readKlineRows } from './kline-series.ts';

/** A syncing book with no diff yet fetches its snapshot anyway after this long (quiet market). */
const SNAPSHOT_WAIT_MS = 1_000;
/** A snapshot request that has not answered in this long is abandoned and sent again. */
const SNAPSHOT_TIMEOUT_MS = 10_000;

/** What a topic needs from the core that owns it. */
export interface EntryHost {
  readonly restClient: RestClient;
  now(): number;
  countResync(): void;
}

/** One shared topic: its stream on one endpoint, its holders, and what it does with frames and socket changes. */
export interface Entry {
  key: string;
  endpoint: EndpointId;
  stream: string;
  refs: number;
  lastEventAt: number;
  /** bumped whenever what a tab would be sent changes */
  version(): number;
  onFrame(frame: Frame): void;
  onDown(): void;
  onOpen(): void;
  dispose(): void;
}

export class BookEntry implements Entry {
  readonly book: OrderBook;
  readonly stream: string;
  refs = 0;
  lastEventAt: number;
  private syncStartedAt = 0;
  private fetchStartedAt = 0;
  private generation = 0;
  private disposed = false;

  constructor(
    private readonly core: EntryHost,
    readonly key: string,
    readonly endpoint: EndpointId,
    market: Market,
    symbol: string,
    now: number,
  ) {
    this.book = new OrderBook(symbol, market);
    this.stream = `${symbol.toLowerCase()}@depth@100ms`;
    this.lastEventAt = now;
    this.startSync(false);
  }

  version(): number {
    return this.book.version;
  }

  onFrame(frame: Frame): void {
    if (frame.kind !== 'depth') return;
    const result = this.book.onDiff(frame.event);
    if (result === 'buffered') {
      // Binance: open the stream and buffer first, then fetch the snapshot.
      if (this.fetchStartedAt === 0) this.fetchSnapshot();
    } else if (result === 'gap') {
      this.startSync(true);
    }
  }

  onDown(): void {
    this.book.invalidate();
    this.generation++; // a snapshot in flight belongs to the old stream
    this.fetchStartedAt = 0;
  }

  onOpen(): void {
    this.startSync(this.book.lastUpdateId > 0);
  }

  watchdog(now: number): void {
    if (this.book.state !== 'syncing') return;
    const waiting = this.fetchStartedAt === 0 && now - this.syncStartedAt > SNAPSHOT_WAIT_MS;
    const hung = this.fetchStartedAt > 0 && now - this.fetchStartedAt > SNAPSHOT_TIMEOUT_MS;
    if (waiting || hung) this.fetchSnapshot();
  }

  dispose(): void {
    this.disposed = true;
    this.generation++;
  }

  private startSync(isResync: boolean): void {
    if (isResync) this.core.countResync();
    this.book.beginSync();
    this.generation++;
    this.syncStartedAt = this.core.now();
    this.fetchStartedAt = 0;
  }

  private fetchSnapshot(): void {
    const generation = ++this.generation;
    this.fetchStartedAt = this.core.now();
    this.core.restClient.depth(this.book.market, this.book.symbol).then(
      (json) => {
        if (this.disposed || generation !== this.generation) return;
        this.fetchStartedAt = 0;
        const snapshot = readDepthSnapshot(json);
        if (snapshot === null) return; // the watchdog asks again
        const result = this.book.onSnapshot(snapshot);
        if (result === 'stale') this.fetchSnapshot();
        else if (result === 'gap') this.startSync(true);
      },
      () => {
        if (generation === this.generation) this.fetchStartedAt = 0; // the watchdog retries
      },
    );
  }
}

/**
 * A topic that follows its stream (after one REST load, for trades, tickers and klines): it reacts to no socket
 * change (a reopened stream simply continues), and a REST reply that lands after dispose is dropped.
 */
abstract class StreamEntry implements Entry {
  refs = 0;
  lastEventAt: number;
  protected disposed = false;

  constructor(
    readonly key: string,
    readonly endpoint: EndpointId,
    readonly stream: string,
    now: number,
  ) {
    this.lastEventAt = now;
  }

  abstract version(): number;
  abstract onFrame(frame: Frame): void;
  onDown(): void {}
  onOpen(): void {}
  dispose(): void {
    this.disposed = true;
  }
}

export class TradesEntry extends StreamEntry {
  readonly list = new TradeList();
  private pending: Trade[] | null = [];

  constructor(core: EntryHost, key: string, endpoint: EndpointId, market: Market, symbol: string, now: number) {
    super(key, endpoint, `${symbol.toLowerCase()}@aggTrade`, now);
    // Initial fill from REST (spec §9: 150 fetched); stream trades wait until it lands.
    core.restClient.trades(market, symbol).then(
      (trades) => this.fill(trades ?? []),
      () => this.fill([]),
    );
  }

  version(): number {
    return this.list.version;
  }

  private fill(trades: Trade[]): void {
    if (this.disposed) return;
    for (const t of trades) this.list.add(t.id, t.time, t.price, t.qty, t.isBuyerMaker);
    const newest = this.list.newestTime;
    // REST trade ids and aggTrade ids differ: keep the streamed trades that are newer than REST's newest.
    for (const t of this.pending ?? []) if (t.time > newest) this.list.add(t.id, t.time, t.price, t.qty, t.isBuyerMaker);
    this.pending = null;
  }

  onFrame(frame: Frame): void {
    if (frame.kind !== 'trade') return;
    const t = frame.trade;
    if (this.pending !== null) this.pending.push(t);
    else this.list.add(t.id, t.time, t.price, t.qty, t.isBuyerMaker);
  }
}

export class TickersEntry extends StreamEntry {
  readonly map = new TickerMap();

  constructor(core: EntryHost, key: string, endpoint: EndpointId, market: Market, now: number) {
    super(key, endpoint, '!miniTicker@arr', now);
    core.restClient.tickers(market).then(
      (tickers) => {
        if (!this.disposed && tickers) this.map.update(tickers);
      },
      () => {},
    );
  }

  version(): number {
    return this.map.version;
  }

  onFrame(frame: Frame): void {
    if (frame.kind === 'tickers') this.map.update(frame.tickers);
  }
}

export class KlinesEntry extends StreamEntry {
  readonly series = new KlineSeries();

  constructor(core: EntryHost, key: string, endpoint: EndpointId, market: Market, symbol: string, interval: string, now: number) {
    super(key, endpoint, `${symbol.toLowerCase()}@kline_${interval}`, now);
    core.restClient.klines(market, symbol, interval).then(
      (json) => {
        const rows = readKlineRows(json, core.now());
        if (!this.disposed && rows) this.series.load(rows);
      },
      () => {},
    );
  }

  version(): number {
    return this.series.version;
  }

  onFrame(frame: Frame): void {
    if (frame.kind === 'kline') this.series.update(frame.kline);
  }
}

export class MarkEntry extends StreamEntry {
  mark: MarkPrice | null = null;
  private v = 0;

  constructor(key: string, symbol: string, now: number) {
    super(key, 'usdmMarket', `${symbol.toLowerCase()}@markPrice@1s`, now);
  }

  version(): number {
    return this.v;
  }

  onFrame(frame: Frame): void {
    if (frame.kind !== 'mark') return;
    this.mark = frame.mark;
    this.v++;
  }
}
