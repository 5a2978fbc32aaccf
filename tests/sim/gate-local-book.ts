/**
 * A client that keeps a local order book as Gate documents it for `spot.order_book_update` /
 * `futures.order_book_update` ("How to maintain local order book"): subscribe and cache the pushes; fetch the REST
 * book with `with_id=true` (its `id` is the base id); drop pushes with u < id + 1; the first one applied has
 * U ≤ id + 1 ≤ u; each next one must have U = the last u + 1 (sizes are absolute, 0 deletes), else a push was lost:
 * cache again and fetch a new base book. A cut socket reconnects and subscribes again.
 */
import type WebSocket from 'ws';
import { SocketBook, type Level as Pair } from './level-book.ts';

type Level = [string, string] | { p: string; s: number };
interface Update {
  U: number;
  u: number;
  b: Level[];
  a: Level[];
}

const pair = (l: Level): Pair => (Array.isArray(l) ? l : [l.p, String(l.s)]);

export class GateLocalBook extends SocketBook {
  private cache: Update[] = [];
  private fetching = false;

  constructor(
    wsUrl: string,
    private readonly channel: string,
    private readonly payload: string[],
    private readonly bookUrl: string,
  ) {
    super(wsUrl);
  }

  protected reset(): void {
    this.synced = false;
    this.cache = [];
  }

  protected subscribe(ws: WebSocket): void {
    ws.send(JSON.stringify({ time: Math.floor(Date.now() / 1000), id: 1, channel: this.channel, event: 'subscribe', payload: this.payload }));
  }

  protected onMessage(text: string): void {
    const msg = JSON.parse(text) as { channel?: string; event?: string; result?: Update };
    if (msg.channel !== this.channel || msg.event !== 'update' || !msg.result) return;
    const up = msg.result;
    if (!this.synced) {
      this.cache.push(up);
      if (!this.fetching) void this.fetchBase();
      return;
    }
    this.apply(up);
  }

  private async fetchBase(): Promise<void> {
    this.fetching = true;
    try {
      const res = await fetch(this.bookUrl);
      const body = (await res.json()) as { id: number; bids: Level[]; asks: Level[] };
      const cached = this.cache;
      // The base book is behind every cached push: fetch it again when the next push comes.
      if (cached.length > 0 && body.id + 1 < cached[0]!.U) return;
      this.replace(body.bids.map(pair), body.asks.map(pair));
      this.u = body.id;
      this.snapshots++;
      this.synced = true;
      this.cache = [];
      let first = true;
      for (const up of cached) {
        if (up.u < this.u + 1) continue; // already in the base book
        if (first && !(up.U <= this.u + 1 && this.u + 1 <= up.u)) return this.lost();
        first = false;
        this.apply(up);
        if (!this.synced) return;
      }
    } finally {
      this.fetching = false;
    }
  }

  private lost(): void {
    this.gaps++;
    this.reset();
  }

  private apply(up: Update): void {
    if (up.u < this.u + 1) {
      this.dropped++;
      return;
    }
    if (up.U > this.u + 1) return this.lost();
    this.change(up.b.map(pair), up.a.map(pair));
    this.u = up.u;
    this.applied++;
  }

  /** Gate's application ping (`spot.ping` / `futures.ping`); the simulator closes a socket silent for 60 s. */
  ping(): void {
    this.send(JSON.stringify({ time: Math.floor(Date.now() / 1000), channel: `${this.channel.split('.')[0]}.ping` }));
  }
}
