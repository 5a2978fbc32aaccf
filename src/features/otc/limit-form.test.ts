import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { expiresAtFor, limitIssues, receiveAtLimit, type LimitDraft } from './limit-form.ts';

const decimals = { BTC: 8, USDT: 6 };
const draft = (over: Partial<LimitDraft> = {}): LimitDraft => ({ from: 'BTC', to: 'USDT', amount: '4', limitPrice: '60000', expiry: '1d', ...over });
const keys = (over: Partial<LimitDraft>, available: Decimal | null = new Decimal('5.25')) =>
  Object.fromEntries(Object.entries(limitIssues(draft(over), decimals, available)).map(([k, v]) => [k, typeof v === 'string' ? v : v?.key]));

describe('the delegated order form', () => {
  it('accepts a well-formed order', () => {
    expect(keys({})).toEqual({});
  });

  it('says what is wrong with the amount: missing, not a number, too many decimals, zero, more than is free', () => {
    expect(keys({ amount: '' })).toEqual({ fromAmount: 'otc:errors.required' });
    expect(keys({ amount: '1,5x' })).toEqual({ fromAmount: 'otc:errors.amountFormat' });
    expect(keys({ amount: '0.123456789' })).toEqual({ fromAmount: 'otc:errors.decimals' });
    expect(keys({ amount: '0' })).toEqual({ fromAmount: 'otc:errors.positive' });
    expect(keys({ amount: '6' })).toEqual({ fromAmount: 'otc:errors.insufficient' });
    expect(keys({ amount: '6' }, null)).toEqual({});
  });

  it('says what is wrong with the limit price, including one at which the order would receive nothing', () => {
    expect(keys({ limitPrice: '' })).toEqual({ limitPrice: 'otc:limit.errors.priceRequired' });
    expect(keys({ limitPrice: '0' })).toEqual({ limitPrice: 'otc:errors.positive' });
    expect(keys({ limitPrice: '0.0000000000000000001' })).toEqual({ limitPrice: 'otc:limit.errors.priceDecimals' });
    expect(keys({ amount: '0.00000001', limitPrice: '0.00001' })).toEqual({ limitPrice: 'otc:limit.errors.tooSmall' });
  });

  it('computes what a fill at the limit receives, rounded down as the desk does', () => {
    expect(receiveAtLimit('4', '60000', 6)).toBe('240000');
    expect(receiveAtLimit('210000', '0.0000123456789', 8)).toBe('2.59259256');
    expect(receiveAtLimit('1', 'x', 8)).toBeNull();
  });

  it('sets the expiry on the desk’s clock', () => {
    const now = Date.UTC(2026, 10, 30, 9);
    expect(expiresAtFor('1h', now)).toBe('2026-11-30T10:00:00.000Z');
    expect(expiresAtFor('30d', now)).toBe('2026-12-30T09:00:00.000Z');
  });
});
