import { describe, expect, it } from 'vitest';
import { D } from '../platform/decimal.ts';
import { crossed, tpslDirection, trailStep, trailTrigger, triggerDirection, type Trail } from './triggers.ts';

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

describe('trailing stop (trailStep)', () => {
  it('a sell tracks the highest price since placing and fires on a retrace of the callback rate', () => {
    const t: Trail = { sell: true, rate: new D('1'), activation: null, extreme: new D('100') };
    expect(trailStep(t, new D('105'))).toBe(false);
    expect(t.extreme!.toFixed()).toBe('105');
    expect(trailStep(t, new D('104'))).toBe(false); // above 105 × 0.99 = 103.95
    expect(t.extreme!.toFixed()).toBe('105');
    expect(trailStep(t, new D('103.95'))).toBe(true);
  });

  it('a buy with an activation price waits for the price to fall to it, then tracks the lowest', () => {
    const t: Trail = { sell: false, rate: new D('0.5'), activation: new D('90'), extreme: null };
    expect(trailStep(t, new D('95'))).toBe(false);
    expect(t.extreme).toBeNull();
    expect(trailStep(t, new D('80'))).toBe(false); // activated below 90 (not refused: reached past it)
    expect(t.extreme!.toFixed()).toBe('80');
    expect(trailStep(t, new D('80.39'))).toBe(false); // below 80 × 1.005 = 80.4
    expect(trailStep(t, new D('80.4'))).toBe(true);
    expect(trailTrigger(t, new D('80')).toFixed()).toBe('80.4');
  });
});
