// spec §8 and §9: the same error message shows at most once per 3 seconds.
export const DEDUP_WINDOW_MS = 3000;

export interface Deduper {
  /** True when `text` may be shown now (and records it); false within the window of its last showing. */
  admit: (text: string) => boolean;
  reset: () => void;
}

/** The one place de-duplication lives; `now` is injected so tests move the clock. */
export function createDeduper(now: () => number, windowMs = DEDUP_WINDOW_MS): Deduper {
  const lastShown = new Map<string, number>();
  return {
    admit(text) {
      const at = now();
      const last = lastShown.get(text);
      if (last !== undefined && at - last < windowMs) return false;
      lastShown.set(text, at);
      // Forget expired entries once the map grows, so long sessions do not accumulate messages.
      if (lastShown.size > 64) {
        for (const [key, time] of lastShown) if (at - time >= windowMs) lastShown.delete(key);
      }
      return true;
    },
    reset() {
      lastShown.clear();
    },
  };
}
