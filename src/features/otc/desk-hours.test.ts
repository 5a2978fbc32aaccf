import { describe, expect, it } from 'vitest';
import { hourText, utcText, weekdaysText } from './desk-hours.ts';

const NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

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

});
