import { useEffect, useState } from 'react';
import { nextTickMs, secondsLeft, type QuoteClock } from './countdown.ts';

/**
 * The seconds a firm quote still binds, on the server's clock (countdown.ts); re-renders once a second,
 * at the moment the shown number changes, and stops at 0. One source for the form and the confirm step.
 */
export function useSecondsLeft(clock: QuoteClock | null): number | null {
  const [tick, setTick] = useState<{ clock: QuoteClock | null; now: number }>({ clock: null, now: 0 });
  useEffect(() => {
    if (!clock) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const wait = nextTickMs(clock, Date.now());
      if (!Number.isFinite(wait)) return;
      // A few ms past the change, so the reading lands on the new second rather than just before it.
      timer = setTimeout(() => {
        setTick({ clock, now: Date.now() });
        schedule();
      }, wait + 5);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [clock]);
  if (!clock) return null;
  return secondsLeft(clock, tick.clock === clock ? tick.now : clock.at);
}
