// The trading domain's service to the other domains: the listings, the read-only market view over the simulator's
// books and the book walk that convert, OTC, loans, electricity and the broker's valuation price from, and the
// lightning transfer directions the wallet's records name. The routes are server/trade/plugin.ts, composed by
// server/app.ts.
export { DIRECTIONS } from './routes/lightning.ts';
export { MarketView, pairOf, type Pair } from './markets.ts';
export { walkBook, type Level } from './matching.ts';
