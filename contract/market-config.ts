import Type from 'typebox';
import { publicPost } from './call.ts';
import { StringEnum } from './schema.ts';

/**
 * spec §7 `/market/configure/list, labelList` and §6 "market configuration" (a public call): what the market page
 * shows. `list` gives its sections (the tabs, in order); `labelList` the labels a row can carry, with the base assets
 * each applies to. Both are codes: the page's words for them are in locales (market.json `tabs`, `labelNames`).
 */
export const MARKET_SECTIONS = ['spot', 'usdm', 'favourites'] as const;
export type MarketSection = (typeof MARKET_SECTIONS)[number];
export const MARKET_LABELS = ['hot', 'new', 'layer1', 'meme', 'exchange'] as const;
export type MarketLabel = (typeof MARKET_LABELS)[number];

export const marketConfigCalls = {
  '/market/configure/list': publicPost(
    undefined,
    Type.Array(Type.Object({ section: StringEnum(MARKET_SECTIONS), sort: Type.Integer({ minimum: 1 }), visible: Type.Boolean() })),
  ),
  '/market/configure/labelList': publicPost(
    undefined,
    Type.Array(Type.Object({ label: StringEnum(MARKET_LABELS), sort: Type.Integer({ minimum: 1 }), assets: Type.Array(Type.String()) })),
  ),
};

export type MarketConfigCalls = typeof marketConfigCalls;
