import { describe, expect, it } from 'vitest';
import { PLACEHOLDER } from '../../lib/format/index.ts';
import { compact, fixedGrouped } from './ticker-format.ts';

describe('compact', () => {
  it('formats in the asked locale, also after another locale was used (formatters are kept per locale)', () => {
    expect(compact(1234567, 'en-US')).toBe('1.23M');
    expect(compact(1234567, 'de-DE')).toBe('1,23\u00a0Mio.');
    expect(compact(98450, 'en-US')).toBe('98.45K');
  });

  it('shows the placeholder for a missing or non-finite value', () => {
    expect(compact(undefined, 'en-US')).toBe(PLACEHOLDER);
    expect(compact(Number.NaN, 'zh-HK')).toBe(PLACEHOLDER);
  });
});

describe('fixedGrouped', () => {
  it('shows a price at the pair precision with thousands separators (glossary "Numbers")', () => {
    expect(fixedGrouped(64972.1919, 2)).toBe('64,972.19');
    expect(fixedGrouped(1234567.5, 0)).toBe('1,234,568');
    expect(fixedGrouped(0.000123, 6)).toBe('0.000123');
    expect(fixedGrouped(undefined, 2)).toBe(PLACEHOLDER);
  });
});
