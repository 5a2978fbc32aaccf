import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { hasMoreThan8Decimals, round, roundPercent } from './rounding.ts';

describe('round / roundPercent (spec §5)', () => {
  it('rounds to 4 places by default with exact decimals', () => {
    expect(round('1.23455')).toBe('1.2346');
    expect(round(1.00005)).toBe('1.0001'); // 1.00005 is 1.0000499999… as a double; decimal.js reads the shortest form
    expect(round('2')).toBe('2.0000');
    expect(round('0.1', 4)).toBe('0.1000');
  });

  it('rounds percentages to 2 places', () => {
    expect(roundPercent('12.345')).toBe('12.35');
    expect(roundPercent('99.994')).toBe('99.99');
  });

  it('takes another place count and rounding mode', () => {
    expect(round('1.239', 2, Decimal.ROUND_DOWN)).toBe('1.23');
    expect(round('-1.5', 0)).toBe('-2');
  });

  it("gives '--' for non-numeric input and keeps negative zero", () => {
    expect(round('abc')).toBe('--');
    expect(round(null)).toBe('--');
    expect(round(-0)).toBe('-0.0000');
    expect(round('-0.00001')).toBe('-0.0000');
  });
});

describe('hasMoreThan8Decimals (spec §5)', () => {
  it('flags values with 9 or more decimals', () => {
    expect(hasMoreThan8Decimals('0.123456789')).toBe(true);
    expect(hasMoreThan8Decimals('1e-9')).toBe(true);
  });

  it('does not flag 8 decimals, trailing zeros, or non-numbers', () => {
    expect(hasMoreThan8Decimals('0.12345678')).toBe(false);
    expect(hasMoreThan8Decimals('0.123456780000')).toBe(false);
    expect(hasMoreThan8Decimals('abc')).toBe(false);
    expect(hasMoreThan8Decimals(undefined)).toBe(false);
  });
});
