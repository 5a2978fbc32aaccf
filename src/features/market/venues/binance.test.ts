import { describe, expect, it } from 'vitest';
import { parseExchangeInfo } from './binance.ts';

// Shaped as Binance's GET /api/v3/exchangeInfo and /fapi/v1/exchangeInfo.
const SPOT_BTC = {
  symbol: 'BTCUSDT', status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT',
  filters: [
    { filterType: 'PRICE_FILTER', minPrice: '0.01000000', maxPrice: '1000000.00000000', tickSize: '0.01000000' },
    { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
    { filterType: 'ICEBERG_PARTS', limit: 10 },
    { filterType: 'MARKET_LOT_SIZE', minQty: '0.00000000', maxQty: '110.0', stepSize: '0.00000000' },
    { filterType: 'NOTIONAL', minNotional: '5.00000000', applyMinToMarket: true, maxNotional: '9000000.00000000' },
  ],
};

describe('parseExchangeInfo', () => {
  it('keeps Binance\'s strings, finds the filters by type and names the venue', () => {
    expect(parseExchangeInfo({ symbols: [SPOT_BTC] }, 'spot')).toEqual([
      {
        symbol: 'BTCUSDT', market: 'spot', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.01000000', stepSize: '0.00001000',
        pricePrecision: 2, amountPrecision: 5, listInstrumentId: 'BTC/USDT', exchangeCode: 'binance',
        minQty: '0.00001000', minNotional: '5.00000000', maxPrice: '1000000.00000000', maxQty: '9000.00000000', marketMaxQty: '110.0', maxNotional: '9000000.00000000',
      },
    ]);
  });

  it('skips what is not trading or is malformed', () => {
    const body = { symbols: [null, { ...SPOT_BTC, status: 'BREAK' }, { ...SPOT_BTC, filters: 'x' }, { ...SPOT_BTC, baseAsset: 1 }, SPOT_BTC] };
    expect(parseExchangeInfo(body, 'spot')).toHaveLength(1);
    expect(parseExchangeInfo({ symbols: {} }, 'spot')).toEqual([]);
    expect(parseExchangeInfo(null, 'spot')).toEqual([]);
  });
});
