import { describe, expect, it } from 'vitest';
import { RANGE_DAYS } from '../../../contract/broker-performance.ts';
import { DEFAULT_RANGE, TIME_RANGES, timeWindow } from './time-window.ts';

describe('broker time window (spec §9 time ranges)', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('offers 7, 30, 90, 180 and 365 days, starting on 30', () => {
    expect([...TIME_RANGES]).toEqual([7, 30, 90, 180, 365]);
    expect(TIME_RANGES).toBe(RANGE_DAYS);
    expect(DEFAULT_RANGE).toEqual({ days: 30 });
  });
  it('asks for the last n days up to now', () => {
    expect(timeWindow({ days: 7 }, now)).toEqual({ startTime: '2026-11-19T10:00:00.000Z', endTime: '2026-11-26T10:00:00.000Z' });
    expect(timeWindow({ days: 365 }, now).startTime).toBe('2025-11-26T10:00:00.000Z');
    expect(timeWindow({}, now).startTime).toBe('2026-10-27T10:00:00.000Z');
  });
  it('keeps a custom range as chosen', () => {
    expect(timeWindow({ startTime: '2026-01-01T00:00:00.000Z', endTime: '2026-02-01T00:00:00.000Z', days: 7 }, now)).toEqual({
      startTime: '2026-01-01T00:00:00.000Z',
      endTime: '2026-02-01T00:00:00.000Z',
    });
  });
});
