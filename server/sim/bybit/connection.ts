/**
 * One client socket on Bybit's public streams (`/v5/public/spot`, `/v5/public/linear`): the `op` requests
 * (subscribe, unsubscribe, ping) answered in each endpoint's shape (https://bybit-exchange.github.io/docs/v5/ws/connect),
 * the socket's scripted faults, and Bybit's idle rule.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { MarketKind } from '../instruments.ts';
import { noFaults } from '../outbox.ts';
import type { Scheduler } from '../scheduler.ts';
import { IdleSocket, jsonObject } from '../shared-socket.ts';
import type { Sink } from './feeds.ts';
import type { TopicError, TopicKind } from './topics.ts';

/** Spot takes at most 10 args in one subscribe request; every public socket's args at most 21,000 characters. */
export const SPOT_MAX_ARGS = 10;
export const MAX_ARGS_CHARS = 21_000;
/**
 * Bybit closes a socket 10 minutes after the last thing the client sent (its ping every 20 s keeps it), scanning
 * every 30 s (docs v5/ws/connect, "max_active_time": the default alive time and the scan period).
 */
export const IDLE_MS = 600_000;
export const IDLE_SCAN_MS = 30_000;

/** What a connection asks of the hub that owns the feeds. */
export interface Topics {
  subscribe(sink: Sink, market: MarketKind, name: string): TopicError | undefined;
  /** true when the sink held the topic */
  unsubscribe(sink: Sink, market: MarketKind, name: string): boolean;
  validate(market: MarketKind, name: unknown): TopicError | undefined;
}

export class BybitConnection extends IdleSocket implements Sink {
  readonly connId = randomUUID();
  readonly topics = new Set<string>();

  constructor(
    id: number,
    ws: WebSocket,
    readonly path: string,
    readonly market: MarketKind,
    scheduler: Scheduler,
    private readonly hub: Topics,
    private readonly onClose: (c: BybitConnection) => void,
  ) {
    // no slow-reader limit on Bybit's sockets here
    super(id, ws, scheduler, noFaults(), Infinity, { idleMs: IDLE_MS, scanMs: IDLE_SCAN_MS, pingFrames: false });
  }

  // ---- outgoing ------------------------------------------------------------------------------

  deliver(frame: string, _kind: TopicKind, topic: string, delta: boolean): void {
    if (this.outbox.admits(topic, delta)) this.outbox.push(frame, topic);
  }

  /**
   * An answer to an op in the endpoint's shape: spot's subscribe says ret_msg "subscribe" and leaves req_id out
   * when none was sent; linear's says "" and always carries req_id ("" when none was sent).
   */
  private answer(op: string, reqId: string | undefined, success: boolean, retMsg: string): void {
    const msg: Record<string, unknown> = { success, ret_msg: retMsg, conn_id: this.connId };
    if (this.market === 'usdm') msg['req_id'] = reqId ?? '';
    else if (reqId !== undefined) msg['req_id'] = reqId;
    msg['op'] = op;
    this.outbox.out(JSON.stringify(msg));
  }

  // ---- incoming ------------------------------------------------------------------------------

  protected onMessage(text: string): void {
    const r = jsonObject(text);
    if (r === undefined) {
      this.answer('', undefined, false, 'error:request not json');
      return;
    }
    const rawId = r['req_id'];
    const reqId = typeof rawId === 'string' ? rawId : typeof rawId === 'number' ? String(rawId) : undefined;
    const op = r['op'];
    switch (op) {
      case 'ping':
        // Spot's pong has no req_id; linear's echoes it (docs v5/ws/connect, "How to Send the Heartbeat Packet").
        this.answer('ping', reqId, true, 'pong');
        return;
      case 'subscribe':
      case 'unsubscribe':
        this.subscription(op, reqId, r['args']);
        return;
      default:
        this.answer(typeof op === 'string' ? op : '', reqId, false, 'error:invalid op');
    }
  }

  private subscription(op: 'subscribe' | 'unsubscribe', reqId: string | undefined, args: unknown): void {
    const ok = op === 'subscribe' && this.market === 'spot' ? 'subscribe' : op === 'unsubscribe' && this.market === 'spot' ? 'unsubscribe' : '';
    if (!Array.isArray(args) || args.length === 0 || args.some((a) => typeof a !== 'string')) {
      this.answer(op, reqId, false, 'error:args invalid');
      return;
    }
    const names = args as string[];
    if (this.market === 'spot' && names.length > SPOT_MAX_ARGS) {
      this.answer(op, reqId, false, `args size >${SPOT_MAX_ARGS}`);
      return;
    }
    if (op === 'unsubscribe') {
      for (const n of names) if (this.hub.unsubscribe(this, this.market, n)) this.topics.delete(n);
      this.answer(op, reqId, true, ok);
      return;
    }
    // The whole request is refused when one topic is: nothing of it is subscribed.
    for (const n of names) {
      const bad = this.hub.validate(this.market, n);
      if (bad) return this.answer(op, reqId, false, bad.error);
      if (this.topics.has(n)) return this.answer(op, reqId, false, `error:already subscribed,topic:${n}`);
    }
    if (new Set(names).size !== names.length) return this.answer(op, reqId, false, 'error:args duplicated');
    let chars = 0;
    for (const t of this.topics) chars += t.length;
    for (const n of names) chars += n.length;
    if (chars > MAX_ARGS_CHARS) return this.answer(op, reqId, false, `error:args length >${MAX_ARGS_CHARS}`);
    // The answer goes before the first snapshot, as Bybit sends them.
    this.answer(op, reqId, true, ok);
    for (const n of names) {
      this.topics.add(n);
      this.hub.subscribe(this, this.market, n);
    }
  }

  // ---- lifecycle ---------------------------------------------------------------------------------

  protected closing(): void {
    for (const t of this.topics) this.hub.unsubscribe(this, this.market, t);
    this.topics.clear();
    this.onClose(this);
  }
}
