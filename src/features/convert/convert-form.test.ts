import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  amountIssue,
  chooseFrom,
  chooseTo,
  fromChoices,
  initialDraft,
  isDisabledPair,
  maxAmount,
  percentText,
  quoteBody,
  quoteMatches,
  shownAmounts,
  swap,
  tabOf,
  toChoices,
  typeAmount,
  type AmountRules,
  type Draft,
} from './convert-form.ts';

const ASSETS = ['BTC', 'ETH', 'SOL', 'USDT', 'USD', 'HKD'];
const rules: AmountRules = {
  decimals: { BTC: 8, USDT: 6, USD: 2 },
  range: { BTC: { min: '0.0001', max: '50' }, USDT: { min: '10', max: '3000000' } },
  available: new Decimal('5.25'),
};
const draft = (over: Partial<Draft> = {}): Draft => ({ from: 'BTC', to: 'USDT', side: 'from', amount: '1', ...over });
const quote = { fromAsset: 'BTC', toAsset: 'USDT', fixed: 'from' as const, fromAmount: '1', toAmount: '94905.123456' };

describe('convert form: tabs and pairs', () => {
  it('reads the tab from ?tab=, the coin tab by default', () => {
    expect(tabOf('fiat')).toBe('fiat');
    expect(tabOf(null)).toBe('coin');
    expect(tabOf('FIAT')).toBe('coin');
  });

  it('offers every convert pair to a form of no tab (the OTC desk): coins and fiat, never two fiat currencies', () => {
    expect(fromChoices(null, ASSETS)).toEqual(ASSETS);
    expect(toChoices(null, 'USD', ASSETS)).toEqual(['BTC', 'ETH', 'SOL', 'USDT']);
    expect(toChoices(null, 'BTC', ASSETS)).toEqual(['ETH', 'SOL', 'USDT', 'USD', 'HKD']);
    expect(initialDraft(null, ASSETS)).toEqual({ from: 'USDT', to: 'BTC', side: 'from', amount: '' });
    expect(chooseFrom(draft({ from: 'BTC', to: 'HKD' }), 'USD', null, ASSETS).to).toBe('BTC');
  });

  it('asks in the namespace given: the OTC desk’s messages come from otc.json', () => {
    expect(amountIssue(draft({ amount: '' }), rules, true, 'otc')?.key).toBe('otc:errors.required');
  });

  it('offers two coins on the coin tab and one fiat side on the fiat tab', () => {
    expect(fromChoices('coin', ASSETS)).toEqual(['BTC', 'ETH', 'SOL', 'USDT']);
    expect(toChoices('coin', 'BTC', ASSETS)).toEqual(['ETH', 'SOL', 'USDT']);
    expect(fromChoices('fiat', ASSETS)).toEqual(ASSETS);
    expect(toChoices('fiat', 'USD', ASSETS)).toEqual(['BTC', 'ETH', 'SOL', 'USDT']);
    expect(toChoices('fiat', 'ETH', ASSETS)).toEqual(['USD', 'HKD']);
    expect(initialDraft('coin', ASSETS)).toEqual({ from: 'BTC', to: 'USDT', side: 'from', amount: '' });
    expect(initialDraft('fiat', ASSETS)).toMatchObject({ from: 'USD', to: 'USDT' });
  });

  it('keeps the pair valid when a side changes: the other side swaps in or is replaced', () => {
    expect(chooseFrom(draft(), 'ETH', 'coin', ASSETS)).toMatchObject({ from: 'ETH', to: 'USDT', amount: '1' });
    expect(chooseFrom(draft(), 'USDT', 'coin', ASSETS)).toMatchObject({ from: 'USDT', to: 'BTC' });
    // Fiat tab: USD → USDT, then pay with BTC: the received side must be fiat now.
    expect(chooseFrom(draft({ from: 'USD', to: 'USDT' }), 'BTC', 'fiat', ASSETS)).toMatchObject({ from: 'BTC', to: 'USD' });
    expect(chooseTo(draft(), 'BTC')).toMatchObject({ from: 'USDT', to: 'BTC' });
    expect(chooseTo(draft(), 'ETH')).toMatchObject({ from: 'BTC', to: 'ETH' });
  });

  it('swaps the assets and moves the typed amount with its asset', () => {
    expect(swap(draft({ amount: '2' }))).toEqual({ from: 'USDT', to: 'BTC', side: 'to', amount: '2' });
    expect(swap(swap(draft()))).toEqual(draft());
  });

  it('typing on a side makes it the typed side (the other is cleared until a quote fills it)', () => {
    const typed = typeAmount(draft(), 'to', '50000');
    expect(typed).toMatchObject({ side: 'to', amount: '50000' });
    expect(shownAmounts(typed, quote)).toEqual({ from: '', to: '50000' });
  });

  it('knows the pairs operations switched off', () => {
    const pairs = [{ fromAsset: 'BTC', toAsset: 'USDT' }];
    expect(isDisabledPair(pairs, 'BTC', 'USDT')).toBe(true);
    expect(isDisabledPair(pairs, 'USDT', 'BTC')).toBe(false);
    expect(isDisabledPair(null, 'BTC', 'USDT')).toBe(false);
  });
});

