/**
 * A client that keeps a local order book as Gate documents it for `spot.order_book_update` /
 * `futures.order_book_update` ("How to maintain local order book"): subscribe and cache the pushes; fetch the REST
 * book with `with_id=true` (its `id` is the base id); drop pushes with u < id + 1; the first one applied has
 * U ≤ id + 1 ≤ u; each next one must have U = the last u + 1 (sizes are absolute, 0 deletes), else a push was lost:
 * cache again and fetch a new base book. A cut socket reconnects and subscribes again.
 */
import WebSocket from 'ws';

type Level = [string, string] | { p: string; s: number };
interface Update {
  U: number;
  u: number;
  b: Level[];
  a: Level[];
}

const price = (l: Level): string => (Array.isArray(l) ? l[0] : l.p);
const size = (l: Level): string => (Array.isArray(l) ? l[1] : String(l.s));

export class GateLocalBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  u = -1;
  synced = false;
  applied = 0;
  snapshots = 0;
  dropped = 0;
  gaps = 0;
  reconnects = 0;
  private cache: Update[] = [];
  private ws: WebSocket | undefined;
  private stopped = false;
  private fetching = false;

  constructor(
    private readonly wsUrl: string,
    private readonly channel: string,
    private readonly payload: string[],
    private readonly bookUrl: string,
  ) {}

  start(): Promise<void> {
    return this.connect();
  }

  private connect(): Promise<void> {
    const ws = new WebSocket(this.wsUrl, { perMessageDeflate: false });
    this.ws = ws;
    this.resync();
    ws.on('message', (raw) => this.onMessage(raw.toString()));
    ws.on('close', () => {
      if (this.stopped || this.ws !== ws) return;
      this.reconnects++;
      void this.connect();
    });
    ws.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.send(JSON.stringify({ time: Math.floor(Date.now() / 1000), id: 1, channel: this.channel, event: 'subscribe', payload: this.payload }));
        resolve();
      });
      ws.once('unexpected-response', () => reject(new Error('upgrade refused')));
    });
  }

  private resync(): void {
    this.synced = false;
    this.cache = [];
  }

  private onMessage(text: string): void {
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
      this.bids.clear();
      this.asks.clear();
      for (const l of body.bids) this.bids.set(price(l), size(l));
      for (const l of body.asks) this.asks.set(price(l), size(l));
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
    this.resync();
  }

  private apply(up: Update): void {
    if (up.u < this.u + 1) {
      this.dropped++;
      return;
    }
    if (up.U > this.u + 1) return this.lost();
    for (const l of up.b) {
      if (Number(size(l)) === 0) this.bids.delete(price(l));
      else this.bids.set(price(l), size(l));
    }
    for (const l of up.a) {
      if (Number(size(l)) === 0) this.asks.delete(price(l));
      else this.asks.set(price(l), size(l));
    }
    this.u = up.u;
    this.applied++;
  }

  /** Gate's application ping (`spot.ping` / `futures.ping`); the simulator closes a socket silent for 60 s. */
  ping(): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ time: Math.floor(Date.now() / 1000), channel: `${this.channel.split('.')[0]}.ping` }));
  }

  top(n: number): { bids: [string, string][]; asks: [string, string][] } {
    return {
      bids: [...this.bids.entries()].sort((x, y) => Number(y[0]) - Number(x[0])).slice(0, n),
      asks: [...this.asks.entries()].sort((x, y) => Number(x[0]) - Number(y[0])).slice(0, n),
    };
  }

  stop(): void {
    this.stopped = true;
    this.ws?.terminate();
  }
}
