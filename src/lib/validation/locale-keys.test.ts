import { describe, expect, it } from 'vitest';
import { missingKeys } from '../../../tests/support/locale-namespace.ts';
import { VALIDATION_KEYS, VALIDATION_NAMESPACE } from './types.ts';

describe('validation keys', () => {
  it('every key a validator returns has a text in zh-HK and en-US', () => {
    expect(VALIDATION_KEYS.length).toBeGreaterThan(10);
    expect(missingKeys(VALIDATION_NAMESPACE, VALIDATION_KEYS)).toEqual([]);
  });
});
