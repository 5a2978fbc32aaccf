import type { Clock } from '../clock.ts';

/** A Clock driven by the test: time moves only through advance(). */
export class FakeClock implements Clock {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void; every: number }>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn, every: 0 });
    return id;
  }

  clearTimeout(id: number): void {
    this.timers.delete(id);
  }

  setInterval(fn: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(1, ms), fn, every: Math.max(1, ms) });
    return id;
  }

  clearInterval(id: number): void {
    this.timers.delete(id);
  }

  /** Timers still scheduled. */
  get pending(): number {
    return this.timers.size;
  }

  /** Move time forward by ms, firing due timers in time order (timers added while firing are honoured). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let nextId = -1;
      let nextAt = Infinity;
      for (const [id, t] of this.timers) {
        if (t.at < nextAt || (t.at === nextAt && id < nextId)) {
          nextAt = t.at;
          nextId = id;
        }
      }
      if (nextId < 0 || nextAt > end) break;
      const timer = this.timers.get(nextId);
      if (timer === undefined) break;
      this.time = nextAt;
      if (timer.every > 0) timer.at += timer.every;
      else this.timers.delete(nextId);
      timer.fn();
    }
    this.time = end;
  }
}
