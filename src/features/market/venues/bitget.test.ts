import { describe, expect, it } from 'vitest';
import { parseBitgetPairs } from './bitget.ts';

// Shaped as Bitget's v2 docs show GET /api/v2/spot/public/symbols and GET /api/v2/mix/market/contracts?productType=USDT-FUTURES.
const reply = (data: unknown) => ({ code: '00000', msg: 'success', requestTime: 1695808949356, data });
const SYMBOL_BTC = {
  symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', minTradeAmount: '0.0001', maxTradeAmount: '10000', takerFeeRate: '0.001',
  makerFeeRate: '0.001', pricePrecision: '2', quantityPrecision: '6', quotePrecision: '8', status: 'online', minTradeUSDT: '1',
  buyLimitPriceRatio: '0.05', sellLimitPriceRatio: '0.05', areaSymbol: 'no', orderQuantity: '200', openTime: '1532454360000',
};
const CONTRACT_BTC = {
  symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', buyLimitPriceRatio: '0.01', sellLimitPriceRatio: '0.01', makerFeeRate: '0.0002',
  takerFeeRate: '0.0006', supportMarginCoins: ['USDT'], minTradeNum: '0.001', priceEndStep: '5', volumePlace: '3', pricePlace: '1',
  sizeMultiplier: '0.001', symbolType: 'perpetual', minTradeUSDT: '5', maxSymbolOrderNum: '200', symbolStatus: 'normal', offTime: '-1',
  limitOpenTime: '-1', deliveryTime: '', launchTime: '', fundInterval: '8', minLever: '1', maxLever: '125', posLimit: '0.05',
};

describe('parseBitgetPairs', () => {
  it('gives a spot symbol the tick and step of its decimal counts and its minima', () => {
    const [btc] = parseBitgetPairs(reply([SYMBOL_BTC]), 'spot');
    expect(btc).toEqual({
      symbol: 'BTCUSDT', market: 'spot', baseAsset: 'BTC', quoteAsset: 'USDT', listInstrumentId: 'BTC/USDT', exchangeCode: 'bitget',
      tickSize: '0.01', stepSize: '0.000001', pricePrecision: 2, amountPrecision: 6, minQty: '0.0001', maxQty: '10000', minNotional: '1',
    });
  });

  it("reads a contract's tick as priceEndStep at pricePlace, and its sizes in the base coin", () => {
    const [btc] = parseBitgetPairs(reply([CONTRACT_BTC]), 'usdm');
    expect(btc).toMatchObject({ symbol: 'BTCUSDT', market: 'usdm', tickSize: '0.5', stepSize: '0.001', amountPrecision: 3, minQty: '0.001', minNotional: '5', exchangeCode: 'bitget' });
    // without sizeMultiplier the step is the volumePlace's
    const [bare] = parseBitgetPairs(reply([{ ...CONTRACT_BTC, sizeMultiplier: '', priceEndStep: '1' }]), 'usdm');
    expect(bare).toMatchObject({ tickSize: '0.1', stepSize: '0.001' });
  });

  it('leaves out what is not trading, not a USDT perpetual, or not a success envelope', () => {
    expect(parseBitgetPairs(reply([{ ...SYMBOL_BTC, status: 'offline' }, { ...SYMBOL_BTC, pricePrecision: '-1' }]), 'spot')).toEqual([]);
    const contracts = [{ ...CONTRACT_BTC, symbolStatus: 'maintain' }, { ...CONTRACT_BTC, symbolType: 'delivery' }, { ...CONTRACT_BTC, quoteCoin: 'USDC' }, { ...CONTRACT_BTC, supportMarginCoins: ['USDC'] }];
    expect(parseBitgetPairs(reply(contracts), 'usdm')).toEqual([]);
    expect(parseBitgetPairs({ code: '40020', msg: 'Parameter productType error', data: null }, 'usdm')).toEqual([]);
    expect(parseBitgetPairs([SYMBOL_BTC], 'spot')).toEqual([]);
  });
});
