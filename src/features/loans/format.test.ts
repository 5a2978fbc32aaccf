import { describe, expect, it } from 'vitest';
import { amountIssue, amountText, annualRateText, ltvText, priceText, rateText, zoneOf } from './format.ts';

describe('loan page formats', () => {
  it('shows an LTV cut to two decimals of a percent, as the sandbox cuts it', () => {
    expect(ltvText('0.6153')).toBe('61.53');
    expect(ltvText('0.82999')).toBe('82.99');
    expect(ltvText('0')).toBe('0.00');
  });

  it('places an LTV against the margin-call and liquidation levels', () => {
    expect(zoneOf('0.7499', '0.75', '0.83')).toBe('safe');
    expect(zoneOf('0.75', '0.75', '0.83')).toBe('marginCall');
    expect(zoneOf('0.83', '0.75', '0.83')).toBe('liquidation');
  });

  it('formats prices to the cent and hourly rates as a percentage', () => {
    expect(priceText('48192.77')).toBe('48,192.77');
    expect(priceText('65000')).toBe('65,000.00');
    expect(rateText('0.000008')).toBe('0.0008');
  });

  it('shows amounts at the asset precision with separators (USDT 4 decimals, coins 8), cut, never rounded up', () => {
    expect(amountText('564764.333313', 'USDT')).toBe('564,764.3333');
    expect(amountText('0.123456789', 'BTC')).toBe('0.12345678');
  });

  it('shows the annual rate as simple interest: hourly × 24 × 365, exact in decimal.js', () => {
    expect(annualRateText('0.000008')).toBe('7.008');
    expect(annualRateText('0.00001')).toBe('8.76');
    // 0.0000123 × 8760 × 100 = 10.7748 exactly (a float product would print 10.774799999999999)
    expect(annualRateText('0.0000123')).toBe('10.7748');
    expect(annualRateText('0.000000011')).toBe('0.0096');
  });

  it('checks a typed amount: present, a plain number, within the decimals, above zero', () => {
    expect(amountIssue('', 8)).toBe('required');
    expect(amountIssue('1e3', 8)).toBe('number');
    expect(amountIssue('-1', 8)).toBe('number');
    expect(amountIssue('0.123456789', 8)).toBe('decimals');
    expect(amountIssue('0', 8)).toBe('positive');
    expect(amountIssue('0.25', 8)).toBeNull();
  });
});
