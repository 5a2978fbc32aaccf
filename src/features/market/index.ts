// Entry of the market feature: its page (a lazily loaded chunk) and what the trading page shares with it.
export { marketPages } from './pages.ts';

export { loadPairs, resetPairs, pairsStore, findPair, parseExchangeInfo, parseOkxInstruments, parseBybitInstruments, parseGatePairs, parseBitgetPairs, type Pair, type PairsState } from './pairs.ts';
export { favourites, startFavouritesSync, useFavouriteSymbols } from './favourites-sync.ts';
export { FAVOURITES_MAX } from './favourites.ts';
export { useFavouriteToggle } from './use-favourite-toggle.ts';
export { changePercent, compact, fixed, fixedGrouped } from './ticker-format.ts';
