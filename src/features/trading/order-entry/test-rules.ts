import type { PairRules } from './validate.ts';

/** ETH/USDT spot and BTC/USDT USD-M as the order form's browser tests trade them (tick, step, minimum notional). */
export type TestRules = PairRules & { symbol: string; listInstrumentId: string };

export const ETHUSDT_SPOT_RULES: TestRules = {
  symbol: 'ETHUSDT',
  listInstrumentId: 'ETH/USDT',
  market: 'spot',
  baseAsset: 'ETH',
  quoteAsset: 'USDT',
  tickSize: '0.01',
  stepSize: '0.0001',
  minNotional: '5',
};

export const BTCUSDT_USDM_RULES: TestRules = {
  symbol: 'BTCUSDT',
  listInstrumentId: 'BTC/USDT',
  market: 'usdm',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  tickSize: '0.1',
  stepSize: '0.001',
  minNotional: '100',
};
