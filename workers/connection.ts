import type { Clock } from './clock.ts';
import type { ConnectionState, EndpointHealth, EndpointId } from './contract.ts';
import { FrameReader, type Frame } from './parse/frame-reader.ts';

/** The part of WebSocket the core uses; the browser's WebSocket and the `ws` package both fit. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface ConnectionListener {
  /** A validated data frame (depth, trade, tickers, kline, mark). */
  onFrame(frame: Frame): void;
  /** The socket is open and the streams are (being) resubscribed: resync what depends on continuity. */
  onOpen(): void;
  /** The socket is gone: everything that needs continuity is invalid until the next onOpen. */
  onDown(): void;
}

// Spec §4 and §9: ping after 5 s of silence, check every 3 s, pong window 10 s, at most 5 reconnects.
export const SILENCE_PING_MS = 5_000;
export const CHECK_INTERVAL_MS = 3_000;
export const PONG_TIMEOUT_MS = 10_000;
export const MAX_RECONNECTS = 5;
/** Watchdog limits: a socket that neither opens nor fails, and silence the liveness check did not act on. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const HARD_SILENCE_MS = SILENCE_PING_MS + PONG_TIMEOUT_MS + 2 * CHECK_INTERVAL_MS;
/** Binance: at most 1024 streams per connection. */
export const MAX_STREAMS = 1024;
const MAX_PARAMS_PER_MESSAGE = 200;
const MAX_STREAMS_IN_URL = 100;
const IDLE_CLOSE_MS = 5_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 15_000;

export interface ConnectionOptions {
  id: EndpointId;
  /** base of the combined-stream endpoint; the socket opens `${base}/stream?streams=...` */
  url: string;
  /** Binance's incoming message limit for the endpoint (spot 5/s, futures 10/s) */
  maxMessagesPerSecond: number;
  clock: Clock;
  socketFactory: SocketFactory;
  listener: ConnectionListener;
  random?: () => number;
  maxFrameChars?: number;
}

/**
 * One websocket to one exchange endpoint, shared by every tab: reference-counted streams, SUBSCRIBE /
 * UNSUBSCRIBE batched under the endpoint's message limit, liveness pings, reconnects with backoff and
 * jitter, then 'offline' until retry().
 */
export class Connection {
  readonly id: EndpointId;
  state: ConnectionState = 'idle';
  readonly reader: FrameReader;
  reconnects = 0;
  private readonly options: ConnectionOptions;
  private readonly clock: Clock;
  private readonly random: () => number;
  private socket: SocketLike | null = null;
  /** stream → number of holders (tabs' subscriptions) */
  private readonly refs = new Map<string, number>();
  /** streams the exchange has been asked for (or were in the URL) on the current socket */
  private readonly live = new Set<string>();
  private readonly pendingSub = new Set<string>();
  private readonly pendingUnsub = new Set<string>();
  private sentAt: number[] = [];
  private nextId = 1;
  private pingId = -1;
  private pingSentAt = 0;
  private lastMessageAt = 0;
  private openedAt = 0;
  private connectStartedAt = 0;
  private attempts = 0;
  private checkTimer = -1;
  private flushTimer = -1;
  private retryTimer = -1;
  private idleTimer = -1;
  private rateSecond = 0;
  private rateCount = 0;
  private lastRate = 0;
  /** SUBSCRIBE/UNSUBSCRIBE messages sent, for tests and health */
  controlMessages = 0;

  constructor(options: ConnectionOptions) {
    this.options = options;
    this.id = options.id;
    this.clock = options.clock;
    this.random = options.random ?? Math.random;
    this.reader = new FrameReader(options.maxFrameChars);
  }

  get streamCount(): number {
    return this.refs.size;
  }

  hasStream(stream: string): boolean {
    return this.refs.has(stream);
  }

  /** Take a reference on a stream; SUBSCRIBE goes out for the first one. False when over 1024 streams. */
  acquire(stream: string): boolean {
    const count = this.refs.get(stream) ?? 0;
    if (count === 0 && this.refs.size >= MAX_STREAMS) return false;
    this.refs.set(stream, count + 1);
    if (count > 0) return true;
    if (this.idleTimer >= 0) {
      this.clock.clearTimeout(this.idleTimer);
      this.idleTimer = -1;
    }
    if (this.pendingUnsub.delete(stream)) return true; // still live on the socket
    if (!this.live.has(stream)) this.pendingSub.add(stream);
    if (this.state === 'idle') this.connect();
    else this.flush();
    return true;
  }

