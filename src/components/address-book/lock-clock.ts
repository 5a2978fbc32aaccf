import { useEffect, useState } from 'react';

// A saved address is usable 24 hours after it is saved (server/README.md "Wallet": `usableAt`); the books and the
// withdrawal forms show that lock.

/**
 * This device's time for showing address-book locks (`usableAt` times), re-read only while one is still
 * locked: every second for a visible countdown (`countdown`), or once when the next lock ends (`unlock`, for
 * a label that only switches). Nothing ticks once every lock has ended.
 */
export function useLockClock(usableAt: readonly string[], mode: 'countdown' | 'unlock'): number {
  const [now, setNow] = useState(() => Date.now());
  const next = usableAt.map((t) => Date.parse(t)).filter((t) => t > now).reduce<number | null>((min, t) => (min === null || t < min ? t : min), null);
  const locked = next !== null;
  useEffect(() => {
    if (!locked || mode !== 'countdown') return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [locked, mode]);
  useEffect(() => {
    if (next === null || mode !== 'unlock') return;
    // setTimeout's longest delay is 2^31 − 1 ms; a later lock just schedules again.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now + 50, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [next, mode, now]);
  return now;
}

/** A wait as HH:MM:SS. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
