import type { Clock } from './clock.ts';
import type { ConnectionState, EndpointHealth, EndpointId } from './contract.ts';
import { FrameReader, type Frame } from './parse/frame-reader.ts';
import { Acquired, StreamRefs } from './connection/stream-refs.ts';
import { SendWindow } from './connection/send-window.ts';
import {
  CONNECT_TIMEOUT_MS,
  CHECK_INTERVAL_MS,
  HARD_SILENCE_MS,
  MAX_RECONNECTS,
  PONG_TIMEOUT_MS,
  SILENCE_PING_MS,
  reconnectDelay,
} from './connection/timing.ts';

export { MAX_STREAMS } from './connection/stream-refs.ts';
export { CHECK_INTERVAL_MS, CONNECT_TIMEOUT_MS, HARD_SILENCE_MS, MAX_RECONNECTS, PONG_TIMEOUT_MS, SILENCE_PING_MS };

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

const MAX_PARAMS_PER_MESSAGE = 200;
const MAX_STREAMS_IN_URL = 100;
const IDLE_CLOSE_MS = 5_000;

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
 * jitter: a burst of 5 (spec §4), then 'offline' while it keeps trying at the capped step (timing.ts), and at
 * once on retry().
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
  /** reference-counted streams, and the SUBSCRIBE / UNSUBSCRIBE the socket still needs */
  private readonly streams = new StreamRefs();
  private readonly window: SendWindow;
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
    this.window = new SendWindow(options.clock, options.maxMessagesPerSecond);
  }

  get streamCount(): number {
    return this.streams.size;
  }

  hasStream(stream: string): boolean {
    return this.streams.has(stream);
  }

  /** Take a reference on a stream; SUBSCRIBE goes out for the first one. False when over 1024 streams. */
  acquire(stream: string): boolean {
    const acquired = this.streams.acquire(stream);
    if (acquired === Acquired.Refused) return false;
    if (acquired === Acquired.Again) return true;
    if (this.idleTimer >= 0) {
      this.clock.clearTimeout(this.idleTimer);
      this.idleTimer = -1;
    }
    if (acquired === Acquired.StillLive) return true; // still live on the socket
    if (this.state === 'idle') this.connect();
    else this.flush();
    return true;
  }

  /** Drop a reference; UNSUBSCRIBE goes out after the last one. */
  release(stream: string): void {
    if (!this.streams.release(stream)) return;
    this.flush();
    if (this.streams.size === 0 && this.idleTimer < 0 && this.socket !== null) {
      this.idleTimer = this.clock.setTimeout(() => {
        this.idleTimer = -1;
        if (this.streams.size === 0) this.shutdown('idle');
      }, IDLE_CLOSE_MS);
    }
  }

  /**
   * A tab attached or became visible, or the browser came back online: a connection that is down tries again now,
   * with a fresh burst of quick attempts (spec §4). An attempt already under way is left to finish.
   */
  retry(): void {
    if (this.state !== 'offline' && this.state !== 'reconnecting') return;
    if (this.streams.size === 0) {
      this.state = 'idle';
      return;
    }
    this.attempts = 0;
    if (this.socket !== null) return; // a socket is being opened right now
    if (this.retryTimer >= 0) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = -1;
    this.connect();
  }

  /** Close for good (the core is shutting down). */
  dispose(): void {
    this.streams.clear();
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
      streams: this.streams.size,
      messagesPerSecond: this.lastRate,
      lastEventAgeMs: this.lastMessageAt > 0 ? this.clock.now() - this.lastMessageAt : null,
      rejectedFrames: this.reader.rejected,
      reconnects: this.reconnects,
    };
  }

  private connect(): void {
    // After the burst the connection stays 'offline' while it tries (the screens keep their offline notice).
    this.state = this.attempts === 0 ? 'connecting' : this.attempts > MAX_RECONNECTS ? 'offline' : 'reconnecting';
    const initial = this.streams.newSocket(MAX_STREAMS_IN_URL);
    const url = `${this.options.url}/stream?streams=${initial.map(encodeURIComponent).join('/')}`;
    this.connectStartedAt = this.clock.now();
    this.window.reset();
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
    while (this.streams.hasPending) {
      if (!this.window.canSend(1)) {
        this.scheduleFlush();
        return;
      }
      const subscribe = this.streams.subscribeNext;
      const params = this.streams.takeBatch(subscribe, MAX_PARAMS_PER_MESSAGE);
      this.controlMessages++;
      this.send({ method: subscribe ? 'SUBSCRIBE' : 'UNSUBSCRIBE', params, id: this.nextId++ });
    }
  }

  private send(message: object): boolean {
    if (this.socket === null || !this.window.canSend(0)) return false;
    this.window.sent();
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
    const wait = this.window.waitMs();
    this.flushTimer = this.clock.setTimeout(() => {
      this.flushTimer = -1;
      this.flush();
    }, wait);
  }

  /** The socket is unusable: tell the listener, then reconnect (reported offline after the burst of 5). */
  private lose(): void {
    const wasUp = this.socket !== null;
    this.closeSocket();
    if (wasUp) this.options.listener.onDown();
    if (this.streams.size === 0) {
      this.state = 'idle';
      return;
    }
    this.scheduleReconnect();
  }

  /**
   * Spec §4 "at most 5 reconnects" is the burst: attempts 1–5 come quickly and the state is 'reconnecting'; after
   * them the state is 'offline' and the attempts go on at the capped step (never given up, or a backend restart
   * would leave every tab without data until all were closed).
   */
  private scheduleReconnect(): void {
    if (this.retryTimer >= 0) this.clock.clearTimeout(this.retryTimer);
    this.attempts++;
    this.reconnects++;
    this.state = this.attempts > MAX_RECONNECTS ? 'offline' : 'reconnecting';
    const delay = reconnectDelay(this.attempts, this.random);
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = -1;
      if (this.streams.size === 0) {
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
    this.streams.noSocket();
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
