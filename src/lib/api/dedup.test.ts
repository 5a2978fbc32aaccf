import { describe, expect, it } from 'vitest';
import { createDeduper } from './dedup.ts';

describe('de-duplication (spec §8, §9: 3 s)', () => {
  it('admits a message once per window, measured from its last showing', () => {
    let now = 0;
    const dedup = createDeduper(() => now);
    expect(dedup.admit('a')).toBe(true);
    now = 2999;
    expect(dedup.admit('a')).toBe(false);
    expect(dedup.admit('b')).toBe(true);
    now = 3000;
    expect(dedup.admit('a')).toBe(true);
    now = 5999;
    expect(dedup.admit('a')).toBe(false);
    dedup.reset();
    expect(dedup.admit('a')).toBe(true);
  });

  it('keeps working after many distinct messages expire', () => {
    let now = 0;
    const dedup = createDeduper(() => now);
    for (let i = 0; i < 200; i++) dedup.admit(`m${i}`);
    now = 10_000;
    expect(dedup.admit('m0')).toBe(true);
    now = 10_001;
    expect(dedup.admit('m0')).toBe(false);
  });
});
