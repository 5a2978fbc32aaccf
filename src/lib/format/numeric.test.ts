import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { isNegativeZero, isNumeric, parseAmount, toDecimal } from './numeric.ts';

describe('isNumeric / toDecimal', () => {
  it('accepts plain and scientific decimals, finite numbers and surrounding blanks', () => {
    for (const v of ['0', '-1.5', '+2', '.5', '5.', '1e-8', '1E+3', ' 12 ', 0, -0, 1.25]) {
      expect(isNumeric(v), String(v)).toBe(true);
    }
    expect(toDecimal(' 12.50 ')?.toString()).toBe('12.5');
  });

  it('rejects hex/binary literals, NaN, Infinity, blanks and non-strings', () => {
    for (const v of ['0x1f', '0b11', 'NaN', 'Infinity', '', ' ', '1,000', '1.2.3', 'abc', NaN, Infinity, true, null, undefined, {}, []]) {
      expect(isNumeric(v), String(v)).toBe(false);
      expect(toDecimal(v)).toBeNull();
    }
  });

  it('passes finite Decimals through and rejects non-finite ones', () => {
    expect(toDecimal(new Decimal('1.1'))?.toString()).toBe('1.1');
    expect(toDecimal(new Decimal(NaN))).toBeNull();
  });

  it('detects negative zero in numbers, strings and Decimals', () => {
    expect(isNegativeZero(-0)).toBe(true);
    expect(isNegativeZero(0)).toBe(false);
    expect(isNegativeZero('-0.000')).toBe(true);
    expect(isNegativeZero('0.000')).toBe(false);
    expect(isNegativeZero('-0.001')).toBe(false);
    expect(isNegativeZero(new Decimal(-0))).toBe(true);
  });
});

describe('parseAmount', () => {
  it('reads a typed amount with thousands separators and refuses signs, exponents and words', () => {
    expect(parseAmount(' 1,234.50 ')?.toFixed()).toBe('1234.5');
    expect(parseAmount('0.00000001')?.toFixed()).toBe('0.00000001');
    expect(parseAmount('12e3')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('1.')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});
