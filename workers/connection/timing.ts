// Spec §4 and §9: ping after 5 s of silence, check every 3 s, pong window 10 s, at most 5 reconnects.
export const SILENCE_PING_MS = 5_000;
export const CHECK_INTERVAL_MS = 3_000;
export const PONG_TIMEOUT_MS = 10_000;
export const MAX_RECONNECTS = 5;
/** Watchdog limits: a socket that neither opens nor fails, and silence the liveness check did not act on. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const HARD_SILENCE_MS = SILENCE_PING_MS + PONG_TIMEOUT_MS + 2 * CHECK_INTERVAL_MS;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 15_000;

/** The wait before reconnect attempt `attempt` (1 for the first), `random` in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number): number {
  // Exponential backoff with jitter (50–100 % of the step) so many clients do not come back in step.
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  return Math.round(step * (0.5 + random() / 2));
}
