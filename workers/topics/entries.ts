import type { Kline, Market, MarkPrice, MiniTicker, Trade } from '../contract.ts';
import type { Connection } from '../connection.ts';
import type { Frame } from '../parse/frame-reader.ts';
import { RestRetry } from '../rest.ts';
import type { VenueRest } from '../venues/venue.ts';
import { TradeList } from './trade-list.ts';
import { TickerMap } from './ticker-map.ts';
import { KlineSeries } from './kline-series.ts';

/** What a topic needs from the core that owns it. */
export interface EntryHost {
  now(): number;
  /** in [0, 1), the jitter of REST retries */
  random(): number;
  countResync(): void;
  /** A book changed outside a frame (its REST snapshot synced it): it goes to the tabs showing it now, not at the next tick. */
  bookChanged(key: string): void;
}

/**
 * One shared topic: its streams on one venue endpoint's Connection (none for a REST-polled topic), its holders, and
 * what it does with frames and socket changes.
 */
export interface Entry {
  key: string;
  connection: Connection | null;
  streams: readonly string[];
  refs: number;
  lastEventAt: number;
  /** bumped whenever what a tab would be sent changes */
  version(): number;
  onFrame(frame: Frame): void;
  onDown(): void;
  onOpen(): void;
  /** the core's watchdog tick (1 s): REST loads that failed go again when their back-off is over */
  watchdog(now: number): void;
  /** a tab attached or was shown, the browser is online: failed REST loads go again at once */
  retryNow(): void;
  dispose(): void;
}

/**
 * A topic that follows its stream (after one REST load, for trades, tickers and klines): it reacts to no socket
 * change (a reopened stream simply continues), and a REST reply that lands after dispose is dropped. A REST load that
 * fails goes again after the back-off (RestRetry) until one lands.
 */
abstract class StreamEntry implements Entry {
  refs = 0;
  lastEventAt: number;
  protected disposed = false;
  private readonly rest: RestRetry | null;
  private loading = false;
  private loaded = false;

  constructor(
    readonly key: string,
    readonly connection: Connection | null,
    readonly streams: readonly string[],
    now: number,
    private readonly core: EntryHost | null = null,
  ) {
    this.lastEventAt = now;
    this.rest = core === null ? null : new RestRetry(() => core.random());
  }

  abstract version(): number;
  abstract onFrame(frame: Frame): void;
  /** the REST load; null when its answer is unusable */
  protected load(): Promise<unknown> {
    return Promise.resolve(null);
  }
  /** a REST load's usable answer */
  protected loadedWith(_value: unknown): void {}

  /** Starts the REST load (the subclass calls it once its fields are set). */
  protected startLoad(): void {
    if (this.disposed || this.loading || this.loaded || this.core === null) return;
    this.loading = true;
    this.load().then(
      (value) => this.landed(value),
      () => this.landed(null),
    );
  }

  private landed(value: unknown): void {
    this.loading = false;
    if (this.disposed) return;
    if (value === null) {
      this.rest?.failed((this.core as EntryHost).now());
      return;
    }
    this.loaded = true;
    this.rest?.succeeded();
    this.loadedWith(value);
  }

  onDown(): void {}
  onOpen(): void {}
  watchdog(now: number): void {
    if (!this.loaded && !this.loading && this.rest?.due(now)) this.startLoad();
  }
  retryNow(): void {
    this.rest?.now();
  }
  dispose(): void {
    this.disposed = true;
  }
}

export class TradesEntry extends StreamEntry {
  readonly list = new TradeList();
  private pending: Trade[] | null = [];

  constructor(
    host: EntryHost,
    key: string,
    connection: Connection,
    streams: readonly string[],
    private readonly venueRest: VenueRest,
    private readonly market: Market,
    private readonly symbol: string,
    now: number,
  ) {
    super(key, connection, streams, now, host);
    // Initial fill from REST (spec §9: 150 fetched); stream trades wait until it lands.
    this.startLoad();
  }

