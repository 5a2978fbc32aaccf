import type { Clock } from '../clock.ts';

/**
 * The messages sent on one socket in the last second, under the endpoint's incoming message limit (Binance:
 * spot 5/s, futures 10/s).
 */
export class SendWindow {
  private readonly sentAt: number[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly maxMessagesPerSecond: number,
  ) {}

  /** A new socket: nothing sent on it yet. */
  reset(): void {
    this.sentAt.length = 0;
  }

  /**
   * Sliding one-second window. Control messages leave one slot free per second so a liveness ping
   * can always go out.
   */
  canSend(reserve: number): boolean {
    const now = this.clock.now();
    while (this.sentAt.length > 0 && now - (this.sentAt[0] as number) >= 1000) this.sentAt.shift();
    return this.sentAt.length < this.maxMessagesPerSecond - reserve;
  }

  sent(): void {
    this.sentAt.push(this.clock.now());
  }

  /** How long until the oldest message leaves the window. */
  waitMs(): number {
    const oldest = this.sentAt[0] ?? this.clock.now();
    return Math.max(1, 1000 - (this.clock.now() - oldest) + 1);
  }
}

/**
 * A per-connection hourly budget of subscribe / unsubscribe messages, as a token bucket (OKX: 480 a connection, full
 * at connect, refilled at 480 an hour). Infinity: no budget (Binance, Bybit).
 */
export class HourBudget {
  private tokens: number;
  private at: number;

  constructor(
    private readonly clock: Clock,
    private readonly perHour: number,
  ) {
    this.tokens = perHour;
    this.at = clock.now();
  }

  private refill(): void {
    if (this.perHour === Infinity) return;
    const now = this.clock.now();
    this.tokens = Math.min(this.perHour, this.tokens + ((now - this.at) * this.perHour) / 3_600_000);
    this.at = now;
  }

  /** A new socket: a full bucket. */
  reset(): void {
    this.tokens = this.perHour;
    this.at = this.clock.now();
  }

  canSend(n: number): boolean {
    this.refill();
    return this.tokens >= n;
  }

  sent(): void {
    if (this.perHour !== Infinity) this.tokens--;
  }

  /** ms until `n` messages fit (0 when they do now) */
  waitMs(n = 1): number {
    if (this.canSend(n)) return 0;
    return Math.ceil(((n - this.tokens) * 3_600_000) / this.perHour);
  }
}
