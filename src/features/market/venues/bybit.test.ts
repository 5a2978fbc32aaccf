import { describe, expect, it } from 'vitest';
import { parseBybitInstruments } from './bybit.ts';

// Shaped as Bybit's v5 docs show GET /v5/market/instruments-info (category spot and linear).
const SPOT_BTC = {
  symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', innovation: '0', status: 'Trading', marginTrading: 'utaOnly', stTag: '0',
  lotSizeFilter: {
    basePrecision: '0.000001', quotePrecision: '0.00000001', minOrderQty: '0.000048', maxOrderQty: '71.73956243',
    minOrderAmt: '1', maxOrderAmt: '2000000', maxLimitOrderQty: '71.73956243', maxMarketOrderQty: '35.86978122',
  },
  priceFilter: { tickSize: '0.01' },
  riskParameters: { priceLimitRatioX: '0.01', priceLimitRatioY: '0.02' },
};
const LINEAR_BTC = {
  symbol: 'BTCUSDT', contractType: 'LinearPerpetual', status: 'Trading', baseCoin: 'BTC', quoteCoin: 'USDT', launchTime: '1585526400000',
  deliveryTime: '0', deliveryFeeRate: '', priceScale: '2',
  leverageFilter: { minLeverage: '1', maxLeverage: '100.00', leverageStep: '0.01' },
  priceFilter: { minPrice: '0.10', maxPrice: '1999999.80', tickSize: '0.10' },
  lotSizeFilter: { maxOrderQty: '1190.000', minOrderQty: '0.001', qtyStep: '0.001', postOnlyMaxOrderQty: '1190.000', maxMktOrderQty: '500.000', minNotionalValue: '5' },
  unifiedMarginTrade: true, fundingInterval: 480, settleCoin: 'USDT', copyTrading: 'both', upperFundingRate: '0.00375', lowerFundingRate: '-0.00375',
};
const reply = (category: string, list: unknown[], nextPageCursor = '') => ({
  retCode: 0, retMsg: 'OK', result: { category, list, nextPageCursor }, retExtInfo: {}, time: 1672712468011,
});

describe('parseBybitInstruments', () => {
  it('gives a spot pair its tick, basePrecision step, minimum size and minimum amount', () => {
    const { pairs, nextCursor } = parseBybitInstruments(reply('spot', [SPOT_BTC]), 'spot');
    expect(nextCursor).toBeNull();
    expect(pairs).toEqual([
      {
        symbol: 'BTCUSDT',
        market: 'spot',
        baseAsset: 'BTC',
        quoteAsset: 'USDT',
        tickSize: '0.01',
        stepSize: '0.000001',
        pricePrecision: 2,
        amountPrecision: 6,
        listInstrumentId: 'BTC/USDT',
        exchangeCode: 'bybit',
        minQty: '0.000048',
        minNotional: '1',
        maxQty: '71.73956243',
        marketMaxQty: '35.86978122',
        maxNotional: '2000000',
      },
    ]);
  });

  it('gives a linear perpetual its qtyStep, minNotionalValue and price bound; precisions drop trailing zeros', () => {
    const [btc] = parseBybitInstruments(reply('linear', [LINEAR_BTC]), 'usdm').pairs;
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      market: 'usdm',
      tickSize: '0.10',
      pricePrecision: 1,
      stepSize: '0.001',
      amountPrecision: 3,
      minQty: '0.001',
      minNotional: '5',
      maxPrice: '1999999.80',
      maxQty: '1190.000',
      marketMaxQty: '500.000',
    });
  });

  it('keeps only trading USDT perpetuals, and hands on the next page cursor', () => {
    const { pairs, nextCursor } = parseBybitInstruments(
      reply('linear', [
        LINEAR_BTC,
        { ...LINEAR_BTC, symbol: 'BTC-27DEC24', contractType: 'LinearFutures' },
        { ...LINEAR_BTC, symbol: 'BTCPERP', quoteCoin: 'USDC', settleCoin: 'USDC' },
        { ...LINEAR_BTC, symbol: 'ETHUSDT', baseCoin: 'ETH', status: 'PreLaunch' },
        { ...LINEAR_BTC, symbol: 'SOLUSDT', baseCoin: 'SOL', status: 'Settling' },
      ], 'first%3DBTCUSDT'),
      'usdm',
    );
    expect(pairs.map((p) => p.symbol)).toEqual(['BTCUSDT']);
    expect(nextCursor).toBe('first%3DBTCUSDT');
  });

  it('skips malformed entries and refuses malformed or failed replies without throwing', () => {
    const bad = [
      null,
      [],
      { ...SPOT_BTC, priceFilter: null },
      { ...SPOT_BTC, priceFilter: { tickSize: '0' } },
      { ...SPOT_BTC, lotSizeFilter: { ...SPOT_BTC.lotSizeFilter, basePrecision: '' } },
      { ...SPOT_BTC, lotSizeFilter: 'x' },
      { ...SPOT_BTC, baseCoin: 7 },
      { ...SPOT_BTC, status: 'Closed' },
    ];
    expect(parseBybitInstruments(reply('spot', [...bad, SPOT_BTC]), 'spot').pairs).toHaveLength(1);
    expect(parseBybitInstruments(reply('linear', [{ ...LINEAR_BTC, lotSizeFilter: { ...LINEAR_BTC.lotSizeFilter, qtyStep: undefined } }]), 'usdm').pairs).toEqual([]);
    for (const body of [null, 'x', {}, { retCode: 0 }, { retCode: 0, result: { list: {} } }, { retCode: 10006, retMsg: 'Too many visits!', result: { list: [SPOT_BTC] } }]) {
      expect(parseBybitInstruments(body, 'spot')).toEqual({ pairs: [], nextCursor: null });
    }
  });
});
