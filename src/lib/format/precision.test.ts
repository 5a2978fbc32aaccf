import { describe, expect, it } from 'vitest';
import { amountPrecision, precisionStep, pricePrecision, PRECISION_STEPS } from './precision.ts';

describe('pricePrecision / amountPrecision (spec §3)', () => {
  it('counts decimal digits of the size with trailing zeros dropped', () => {
    expect(pricePrecision('0.01000000')).toBe(2);
    expect(pricePrecision('0.00001000')).toBe(5);
    expect(pricePrecision('1.00000000')).toBe(0);
    expect(pricePrecision('10.00')).toBe(0);
    expect(pricePrecision('0.5')).toBe(1);
    expect(pricePrecision('1e-8')).toBe(8);
    expect(pricePrecision(0.001)).toBe(3);
    expect(amountPrecision('0.00010000')).toBe(4);
    expect(amountPrecision('1')).toBe(0);
  });

  it('gives 0 for missing or malformed sizes', () => {
    expect(pricePrecision(undefined)).toBe(0);
    expect(pricePrecision('')).toBe(0);
    expect(amountPrecision('abc')).toBe(0);
  });
});

describe('precisionStep (spec §5)', () => {
  it('maps 0..7 to 1 … 1e-7', () => {
    const expected = ['1', '0.1', '0.01', '0.001', '0.0001', '0.00001', '0.000001', '0.0000001'];
    expected.forEach((step, digits) => expect(precisionStep(digits)).toBe(step));
  });

  it('maps both 8 and 9 to 1e-8 and 10 to 1e-9', () => {
    expect(precisionStep(8)).toBe('0.00000001');
    expect(precisionStep(9)).toBe('0.00000001');
    expect(precisionStep(10)).toBe('0.000000001');
  });

  it('has exactly the keys 0..10 and nothing outside', () => {
    expect(Object.keys(PRECISION_STEPS).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(precisionStep(-1)).toBeUndefined();
    expect(precisionStep(11)).toBeUndefined();
    expect(precisionStep(2.5)).toBeUndefined();
  });
});
