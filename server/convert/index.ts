// The convert desk's service to the other domains: its pricing, which OTC quotes, loan liquidations and
// electricity payments use. The routes are server/convert/plugin.ts, composed by server/app.ts.
export { convertAsset, DESK, DeskPricer, fixedSide, NoLiquidity, priceConvert, type Priced, type QuoteRequest } from './pricing.ts';
