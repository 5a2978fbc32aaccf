import { BookSide, Side } from './book-side.ts';
import { copyDepthEvent, createDepthEvent, type DepthEvent, type DepthSnapshot } from './depth-event.ts';

export type BookMarket = 'spot' | 'usdm';

/** Unsynced: no valid book (never published). Syncing: buffering diffs until a snapshot. Synced: publishable. */
export type BookState = 'unsynced' | 'syncing' | 'synced';

/** applied: the book changed; ignored: old/duplicate event; buffered: kept until the snapshot; gap: resync needed */
export type DiffResult = 'applied' | 'ignored' | 'buffered' | 'gap';

/**
 * synced: the book is valid; stale: the snapshot is older than the buffered stream, fetch another one (still
 * buffering); gap: the buffered stream itself had a gap, start a new sync.
 */
export type SnapshotResult = 'synced' | 'stale' | 'gap' | 'ignored';

/** Order book levels kept per side (spec §9: order book 500 levels). */
export const BOOK_LEVELS = 500;
const MAX_BUFFERED = 2000;

/**
 * One symbol's local order book kept in sync with Binance's rules:
 * - spot: drop events with u <= lastUpdateId; the first applied event has U <= lastUpdateId + 1 <= u;
 *   every next event has U = previous u + 1.
 * - USD-M futures: drop events with u < lastUpdateId; the first applied event has U <= lastUpdateId <= u
 *   (or pu = lastUpdateId: it starts right after the snapshot, which happens when the snapshot was taken
 *   exactly between two events); every next event has pu = previous u.
 * Any violation is a gap: the book goes back to 'unsynced' at once, so nothing can publish a book that
 * crossed a gap; the owner starts a new sync (buffer the stream, fetch a snapshot).
 */
export class OrderBook {
  readonly symbol: string;
  readonly market: BookMarket;
  readonly bids: BookSide;
  readonly asks: BookSide;
  state: BookState = 'unsynced';
  lastUpdateId = 0;
  /** Bumped on every change of the published state (levels or sync state). */
  version = 0;
  /** Number of gaps seen (each one forces a resync). */
  gaps = 0;
  /** Event time of the last applied diff. */
  lastEventTime = 0;
  /**
   * Stream-snapshot venues: the most decimals of the prices / sizes the book received since its snapshot (-1: not
   * known), from the events' counts; OKX's checksum uses them to write numbers back to their wire text.
   */
  priceDecimals = -1;
  qtyDecimals = -1;
  private first = true;
  /** Buffered diffs while syncing; pooled so a resync does not allocate again. */
  private readonly buffer: DepthEvent[] = [];
  private buffered = 0;

  constructor(symbol: string, market: BookMarket, levels = BOOK_LEVELS) {
    this.symbol = symbol;
    this.market = market;
    this.bids = new BookSide(Side.Bid, levels);
    this.asks = new BookSide(Side.Ask, levels);
  }

  /** Start (or restart) a sync: from now on diffs are buffered until onSnapshot. */
  beginSync(): void {
    this.state = 'syncing';
    this.buffered = 0;
    this.version++;
  }

  /** Forget the book (e.g. the socket dropped): unsynced until the next sync. */
  invalidate(): void {
    if (this.state !== 'unsynced') this.version++;
    this.state = 'unsynced';
    this.buffered = 0;
  }

  onDiff(ev: DepthEvent): DiffResult {
    if (this.state === 'synced') return this.apply(ev);
    if (this.state === 'unsynced') return 'ignored';
    if (this.buffered === MAX_BUFFERED) {
      // The snapshot is far too late; the owner restarts the sync.
      this.markGap();
      return 'gap';
    }
    let slot = this.buffer[this.buffered];
    if (slot === undefined) {
      slot = createDepthEvent(Math.max(ev.bidCount, ev.askCount, 8)); // deliberate: pooled, reused across resyncs
      this.buffer.push(slot);
    }
    copyDepthEvent(ev, slot);
    this.buffered++;
    return 'buffered';
  }

