/**
 * A client that keeps a local order book as Bybit documents it (docs v5/websocket/public/orderbook): a snapshot
 * replaces the book (also the u = 1 one after a service restart); a delta applies when its u is the last u + 1 (size
 * "0" deletes the level); one with u ≤ the last is a repeat and dropped; one beyond last + 1 means a push was lost:
 * resubscribe and wait for the new snapshot. A cut socket reconnects and subscribes again.
 */
import WebSocket from 'ws';

interface Push {
  topic?: string;
  type?: string;
  data?: { s: string; b: [string, string][]; a: [string, string][]; u: number; seq: number };
}

export class BybitLocalBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  u = -1;
  synced = false;
  applied = 0;
  snapshots = 0;
  restarts = 0;
  dropped = 0;
  gaps = 0;
  reconnects = 0;
  bad = 0;
  private ws: WebSocket | undefined;
  private stopped = false;
  private reqs = 0;

  constructor(
    private readonly url: string,
    readonly topic: string,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private connect(): Promise<void> {
    const ws = new WebSocket(this.url, { perMessageDeflate: false });
    this.ws = ws;
    this.synced = false;
    ws.on('message', (raw) => this.onMessage(raw.toString()));
    ws.on('close', () => {
      if (this.stopped || this.ws !== ws) return;
      this.reconnects++;
      void this.connect();
    });
    ws.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        this.send('subscribe');
        resolve();
      });
      ws.once('unexpected-response', () => reject(new Error('upgrade refused')));
    });
  }

  private send(op: 'subscribe' | 'unsubscribe'): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ op, args: [this.topic], req_id: `${op}-${++this.reqs}` }));
  }

  private onMessage(text: string): void {
    let msg: Push;
    try {
      msg = JSON.parse(text) as Push;
    } catch {
      this.bad++;
      return;
    }
    if (msg.topic !== this.topic || !msg.data) return;
    const d = msg.data;
    if (msg.type === 'snapshot') {
      this.bids.clear();
      this.asks.clear();
      for (const [p, q] of d.b) this.bids.set(p, q);
      for (const [p, q] of d.a) this.asks.set(p, q);
      if (d.u === 1) this.restarts++;
      this.u = d.u;
      this.synced = true;
      this.snapshots++;
      return;
    }
    if (!this.synced) return; // resubscribing: the new snapshot replaces everything
    if (d.u <= this.u) {
      this.dropped++;
      return;
    }
    if (d.u !== this.u + 1) {
      this.gaps++;
      this.synced = false;
      this.send('unsubscribe');
      this.send('subscribe');
      return;
    }
    for (const [p, q] of d.b) {
      if (Number(q) === 0) this.bids.delete(p);
      else this.bids.set(p, q);
    }
    for (const [p, q] of d.a) {
      if (Number(q) === 0) this.asks.delete(p);
      else this.asks.set(p, q);
    }
    this.u = d.u;
    this.applied++;
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
