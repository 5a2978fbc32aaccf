import { describe, expect, it } from 'vitest';
import { addDays, customRangeError, pointsIn, rangeDays, sameRange } from './chart-window.ts';

const series = Array.from({ length: 40 }, (_, i) => ({ day: addDays('2026-02-20', i) }));

describe('chart window (spec §9 time ranges)', () => {
  it('moves days across month ends and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('ends a quick range on the last record and starts it n days before (n daily changes)', () => {
    expect(rangeDays({ days: 7 }, '2026-03-31')).toEqual({ from: '2026-03-24', to: '2026-03-31' });
    const week = pointsIn(series, { days: 7 });
    expect(week).toHaveLength(8);
    expect(week[week.length - 1]).toBe(series[39]);
    expect(pointsIn(series, { days: 365 })).toHaveLength(40);
    expect(pointsIn([], { days: 30 })).toEqual([]);
  });

  it('keeps a custom range with both ends included', () => {
    const picked = pointsIn(series, { from: '2026-02-28', to: '2026-03-02' });
    expect(picked.map((p) => p.day)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('refuses a custom range without two valid days or in the wrong order', () => {
    expect(customRangeError('', '2026-03-01')).toBe('missing');
    expect(customRangeError('2026-02-30', '2026-03-01')).toBe('missing');
    expect(customRangeError('2026-13-45', '2026-03-01')).toBe('missing');
    expect(customRangeError('2026-03-02', '2026-03-01')).toBe('order');
    expect(customRangeError('2026-03-01', '2026-03-01')).toBeNull();
  });

  it('compares ranges', () => {
    expect(sameRange({ days: 7 }, { days: 7 })).toBe(true);
    expect(sameRange({ days: 7 }, { from: 'a', to: 'b' })).toBe(false);
    expect(sameRange({ from: 'a', to: 'b' }, { from: 'a', to: 'b' })).toBe(true);
  });
});
