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
