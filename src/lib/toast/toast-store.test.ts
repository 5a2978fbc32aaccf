import { describe, expect, it } from 'vitest';
import { createToastController, TOAST_DURATION_MS, type ToastTimers } from './toast-store.ts';

/** A manual scheduler: `advance` runs what is due, in order. */
function manualTimers(): ToastTimers & { advance: (ms: number) => void; pending: () => number } {
  let now = 0;
  let nextHandle = 1;
  const jobs = new Map<number, { at: number; run: () => void }>();
  return {
    set(run, ms) {
      const handle = nextHandle++;
      jobs.set(handle, { at: now + ms, run });
      return handle;
    },
    clear(handle) {
      jobs.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [handle, job] of [...jobs].sort((a, b) => a[1].at - b[1].at)) {
        if (job.at <= now && jobs.delete(handle)) job.run();
      }
    },
    pending: () => jobs.size,
  };
}

describe('toast store', () => {
  it('shows a toast and dismisses it after about 2.5 s (spec §8)', () => {
    const timers = manualTimers();
    const toasts = createToastController({ timers });
    toasts.show({ severity: 'error', text: 'Quote expired' });
    expect(toasts.store.getState().toasts).toMatchObject([{ severity: 'error', text: 'Quote expired' }]);
    expect(TOAST_DURATION_MS).toBe(2500);
    timers.advance(2499);
    expect(toasts.store.getState().toasts).toHaveLength(1);
    timers.advance(1);
    expect(toasts.store.getState().toasts).toEqual([]);
  });

  it('honours a per-toast duration and manual dismissal', () => {
    const timers = manualTimers();
    const toasts = createToastController({ timers });
    const a = toasts.show({ severity: 'info', text: 'a', durationMs: 100 });
    const b = toasts.show({ severity: 'success', text: 'b' });
    timers.advance(100);
    expect(toasts.store.getState().toasts.map((t) => t.id)).toEqual([b]);
    toasts.dismiss(b);
    expect(toasts.store.getState().toasts).toEqual([]);
    expect(timers.pending()).toBe(0);
    expect(a).not.toBe(b);
  });

  it('keeps at most maxVisible toasts, dropping the oldest and its timer', () => {
    const timers = manualTimers();
    const toasts = createToastController({ timers, maxVisible: 2 });
    toasts.show({ severity: 'error', text: '1' });
    toasts.show({ severity: 'error', text: '2' });
    toasts.show({ severity: 'error', text: '3' });
    expect(toasts.store.getState().toasts.map((t) => t.text)).toEqual(['2', '3']);
    expect(timers.pending()).toBe(2);
    toasts.clear();
    expect(toasts.store.getState().toasts).toEqual([]);
    expect(timers.pending()).toBe(0);
  });
});
