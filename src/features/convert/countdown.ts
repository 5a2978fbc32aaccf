/**
 * A firm quote's countdown on the server's clock (server/README.md "Convert": 15 s). The quote says when it
 * was made (`serverTime`) and until when it binds (`expiresAt`), both on the sandbox's clock, which need not
 * agree with this device's. The offset between the two clocks is taken at the middle of the request (the
 * server answered somewhere between sending and receiving), so a fast or slow device clock does not shorten or
 * stretch the 15 s.
 */
export interface QuoteClock {
  /** `expiresAt` on the server's clock, in ms. */
  expiresAt: number;
  /** Server clock minus this device's clock, in ms. */
  offsetMs: number;
  /** This device's time when the quote arrived: the countdown's first reading. */
  at: number;
}

export function quoteClock(quote: { serverTime: string; expiresAt: string }, sentAt: number, receivedAt: number): QuoteClock {
  return { expiresAt: Date.parse(quote.expiresAt), offsetMs: Date.parse(quote.serverTime) - (sentAt + receivedAt) / 2, at: receivedAt };
}

/** Milliseconds the quote still binds at this device's time `now` (0 once expired). */
export function msLeft(clock: QuoteClock, now: number): number {
  return Math.max(0, clock.expiresAt - (now + clock.offsetMs));
}

/** Whole seconds shown: 15 right after the quote, 1 in its last second, 0 when it has expired. */
export function secondsLeft(clock: QuoteClock, now: number): number {
  return Math.ceil(msLeft(clock, now) / 1000);
}

/** How long until the shown number of seconds changes (the next tick of the countdown). */
export function nextTickMs(clock: QuoteClock, now: number): number {
  const left = msLeft(clock, now);
  if (left === 0) return Infinity;
  return left % 1000 || 1000;
}
