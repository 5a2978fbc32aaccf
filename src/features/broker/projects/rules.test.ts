import { describe, expect, it } from 'vitest';
import { checkFlowAmount, checkIncreaseAmount, checkNewInvestor, checkProjectTerms, checkRedeem, dropError, formatNav, formatUnits, fractionPercent, parseDecimal, percentToFraction, unitsPreview, type ProjectTermsForm } from './rules.ts';

const terms: ProjectTermsForm = {
  name: 'Alpha fund',
  description: '',
  exchangeCode: 'okx',
  startDay: '2026-11-26',
  endDay: '2027-11-26',
  interestRate: '5.25',
  performanceFeeRate: '20',
  minSubscription: '1000',
};
const key = (issue: unknown) => (issue as { key: string } | undefined)?.key;

describe('project screens: checks before any call (contract/broker-projects-rules.ts)', () => {
  it('reads a plain decimal with at most the places allowed, nothing else', () => {
    expect(parseDecimal(' 12.5 ', 2)?.toFixed()).toBe('12.5');
    expect(parseDecimal('0.123', 2)).toBeNull();
    for (const bad of ['', '-1', '1e3', '1,000', '01', '.5', 'abc']) expect(parseDecimal(bad, 8)).toBeNull();
  });

  it('turns a typed percentage into the fraction the contract takes, within the maximum', () => {
    expect(percentToFraction('5.25', '0.3')).toBe('0.0525');
    expect(percentToFraction('0', '0.3')).toBe('0');
    expect(percentToFraction('30', '0.3')).toBe('0.3');
    expect(percentToFraction('30.01', '0.3')).toBeNull();
    expect(percentToFraction('5.255', '0.3')).toBeNull();
    expect(fractionPercent('0.0525')).toBe('5.25%');
    expect(fractionPercent('0.3')).toBe('30.00%');
  });

  it('accepts sound terms and names every field that is not', () => {
    expect(checkProjectTerms(terms)).toEqual({});
    const found = checkProjectTerms({ ...terms, name: 'A', description: 'x'.repeat(501), exchangeCode: '', startDay: '2026-13-01', endDay: '2026-11-25', interestRate: '31', performanceFeeRate: '-1', minSubscription: '0.5' });
    expect(Object.fromEntries(Object.entries(found).map(([f, i]) => [f, key(i)]))).toEqual({
      name: 'broker-project:errors.name',
      description: 'broker-project:errors.description',
      exchangeCode: 'broker-project:errors.exchange',
      startDay: 'broker-project:errors.days.date',
      interestRate: 'broker-project:errors.rate',
      performanceFeeRate: 'broker-project:errors.rate',
      minSubscription: 'broker-project:errors.minSubscription',
    });
    expect(key(checkProjectTerms({ ...terms, endDay: terms.startDay }).endDay)).toBe('broker-project:errors.days.beforeStart');
    expect(checkProjectTerms({ ...terms, interestRate: '31' }).interestRate).toEqual({ key: 'broker-project:errors.rate', params: { max: '30', decimals: 2 } });
  });

  it('holds a capital increase to a flow amount and the minimum subscription', () => {
    expect(checkFlowAmount('0')).toEqual({ key: 'broker-project:errors.amount', params: { decimals: 8 } });
    expect(checkFlowAmount('1.123456789')).toBeDefined();
    expect(checkFlowAmount('1000000000.1')).toBeDefined();
    expect(checkFlowAmount('1000000000')).toBeUndefined();
    expect(checkIncreaseAmount('999.99', '1000')).toEqual({ key: 'broker-project:errors.belowMinimum', params: { min: '1000' } });
    expect(checkIncreaseAmount('1000', '1000.000000000000000000')).toBeUndefined();
    expect(checkIncreaseAmount('5', undefined)).toBeUndefined();
  });

  it('shows the units an amount buys at the NAV, rounded down as the sandbox does', () => {
    expect(unitsPreview('1000', '1')).toBe('1000.00000000');
    // 1000 / 1.03 = 970.873786407766…: cut, not rounded.
    expect(unitsPreview('1000', '1.03')).toBe('970.87378640');
    expect(unitsPreview('100', '3')).toBe('33.33333333');
    expect(unitsPreview('abc', '1')).toBeNull();
    expect(unitsPreview('100', undefined)).toBeNull();
  });

  it('holds a capital decrease to units held, or to a flow amount', () => {
    expect(checkRedeem('units', '10', '10')).toBeUndefined();
    expect(checkRedeem('units', '10.00000001', '10')).toEqual({ key: 'broker-project:errors.moreThanHeld', params: { units: '10' } });
    expect(key(checkRedeem('units', '0', '10'))).toBe('broker-project:errors.units');
    expect(key(checkRedeem('units', '1.123456789', '10'))).toBe('broker-project:errors.units');
    expect(checkRedeem('amount', '20000', '10')).toBeUndefined();
    expect(key(checkRedeem('amount', '-5', '10'))).toBe('broker-project:errors.amount');
  });

  it('checks a new investor’s name and e-mail', () => {
    expect(checkNewInvestor('Chan Tai Man', 'chan@example.com')).toEqual({});
    expect(Object.keys(checkNewInvestor('C', 'not-an-email')).sort()).toEqual(['investorEmail', 'investorName']);
  });

  it('formats NAV and units at 8 places, thousands separated, cut not rounded', () => {
    expect(formatNav('1.0345678912')).toBe('1.03456789');
    expect(formatUnits('12345.5')).toBe('12,345.50000000');
  });

  it('drops the error of a changed field only', () => {
    expect(dropError<'a' | 'b'>({ a: 'x', b: 'y' }, 'a')).toEqual({ b: 'y' });
  });
});
