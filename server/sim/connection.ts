import type { WebSocket } from 'ws';
import type { MarketKind } from './instruments.ts';
import { FaultedSocket, noFaults } from './outbox.ts';
import type { Scheduler } from './scheduler.ts';
import type { Simulator, Subscriber } from './simulator.ts';
import { parseStream, type StreamDesc, type StreamKind, type Tier } from './streams.ts';

export interface ConnectionLimits {
  /** Binance: 5 incoming messages per second on spot, 10 on USD-M (pings, pongs and JSON messages). */
  incomingPerSecond: number;
  /** Binance: 1024 streams per connection. */
  maxStreams: number;
  /** Binance spot pings every 20 s and drops after 1 min without pong; USD-M every 3 min, 10 min. */
  pingIntervalMs: number;
  pongTimeoutMs: number;
  /** Binance drops a connection after 24 h. */
  maxLifetimeMs: number;
  /** A client that reads slower than this many buffered bytes is cut, as Binance drops slow readers. */
  maxBufferedBytes: number;
}

export const DEFAULT_LIMITS: Record<MarketKind, ConnectionLimits> = {
  spot: { incomingPerSecond: 5, maxStreams: 1024, pingIntervalMs: 20_000, pongTimeoutMs: 60_000, maxLifetimeMs: 86_400_000, maxBufferedBytes: 64 << 20 },
  usdm: { incomingPerSecond: 10, maxStreams: 1024, pingIntervalMs: 180_000, pongTimeoutMs: 600_000, maxLifetimeMs: 86_400_000, maxBufferedBytes: 64 << 20 },
};

const METHODS = '`SUBSCRIBE`, `UNSUBSCRIBE`, `LIST_SUBSCRIPTIONS`, `SET_PROPERTY`, `GET_PROPERTY`';
const ID_STRING = /^[A-Za-z0-9_-]{1,36}$/;

type Id = number | string | null;

/** One client websocket on a simulated Binance stream host. */
export class Connection extends FaultedSocket implements Subscriber {
  readonly streams = new Map<string, StreamDesc>();
  combined: boolean;
  received = 0;
  readonly connectedAt: number;
  private readonly incoming: number[] = [];
  private readonly pings: string[] = [];
  private readonly cancels: (() => void)[] = [];
  /** Pending pong deadlines, one per unanswered ping. */
  private readonly pongTimers = new Set<() => void>();

  constructor(
    id: number,
    ws: WebSocket,
    readonly host: string,
    readonly path: string,
    readonly market: MarketKind,
    readonly tier: Tier | 'all',
    combined: boolean,
    initialStreams: string[],
    private readonly sim: Simulator,
    private readonly limits: ConnectionLimits,
    private readonly onClose: (c: Connection) => void,
  ) {
    super(id, ws, sim.scheduler, noFaults(), limits.maxBufferedBytes);
    this.combined = combined;
    this.connectedAt = this.scheduler.now();
    for (const name of initialStreams) {
      const desc = parseStream(market, name);
      if (desc && !this.streams.has(name)) this.add(desc);
    }
    ws.on('message', (data) => this.onMessage(data.toString()));
    ws.on('ping', (payload) => {
      if (!this.countIncoming()) return;
      if (!this.faults.silent) ws.pong(payload);
    });
    ws.on('pong', (payload) => {
      if (!this.countIncoming()) return;
      // Binance: only a pong that answers a ping counts; unsolicited pongs do not prevent disconnection.
      const at = this.pings.indexOf(payload.toString());
      if (at >= 0) this.pings.splice(0, at + 1);
    });
    this.cancels.push(this.scheduler.every(limits.pingIntervalMs, () => this.ping()));
    this.cancels.push(this.scheduler.after(limits.maxLifetimeMs, () => this.close(1000, '')));
  }

  private get scheduler(): Scheduler {
    return this.sim.scheduler;
  }

  private ping(): void {
    if (this.outbox.closed || this.faults.silent) return;
    const payload = String(this.scheduler.now());
    this.pings.push(payload);
    this.ws.ping(payload);
    const cancel = this.scheduler.after(this.limits.pongTimeoutMs, () => {
      this.pongTimers.delete(cancel);
      if (this.pings.includes(payload)) this.terminate();
    });
    this.pongTimers.add(cancel);
  }

  /** Sliding one-second window; a client over the limit is disconnected (Binance closes with 1008). */
  private countIncoming(): boolean {
    if (this.outbox.closed) return false;
    this.received++;
    const now = this.scheduler.now();
    const w = this.incoming;
    w.push(now);
    while (w.length > 0 && w[0]! <= now - 1000) w.shift();
    if (w.length > this.limits.incomingPerSecond) {
      this.close(1008, 'Too many requests');
      return false;
    }
    return true;
  }

  // ---- outgoing ------------------------------------------------------------------------------

  deliver(frame: string, kind: StreamKind, stream: string): void {
    if (this.outbox.admits(stream, kind === 'depthDiff')) this.outbox.push(frame, stream);
  }

  private reply(id: Id, result: unknown): void {
    this.outbox.out(JSON.stringify({ result, id }));
  }

  private error(id: Id, code: number, msg: string): void {
    this.outbox.out(JSON.stringify({ error: { code, msg }, id }));
  }

