import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { expiresAtFor, flippedDraft, limitIssues, limitUnit, readablePrice, receiveAtLimit, wireLimit, type LimitDraft } from './limit-form.ts';

const decimals = { BTC: 8, USDT: 6 };
const draft = (over: Partial<LimitDraft> = {}): LimitDraft => ({ from: 'BTC', to: 'USDT', amount: '4', limitPrice: '60000', expiry: '1d', ...over });
const keys = (over: Partial<LimitDraft>, available: Decimal | null = new Decimal('5.25')) =>
  Object.fromEntries(Object.entries(limitIssues(draft(over), decimals, available)).map(([k, v]) => [k, typeof v === 'string' ? v : v?.key]));

describe('a price read the way traders read it', () => {
  it('shows USDT paid for BTC as USDT per BTC, at eight significant digits with separators', () => {
    expect(readablePrice('0.0000153698257', 'USDT', 'BTC')).toEqual({ base: 'BTC', quote: 'USDT', price: '65,062.547' });
  });

  it('keeps a price already in the trader unit, with separators', () => {
    expect(readablePrice('64972.1919', 'BTC', 'USDT')).toEqual({ base: 'BTC', quote: 'USDT', price: '64,972.192' });
    expect(readablePrice('7.8', 'USDT', 'HKD')).toEqual({ base: 'USDT', quote: 'HKD', price: '7.8' });
  });
});

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

describe('the delegated order’s limit in the trader’s direction', () => {
  const usdtForBtc = (over: Partial<LimitDraft> = {}) => draft({ from: 'USDT', to: 'BTC', amount: '250000', limitPrice: '64000', ...over });
  const available = new Decimal('1000000');

  it('takes the limit as USDT per BTC when paying USDT, and sends it as BTC per USDT', () => {
    expect(limitUnit(usdtForBtc())).toEqual({ base: 'BTC', quote: 'USDT' });
    expect(wireLimit(usdtForBtc())).toBe('0.000015625');
    expect(receiveAtLimit('250000', wireLimit(usdtForBtc())!, 8)).toBe('3.90625');
    expect(wireLimit(draft())).toBe('60000');
  });

  it('flips to BTC per USDT and back with the same price', () => {
    const flipped = flippedDraft(usdtForBtc());
    expect(flipped).toMatchObject({ flipped: true, limitPrice: '0.000015625' });
    expect(limitUnit(flipped)).toEqual({ base: 'USDT', quote: 'BTC' });
    expect(wireLimit(flipped)).toBe('0.000015625');
    expect(flippedDraft(flipped)).toMatchObject({ flipped: false, limitPrice: '64000' });
  });

  it('refuses a limit more than 20 % from the desk’s price, in the unit the person reads', () => {
    const desk = '0.00001538461538'; // about 65,000 USDT per BTC
    expect(limitIssues(usdtForBtc(), decimals, available, desk)).toEqual({});
    expect(limitIssues(usdtForBtc({ limitPrice: '50000' }), decimals, available, desk).limitPrice).toEqual({
      key: 'otc:limit.errors.band',
      params: { band: '20.00', reference: '65,000', lowest: '52,000', highest: '78,000', from: 'BTC', to: 'USDT' },
    });
    // The slip of the defect, 64,000 in BTC per USDT.
    expect(limitIssues(usdtForBtc({ flipped: true }), decimals, available, desk).limitPrice).toMatchObject({
      key: 'otc:limit.errors.band',
      params: { reference: '0.000015384615', from: 'USDT', to: 'BTC' },
    });
    // Without the desk's price the sandbox alone checks the band.
    expect(limitIssues(usdtForBtc({ limitPrice: '50000' }), decimals, available, null)).toEqual({});
  });
});