describe('convert form: the amount', () => {
  const issue = (over: Partial<Draft>, r: AmountRules = rules, required = false) => amountIssue(draft(over), r, required);
  const key = (over: Partial<Draft>, r?: AmountRules, required?: boolean) => issue(over, r, required)?.key ?? null;

  it('says nothing about an empty amount until a quote is asked for', () => {
    expect(key({ amount: '' })).toBeNull();
    expect(key({ amount: ' ' }, rules, true)).toBe('convert:errors.required');
  });

  it("checks the format, the typed asset's decimals and zero", () => {
    expect(key({ amount: '1e3' })).toBe('convert:errors.amountFormat');
    expect(key({ amount: '-1' })).toBe('convert:errors.amountFormat');
    expect(key({ amount: '0.000000001' })).toBe('convert:errors.decimals');
    expect(issue({ side: 'to', amount: '1.0000001' })?.params).toEqual({ decimals: 6, asset: 'USDT' });
    expect(key({ amount: '0' })).toBe('convert:errors.positive');
    expect(key({ amount: '1,000', from: 'USDT', to: 'BTC' }, { ...rules, available: null })).toBeNull();
  });

  it('checks the per-order range and the balance of the paid side when it is the typed one', () => {
    expect(issue({ amount: '0.00001' })).toEqual({ key: 'convert:errors.outOfRange', params: { min: '0.0001', max: '50', asset: 'BTC' } });
    expect(key({ amount: '51' })).toBe('convert:errors.outOfRange');
    expect(issue({ amount: '5.26' })).toEqual({ key: 'convert:errors.insufficient', params: { available: '5.25', asset: 'BTC' } });
    expect(key({ amount: '5.25' })).toBeNull();
    // The public page knows no balance; the received side's cost is the sandbox's to check.
    expect(key({ amount: '5.26' }, { ...rules, available: null })).toBeNull();
    expect(key({ side: 'to', amount: '99999999' })).toBeNull();
  });

  it('asks for a quote by the typed side only, with a plain amount', () => {
    expect(quoteBody(draft({ amount: '1,000.50', from: 'USDT', to: 'BTC' }))).toEqual({ fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '1000.5' });
    expect(quoteBody(draft({ side: 'to', amount: '2' }))).toEqual({ fromAsset: 'BTC', toAsset: 'USDT', toAmount: '2' });
    expect(quoteBody(draft({ amount: '0' }))).toBeNull();
    expect(quoteBody(draft({ amount: 'abc' }))).toBeNull();
  });

  it('shows a quote only for the draft it answers', () => {
    expect(quoteMatches(quote, draft({ amount: '1.000' }))).toBe(true);
    expect(shownAmounts(draft(), quote)).toEqual({ from: '1', to: '94905.123456' });
    expect(quoteMatches(quote, draft({ amount: '2' }))).toBe(false);
    expect(quoteMatches(quote, draft({ to: 'ETH' }))).toBe(false);
    expect(quoteMatches(quote, draft({ side: 'to' }))).toBe(false);
    expect(shownAmounts(draft({ amount: '2' }), quote)).toEqual({ from: '2', to: '' });
    expect(quoteMatches(null, draft())).toBe(false);
  });

  it('"max" is the balance within the per-order maximum, cut (not rounded) to the decimals', () => {
    expect(maxAmount(new Decimal('5.25'), '50', 8)).toBe('5.25');
    expect(maxAmount(new Decimal('75'), '50', 8)).toBe('50');
    expect(maxAmount(new Decimal('12.3456789'), undefined, 6)).toBe('12.345678');
  });

  it('shows the spread as a percentage with two decimals', () => {
    expect(percentText('0.001')).toBe('0.10');
    expect(percentText('0.002')).toBe('0.20');
  });
});
