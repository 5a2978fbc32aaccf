import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MARKET_LABELS, MARKET_SECTIONS } from '../../../contract/market-config.ts';
import { filterByLabel, sectionTabs } from './market-config.ts';
import type { Pair } from './pair.ts';

const pair = (baseAsset: string) => ({ symbol: `${baseAsset}USDT`, baseAsset, quoteAsset: 'USDT' }) as Pair;

describe('market configuration on the market page (spec §7 /market/configure/list, labelList)', () => {
  it('orders the visible sections by their sort, the defaults when none is configured', () => {
    expect(sectionTabs([
      { section: 'favourites', sort: 1, visible: true },
      { section: 'usdm', sort: 3, visible: true },
      { section: 'spot', sort: 2, visible: false },
    ])).toEqual(['favourites', 'usdm']);
    expect(sectionTabs([])).toEqual(['spot', 'usdm', 'favourites']);
  });

  it('a label keeps the pairs of its assets; all, or an unconfigured label, keeps every pair', () => {
    const pairs = [pair('BTC'), pair('DOGE'), pair('ETH')];
    const labels = [{ label: 'meme' as const, sort: 1, assets: ['DOGE'] }];
    expect(filterByLabel(pairs, 'meme', labels).map((p) => p.baseAsset)).toEqual(['DOGE']);
    expect(filterByLabel(pairs, null, labels)).toHaveLength(3);
    expect(filterByLabel(pairs, 'hot', labels)).toHaveLength(3);
  });

  it('names every section and label in both locales', () => {
    for (const lang of ['zh-HK', 'en-US']) {
      const texts = JSON.parse(readFileSync(new URL(`../../../locales/${lang}/market.json`, import.meta.url), 'utf8')) as {
        tabs: Record<string, string>;
        labels: Record<string, string>;
        labelNames: Record<string, string>;
      };
      for (const s of MARKET_SECTIONS) expect(texts.tabs[s], `${lang} tabs.${s}`).toBeTruthy();
      for (const l of ['all', ...MARKET_LABELS]) expect(texts.labelNames?.[l], `${lang} labelNames.${l}`).toBeTruthy();
      expect(texts.labels.labelFilter).toBeTruthy();
    }
  });
});
