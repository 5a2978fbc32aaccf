import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { displayNumber, formatAmount, formatLongNumber, formatQuantity, groupThousands } from './display.ts';

describe('displayNumber (spec §5)', () => {
  it("shows '--' for null, undefined, '--' and non-numeric values", () => {
    for (const v of [null, undefined, '--', 'abc', '', NaN, Infinity, {}, true]) {
      expect(displayNumber(v), String(v)).toBe('--');
    }
  });

  it('returns strings with commas as is', () => {
    expect(displayNumber('1,234.50')).toBe('1,234.50');
    expect(displayNumber('1,2,3', { decimals: 2 })).toBe('1,2,3');
  });

  it('keeps the sign of negative zero', () => {
    expect(displayNumber(-0)).toBe('-0');
    expect(displayNumber('-0')).toBe('-0');
    expect(displayNumber('-0.00')).toBe('-0.00');
    expect(displayNumber(-0, { decimals: 2 })).toBe('-0.00');
    expect(displayNumber(0)).toBe('0');
  });

  it('keeps the digits of plain strings and writes numbers in plain notation', () => {
    expect(displayNumber('1.500')).toBe('1.500');
    expect(displayNumber(' +2.5 ')).toBe('2.5');
    expect(displayNumber(1e-7)).toBe('0.0000001');
    expect(displayNumber('1e21')).toBe('1000000000000000000000');
  });

  it('fixes decimals, truncating by default', () => {
    expect(displayNumber('1.23456', { decimals: 2 })).toBe('1.23');
    expect(displayNumber('1.5', { decimals: 3 })).toBe('1.500');
    expect(displayNumber('1.235', { decimals: 2, rounding: Decimal.ROUND_HALF_UP })).toBe('1.24');
  });
});

describe('formatLongNumber (spec §9: 8 decimals)', () => {
  it('truncates to 8 decimals without rounding up', () => {
    expect(formatLongNumber('0.123456789999')).toBe('0.12345678');
    expect(formatLongNumber('123456789.000000009')).toBe('123456789.00000000');
  });

  it('leaves shorter values alone and uses the -- rules', () => {
    expect(formatLongNumber('1.5')).toBe('1.5');
    expect(formatLongNumber(null)).toBe('--');
    expect(formatLongNumber('1,000.123456789')).toBe('1,000.123456789');
  });

  it('accepts another number of decimals', () => {
    expect(formatLongNumber('1.23456', 2)).toBe('1.23');
  });
});

describe('groupThousands and formatAmount (glossary: full digits with thousands separators)', () => {
  it('groups the integer part only and keeps signs and decimals', () => {
    expect(groupThousands('1234567.891011')).toBe('1,234,567.891011');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('--')).toBe('--');
  });
  it('truncates to the decimals asked for, never rounding up', () => {
    expect(formatAmount('12345.6789', 2)).toBe('12,345.67');
    expect(formatAmount(null, 2)).toBe('--');
  });
  it('keeps an amount\'s own decimals up to 8', () => {
    expect(formatQuantity('1234.5')).toBe('1,234.5');
    expect(formatQuantity('0.123456789')).toBe('0.12345678');
  });
});
