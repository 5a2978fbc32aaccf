import { describe, expect, it } from 'vitest';
import { assetDecimals, formatAssetAmount, formatFractionPercent, formatPrice, formatValuationPrice } from './trading.ts';

describe('trading display formats (glossary "Numbers, dates, time zones")', () => {
  it('prices at the pair tick size, not 8 raw decimals', () => {
    expect(formatPrice('61234.56789012', '0.10')).toBe('61,234.5');
    expect(formatPrice('3012.3', '0.01')).toBe('3,012.30');
    expect(formatPrice('0.123456789', '0.0001')).toBe('0.1234');
    expect(formatPrice('abc', '0.1')).toBe('--');
  });

  it('amounts at the asset precision', () => {
    expect(assetDecimals('USDT')).toBe(4);
    expect(assetDecimals('BTC')).toBe(8);
    expect(formatAssetAmount('9999.9475123', 'USDT')).toBe('9,999.9475');
    expect(formatAssetAmount('0.0025', 'USDT')).toBe('0.0025');
    expect(formatAssetAmount('-12.3', 'USDT')).toBe('-12.3000');
    expect(formatAssetAmount('0.000012345678', 'BTC')).toBe('0.00001234');
  });

  it('fractions as percentages with two decimals', () => {
    expect(formatFractionPercent('0.0005')).toBe('0.05%');
    expect(formatFractionPercent('-0.1234')).toBe('-12.34%');
    expect(formatFractionPercent('0.1234', { signed: true })).toBe('+12.34%');
    expect(formatFractionPercent('0', { signed: true })).toBe('0.00%');
    expect(formatFractionPercent(null)).toBe('--');
  });
});

describe('numbers the walkthrough found raw (glossary "Numbers": the asset precision, thousands separators)', () => {
  it('a valuation price without a tick: cents from 1 up, four significant digits below', () => {
    expect(formatValuationPrice('48914.94436286123')).toBe('48,914.94');
    expect(formatValuationPrice('64972.1919')).toBe('64,972.19');
    expect(formatValuationPrice('0.99987654')).toBe('0.9998');
    expect(formatValuationPrice('0.0000123456789')).toBe('0.00001234');
    expect(formatValuationPrice('0')).toBe('0.00');
    expect(formatValuationPrice(null)).toBe('--');
  });

  it('an amount of USDT at 4 decimals with separators, not the 6 the provider sends', () => {
    expect(formatAssetAmount('564764.333313', 'USDT')).toBe('564,764.3333');
  });
});
