import { describe, expect, it } from 'vitest';
import { missingKeys } from '../../../tests/support/locale-namespace.ts';

// The dynamic keys of spec §2's record and wallet screens cover the values they take (tests/unit/locales.test.ts
// checks that both locales have the same keys, every static key a view uses and that every dynamic key's prefix is a
// group).
describe('dynamic keys of the orders views', () => {
  it('cover the values they take', async () => {
    // Every spec §4 order state the contract can send (the tables write spot's hyphens as underscores).
    const { OrderStatus } = await import('../../../contract/trade.ts');
    const status = OrderStatus.enum;
    expect(status).toContain('partial_canceled');
    const expected = [
      ...status.map((s) => `status.${s}`),
      ...['positionOrder', 'currentOrder', 'historyOrder', 'historyDeal', 'assetManager'].map((s) => `tabs.${s}`),
      ...['capital', 'trade', 'swap'].map((s) => `accounts.${s}`),
      ...['long', 'short', 'buyForceClose', 'sellForceClose', 'buyReducePosition', 'sellReducePosition'].map((s) => `directions.${s}`),
      ...['cross', 'isolated'].map((s) => `modes.${s}`),
    ];
    expect(missingKeys('orders', expected)).toEqual([]);
  });
});

describe('dynamic keys of the wallet views', () => {
  it('name every spec §4 fund state the contract can send', async () => {
    const { CoinRecordStatus } = await import('../../../contract/wallet.ts');
    const states = (CoinRecordStatus as unknown as { anyOf: Array<{ const: string }> }).anyOf.map((s) => s.const);
    expect(states).toContain('deposit_pending');
    expect(missingKeys('wallet', [...[...states, 'unconfirmed'].map((s) => `status.${s}`), ...['capital', 'trade', 'swap'].map((k) => `accounts.${k}`)])).toEqual([]);
  });
});
