import { describe, expect, it } from 'vitest';
import type { Assets } from './api.ts';
import { usdPrice, valueAssets, visibleRows } from './valuation.ts';

const assets = (capital: Array<[string, string, string]>, trade: Array<[string, string, string]> = []): Assets => ({
  accounts: [
    { accountType: 1, balances: capital.map(([asset, free, locked]) => ({ asset, free, locked })) },
    { accountType: 2, balances: trade.map(([asset, free, locked]) => ({ asset, free, locked })) },
    { accountType: 3, balances: [] },
  ],
});

describe('wallet valuation (spec §3 overview, hiddenAsset)', () => {
  it('values free and locked balances at the USDT price, with decimal arithmetic', () => {
    const v = valueAssets(assets([['BTC', '0.1', '0.2'], ['USDT', '100.1', '0.2']], [['ETH', '1.5', '0']]), { BTCUSDT: 50_000, ETHUSDT: 3_000 });
    expect(v.accounts[0]!.usd.toFixed()).toBe('15100.3');
    expect(v.accounts[1]!.usd.toFixed()).toBe('4500');
    expect(v.usd.toFixed()).toBe('19600.3');
    expect(v.btc!.toFixed()).toBe('0.392006');
    // Largest value first.
    expect(v.accounts[0]!.rows.map((r) => r.asset)).toEqual(['BTC', 'USDT']);
  });

  it('leaves out, and names, what has no price yet; BTC stays unknown until its price arrives', () => {
    const v = valueAssets(assets([['SOL', '2', '0'], ['USDT', '5', '0']]), {});
    expect(v.usd.toFixed()).toBe('5');
    expect(v.btc).toBeNull();
    expect(v.unpriced).toEqual(['SOL']);
  });

  it('hides assets under 10 USD and empty ones only when asked, never an unpriced one', () => {
    const v = valueAssets(assets([['BTC', '0.0001', '0'], ['ETH', '0', '0'], ['USDT', '10', '0'], ['SOL', '1', '0']]), { BTCUSDT: 50_000 });
    const rows = v.accounts[0]!.rows;
    expect(visibleRows(rows, true).map((r) => r.asset).sort()).toEqual(['SOL', 'USDT']);
    expect(visibleRows(rows, false)).toHaveLength(4);
  });

  it('counts cash and stablecoins at their fixed rates', () => {
    expect(usdPrice('USD', {})!.toFixed()).toBe('1');
    expect(usdPrice('HKD', {})!.times(7.8).toFixed()).toBe('1');
    expect(usdPrice('BTC', { BTCUSDT: Number.NaN })).toBeNull();
  });
});
