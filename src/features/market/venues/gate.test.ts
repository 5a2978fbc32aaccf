import { describe, expect, it } from 'vitest';
import { parseGatePairs } from './gate.ts';

// Shaped as Gate's v4 docs show GET /api/v4/spot/currency_pairs and GET /api/v4/futures/usdt/contracts.
const PAIR_BTC = {
  id: 'BTC_USDT', base: 'BTC', base_name: 'Bitcoin', quote: 'USDT', quote_name: 'Tether', fee: '0.2', min_base_amount: '0.0001',
  min_quote_amount: '3', max_base_amount: '', max_quote_amount: '5000000', amount_precision: 4, precision: 1, trade_status: 'tradable',
  sell_start: 1516378650, buy_start: 1516378650, type: 'normal',
};
const CONTRACT_BTC = {
  name: 'BTC_USDT', type: 'direct', quanto_multiplier: '0.0001', leverage_min: '1', leverage_max: '100', maintenance_rate: '0.005',
  mark_type: 'index', mark_price: '60000.1', order_price_round: '0.1', mark_price_round: '0.01', order_size_min: 1,
  order_size_max: 1000000, status: 'trading', in_delisting: false, funding_interval: 28800,
};

describe('parseGatePairs', () => {
  it('gives a spot pair the neutral symbol, the tick and step of its decimal counts and its minima', () => {
    const [btc] = parseGatePairs([PAIR_BTC], 'spot');
    expect(btc).toEqual({
      symbol: 'BTCUSDT',
      market: 'spot',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      tickSize: '0.1',
      stepSize: '0.0001',
      pricePrecision: 1,
      amountPrecision: 4,
      listInstrumentId: 'BTC/USDT',
      exchangeCode: 'gate',
      venueSymbol: 'BTC_USDT',
      minQty: '0.0001',
      minNotional: '3',
      maxNotional: '5000000',
    });
  });

  it('speaks base units on a contract: one lot is one contract of quanto_multiplier, and so are the minimum and maximum', () => {
    const [btc] = parseGatePairs([CONTRACT_BTC], 'usdm');
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      market: 'usdm',
      tickSize: '0.1',
      stepSize: '0.0001',
      amountPrecision: 4,
      minQty: '0.0001',
      maxQty: '100',
      venueSymbol: 'BTC_USDT',
      exchangeCode: 'gate',
    });
  });

  it('leaves out what is not trading, delisting, not USDT-settled or not a list', () => {
    expect(parseGatePairs([{ ...PAIR_BTC, trade_status: 'untradable' }, { ...PAIR_BTC, precision: -1 }], 'spot')).toEqual([]);
    expect(parseGatePairs([{ ...CONTRACT_BTC, in_delisting: true }, { ...CONTRACT_BTC, name: 'BTC_USD' }, { ...CONTRACT_BTC, type: 'inverse' }, { ...CONTRACT_BTC, quanto_multiplier: '0' }], 'usdm')).toEqual([]);
    expect(parseGatePairs({ label: 'INVALID_PARAM_VALUE' }, 'spot')).toEqual([]);
  });
});
