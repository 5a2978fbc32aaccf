import { describe, expect, it } from 'vitest';
import type { SupportedAsset } from './api.ts';
import { offered } from './area-coins.ts';

const net = (network: string) => ({ network, label: network, confirmations: 1, decimals: 8, withdrawFee: '0.1', withdrawMin: '1' }) as unknown as SupportedAsset['networks'][number];
const supported = [
  { asset: 'BTC', networks: [net('BTC')] },
  { asset: 'USDT', networks: [net('ETH'), net('TRX')] },
  { asset: 'DOGE', networks: [net('DOGE')] },
] as SupportedAsset[];

// The otcinfo deposit and withdrawal pages offer the desk's coins on the desk's networks (/institution/block/listAsset);
// the wallet's own pages every supported coin.
describe('offered', () => {
  it('is every supported coin without an area list', () => {
    expect(offered(supported, null)).toBe(supported);
  });

  it('keeps the area coins on the area networks, in the wallet order, and drops a coin left with no network', () => {
    const area = [
      { asset: 'USDT', networks: ['TRX'] },
      { asset: 'BTC', networks: ['BTC'] },
      { asset: 'SOL', networks: ['SOL'] },
      { asset: 'DOGE', networks: [] },
    ];
    expect(offered(supported, area).map((a) => [a.asset, a.networks.map((n) => n.network)])).toEqual([
      ['BTC', ['BTC']],
      ['USDT', ['TRX']],
    ]);
  });
});
