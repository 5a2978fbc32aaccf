import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSFER, TRANSFER_ROUTES, chooseFrom, chooseTo, transferAssets, transferCode } from './transfer-codes.ts';
import { leveragePresets } from './leverage-store.ts';

describe('transfer direction codes (spec §4)', () => {
  it.each([
    ['capital', 'trade', 'FUNDING_MAIN'],
    ['capital', 'swap', 'FUNDING_UMFUTURE'],
    ['trade', 'capital', 'MAIN_FUNDING'],
    ['trade', 'swap', 'MAIN_UMFUTURE'],
    ['swap', 'capital', 'UMFUTURE_FUNDING'],
    ['swap', 'trade', 'UMFUTURE_MAIN'],
    ['swap', 'swap', null],
  ] as const)('%s → %s is %s', (from, to, code) => {
    expect(transferCode(from, to)).toBe(code);
  });

  it('defaults to capital → trade, and choosing the other side swaps', () => {
    expect(transferCode(DEFAULT_TRANSFER.from, DEFAULT_TRANSFER.to)).toBe('FUNDING_MAIN');
    expect(chooseFrom(DEFAULT_TRANSFER, 'trade')).toEqual({ from: 'trade', to: 'capital' });
    expect(chooseTo(DEFAULT_TRANSFER, 'swap')).toEqual({ from: 'capital', to: 'swap' });
    expect(chooseTo(DEFAULT_TRANSFER, 'capital')).toEqual({ from: 'trade', to: 'capital' });
  });

  it('lists the six routes in the spec order', () => {
    expect(TRANSFER_ROUTES.map((r) => r.code)).toEqual(['FUNDING_MAIN', 'FUNDING_UMFUTURE', 'MAIN_FUNDING', 'MAIN_UMFUTURE', 'UMFUTURE_FUNDING', 'UMFUTURE_MAIN']);
  });
});

describe('transfer assets', () => {
  it("lists what the source holds with the opened asset, and only USDT to or from the USD-M account", () => {
    expect(transferAssets({ from: 'capital', to: 'trade' }, ['ETH', 'BTC'], 'USDT')).toEqual(['BTC', 'ETH', 'USDT']);
    expect(transferAssets({ from: 'trade', to: 'capital' }, ['BTC', 'BTC'], 'BTC')).toEqual(['BTC']);
    expect(transferAssets({ from: 'capital', to: 'swap' }, ['ETH', 'BTC'], 'ETH')).toEqual(['USDT']);
    expect(transferAssets({ from: 'swap', to: 'trade' }, [], 'USDT')).toEqual(['USDT']);
  });
});

describe('leverage presets', () => {
  it('are capped at the maximum and end on it', () => {
    expect(leveragePresets(125)).toEqual([1, 2, 3, 5, 10, 20, 50, 75, 100, 125]);
    expect(leveragePresets(100)).toEqual([1, 2, 3, 5, 10, 20, 50, 75, 100]);
    expect(leveragePresets(25)).toEqual([1, 2, 3, 5, 10, 20, 25]);
    expect(leveragePresets(1)).toEqual([1]);
  });
});
