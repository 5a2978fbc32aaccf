import type { Market } from '../contract.ts';
import type { Connection } from '../connection.ts';
import type { OrderBook } from '../book/order-book.ts';
import type { Frame } from '../parse/frame-reader.ts';
import { streamBook, type StreamDepth } from '../venues/venue.ts';
import type { Entry, EntryHost } from './entries.ts';

/** A stream that gave no snapshot this long after (re)subscribing is asked again. */
const SNAPSHOT_WAIT_MS = 10_000;

/**
 * The book of a venue whose depth stream carries its own snapshot (OKX `books`, Bybit `orderbook.N`): the venue's
 * sequencer (StreamDepth) applies each event; a sequence break or a checksum mismatch leaves the book unsynced (never
 * published) and resubscribes the channel, whose answer starts with a fresh snapshot (counted in `resyncs`).
 */
export class StreamBookEntry implements Entry {
  readonly book: OrderBook;
  readonly streams: readonly string[];
  refs = 0;
  lastEventAt: number;
  private askedAt: number;

  constructor(
    private readonly core: EntryHost,
    readonly key: string,
    readonly connection: Connection,
    private readonly stream: string,
    private readonly depth: StreamDepth,
    market: Market,
    symbol: string,
    now: number,
  ) {
    this.book = streamBook(symbol, market, depth);
    this.streams = [stream];
    this.lastEventAt = now;
    this.askedAt = now;
    this.book.beginSync();
  }

  version(): number {
    return this.book.version;
  }

  onFrame(frame: Frame): void {
    if (frame.kind !== 'depth') return;
    if (this.depth.apply(this.book, frame.event) !== 'gap') return;
    this.core.countResync();
    this.resync();
  }

  private resync(): void {
    this.book.beginSync(); // waits for the snapshot; nothing is published meanwhile
    this.askedAt = this.core.now();
    this.connection.resubscribe(this.stream);
  }

  onDown(): void {
    this.book.invalidate();
  }

  onOpen(): void {
    // the new socket subscribes the stream again: its first message is a snapshot
    this.book.beginSync();
    this.askedAt = this.core.now();
  }

  watchdog(now: number): void {
    if (this.book.state === 'syncing' && now - this.askedAt > SNAPSHOT_WAIT_MS && this.connection.state === 'open') this.resync();
  }

  retryNow(): void {}

  dispose(): void {}
}
