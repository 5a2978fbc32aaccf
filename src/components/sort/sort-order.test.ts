import { describe, expect, it } from 'vitest';
import { nextSortOrder, type SortOrder } from './sort-order.ts';

describe('nextSortOrder (spec §4)', () => {
  it('cycles none → desc → asc → none', () => {
    const seen: SortOrder[] = [];
    let order: SortOrder = 'none';
    for (let i = 0; i < 4; i++) {
      order = nextSortOrder(order);
      seen.push(order);
    }
    expect(seen).toEqual(['desc', 'asc', 'none', 'desc']);
  });
});
