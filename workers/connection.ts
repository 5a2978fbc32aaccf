import type { Clock } from './clock.ts';
import type { ConnectionState, EndpointHealth, VenueCode } from './contract.ts';
import type { Frame } from './parse/frame-reader.ts';
import { RateMeter } from './connection/rate-meter.ts';
import { Acquired, StreamRefs } from './connection/stream-refs.ts';
import { HourBudget, SendWindow } from './connection/send-window.ts';
import {
  CONNECT_TIMEOUT_MS,
  CHECK_INTERVAL_MS,
  HARD_SILENCE_MS,
  MAX_RECONNECTS,
  PONG_TIMEOUT_MS,
  SILENCE_PING_MS,
  reconnectDelay,
} from './connection/timing.ts';
import { binanceProtocol } from './venues/binance/binance.ts';
import type { SocketProtocol, VenueFrameReader } from './venues/venue.ts';

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

const IDLE_CLOSE_MS = 5_000;

export interface ConnectionOptions {
  /** health id (Binance: 'spot' / 'usdmPublic' / 'usdmMarket'; other venues `${venue}:${endpoint}`) */
  id: string;
  venue?: VenueCode;
  /** the endpoint's base URL; the protocol builds the URL it opens (Binance: `${base}/stream?streams=...`) */
  url: string;
  /** the venue's incoming message limit for the endpoint (Binance spot 5/s, futures 10/s) */
  maxMessagesPerSecond: number;
  /** the venue's wire protocol (default: Binance's) */
  protocol?: SocketProtocol;
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
  readonly id: string;
  readonly venue: VenueCode;
  state: ConnectionState = 'idle';
  readonly reader: VenueFrameReader;
  readonly protocol: SocketProtocol;
  reconnects = 0;
  private readonly options: ConnectionOptions;
  private readonly clock: Clock;
  private readonly random: () => number;
  private socket: SocketLike | null = null;
  /** reference-counted streams, and the SUBSCRIBE / UNSUBSCRIBE the socket still needs */
  private readonly streams = new StreamRefs();
  private readonly window: SendWindow;
  private readonly budget: HourBudget;
  /** streams to unsubscribe and subscribe again (a fresh snapshot after a sequence break) */
  private readonly resubscribing = new Set<string>();
  private lastPingAt = 0;
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
  private readonly rate = new RateMeter();
  /** SUBSCRIBE/UNSUBSCRIBE messages sent, for tests and health */
  controlMessages = 0;

  constructor(options: ConnectionOptions) {
    this.options = options;
    this.id = options.id;
    this.clock = options.clock;
    this.random = options.random ?? Math.random;
    this.protocol = options.protocol ?? binanceProtocol;
    this.venue = options.venue ?? 'binance';
    this.reader = this.protocol.createReader(options.maxFrameChars);
    this.window = new SendWindow(options.clock, options.maxMessagesPerSecond);
    this.budget = new HourBudget(options.clock, this.protocol.maxControlPerHour);
  }

  get streamCount(): number {
    return this.streams.size;
  }

  hasStream(stream: string): boolean {
    return this.streams.has(stream);
  }

