import { describe, expect, it } from 'vitest';
import { directionLabelKey } from './liquidation-label.ts';

describe('liquidation labels (spec §4)', () => {
  it.each([
    ['buy', 'take_over', 'directions.buyForceClose'],
    ['sell', 'take_over', 'directions.sellForceClose'],
    ['buy', 'position_reduction', 'directions.buyReducePosition'],
    ['sell', 'position_reduction', 'directions.sellReducePosition'],
    ['buy', null, 'directions.buy'],
    ['sell', undefined, 'directions.sell'],
  ] as const)('%s %s → %s', (direction, type, key) => {
    expect(directionLabelKey(direction, type)).toBe(key);
  });
});
