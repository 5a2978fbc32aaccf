import { describe, expect, it } from 'vitest';
import { lookalikes } from './lookalike.ts';

const saved = [
  { name: 'Cold', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  { name: 'Desk', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' },
];

describe('lookalike addresses (address poisoning)', () => {
  it('flags an address that shares only the start and the end of a saved one', () => {
    expect(lookalikes('0x5290aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa9ee7', saved).map((s) => s.name)).toEqual(['Cold']);
    expect(lookalikes('TJRaXXXXXXXXXXXXXXXXXXXXXXXXXXXXRTv8', saved).map((s) => s.name)).toEqual(['Desk']);
  });

  it('does not flag the saved address itself, in any case, or an unrelated one', () => {
    expect(lookalikes('0x52908400098527886e0f7030069857d2e4169ee7', saved)).toEqual([]);
    expect(lookalikes(' 0x52908400098527886E0F7030069857D2E4169EE7 ', saved)).toEqual([]);
    expect(lookalikes('0x1111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa9ee7', saved)).toEqual([]);
    expect(lookalikes('0x52908ee7', saved)).toEqual([]);
  });
});
