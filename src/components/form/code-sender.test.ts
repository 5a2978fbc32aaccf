import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCodeSender, RESEND_COUNTDOWN_S, type SenderState } from './code-sender.ts';

describe('code sender (spec §5 repeat guard, resend countdown)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const timers = {
    now: () => Date.now(),
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (h: unknown) => clearInterval(h as ReturnType<typeof setInterval>),
  };

  it('keeps the uuid of the sent code and counts down before another send', async () => {
    const states: SenderState[] = [];
    const sender = createCodeSender((s) => states.push(s), timers);
    const request = vi.fn(async () => ({ uuid: 'u-1' }));
    expect(await sender.send(request)).toBe('sent');
    expect(sender.state).toEqual({ uuid: 'u-1', countdown: RESEND_COUNTDOWN_S, sending: false });
    expect(await sender.send(request)).toBe('busy');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sender.state.countdown).toBe(RESEND_COUNTDOWN_S - 30);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sender.state.countdown).toBe(0);
    expect(await sender.send(async () => ({ uuid: 'u-2' }))).toBe('sent');
    expect(sender.state.uuid).toBe('u-2');
    expect(request).toHaveBeenCalledTimes(1);
    expect(states.some((s) => s.sending)).toBe(true);
  });

  it('refuses a second call within 1 s even after a failure, and allows it after', async () => {
    const sender = createCodeSender(() => {}, timers);
    const failing = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(sender.send(failing)).rejects.toThrow('boom');
    expect(sender.state).toEqual({ uuid: null, countdown: 0, sending: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(await sender.send(failing)).toBe('guarded');
    expect(failing).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await sender.send(async () => ({ uuid: 'ok' }))).toBe('sent');
  });

  it('refuses while a send is in flight, and reset forgets the code', async () => {
    const sender = createCodeSender(() => {}, timers);
    let resolve: (v: { uuid: string }) => void = () => {};
    const pending = sender.send(() => new Promise((r) => (resolve = r)));
    expect(sender.state.sending).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await sender.send(async () => ({ uuid: 'x' }))).toBe('busy');
    resolve({ uuid: 'first' });
    expect(await pending).toBe('sent');
    sender.reset();
    expect(sender.state).toEqual({ uuid: null, countdown: 0, sending: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sender.state.countdown).toBe(0);
  });
});
