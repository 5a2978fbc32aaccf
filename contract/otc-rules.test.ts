import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONVERT_DIGITAL, CONVERT_FIAT } from './convert-rules.ts';
import { OtcOrder } from './otc.ts';
import { OTC_ASSETS, OTC_STATUSES, OTC_TERMS } from './otc-rules.ts';

describe('OTC rules', () => {
  it('has no schema library in it, so the app may import its values', () => {
    const source = readFileSync(fileURLToPath(new URL('./otc-rules.ts', import.meta.url)), 'utf8');
    expect(source).not.toMatch(/^import /m);
    expect(OTC_TERMS.minUsd).toBe('200000');
  });

  it('lists the order states of the contract’s schema, in its order', () => {
    const status = OtcOrder.properties.status as unknown as { anyOf: Array<{ const: string }> };
    expect(status.anyOf.map((s) => s.const)).toEqual([...OTC_STATUSES]);
  });

  it('trades the convert assets', () => {
    expect([...OTC_ASSETS].sort()).toEqual([...CONVERT_DIGITAL, ...CONVERT_FIAT].sort());
  });
});
