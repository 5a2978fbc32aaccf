/**
 * What the tests' local books share: the two sides (price → size, as the wire's text), changes where a zero size
 * deletes the level, the sorted sides and the top n; and, for a client on its own socket (Bybit, Gate), the socket
 * that reconnects when cut, the sync flag and the counters the tests read.
 */
import CRC32 from 'crc-32';
import WebSocket from 'ws';

/** A level as the wire has it: price and size first (OKX rows carry two more fields). */
export type Level = readonly [price: string, size: string, ...rest: string[]];

export class LevelBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();

  /** A snapshot: both sides replaced. */
  protected replace(bids: Iterable<Level>, asks: Iterable<Level>): void {
    this.bids.clear();
    this.asks.clear();
    for (const [p, q] of bids) this.bids.set(p, q);
    for (const [p, q] of asks) this.asks.set(p, q);
  }

  /** Changes of absolute sizes; a zero size deletes the level. */
  protected change(bids: Iterable<Level>, asks: Iterable<Level>): void {
    for (const [side, levels] of [
      [this.bids, bids],
      [this.asks, asks],
    ] as const) {
      for (const [p, q] of levels) {
        if (Number(q) === 0) side.delete(p);
        else side.set(p, q);
      }
    }
  }

  sorted(m: Map<string, string>, desc: boolean): [string, string][] {
    return [...m.entries()].sort((a, b) => (desc ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])));
  }

  /**
   * The CRC32 OKX and Bitget check ("Checksum"): `price:size` of the top 25 bids and asks interleaved, a shorter
   * side's turns left out, over the wire's strings; signed.
   */
  protected checksum25(): number {
    const bids = this.sorted(this.bids, true);
    const asks = this.sorted(this.asks, false);
    const parts: string[] = [];
    for (let k = 0; k < 25; k++) {
      if (k < bids.length) parts.push(`${bids[k]![0]}:${bids[k]![1]}`);
      if (k < asks.length) parts.push(`${asks[k]![0]}:${asks[k]![1]}`);
    }
    return CRC32.str(parts.join(':'));
  }

  top(n: number): { bids: [string, string][]; asks: [string, string][] } {
    return { bids: this.sorted(this.bids, true).slice(0, n), asks: this.sorted(this.asks, false).slice(0, n) };
  }
}

export abstract class SocketBook extends LevelBook {
  /** the last update id applied */
  u = -1;
  synced = false;
  applied = 0;
  snapshots = 0;
  /** repeats dropped */
  dropped = 0;
  gaps = 0;
  reconnects = 0;
  protected ws: WebSocket | undefined;
  private stopped = false;

  constructor(private readonly url: string) {
    super();
  }

  start(): Promise<void> {
    return this.connect();
  }

  /** A new socket: the book is to be synced again. */
  protected abstract reset(): void;
  /** The open socket's subscription. */
  protected abstract subscribe(ws: WebSocket): void;
  protected abstract onMessage(text: string): void;

  private connect(): Promise<void> {
    const ws = new WebSocket(this.url, { perMessageDeflate: false });
    this.ws = ws;
    this.reset();
    ws.on('message', (raw) => this.onMessage(raw.toString()));
    ws.on('close', () => {
      if (this.stopped || this.ws !== ws) return;
      this.reconnects++;
      void this.connect();
    });
    ws.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        this.subscribe(ws);
        resolve();
      });
      ws.once('unexpected-response', () => reject(new Error('upgrade refused')));
    });
  }

  protected send(text: string): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  stop(): void {
    this.stopped = true;
    this.ws?.terminate();
  }
}
