import { describe, expect, it } from 'vitest';
import { D } from '../platform/decimal.ts';
import { leveragePnl, quantileOf } from './adl.ts';

// Worked by hand from Binance's ADL ranking ("What Is Auto-Deleveraging (ADL) and How Does It Work"):
// PnL percent = max(0, UPNL) / max(1, WB); margin ratio = MM / (WB + UPNL); leverage PnL = the product.
describe('leveragePnl', () => {
  it('a position in profit: 200 / 1000 × 50 / 1200', () => {
    // 0.2 × 0.041666… = 0.008333…
    expect(leveragePnl(new D(1000), new D(200), new D(50)).toDecimalPlaces(10).toFixed()).toBe('0.0083333333');
  });

  it('a position at a loss ranks 0', () => {
    expect(leveragePnl(new D(1000), new D(-5), new D(50)).isZero()).toBe(true);
  });

  it('a wallet under 1 counts as 1: 10 / 1 × 1 / 10.5', () => {
    // 10 × 0.095238095… = 0.952380952…
    expect(leveragePnl(new D('0.5'), new D(10), new D(1)).toDecimalPlaces(9).toFixed()).toBe('0.952380952');
  });

  it('no margin ratio when the balance is not above 0', () => {
    expect(leveragePnl(new D(-20), new D(10), new D(1)).isZero()).toBe(true);
  });
});

describe('quantileOf', () => {
  const ten = Array.from({ length: 10 }, (_, i) => new D(i + 1));
  it('puts a score in its fifth of the queue: 0 last to 4 first', () => {
    // rank 10 of 10 → ⌈5⌉ − 1 = 4; rank 1 → ⌈0.5⌉ − 1 = 0; rank 5 → ⌈2.5⌉ − 1 = 2; rank 2 → ⌈1⌉ − 1 = 0; rank 3 → ⌈1.5⌉ − 1 = 1
    expect([10, 1, 5, 2, 3].map((n) => quantileOf(new D(n), ten))).toEqual([4, 0, 2, 0, 1]);
  });

  it('alone in profit is first in the queue; no profit is last', () => {
    expect(quantileOf(new D('0.01'), [new D('0.01')])).toBe(4);
    expect(quantileOf(new D(0), [new D(0), new D(3)])).toBe(0);
  });
});
