/**
 * One client websocket on OKX's public or business URL (OKX docs "WebSocket": connect, subscribe, unsubscribe,
 * error codes, keep-alive): `{"op":"subscribe","args":[{channel, instId}]}` answered per argument with
 * `{"event":"subscribe","arg":{…},"connId":"…"}` or `{"event":"error","code":"6001x","msg":"…","connId":"…"}`; text
 * `ping` → text `pong`; no incoming message for 30 s closes the connection; 480 subscribe/unsubscribe requests an
 * hour per connection.
 */
import type { WebSocket } from 'ws';
import type { FaultSpec } from '../faults.ts';
import type { MarketKind } from '../instruments.ts';
import { FaultedSocket, noFaults, type Faults } from '../outbox.ts';
import type { Scheduler } from '../scheduler.ts';
import { withChecksum, type BookPush } from './book-feed.ts';
import { leaveTopics, switchTopic, type TopicHub } from '../topic-front.ts';

export type OkxPath = 'public' | 'business';

export interface OkxLimits {
  /** OKX closes a connection that sent nothing for 30 s. */
  idleMs: number;
  /** OKX: 480 subscribe/unsubscribe/login requests per hour per connection. */
  requestsPerHour: number;
  /** OKX: 3 connection requests per second per IP. */
  connectionsPerSecond: number;
  /** OKX pushes an empty books update when the book has not changed for a while. */
  bookHeartbeatMs: number;
  /** A client that reads slower than this many buffered bytes is cut. */
  maxBufferedBytes: number;
}

export const OKX_LIMITS: OkxLimits = { idleMs: 30_000, requestsPerHour: 480, connectionsPerSecond: 3, bookHeartbeatMs: 5000, maxBufferedBytes: 64 << 20 };

export interface OkxFaults extends Faults {
  /** books updates to send with a wrong checksum (the levels stay right) */
  checksum: number;
}

/** One subscription of a connection: the channel, the instrument's OKX id and its listing. */
export interface OkxArg {
  channel: string;
  instId: string;
  kind: MarketKind;
  symbol: string;
}

/** What the front does for a connection's requests (subscription bookkeeping lives there). */
export interface OkxHub extends TopicHub<OkxConnection, OkxArg> {
  /** null when the channel or instrument is not served on this path */
  resolve(path: OkxPath, channel: unknown, instId: unknown): OkxArg | null;
}

export const argKey = (a: { channel: string; instId: string }): string => `${a.channel}|${a.instId}`;

/** A socket whose books pushes carry a checksum (OKX's, Bitget's): its faults include a wrong one. */
export abstract class ChecksumSocket extends FaultedSocket<OkxFaults> {
  /** A push of `channel`; `book` when it is a books push (gap, duplicate and checksum faults act on its updates). */
  deliver(frame: string, channel: string, book?: BookPush): void {
    const update = book?.action === 'update';
    if (!this.outbox.admits(channel, update)) return;
    if (book) {
      const f = this.faults;
      const wrong = update && f.checksum > 0;
      if (wrong) f.checksum--;
      frame = withChecksum(book, wrong);
    }
    this.outbox.push(frame, channel, !book || update);
  }
}

/**
 * The faults of a socket with checksummed books (OKX's, Bitget's): `checksum` corrupts the next `count` updates'
 * checksums; neither venue announces a shutdown, so `serverShutdown` is a close (1001 unless a code is given).
 */
export function checksumFaults(s: FaultSpec, c: ChecksumSocket, count: number): boolean {
  switch (s.type) {
    case 'checksum':
      c.faults.checksum += count;
      return true;
    case 'serverShutdown':
      c.close(s.code ?? 1001, s.reason ?? '');
      return true;
    case 'clear':
      c.faults.checksum = 0;
      return false;
    default:
      return false;
  }
}

export class OkxConnection extends ChecksumSocket {
  readonly subs = new Map<string, OkxArg>();
  readonly connId: string;
  readonly connectedAt: number;
  received = 0;
  private readonly requests: number[] = [];
  private cancelIdle: (() => void) | undefined;

  constructor(
    id: number,
    ws: WebSocket,
    readonly path: OkxPath,
    private readonly scheduler: Scheduler,
    private readonly limits: OkxLimits,
    private readonly hub: OkxHub,
  ) {
    super(id, ws, scheduler, { ...noFaults(), checksum: 0 }, limits.maxBufferedBytes);
    this.connId = (0x10000000 + ((id * 2654435761) % 0xefffffff)).toString(16).slice(-8);
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
    this.cancelIdle = this.scheduler.after(this.limits.idleMs, () => this.close(4004, 'No data received in 30s.'));
  }

  // ---- outgoing ------------------------------------------------------------------------------

  private error(code: string, msg: string): void {
    this.outbox.out(JSON.stringify({ event: 'error', code, msg, connId: this.connId }));
  }

  // ---- incoming ------------------------------------------------------------------------------

  private onMessage(text: string): void {
    if (this.outbox.closed) return;
    this.received++;
    this.armIdle();
    if (this.faults.silent) return;
    if (text === 'ping') {
      this.outbox.out('pong');
      return;
    }
    let req: unknown;
    try {
      req = JSON.parse(text);
    } catch {
      this.error('60012', `Illegal request: ${text}`);
      return;
    }
    if (typeof req !== 'object' || req === null || Array.isArray(req)) {
      this.error('60012', `Illegal request: ${text}`);
      return;
    }
    const r = req as Record<string, unknown>;
    const op = r['op'];
    if (op !== 'subscribe' && op !== 'unsubscribe') {
      if (typeof op === 'string' && op.length > 0) this.error('60019', `Invalid op: ${op}`);
      else this.error('60012', `Illegal request: ${text}`);
      return;
    }
    const args = r['args'];
    if (!Array.isArray(args) || args.length === 0 || args.some((a) => typeof a !== 'object' || a === null || Array.isArray(a))) {
      this.error('60013', 'Invalid args');
      return;
    }
    const now = this.scheduler.now();
    const w = this.requests;
    while (w.length > 0 && w[0]! <= now - 3_600_000) w.shift();
    if (w.length >= this.limits.requestsPerHour) {
      this.error('60014', 'Requests too frequent.');
      return;
    }
    w.push(now);
    for (const a of args as Record<string, unknown>[]) this.handleArg(op, a);
  }

  private handleArg(op: 'subscribe' | 'unsubscribe', a: Record<string, unknown>): void {
    const arg = this.hub.resolve(this.path, a['channel'], a['instId']);
    if (!arg) {
      const channel = typeof a['channel'] === 'string' ? a['channel'] : '';
      const inst = typeof a['instId'] === 'string' ? `,instId:${a['instId']}` : '';
      this.error('60018', `Wrong URL or channel:${channel}${inst} doesn't exist. Please use the correct URL, channel and parameters referring to API document.`);
      return;
    }
    const key = argKey(arg);
    // The answer goes before the first push (a books snapshot follows its subscribe answer).
    this.outbox.out(JSON.stringify({ event: op, arg: { channel: arg.channel, instId: arg.instId }, connId: this.connId }));
    switchTopic(this.hub, this, this.subs, op, key, arg);
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  protected released(): void {
    this.cancelIdle?.();
    leaveTopics(this.hub, this, this.subs);
  }
}
