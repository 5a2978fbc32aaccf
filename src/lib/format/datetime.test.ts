import { describe, expect, it } from 'vitest';
import { formatDateTime, zoneLabel } from './datetime.ts';

describe('formatDateTime (glossary: YYYY-MM-DD HH:mm:ss, user time zone)', () => {
  it('writes the local date and time with two-digit fields', () => {
    const date = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(date)).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(date.toISOString())).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(date.getTime())).toBe('2026-01-05 07:08:09');
  });

  it('adds the zone where asked, from the offset of that date', () => {
    const date = new Date(2026, 10, 23, 7, 59, 34);
    expect(formatDateTime(date, { zone: true })).toBe(`2026-11-23 07:59:34 ${zoneLabel(date)}`);
    expect(zoneLabel(date)).toMatch(/^UTC([+-]\d{1,2}(:\d{2})?)?$/);
  });

  it('names whole and half-hour offsets', () => {
    const before = process.env['TZ'];
    try {
      process.env['TZ'] = 'Asia/Hong_Kong';
      expect(formatDateTime(new Date(Date.UTC(2026, 10, 22, 23, 59, 34)), { zone: true })).toBe('2026-11-23 07:59:34 UTC+8');
      process.env['TZ'] = 'Asia/Kolkata';
      expect(zoneLabel(new Date(Date.UTC(2026, 10, 22, 0, 0, 0)))).toBe('UTC+5:30');
      process.env['TZ'] = 'UTC';
      expect(zoneLabel(new Date())).toBe('UTC');
    } finally {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    }
  });

  it('shows the placeholder for what is not a date', () => {
    for (const value of [null, undefined, '', 'yesterday']) expect(formatDateTime(value)).toBe('--');
  });
});