  /** Take a reference on a stream; SUBSCRIBE goes out for the first one. False when over the venue's limit. */
  acquire(stream: string): boolean {
    const acquired = this.streams.acquire(stream, this.protocol.maxStreams);
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
   * Unsubscribe and subscribe a held stream again (OKX, Bybit: the fresh snapshot after a sequence break or a checksum
   * mismatch). Nothing to do when the socket is down: the reconnect subscribes it anew.
   */
  resubscribe(stream: string): void {
    if (!this.streams.isLive(stream)) return;
    this.resubscribing.add(stream);
    this.flush();
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
    const k = this.protocol.keepAlive;
    if (this.state === 'connecting' && now - this.connectStartedAt > CONNECT_TIMEOUT_MS) {
      this.lose();
    } else if (this.state === 'open' && now - this.lastMessageAt > k.afterMs + k.pongTimeoutMs + 2 * k.checkMs) {
      this.lose();
    }
  }

  health(): EndpointHealth {
    return {
      id: this.id as EndpointHealth['id'],
      venue: this.venue,
      state: this.state,
      streams: this.streams.size,
      messagesPerSecond: this.rate.perSecond(this.clock.now()),
      lastEventAgeMs: this.lastMessageAt > 0 ? this.clock.now() - this.lastMessageAt : null,
      rejectedFrames: this.reader.rejected,
      reconnects: this.reconnects,
    };
  }

  private connect(): void {
    // After the burst the connection stays 'offline' while it tries (the screens keep their offline notice).
    this.state = this.attempts === 0 ? 'connecting' : this.attempts > MAX_RECONNECTS ? 'offline' : 'reconnecting';
    const initial = this.streams.newSocket(this.protocol.maxStreamsInUrl);
    this.resubscribing.clear();
    const url = this.protocol.connectUrl(this.options.url, initial);
    this.connectStartedAt = this.clock.now();
    this.window.reset();
    this.budget.reset();
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
      this.openedAt = this.lastMessageAt = this.lastPingAt = this.clock.now();
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
    this.rate.hit(now);
    // Any frame proves the socket alive, including the answer to our ping.
    this.pingId = -1;
    // Only a connection that stayed up a while counts as working again (not one that drops right away).
    if (this.attempts > 0 && now - this.openedAt >= SILENCE_PING_MS) this.attempts = 0;
    // The server announces it is going away: move to a new socket now rather than wait for the close.
    if (typeof data === 'string' && this.protocol.isShutdown(data)) {
      this.lose();
      return;
    }
    const frame = this.reader.read(data);
    if (frame === null) return;
    if (frame.kind === 'response' || frame.kind === 'error') return;
    this.options.listener.onFrame(frame);
  }

  private startChecks(): void {
    if (this.checkTimer >= 0) this.clock.clearInterval(this.checkTimer);
    this.checkTimer = this.clock.setInterval(() => this.check(), this.protocol.keepAlive.checkMs);
  }

  /**
   * The venue's keep-alive (venue.ts KeepAlive). Binance, spec §4: every 3 s; silent over 5 s → ping; no answer within
   * 10 s → reconnect. OKX: text `ping` after 25 s of silence. Bybit: `{"op":"ping"}` every 20 s.
   */
  private check(): void {
    if (this.state !== 'open') return;
    const now = this.clock.now();
    const k = this.protocol.keepAlive;
    if (this.pingId >= 0) {
      if (now - this.pingSentAt >= k.pongTimeoutMs) this.lose();
      if (k.mode === 'silence') return;
    }
    const due = k.mode === 'silence' ? now - this.lastMessageAt > k.afterMs : now - this.lastPingAt >= k.afterMs;
    if (due && this.pingId < 0) {
      const id = this.nextId++;
      if (this.send(k.ping(id))) {
        this.pingId = id;
        this.pingSentAt = this.lastPingAt = now;
      }
    }
  }

  /** Send queued SUBSCRIBE/UNSUBSCRIBE under the endpoint's messages-per-second limit. */
  private flush(): void {
    if (this.state !== 'open' || this.socket === null) return;
    const max = this.protocol.maxArgsPerMessage;
    while (this.resubscribing.size > 0) {
      // unsubscribe, then subscribe: two messages in the same window
      if (!this.window.canSend(2) || !this.budget.canSend(2)) return this.scheduleFlush(2);
      const batch: string[] = [];
      for (const stream of this.resubscribing) {
        if (batch.length === max) break;
        batch.push(stream);
      }
      for (const stream of batch) this.resubscribing.delete(stream);
      const live = batch.filter((stream) => this.streams.isLive(stream));
      if (live.length === 0) continue;
      this.sendControl(false, live);
      this.sendControl(true, live);
    }
    while (this.streams.hasPending) {
      if (!this.window.canSend(1) || !this.budget.canSend(1)) return this.scheduleFlush(1);
      const subscribe = this.streams.subscribeNext;
      this.sendControl(subscribe, this.streams.takeBatch(subscribe, max));
    }
  }

  private sendControl(subscribe: boolean, streams: string[]): void {
    this.controlMessages++;
    this.budget.sent();
    this.send(this.protocol.control(subscribe, streams, this.nextId++));
  }

  private send(message: string): boolean {
    if (this.socket === null || !this.window.canSend(0)) return false;
    this.window.sent();
    try {
      this.socket.send(message);
      return true;
    } catch {
      this.lose();
      return false;
    }
  }

  /** Flush again when `messages` control messages fit both the one-second window and the hourly budget. */
  private scheduleFlush(messages: number): void {
    if (this.flushTimer >= 0) return;
    const wait = Math.max(this.window.canSend(messages) ? 1 : this.window.waitMs(), this.budget.waitMs(messages));
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
