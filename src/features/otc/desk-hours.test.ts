import { describe, expect, it } from 'vitest';
import type { DeskHours } from './api.ts';
import { deskState, hourText, utcText, weekdaysText } from './desk-hours.ts';

const NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const hours = (over: Partial<DeskHours> = {}): DeskHours => ({
  days: [1, 2, 3, 4, 5],
  openUtcHour: 0,
  closeUtcHour: 17,
  open: true,
  nextOpenAt: '2026-11-30T00:00:00.000Z',
  nextCloseAt: '2026-11-30T17:00:00.000Z',
  serverTime: '2026-11-30T09:00:00.000Z',
  ...over,
});

describe('the desk’s hours in words', () => {
  it('writes a time in UTC whatever the browser’s zone', () => {
    expect(utcText('2026-11-30T17:00:00.000Z')).toBe('2026-11-30 17:00 UTC');
    expect(utcText('not a date')).toBe('--');
    expect(hourText(0)).toBe('00:00');
    expect(hourText(17)).toBe('17:00');
  });

  it('names a run of weekdays by its ends, and others one by one', () => {
    expect(weekdaysText([1, 2, 3, 4, 5], NAMES)).toBe('Mon–Fri');
    expect(weekdaysText([5, 1, 3], NAMES)).toBe('Mon, Wed, Fri');
    expect(weekdaysText([1, 2], NAMES)).toBe('Mon, Tue');
  });

  it('takes the terms as read, unless a refusal since said the desk is closed until later', () => {
    expect(deskState(hours(), null)).toEqual({ open: true, nextOpenAt: '2026-11-30T00:00:00.000Z', nextCloseAt: '2026-11-30T17:00:00.000Z' });
    expect(deskState(hours(), '2026-12-01T00:00:00.000Z')).toEqual({ open: false, nextOpenAt: '2026-12-01T00:00:00.000Z', nextCloseAt: null });
    // Terms read after the time the refusal named win.
    expect(deskState(hours({ serverTime: '2026-12-01T00:00:05.000Z' }), '2026-12-01T00:00:00.000Z')?.open).toBe(true);
    expect(deskState(null, null)).toBeNull();
  });
});
