// The trading domain's service to the other domains: the read-only market view over the simulator's books and the
// book level that convert, OTC, loans, electricity and the broker's valuation price from. The routes are
// server/trade/plugin.ts, composed by server/app.ts.
export { MarketView } from './markets.ts';
export type { Level } from './matching.ts';
