import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONVERT_DIGITAL, CONVERT_FIAT, convertKind } from './convert-rules.ts';

describe('convertKind', () => {
  it('puts a pair with a fiat side on the fiat tab and two coins on the coin tab', () => {
    expect(convertKind('BTC', 'USDT')).toBe('coin');
    expect(convertKind('USD', 'BTC')).toBe('fiat');
    expect(convertKind('ETH', 'HKD')).toBe('fiat');
  });

  it('refuses one asset on both sides, two fiat currencies and unknown assets', () => {
    expect(convertKind('BTC', 'BTC')).toBeNull();
    expect(convertKind('USD', 'HKD')).toBeNull();
    expect(convertKind('BTC', 'DOGE')).toBeNull();
  });

  it('has no schema library in it, so the app may import its values', () => {
    const source = readFileSync(fileURLToPath(new URL('./convert-rules.ts', import.meta.url)), 'utf8');
    expect(source).not.toMatch(/^import /m);
    expect([...CONVERT_DIGITAL, ...CONVERT_FIAT]).toHaveLength(6);
  });
});
