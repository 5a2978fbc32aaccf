import { describe, expect, it } from 'vitest';
import { filterOptions, firstEnabledIndex, lastEnabledIndex, nextEnabledIndex } from './filter-options.ts';

const options = [
  { value: 'btc', label: 'BTC', description: 'Bitcoin' },
  { value: 'eth', label: 'ETH', description: 'Ethereum', disabled: true },
  { value: 'usdt', label: 'USDT', description: 'Tether USD' },
  { value: 'usd', label: 'USD' },
];

describe('filterOptions', () => {
  it('matches label or description, case-insensitively, ignoring blanks', () => {
    expect(filterOptions(options, ' usd ').map((o) => o.value)).toEqual(['usdt', 'usd']);
    expect(filterOptions(options, 'tether').map((o) => o.value)).toEqual(['usdt']);
    expect(filterOptions(options, 'COIN').map((o) => o.value)).toEqual(['btc']);
  });

  it('returns everything for an empty query and nothing for no match', () => {
    expect(filterOptions(options, '')).toHaveLength(4);
    expect(filterOptions(options, 'xrp')).toEqual([]);
  });
});

describe('enabled-option navigation', () => {
  it('skips disabled options in both directions and wraps', () => {
    expect(nextEnabledIndex(options, 0, 1)).toBe(2);
    expect(nextEnabledIndex(options, 2, -1)).toBe(0);
    expect(nextEnabledIndex(options, 3, 1)).toBe(0);
    expect(nextEnabledIndex(options, 0, -1)).toBe(3);
  });

  it('finds first and last enabled, and -1 when none is enabled', () => {
    const leadingDisabled = [{ disabled: true }, {}, { disabled: true }];
    expect(firstEnabledIndex(leadingDisabled)).toBe(1);
    expect(lastEnabledIndex(leadingDisabled)).toBe(1);
    expect(firstEnabledIndex([{ disabled: true }])).toBe(-1);
    expect(firstEnabledIndex([])).toBe(-1);
  });
});