  // ---- incoming ------------------------------------------------------------------------------

  private onMessage(text: string): void {
    if (!this.countIncoming() || this.faults.silent) return;
    let req: unknown;
    try {
      req = JSON.parse(text);
    } catch (e) {
      const { line, column } = jsonErrorPosition(text, e);
      this.error(null, 3, `Invalid JSON: expected value at line ${line} column ${column}`);
      return;
    }
    if (typeof req !== 'object' || req === null || Array.isArray(req)) {
      this.error(null, 2, `Invalid request: invalid type: expected struct Request at line 1 column ${text.length}`);
      return;
    }
    const r = req as Record<string, unknown>;
    const rawId = r['id'];
    const idOk = rawId === null || (typeof rawId === 'number' && Number.isInteger(rawId)) || (typeof rawId === 'string' && ID_STRING.test(rawId));
    if (!('id' in r) || !idOk) {
      this.error(null, 2, 'Invalid request: request ID must be an unsigned integer');
      return;
    }
    const id = rawId as Id;
    if (!('method' in r)) {
      this.error(id, 2, `Invalid request: missing field \`method\` at line 1 column ${text.length}`);
      return;
    }
    const method = r['method'];
    const params = r['params'];
    switch (method) {
      case 'SUBSCRIBE':
      case 'UNSUBSCRIBE':
        this.subscribeRequest(id, method, params);
        return;
      case 'LIST_SUBSCRIPTIONS':
        if (Array.isArray(params) && params.length > 0) this.error(id, 2, 'Invalid request: too many parameters');
        else this.reply(id, [...this.streams.keys()]);
        return;
      case 'SET_PROPERTY':
      case 'GET_PROPERTY':
        this.propertyRequest(id, method, params);
        return;
      default: {
        const shown = typeof method === 'string' ? `\`${method}\`` : JSON.stringify(method);
        const at = text.indexOf(typeof method === 'string' ? `"${method}"` : String(method));
        const column = at >= 0 ? at + (typeof method === 'string' ? method.length + 2 : String(method).length) : text.length;
        this.error(id, 2, `Invalid request: unknown variant ${shown}, expected one of ${METHODS} at line 1 column ${column}`);
      }
    }
  }

  private subscribeRequest(id: Id, method: 'SUBSCRIBE' | 'UNSUBSCRIBE', params: unknown): void {
    if (!Array.isArray(params)) {
      this.error(id, 2, 'Invalid request: invalid stream');
      return;
    }
    const descs: StreamDesc[] = [];
    for (const p of params) {
      const desc = typeof p === 'string' ? parseStream(this.market, p) : undefined;
      if (!desc) {
        this.error(id, 2, 'Invalid request: invalid stream');
        return;
      }
      descs.push(desc);
    }
    if (method === 'SUBSCRIBE') {
      const fresh = new Set(descs.filter((d) => !this.streams.has(d.name)).map((d) => d.name));
      if (this.streams.size + fresh.size > this.limits.maxStreams) {
        this.error(id, 4, 'Too many subscriptions');
        return;
      }
      for (const d of descs) if (!this.streams.has(d.name)) this.add(d);
    } else {
      for (const d of descs) this.remove(d);
    }
    this.reply(id, null);
  }

  private propertyRequest(id: Id, method: 'SET_PROPERTY' | 'GET_PROPERTY', params: unknown): void {
    const list = Array.isArray(params) ? params : [];
    const max = method === 'SET_PROPERTY' ? 2 : 1;
    if (list.length > max) {
      this.error(id, 2, 'Invalid request: too many parameters');
      return;
    }
    const name: unknown = list[0];
    if (typeof name !== 'string') {
      this.error(id, 2, 'Invalid request: property name must be a string');
      return;
    }
    if (name !== 'combined') {
      this.error(id, 0, 'Unknown property');
      return;
    }
    if (method === 'GET_PROPERTY') {
      this.reply(id, this.combined);
      return;
    }
    const value: unknown = list[1];
    if (typeof value !== 'boolean') {
      this.error(id, 1, 'Invalid value type: expected Boolean');
      return;
    }
    this.combined = value;
    this.reply(id, null);
  }

  private add(desc: StreamDesc): void {
    this.streams.set(desc.name, desc);
    this.sim.subscribe(this, desc);
  }

  private remove(desc: StreamDesc): void {
    const had = this.streams.get(desc.name);
    if (!had) return;
    this.streams.delete(desc.name);
    this.sim.unsubscribe(this, had);
  }

  // ---- lifecycle and faults ----------------------------------------------------------------------

  protected released(): void {
    for (const c of this.cancels) c();
    this.cancels.length = 0;
    for (const c of this.pongTimers) c();
    this.pongTimers.clear();
    for (const d of this.streams.values()) this.sim.unsubscribe(this, d);
    this.onClose(this);
  }
}

/** Line and column (1-based) of a JSON.parse failure, as Binance's parser reports them. */
function jsonErrorPosition(text: string, e: unknown): { line: number; column: number } {
  const m = /position (\d+)/.exec(e instanceof Error ? e.message : '');
  const pos = m ? Number(m[1]) : text.length;
  let line = 1;
  let column = 1;
  for (let k = 0; k < pos && k < text.length; k++) {
    if (text[k] === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  return { line, column };
}