  protected override load(): Promise<unknown> {
    return this.venueRest.trades(this.market, this.symbol).then(
      (trades) => {
        if (trades === null) this.fill([]);
        return trades;
      },
      (error: unknown) => {
        // The stream's trades are shown meanwhile; the REST load goes again after the back-off.
        this.fill([]);
        throw error;
      },
    );
  }

  protected override loadedWith(value: unknown): void {
    this.fill(value as Trade[]);
  }

  version(): number {
    return this.list.version;
  }

  private fill(trades: Trade[]): void {
    if (this.disposed) return;
    // The streamed trades so far: the ones held while REST was awaited, or the list shown since a load failed.
    const streamed = this.pending ?? this.list.toArray().reverse();
    if (this.pending === null) {
      if (trades.length === 0) return;
      this.list.clear();
    }
    for (const t of trades) this.list.add(t.id, t.time, t.price, t.qty, t.isBuyerMaker);
    const newest = this.list.newestTime;
    // REST trade ids and aggTrade ids differ: keep the streamed trades that are newer than REST's newest.
    for (const t of streamed) if (t.time > newest) this.list.add(t.id, t.time, t.price, t.qty, t.isBuyerMaker);
    this.pending = null;
  }

  onFrame(frame: Frame): void {
    if (frame.kind === 'trade') this.take(frame.trade);
    else if (frame.kind === 'trades') for (const t of frame.trades) this.take(t);
  }

  private take(t: Trade): void {
    if (this.pending !== null) this.pending.push(t);
    else this.list.add(t.id, t.time, t.price, t.qty, t.isBuyerMaker);
  }
}

/**
 * All of a market's tickers: Binance's REST seed, then `!miniTicker@arr`. A venue with no all-market ticker stream
 * (OKX, Bybit) has no stream here: the REST list is polled every `pollMs` while the topic is held.
 */
export class TickersEntry extends StreamEntry {
  readonly map = new TickerMap();
  private polling = false;
  private polledAt = 0;
  private readonly pollRetry: RestRetry;

  constructor(
    private readonly host: EntryHost,
    key: string,
    connection: Connection | null,
    streams: readonly string[],
    private readonly venueRest: VenueRest,
    private readonly market: Market,
    private readonly pollMs: number,
    now: number,
  ) {
    super(key, connection, streams, now, host);
    this.pollRetry = new RestRetry(() => host.random());
    this.polledAt = now;
    this.startLoad();
  }

  protected override load(): Promise<unknown> {
    return this.venueRest.tickers(this.market);
  }

  protected override loadedWith(value: unknown): void {
    this.map.update(value as MiniTicker[]);
    this.lastEventAt = this.host.now();
  }

  override watchdog(now: number): void {
    super.watchdog(now);
    if (this.pollMs <= 0 || this.polling || now - this.polledAt < this.pollMs || !this.pollRetry.due(now)) return;
    this.polling = true;
    this.polledAt = now;
    const done = (tickers: MiniTicker[] | null): void => {
      this.polling = false;
      if (this.disposed) return;
      if (tickers === null) {
        this.pollRetry.failed(this.host.now());
        return;
      }
      this.pollRetry.succeeded();
      this.map.update(tickers);
      this.lastEventAt = this.host.now();
    };
    this.venueRest.tickers(this.market).then(done, () => done(null));
  }

  override retryNow(): void {
    super.retryNow();
    this.pollRetry.now();
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

  constructor(
    private readonly host: EntryHost,
    key: string,
    connection: Connection,
    streams: readonly string[],
    private readonly venueRest: VenueRest,
    private readonly market: Market,
    private readonly symbol: string,
    private readonly interval: string,
    now: number,
  ) {
    super(key, connection, streams, now, host);
    this.startLoad();
  }

  protected override load(): Promise<unknown> {
    return this.venueRest.klines(this.market, this.symbol, this.interval, this.host.now());
  }

  protected override loadedWith(value: unknown): void {
    this.series.load(value as Kline[]);
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

  constructor(key: string, connection: Connection, streams: readonly string[], now: number) {
    super(key, connection, streams, now);
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
