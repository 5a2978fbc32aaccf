// Spec §4 and §9: ping after 5 s of silence, check every 3 s, pong window 10 s, at most 5 reconnects. The 5 are a
// burst (quick attempts, then the connection is reported offline), not the end: after the burst the connection keeps
// trying at the capped step, and at once when a tab attaches, becomes visible or the browser is back online.
export const SILENCE_PING_MS = 5_000;
export const CHECK_INTERVAL_MS = 3_000;
export const PONG_TIMEOUT_MS = 10_000;
export const MAX_RECONNECTS = 5;
/** Watchdog limits: a socket that neither opens nor fails, and silence the liveness check did not act on. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const HARD_SILENCE_MS = SILENCE_PING_MS + PONG_TIMEOUT_MS + 2 * CHECK_INTERVAL_MS;
const BACKOFF_BASE_MS = 500;
/**
 * The cap of the step: the burst is 0.5, 1, 2, 4, 8 s, every later attempt 10 s (5–10 s with the jitter), so a
 * backend back after a restart is found within 10 s by tabs that just wait. Binance allows 300 new connections per
 * 5 minutes per IP: 3 endpoints × one attempt per ≥ 5 s is at most 180.
 */
export const BACKOFF_MAX_MS = 10_000;

/** The wait before reconnect attempt `attempt` (1 for the first, no limit), `random` in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number): number {
  // Exponential backoff with jitter (50–100 % of the step) so many clients do not come back in step.
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(30, attempt - 1));
  return Math.round(step * (0.5 + random() / 2));
}