  /** Drop a reference; UNSUBSCRIBE goes out after the last one. */
  release(stream: string): void {
    const count = this.refs.get(stream);
    if (count === undefined) return;
    if (count > 1) {
      this.refs.set(stream, count - 1);
      return;
    }
    this.refs.delete(stream);
    if (!this.pendingSub.delete(stream) && this.live.has(stream)) this.pendingUnsub.add(stream);
    this.flush();
    if (this.refs.size === 0 && this.idleTimer < 0 && this.socket !== null) {
      this.idleTimer = this.clock.setTimeout(() => {
        this.idleTimer = -1;
        if (this.refs.size === 0) this.shutdown('idle');
      }, IDLE_CLOSE_MS);
    }
  }

  /** A tab asked, or the browser came back online: leave 'offline' and try again now. */
  retry(): void {
    if (this.state !== 'offline' && this.state !== 'reconnecting') return;
    if (this.refs.size === 0) {
      this.state = 'idle';
      return;
    }
    this.attempts = 0;
    if (this.retryTimer >= 0) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = -1;
    this.connect();
  }

  /** Close for good (the core is shutting down). */
  dispose(): void {
    this.refs.clear();
    this.shutdown('idle');
  }

  /** Clock-driven checks that do not rely on any socket event (the staleness watchdog calls it). */
  watchdog(): void {
    const now = this.clock.now();
    if (this.state === 'connecting' && now - this.connectStartedAt > CONNECT_TIMEOUT_MS) {
      this.lose();
    } else if (this.state === 'open' && now - this.lastMessageAt > HARD_SILENCE_MS) {
      this.lose();
    }
  }

  health(): EndpointHealth {
    this.rollRate(this.clock.now());
    return {
      id: this.id,
      state: this.state,
      streams: this.refs.size,
      messagesPerSecond: this.lastRate,
      lastEventAgeMs: this.lastMessageAt > 0 ? this.clock.now() - this.lastMessageAt : null,
      rejectedFrames: this.reader.rejected,
      reconnects: this.reconnects,
    };
  }

