import type { Market } from '../contract.ts';
import type { Connection } from '../connection.ts';
import { OrderBook } from '../book/order-book.ts';
import type { Frame } from '../parse/frame-reader.ts';
import { RestRetry } from '../rest.ts';
import type { VenueRest } from '../venues/venue.ts';
import type { Entry, EntryHost } from './entries.ts';

/** A syncing book with no diff yet fetches its snapshot anyway after this long (quiet market). */
const SNAPSHOT_WAIT_MS = 1_000;
/** A snapshot request that has not answered in this long is abandoned and sent again. */
const SNAPSHOT_TIMEOUT_MS = 10_000;

/** Binance's book: REST snapshot + buffered diff stream (OrderBook's U/u/pu rules). */
export class BookEntry implements Entry {
  readonly book: OrderBook;
  readonly streams: readonly string[];
  refs = 0;
  lastEventAt: number;
  private syncStartedAt = 0;
  private fetchStartedAt = 0;
  private generation = 0;
  private disposed = false;
  private readonly rest: RestRetry;

  constructor(
    private readonly core: EntryHost,
    readonly key: string,
    readonly connection: Connection,
    stream: string,
    private readonly venueRest: VenueRest,
    market: Market,
    symbol: string,
    now: number,
  ) {
    this.book = new OrderBook(symbol, market);
    this.streams = [stream];
    this.lastEventAt = now;
    this.rest = new RestRetry(() => core.random());
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
      if (this.fetchStartedAt === 0 && this.rest.due(this.core.now())) this.fetchSnapshot();
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
    const waiting = this.fetchStartedAt === 0 && now - this.syncStartedAt > SNAPSHOT_WAIT_MS && this.rest.due(now);
    const hung = this.fetchStartedAt > 0 && now - this.fetchStartedAt > SNAPSHOT_TIMEOUT_MS;
    if (waiting || hung) this.fetchSnapshot();
  }

  retryNow(): void {
    this.rest.now();
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
    const depth = this.venueRest.depth?.(this.book.market, this.book.symbol) ?? Promise.resolve(null);
    depth.then(
      (snapshot) => {
        if (this.disposed || generation !== this.generation) return;
        this.fetchStartedAt = 0;
        if (snapshot === null) {
          this.rest.failed(this.core.now()); // the watchdog asks again after the back-off
          return;
        }
        this.rest.succeeded();
        const result = this.book.onSnapshot(snapshot);
        if (result === 'synced') this.core.bookChanged(this.key);
        else if (result === 'stale') this.fetchSnapshot();
        else if (result === 'gap') this.startSync(true);
      },
      () => {
        if (this.disposed || generation !== this.generation) return;
        this.fetchStartedAt = 0;
        this.rest.failed(this.core.now()); // the watchdog retries after the back-off
      },
    );
  }
}
