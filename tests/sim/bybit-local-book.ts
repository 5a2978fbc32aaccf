/**
 * A client that keeps a local order book as Bybit documents it (docs v5/websocket/public/orderbook): a snapshot
 * replaces the book (also the u = 1 one after a service restart); a delta applies when its u is the last u + 1 (size
 * "0" deletes the level); one with u ≤ the last is a repeat and dropped; one beyond last + 1 means a push was lost:
 * resubscribe and wait for the new snapshot. A cut socket reconnects and subscribes again.
 */
import type WebSocket from 'ws';
import { SocketBook } from './level-book.ts';

interface Push {
  topic?: string;
  type?: string;
  data?: { s: string; b: [string, string][]; a: [string, string][]; u: number; seq: number };
}

export class BybitLocalBook extends SocketBook {
  restarts = 0;
  bad = 0;
  private reqs = 0;

  constructor(
    url: string,
    readonly topic: string,
  ) {
    super(url);
  }

  protected reset(): void {
    this.synced = false;
  }

  protected subscribe(_ws: WebSocket): void {
    this.request('subscribe');
  }

  private request(op: 'subscribe' | 'unsubscribe'): void {
    this.send(JSON.stringify({ op, args: [this.topic], req_id: `${op}-${++this.reqs}` }));
  }

  protected onMessage(text: string): void {
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
      this.replace(d.b, d.a);
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
      this.request('unsubscribe');
      this.request('subscribe');
      return;
    }
    this.change(d.b, d.a);
    this.u = d.u;
    this.applied++;
  }
}
