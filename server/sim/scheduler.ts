/**
 * Time for the simulator. Every timestamp and every timed emission goes through a Scheduler, never
 * through Date.now or setTimeout directly (../shared/CONVENTIONS.md "Hot paths"), so tests drive the
 * market with a ManualScheduler and get the same frames for the same seed.
 */
export interface Scheduler {
  now(): number;
  /** Run `fn` once after `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
  /** Run `fn` every `ms`; returns a cancel function. */
  every(ms: number, fn: () => void): () => void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return () => clearTimeout(t);
  },
  every(ms, fn) {
    const t = setInterval(fn, ms);
    t.unref();
    return () => clearInterval(t);
  },
};

interface Timer {
  id: number;
  at: number;
  period: number;
  fn: () => void;
  cancelled: boolean;
}

/** Time that moves only when told to: `advance(ms)` fires due timers in time order (ties by creation). */
export class ManualScheduler implements Scheduler {
  private time: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(start = Date.UTC(2025, 0, 6, 12, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    return this.add(ms, 0, fn);
  }

  every(ms: number, fn: () => void): () => void {
    return this.add(ms, Math.max(1, ms), fn);
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: Timer | undefined;
      for (const t of this.timers) {
        if (t.cancelled || t.at > end) continue;
        if (!next || t.at < next.at || (t.at === next.at && t.id < next.id)) next = t;
      }
      if (!next) break;
      this.time = Math.max(this.time, next.at);
      if (next.period > 0) next.at += next.period;
      else this.cancel(next);
      next.fn();
      // Hours of simulated time fire millions of timers: drop cancelled ones only when there are some.
      if (this.cancelled > 0) {
        this.timers = this.timers.filter((t) => !t.cancelled);
        this.cancelled = 0;
      }
    }
    this.time = end;
  }

  private cancelled = 0;

  private cancel(timer: Timer): void {
    if (timer.cancelled) return;
    timer.cancelled = true;
    this.cancelled++;
  }

  private add(ms: number, period: number, fn: () => void): () => void {
    const timer: Timer = { id: this.seq++, at: this.time + Math.max(0, ms), period, fn, cancelled: false };
    this.timers.push(timer);
    return () => this.cancel(timer);
  }
}
