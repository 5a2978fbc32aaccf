import { describe, expect, it } from 'vitest';
import { D } from '../platform/decimal.ts';
import { crossed, tpslDirection, triggerDirection } from './triggers.ts';

const d = (v: string) => new D(v);

describe('stop triggers', () => {
  it('fire above when placed above the watched price, below when placed below; at the price is refused', () => {
    expect(triggerDirection(d('101'), d('100'))).toBe(true);
    expect(triggerDirection(d('99'), d('100'))).toBe(false);
    expect(() => triggerDirection(d('100'), d('100'))).toThrow(/at once/);
  });

  it('crossed: reached or passed, in the trigger direction only', () => {
    expect(crossed(true, d('101'), d('100.9'))).toBe(false);
    expect(crossed(true, d('101'), d('101'))).toBe(true);
    expect(crossed(true, d('101'), d('150'))).toBe(true);
    expect(crossed(false, d('99'), d('99.1'))).toBe(false);
    expect(crossed(false, d('99'), d('99'))).toBe(true);
    expect(crossed(false, d('99'), d('50'))).toBe(true);
  });

  it('TP/SL: a long (closed by a sell) takes profit above and stops below; a short the other way; the wrong side is refused', () => {
    expect(tpslDirection('take_profit', 'sell', d('110'), d('100'))).toBe(true);
    expect(tpslDirection('stop_loss', 'sell', d('90'), d('100'))).toBe(false);
    expect(tpslDirection('take_profit', 'buy', d('90'), d('100'))).toBe(false);
    expect(tpslDirection('stop_loss', 'buy', d('110'), d('100'))).toBe(true);
    expect(() => tpslDirection('take_profit', 'sell', d('100'), d('100'))).toThrow(/above/);
    expect(() => tpslDirection('stop_loss', 'buy', d('95'), d('100'))).toThrow(/above/);
  });
});
