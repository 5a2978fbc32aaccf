import type { Pair } from '../market/index.ts';

/** BTC/USDT spot as the trading panels' browser tests show it. */
export const BTCUSDT_SPOT: Pair = {
  symbol: 'BTCUSDT',
  market: 'spot',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  tickSize: '0.01',
  stepSize: '0.001',
  pricePrecision: 2,
  amountPrecision: 3,
  listInstrumentId: 'BTC/USDT',
};
