// The wallet's service to the other domains: the deposit-address call, which the OTC desk answers with for its
// settlement address (spec §7 `block/trade/getAddress`). The routes are server/wallet/plugin.ts, composed by
// server/app.ts.
export { assetHandlers } from './assets.ts';
