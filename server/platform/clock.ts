/** Time source of the API; tests pass a fake one so expiry, lockout and TOTP run on fake time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Moves the clock forward (the sandbox's `/_dev/clock/advance`, tests); absent on a clock that cannot move. */
  advance?(ms: number): void;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The system time plus an offset that only grows: the sandbox's clock when its dev controls are on. */
export function offsetClock(base: Clock = systemClock): Clock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

/** Days, hours and minutes left until `untilMs` (spec §8 lockout and restriction messages), rounded up to a minute. */
export function waitParts(untilMs: number, nowMs: number): { days: number; hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.ceil((untilMs - nowMs) / 60_000));
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}