  onSnapshot(snapshot: DepthSnapshot): SnapshotResult {
    if (this.state !== 'syncing') return 'ignored';
    const id = snapshot.lastUpdateId;
    // Binance: if the snapshot is older than the first buffered event, fetch another snapshot.
    for (let i = 0; i < this.buffered; i++) {
      const ev = this.buffer[i] as DepthEvent;
      if (this.isOld(ev, id)) continue;
      if (this.market === 'spot' ? ev.U > id + 1 : ev.U > id && ev.pu !== id) return 'stale';
      break;
    }
    this.bids.load(snapshot.bids, snapshot.bidCount);
    this.asks.load(snapshot.asks, snapshot.askCount);
    this.lastUpdateId = id;
    this.first = true;
    this.state = 'synced';
    this.version++;
    const pending = this.buffered;
    this.buffered = 0;
    for (let i = 0; i < pending; i++) {
      if (this.apply(this.buffer[i] as DepthEvent) === 'gap') return 'gap';
    }
    return 'synced';
  }

  /**
   * Venues whose stream carries its own snapshot (OKX, Bybit; their sequencing lives in workers/venues): the event
   * replaces the book, which is then synced at its update id.
   */
  loadEvent(ev: DepthEvent): void {
    this.bids.load(ev.bids, ev.bidCount);
    this.asks.load(ev.asks, ev.askCount);
    this.lastUpdateId = ev.u;
    this.lastEventTime = ev.time;
    this.priceDecimals = ev.priceDecimals;
    this.qtyDecimals = ev.qtyDecimals;
    this.buffered = 0;
    this.state = 'synced';
    this.version++;
  }

  /** The venue's sequencer accepted the event: apply its levels (quantity 0 removes a level). */
  applyEvent(ev: DepthEvent): void {
    const bids = ev.bids;
    for (let i = 0, n = ev.bidCount * 2; i < n; i += 2) this.bids.set(bids[i] as number, bids[i + 1] as number);
    const asks = ev.asks;
    for (let i = 0, n = ev.askCount * 2; i < n; i += 2) this.asks.set(asks[i] as number, asks[i + 1] as number);
    // a hint only (an event that did not count them, -1, changes nothing): the checksum checks every number
    if (ev.priceDecimals > this.priceDecimals) this.priceDecimals = ev.priceDecimals;
    if (ev.qtyDecimals > this.qtyDecimals) this.qtyDecimals = ev.qtyDecimals;
    this.lastUpdateId = ev.u;
    this.lastEventTime = ev.time;
    this.version++;
  }

  /** A sequence break or checksum mismatch the venue's sequencer found: unsynced at once (never published). */
  gap(): 'gap' {
    return this.markGap();
  }

  private isOld(ev: DepthEvent, id: number): boolean {
    return this.market === 'spot' ? ev.u <= id : ev.u < id;
  }

  private apply(ev: DepthEvent): DiffResult {
    const id = this.lastUpdateId;
    if (this.first) {
      if (this.isOld(ev, id)) return 'ignored';
      const ok = this.market === 'spot' ? ev.U <= id + 1 : ev.U <= id || ev.pu === id;
      if (!ok) return this.markGap();
      this.first = false;
    } else {
      if (ev.u <= id) return 'ignored'; // duplicate or replayed event
      const ok = this.market === 'spot' ? ev.U === id + 1 : ev.pu === id;
      if (!ok) return this.markGap();
    }
    const bids = ev.bids;
    for (let i = 0, n = ev.bidCount * 2; i < n; i += 2) this.bids.set(bids[i] as number, bids[i + 1] as number);
    const asks = ev.asks;
    for (let i = 0, n = ev.askCount * 2; i < n; i += 2) this.asks.set(asks[i] as number, asks[i + 1] as number);
    this.lastUpdateId = ev.u;
    this.lastEventTime = ev.time;
    this.version++;
    return 'applied';
  }

  private markGap(): 'gap' {
    this.state = 'unsynced';
    this.buffered = 0;
    this.gaps++;
    this.version++;
    return 'gap';
  }
}
