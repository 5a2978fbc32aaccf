import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingKeys, templateKeys } from '../../tests/support/locale-namespace.ts';
import type { SortOrder } from './sort/sort-order.ts';

// The components' one dynamic key has a text for every value it takes (tests/unit/locales.test.ts checks that both
// locales have the same keys and every key the code writes; ../shared/CONVENTIONS.md "i18n").
const here = fileURLToPath(new URL('.', import.meta.url));
const SORT_ORDERS: SortOrder[] = ['none', 'desc', 'asc'];

describe('components namespace', () => {
  it('names every sort order', () => {
    expect(templateKeys(here, true)).toEqual(['sort.states.${order}']);
    expect(missingKeys('components', SORT_ORDERS.map((order) => `sort.states.${order}`))).toEqual([]);
  });
});
