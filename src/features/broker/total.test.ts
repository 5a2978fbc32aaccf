import { describe, expect, it } from 'vitest';
import { sumOf } from './TotalPage.tsx';

describe('total page sums (spec §7 account/capital/spotFuturesTotalBalance: totals equal the sum of the rows to the last digit)', () => {
  it('adds exactly, where floating point would not', () => {
    expect(sumOf(['0.1', '0.2'])).toBe('0.3');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumOf(['12345678901.12345678', '0.00000001', '98765432109.87654321'])).toBe('111111111011');
    expect(sumOf([])).toBe('0');
  });
});
