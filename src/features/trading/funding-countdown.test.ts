import { describe, expect, it } from 'vitest';
import { exchangeNow, fundingCountdown } from './funding-countdown.ts';

describe('fundingCountdown', () => {
  it('shows hours, minutes and seconds to the settlement, rounded down', () => {
    const next = Date.UTC(2026, 11, 3, 16, 0, 0);
    // 16:00:00 − 12:34:56.700 = 3 h 25 min 3.3 s → 03:25:03
    expect(fundingCountdown(next, Date.UTC(2026, 11, 3, 12, 34, 56, 700))).toBe('03:25:03');
    // 8 h before the settlement (just after the previous one)
    expect(fundingCountdown(next, Date.UTC(2026, 11, 3, 8, 0, 0))).toBe('08:00:00');
  });

  it('stops at zero once the settlement time has passed (until the next mark names the next one)', () => {
    expect(fundingCountdown(1_000, 5_000)).toBe('00:00:00');
  });

  it('counts on the exchange clock: a browser 90 s ahead does not shorten it', () => {
    const markTime = 1_000_000;
    const receivedAt = markTime + 90_000; // the browser's clock is 90 s ahead
    // 2.5 s after the mark arrived, the exchange's clock reads markTime + 2.5 s
    expect(exchangeNow(markTime, receivedAt, receivedAt + 2_500)).toBe(markTime + 2_500);
  });
});
