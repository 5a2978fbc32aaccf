import { describe, expect, it } from 'vitest';
import { withPeriod, type Periods } from './periods.ts';

describe('chart periods (spec §9: at most 8 saved)', () => {
  const base: Periods = { saved: ['1m', '15m', '1h', '4h', '1d'], active: '1h' };

  it('adds in the periods’ own order and refuses a ninth', () => {
    expect(withPeriod(base, '5m', true)?.saved).toEqual(['1m', '5m', '15m', '1h', '4h', '1d']);
    let full: Periods = base;
    for (const p of ['3m', '5m', '30m'] as const) full = withPeriod(full, p, true)!;
    expect(full.saved).toHaveLength(8);
    expect(withPeriod(full, '1w', true)).toBeNull();
  });

  it('removes one, moves the active period off a removed one, and keeps the last', () => {
    expect(withPeriod(base, '1h', false)).toEqual({ saved: ['1m', '15m', '4h', '1d'], active: '1m' });
    expect(withPeriod(base, '1d', false)?.active).toBe('1h');
    const one: Periods = { saved: ['1d'], active: '1d' };
    expect(withPeriod(one, '1d', false)).toEqual(one);
  });
});
