import { describe, expect, it } from 'vitest';
import { allSupportAssetList } from './asset-lists.ts';

describe('allSupportAssetList (spec §3 asset lists)', () => {
  it('is the crypto list then the fiat list, each asset code once', () => {
    const crypto = [{ asset: 'BTC' }, { asset: 'USDT' }, { asset: 'ETH' }, { asset: 'BTC' }];
    const fiat = [{ asset: 'USD' }, { asset: 'USDT' }, { asset: 'HKD' }];
    expect(allSupportAssetList(crypto, fiat)).toEqual(['BTC', 'USDT', 'ETH', 'USD', 'HKD']);
  });

  it('is either list alone when the other is empty (not loaded yet)', () => {
    expect(allSupportAssetList([], [{ asset: 'USD' }])).toEqual(['USD']);
    expect(allSupportAssetList([{ asset: 'BTC' }], [])).toEqual(['BTC']);
    expect(allSupportAssetList([], [])).toEqual([]);
  });
});
