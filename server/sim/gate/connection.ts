/**
 * One client socket on Gate's spot (`/ws/v4/`) or USDT futures (`/v4/ws/usdt`) websocket: requests
 * `{"time":s,"id":n,"channel":"spot.trades","event":"subscribe"|"unsubscribe","payload":[…]}` answered with
 * `{"time","time_ms","id","conn_id","channel","event","payload","result":{"status":"success"}}` (futures also
 * `"error":null`) or `{…,"error":{"code":2,"message":…},"result":{"status":"fail"}}`; the application ping
 * `spot.ping` / `futures.ping` answered by `spot.pong` / `futures.pong`. The simulator's keep-alive rule: a socket
 * that sent nothing (no request, no ping message, no ping frame) for 60 s is closed.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { MarketKind } from '../instruments.ts';
import { noFaults } from '../outbox.ts';
import type { Scheduler } from '../scheduler.ts';
import { IdleSocket, jsonObject } from '../shared-socket.ts';
import type { Sink } from './feeds.ts';

export const IDLE_MS = 60_000;
const IDLE_SCAN_MS = 5_000;

/** Gate's websocket error codes: 1 bad request body, 2 bad argument. */
export interface GateWsError {
  code: 1 | 2;
  message: string;
}

/** What a connection asks of the hub that owns the feeds. */
export interface GateTopics {
  /** the feed keys of a request's payload, or why it is refused */
  keys(market: MarketKind, channel: string, payload: unknown): string[] | GateWsError;
  subscribe(sink: Sink, market: MarketKind, channel: string, key: string): void;
  unsubscribe(sink: Sink, key: string): void;
}

export class GateConnection extends IdleSocket implements Sink {
  readonly connId = randomBytes(8).toString('hex');
  readonly keys = new Set<string>();

  constructor(
    id: number,
    ws: WebSocket,
    readonly path: string,
    readonly market: MarketKind,
    scheduler: Scheduler,
    private readonly hub: GateTopics,
    private readonly onClose: (c: GateConnection) => void,
  ) {
    super(id, ws, scheduler, noFaults(), 64 << 20, { idleMs: IDLE_MS, scanMs: IDLE_SCAN_MS, pingFrames: true });
  }

  private get prefix(): 'spot' | 'futures' {
    return this.market === 'spot' ? 'spot' : 'futures';
  }

  deliver(frame: string, key: string, diff: boolean): void {
    if (this.outbox.admits(key, diff)) this.outbox.push(frame, key);
  }

  private answer(req: Record<string, unknown>, channel: string, event: string, error: GateWsError | null): void {
    const now = this.scheduler.now();
    const msg: Record<string, unknown> = { time: Math.floor(now / 1000), time_ms: now };
    if (req['id'] !== undefined) msg['id'] = req['id'];
    msg['conn_id'] = this.connId;
    msg['channel'] = channel;
    msg['event'] = event;
    if (req['payload'] !== undefined) msg['payload'] = req['payload'];
    if (error !== null) msg['error'] = error;
    else if (this.market === 'usdm') msg['error'] = null;
    msg['result'] = { status: error === null ? 'success' : 'fail' };
    this.outbox.out(JSON.stringify(msg));
  }

  protected onMessage(text: string): void {
    const r = jsonObject(text);
    if (r === undefined) {
      this.answer({}, '', '', { code: 1, message: 'invalid request body format' });
      return;
    }
    const channel = typeof r['channel'] === 'string' ? r['channel'] : '';
    if (channel === `${this.prefix}.ping`) {
      const now = this.scheduler.now();
      this.outbox.out(JSON.stringify({ time: Math.floor(now / 1000), time_ms: now, ...(r['id'] !== undefined ? { id: r['id'] } : {}), channel: `${this.prefix}.pong`, event: '', result: null }));
      return;
    }
    const event = r['event'];
    if (event !== 'subscribe' && event !== 'unsubscribe') {
      this.answer(r, channel, typeof event === 'string' ? event : '', { code: 2, message: `unknown event: ${String(event)}` });
      return;
    }
    const keys = this.hub.keys(this.market, channel, r['payload']);
    if (!Array.isArray(keys)) {
      this.answer(r, channel, event, keys);
      return;
    }
    if (event === 'unsubscribe') {
      for (const k of keys) {
        if (this.keys.delete(k)) this.hub.unsubscribe(this, k);
      }
      this.answer(r, channel, event, null);
      return;
    }
    // Gate refuses a second subscription of one order book v2 stream on a socket.
    if (channel === 'spot.obu') {
      const again = keys.find((k) => this.keys.has(k));
      if (again !== undefined) return this.answer(r, channel, event, { code: 2, message: `Alert sub ${again.split('|')[1]}` });
    }
    // The answer goes before the first push (the books' full snapshot, the ticker), as Gate sends them.
    this.answer(r, channel, event, null);
    for (const k of keys) {
      if (this.keys.has(k)) continue;
      this.keys.add(k);
      this.hub.subscribe(this, this.market, channel, k);
    }
  }

  protected closing(): void {
    for (const k of this.keys) this.hub.unsubscribe(this, k);
    this.keys.clear();
    this.onClose(this);
  }
}
