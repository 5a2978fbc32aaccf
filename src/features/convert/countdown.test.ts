import { describe, expect, it } from 'vitest';
import { msLeft, nextTickMs, quoteClock, secondsLeft } from './countdown.ts';

const quote = { serverTime: '2026-11-25T10:00:00.000Z', expiresAt: '2026-11-25T10:00:15.000Z' };
const serverMade = Date.parse(quote.serverTime);

describe('quote countdown on the server clock', () => {
  it('counts the full 15 s when this device is in step with the server', () => {
    const clock = quoteClock(quote, serverMade - 100, serverMade + 100);
    expect(clock.offsetMs).toBe(0);
    expect(secondsLeft(clock, serverMade)).toBe(15);
    expect(secondsLeft(clock, serverMade + 14_001)).toBe(1);
    expect(secondsLeft(clock, serverMade + 15_000)).toBe(0);
  });

  it('is not shortened or stretched by a device clock that is off by minutes', () => {
    for (const skew of [-180_000, 95_000]) {
      const local = serverMade + skew;
      const clock = quoteClock(quote, local - 40, local + 40);
      expect(secondsLeft(clock, local + 40)).toBe(15);
      expect(msLeft(clock, local + 10_000)).toBe(5_000);
      expect(secondsLeft(clock, local + 15_000)).toBe(0);
    }
  });

  it('takes the offset at the middle of the request, not at its end', () => {
    // A slow reply (2 s round trip): the server answered about halfway.
    const clock = quoteClock(quote, serverMade - 1_000, serverMade + 1_000);
    expect(clock.offsetMs).toBe(0);
    expect(clock.at).toBe(serverMade + 1_000);
    expect(msLeft(clock, clock.at)).toBe(14_000);
  });

  it('ticks when the shown second changes, and no more once expired', () => {
    const clock = quoteClock(quote, serverMade, serverMade);
    expect(nextTickMs(clock, serverMade)).toBe(1_000);
    expect(nextTickMs(clock, serverMade + 250)).toBe(750);
    expect(nextTickMs(clock, serverMade + 15_000)).toBe(Infinity);
    expect(msLeft(clock, serverMade + 99_000)).toBe(0);
  });
});
