import { describe, expect, it } from 'vitest';
import { gate } from './gate.ts';

describe('bench:ci gate', () => {
  it('passes a ratio at or above its target', () => {
    expect(gate(5, 5)).toMatchObject({ met: true, failed: false, floor: 4 });
    expect(gate(9.5, 5)).toMatchObject({ met: true, failed: false });
  });

  it('reports a ratio between 80 % of its target and the target as missed, without failing', () => {
    expect(gate(4, 5)).toMatchObject({ met: false, failed: false });
    expect(gate(0.61, 0.75)).toMatchObject({ met: false, failed: false });
  });

  it('fails a ratio below 80 % of its target, and one that is not a number', () => {
    expect(gate(3.99, 5)).toMatchObject({ met: false, failed: true });
    expect(gate(39, 50)).toMatchObject({ met: false, failed: true });
    expect(gate(Number.NaN, 50)).toMatchObject({ met: false, failed: true });
  });
});
