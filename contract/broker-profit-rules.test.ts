import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { splitAllocation } from './broker-profit-rules.ts';

const legs = (values: string[], key: 'amount' | 'percent') => values.map((v, i) => ({ toAccountId: String(i + 1), [key]: v }));

describe('splitAllocation (profitAccrual/apply)', () => {
  it('takes amounts that add up to the total exactly', () => {
    expect(splitAllocation('100.5', 'amount', legs(['60', '40.5'], 'amount'))).toEqual({ ok: true, amounts: ['60', '40.5'] });
    expect(splitAllocation('100.5', 'amount', legs(['60', '40.49999999'], 'amount'))).toEqual({ ok: false, rule: 'sum' });
  });

  it('refuses a zero leg, a leg with more than 8 decimals, repeated destinations, and fewer than 2 legs', () => {
    expect(splitAllocation('10', 'amount', legs(['10', '0'], 'amount'))).toEqual({ ok: false, rule: 'leg', index: 1 });
    expect(splitAllocation('10', 'amount', legs(['9.999999999', '0.000000001'], 'amount'))).toEqual({ ok: false, rule: 'leg', index: 0 });
    expect(splitAllocation('10', 'amount', [{ toAccountId: '1', amount: '5' }, { toAccountId: '1', amount: '5' }])).toEqual({ ok: false, rule: 'duplicate', index: 1 });
    expect(splitAllocation('10', 'amount', legs(['10'], 'amount'))).toEqual({ ok: false, rule: 'legs' });
  });

  it('splits by percentages rounding down to 8 decimals, the residue on the last leg', () => {
    const split = splitAllocation('100', 'percent', legs(['33.33', '33.33', '33.34'], 'percent'));
    expect(split).toEqual({ ok: true, amounts: ['33.33', '33.33', '33.34'] });
    const odd = splitAllocation('0.00000010', 'percent', legs(['33.33', '33.33', '33.34'], 'percent'));
    // 0.0000001 × 33.33 % = 0.000000033333 → 0.00000003 each, the last leg takes the rest.
    expect(odd).toEqual({ ok: true, amounts: ['3e-8', '3e-8', '4e-8'].map((v) => new Decimal(v).toFixed()) });
    if (odd.ok) expect(Decimal.sum(...odd.amounts).eq('0.0000001')).toBe(true);
  });

  it('refuses percentages that do not add up to 100 or carry more than 2 decimals, and a leg rounded to nothing', () => {
    expect(splitAllocation('100', 'percent', legs(['50', '49.99'], 'percent'))).toEqual({ ok: false, rule: 'percentSum' });
    expect(splitAllocation('100', 'percent', legs(['50.001', '49.999'], 'percent'))).toEqual({ ok: false, rule: 'leg', index: 0 });
    expect(splitAllocation('0.00000001', 'percent', legs(['50', '50'], 'percent'))).toEqual({ ok: false, rule: 'leg', index: 0 });
  });
});
