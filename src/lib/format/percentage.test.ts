import { describe, expect, it } from 'vitest';
import { percentage } from './percentage.ts';

describe('percentage (spec §5)', () => {
  it('returns 0 when either operand is missing', () => {
    expect(percentage(undefined, 10)).toBe(0);
    expect(percentage(5, null)).toBe(0);
    expect(percentage('', '10')).toBe(0);
    expect(percentage('5', ' ')).toBe(0);
  });

  it('floors the result', () => {
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(2, 3)).toBe(66);
    expect(percentage('0.999', '1')).toBe(99);
    expect(percentage('0.29', '1')).toBe(29); // 0.29 * 100 in floats is 28.999999999999996
  });

  it('caps at 100', () => {
    expect(percentage(150, 100)).toBe(100);
    expect(percentage(100, 100)).toBe(100);
  });

  it('gives 0 for a zero total or non-numeric operands', () => {
    expect(percentage(5, 0)).toBe(0);
    expect(percentage('abc', 10)).toBe(0);
    expect(percentage(0, 10)).toBe(0);
    expect(Object.is(percentage(-0, 10), 0)).toBe(true);
  });
});