  private connect(): void {
    this.state = this.attempts === 0 ? 'connecting' : 'reconnecting';
    const initial: string[] = [];
    for (const stream of this.refs.keys()) {
      if (initial.length === MAX_STREAMS_IN_URL) break;
      initial.push(stream);
    }
    this.live.clear();
    this.pendingUnsub.clear();
    this.pendingSub.clear();
    for (const stream of this.refs.keys()) this.pendingSub.add(stream);
    for (const stream of initial) {
      this.pendingSub.delete(stream);
      this.live.add(stream);
    }
    const url = `${this.options.url}/stream?streams=${initial.map(encodeURIComponent).join('/')}`;
    this.connectStartedAt = this.clock.now();
    this.sentAt = [];
    let socket: SocketLike;
    try {
      socket = this.options.socketFactory(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.state = 'open';
      this.openedAt = this.lastMessageAt = this.clock.now();
      this.pingId = -1;
      this.startChecks();
      this.flush();
      this.options.listener.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.onMessage(event.data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.lose();
    };
    socket.onerror = () => {
      if (this.socket === socket) this.lose();
    };
  }

  private onMessage(data: unknown): void {
    const now = this.clock.now();
    this.lastMessageAt = now;
    this.rollRate(now);
    this.rateCount++;
    // Any frame proves the socket alive, including the answer to our ping.
    this.pingId = -1;
    // Only a connection that stayed up a while counts as working again (not one that drops right away).
    if (this.attempts > 0 && now - this.openedAt >= SILENCE_PING_MS) this.attempts = 0;
    // The server announces it is going away (raw, or on a combined stream as `!serverShutdown`): move to a
    // new socket now rather than wait for the close.
    if (typeof data === 'string' && (data.startsWith('{"e":"serverShutdown"') || data.startsWith('{"stream":"!serverShutdown"'))) {
      this.lose();
      return;
    }
    const frame = this.reader.read(data);
    if (frame === null) return;
    if (frame.kind === 'response' || frame.kind === 'error') return;
    this.options.listener.onFrame(frame);
  }

  private rollRate(now: number): void {
    const second = Math.floor(now / 1000);
    if (second === this.rateSecond) return;
    this.lastRate = second === this.rateSecond + 1 ? this.rateCount : 0;
    this.rateSecond = second;
    this.rateCount = 0;
  }

  private startChecks(): void {
    if (this.checkTimer >= 0) this.clock.clearInterval(this.checkTimer);
    this.checkTimer = this.clock.setInterval(() => this.check(), CHECK_INTERVAL_MS);
  }

  /** Spec §4: every 3 s; silent over 5 s → ping; no answer within 10 s → reconnect. */
  private check(): void {
    if (this.state !== 'open') return;
    const now = this.clock.now();
    if (this.pingId >= 0) {
      if (now - this.pingSentAt >= PONG_TIMEOUT_MS) this.lose();
      return;
    }
    if (now - this.lastMessageAt > SILENCE_PING_MS) {
      // Browsers cannot send ping frames; LIST_SUBSCRIPTIONS is a harmless request that gets an answer.
      const id = this.nextId++;
      if (this.send({ method: 'LIST_SUBSCRIPTIONS', id })) {
        this.pingId = id;
        this.pingSentAt = now;
      }
    }
  }

  /** Send queued SUBSCRIBE/UNSUBSCRIBE under the endpoint's messages-per-second limit. */
  private flush(): void {
    if (this.state !== 'open' || this.socket === null) return;
    while (this.pendingSub.size > 0 || this.pendingUnsub.size > 0) {
      if (!this.canSend(1)) {
        this.scheduleFlush();
        return;
      }
      const subscribe = this.pendingSub.size > 0;
      const from = subscribe ? this.pendingSub : this.pendingUnsub;
      const params: string[] = [];
      for (const stream of from) {
        params.push(stream);
        if (params.length === MAX_PARAMS_PER_MESSAGE) break;
      }
      for (const stream of params) {
        from.delete(stream);
        if (subscribe) this.live.add(stream);
        else this.live.delete(stream);
      }
      this.controlMessages++;
      this.send({ method: subscribe ? 'SUBSCRIBE' : 'UNSUBSCRIBE', params, id: this.nextId++ });
    }
  }

  /**
   * Sliding one-second window. Control messages leave one slot free per second so a liveness ping
   * can always go out.
   */
  private canSend(reserve: number): boolean {
    const now = this.clock.now();
    while (this.sentAt.length > 0 && now - (this.sentAt[0] as number) >= 1000) this.sentAt.shift();
    return this.sentAt.length < this.options.maxMessagesPerSecond - reserve;
  }

  private send(message: object): boolean {
    if (this.socket === null || !this.canSend(0)) return false;
    this.sentAt.push(this.clock.now());
    try {
      this.socket.send(JSON.stringify(message));
      return true;
    } catch {
      this.lose();
      return false;
    }
  }

  private scheduleFlush(): void {
    if (this.flushTimer >= 0) return;
    const oldest = this.sentAt[0] ?? this.clock.now();
    const wait = Math.max(1, 1000 - (this.clock.now() - oldest) + 1);
    this.flushTimer = this.clock.setTimeout(() => {
      this.flushTimer = -1;
      this.flush();
    }, wait);
  }

  /** The socket is unusable: tell the listener, then reconnect (or go offline after 5 attempts). */
  private lose(): void {
    const wasUp = this.socket !== null;
    this.closeSocket();
    if (wasUp) this.options.listener.onDown();
    if (this.refs.size === 0) {
      this.state = 'idle';
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.attempts >= MAX_RECONNECTS) {
      this.state = 'offline';
      return;
    }
    this.attempts++;
    this.reconnects++;
    this.state = 'reconnecting';
    // Exponential backoff with jitter (50–100 % of the step) so many clients do not come back in step.
    const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (this.attempts - 1));
    const delay = Math.round(step * (0.5 + this.random() / 2));
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = -1;
      if (this.refs.size === 0) {
        this.state = 'idle';
        return;
      }
      this.connect();
    }, delay);
  }

  private shutdown(state: ConnectionState): void {
    if (this.retryTimer >= 0) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = -1;
    const wasUp = this.socket !== null;
    this.closeSocket();
    if (wasUp) this.options.listener.onDown();
    this.live.clear();
    this.pendingSub.clear();
    this.pendingUnsub.clear();
    this.attempts = 0;
    this.state = state;
  }

  private closeSocket(): void {
    if (this.checkTimer >= 0) this.clock.clearInterval(this.checkTimer);
    if (this.flushTimer >= 0) this.clock.clearTimeout(this.flushTimer);
    this.checkTimer = this.flushTimer = -1;
    const socket = this.socket;
    this.socket = null;
    this.pingId = -1;
    if (socket === null) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }
}
