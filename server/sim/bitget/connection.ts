/**
 * One client websocket on Bitget's public URL (docs "Websocket API"): `{"op":"subscribe","args":[{instType, channel,
 * instId}]}` answered per argument with `{"event":"subscribe","arg":{…}}` or `{"event":"error","arg":{…},"code":30001,
 * "msg":"…"}`; text `ping` → text `pong`. Bitget's rules: no `ping` for 2 minutes closes the connection; more than 10
 * messages a second (pings included) closes it; 240 subscribe / unsubscribe requests an hour, 1000 channels and 4096
 * bytes of args a request.
 */
import type { WebSocket } from 'ws';
import type { MarketKind } from '../instruments.ts';
import { noFaults } from '../outbox.ts';
import type { Scheduler } from '../scheduler.ts';
import { ChecksumSocket } from '../okx/connection.ts';
import { leaveTopics, switchTopic, type TopicHub } from '../topic-front.ts';

export interface BitgetLimits {
  /** Bitget closes a connection that sent no `ping` for 2 minutes. */
  pingIdleMs: number;
  /** messages a client may send in a second (Bitget: 10, pings included); beyond them the connection is closed */
  messagesPerSecond: number;
  /** subscribe / unsubscribe requests an hour per connection (Bitget: 240) */
  requestsPerHour: number;
  /** channels a connection may hold (Bitget: 1000) */
  maxChannels: number;
  /** bytes of args one request may carry (Bitget: 4096) */
  maxArgsBytes: number;
  /** connection requests per IP in 5 minutes (Bitget: 300) */
  connectionsPer5Min: number;
  /** a client that reads slower than this many buffered bytes is cut */
  maxBufferedBytes: number;
}

export const BITGET_LIMITS: BitgetLimits = {
  pingIdleMs: 120_000,
  messagesPerSecond: 10,
  requestsPerHour: 240,
  maxChannels: 1000,
  maxArgsBytes: 4096,
  connectionsPer5Min: 300,
  maxBufferedBytes: 64 << 20,
};

/** One subscription: the arg as Bitget names it and the listing it is of. */
export interface BitgetArg {
  instType: string;
  channel: string;
  instId: string;
  kind: MarketKind;
  symbol: string;
}

export interface BitgetHub extends TopicHub<BitgetConnection, BitgetArg> {
  /** null when the channel or instrument does not exist */
  resolve(instType: unknown, channel: unknown, instId: unknown): BitgetArg | null;
}

export const argKey = (a: { instType: string; channel: string; instId: string }): string => `${a.instType}|${a.channel}|${a.instId}`;
const wireArg = (a: BitgetArg) => ({ instType: a.instType, channel: a.channel, instId: a.instId });

export class BitgetConnection extends ChecksumSocket {
  readonly subs = new Map<string, BitgetArg>();
  readonly connectedAt: number;
  received = 0;
  private readonly requests: number[] = [];
  private readonly recent: number[] = [];
  private cancelIdle: (() => void) | undefined;

  constructor(
    id: number,
    ws: WebSocket,
    private readonly scheduler: Scheduler,
    private readonly limits: BitgetLimits,
    private readonly hub: BitgetHub,
  ) {
    super(id, ws, scheduler, { ...noFaults(), checksum: 0 }, limits.maxBufferedBytes);
    this.connectedAt = scheduler.now();
    ws.on('message', (data) => this.onMessage(data.toString()));
    this.armIdle();
  }

  /** The market of the connection's subscriptions (faults select by market); 'spot' when it has none. */
  get market(): MarketKind {
    for (const a of this.subs.values()) return a.kind;
    return 'spot';
  }

  private armIdle(): void {
    this.cancelIdle?.();
    this.cancelIdle = this.scheduler.after(this.limits.pingIdleMs, () => this.close(1000, 'no ping received for 2 minutes'));
  }

  // ---- outgoing ------------------------------------------------------------------------------

  private error(code: number, msg: string, arg?: Record<string, unknown>): void {
    this.outbox.out(JSON.stringify(arg ? { event: 'error', arg, code, msg } : { event: 'error', code, msg }));
  }

  // ---- incoming ------------------------------------------------------------------------------

  private onMessage(text: string): void {
    if (this.outbox.closed) return;
    this.received++;
    const now = this.scheduler.now();
    const w = this.recent;
    while (w.length > 0 && w[0]! <= now - 1000) w.shift();
    w.push(now);
    if (w.length > this.limits.messagesPerSecond) {
      this.error(30007, 'request over limit,connection close');
      this.close(1008, 'request over limit');
      return;
    }
    if (this.faults.silent) return;
    if (text === 'ping') {
      this.armIdle();
      this.outbox.out('pong');
      return;
    }
    let req: unknown;
    try {
      req = JSON.parse(text);
    } catch {
      this.error(30012, 'illegal request');
      return;
    }
    const r = (typeof req === 'object' && req !== null && !Array.isArray(req) ? req : {}) as Record<string, unknown>;
    const op = r['op'];
    if (op !== 'subscribe' && op !== 'unsubscribe') {
      this.error(30003, 'invalid op');
      return;
    }
    const args = r['args'];
    if (!Array.isArray(args) || args.length === 0 || args.some((a) => typeof a !== 'object' || a === null || Array.isArray(a))) {
      this.error(30016, 'Param error');
      return;
    }
    if (Buffer.byteLength(JSON.stringify(args)) > this.limits.maxArgsBytes) {
      this.error(30016, `Param error: args over ${this.limits.maxArgsBytes} bytes`);
      return;
    }
    const hour = this.requests;
    while (hour.length > 0 && hour[0]! <= now - 3_600_000) hour.shift();
    if (hour.length >= this.limits.requestsPerHour) {
      this.error(30006, 'request too many');
      return;
    }
    hour.push(now);
    for (const a of args as Record<string, unknown>[]) this.handleArg(op, a);
  }

  private handleArg(op: 'subscribe' | 'unsubscribe', a: Record<string, unknown>): void {
    const arg = this.hub.resolve(a['instType'], a['channel'], a['instId']);
    if (!arg) {
      const named = { instType: a['instType'], channel: a['channel'], instId: a['instId'] };
      this.error(30001, `instType:${String(a['instType'])},channel:${String(a['channel'])},instId:${String(a['instId'])} doesn't exist`, named);
      return;
    }
    const key = argKey(arg);
    if (op === 'subscribe' && !this.subs.has(key) && this.subs.size >= this.limits.maxChannels) {
      this.error(30016, `Param error: over ${this.limits.maxChannels} channels`, wireArg(arg));
      return;
    }
    // The answer goes before the first push (a books snapshot follows its subscribe answer).
    this.outbox.out(JSON.stringify({ event: op, arg: wireArg(arg) }));
    switchTopic(this.hub, this, this.subs, op, key, arg);
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  protected released(): void {
    this.cancelIdle?.();
    leaveTopics(this.hub, this, this.subs);
  }
}
