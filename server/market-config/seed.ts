import type { MarketLabel, MarketSection } from '../../contract/market-config.ts';

/** The sandbox's market configuration (the provider's operations set it): spot first, then USD-M, then favourites. */
export const MARKET_SECTION_SEED: ReadonlyArray<{ section: MarketSection; sort: number; visible: boolean }> = [
  { section: 'spot', sort: 1, visible: true },
  { section: 'usdm', sort: 2, visible: true },
  { section: 'favourites', sort: 3, visible: true },
];

/** Labels over the simulated venues' base assets (server/sim). */
export const MARKET_LABEL_SEED: ReadonlyArray<{ label: MarketLabel; sort: number; assets: readonly string[] }> = [
  { label: 'hot', sort: 1, assets: ['BTC', 'ETH', 'SOL'] },
  { label: 'layer1', sort: 2, assets: ['BTC', 'ETH', 'SOL', 'ADA'] },
  { label: 'exchange', sort: 3, assets: ['BNB'] },
  { label: 'meme', sort: 4, assets: ['DOGE'] },
  { label: 'new', sort: 5, assets: ['NOPE'] },
];
