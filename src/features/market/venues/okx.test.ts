import { describe, expect, it } from 'vitest';
import { parseOkxInstruments } from './okx.ts';

// Shaped as OKX's v5 docs show GET /api/v5/public/instruments (every field a string, "" for not applicable).
const SPOT_BTC = {
  alias: '', baseCcy: 'BTC', category: '1', ctMult: '', ctType: '', ctVal: '', ctValCcy: '', expTime: '', instFamily: '',
  instId: 'BTC-USDT', instType: 'SPOT', lever: '10', listTime: '1606468572000', lotSz: '0.00000001',
  maxIcebergSz: '9999999999.0000000000000000', maxLmtAmt: '1000000', maxLmtSz: '9999999999', maxMktAmt: '1000000',
  maxMktSz: '1000000', maxStopSz: '1000000', maxTriggerSz: '9999999999.0000000000000000', maxTwapSz: '9999999999.0000000000000000',
  minSz: '0.00001', optType: '', quoteCcy: 'USDT', settleCcy: '', state: 'live', stk: '', tickSz: '0.1', uly: '',
};
const SWAP_BTC = {
  alias: '', baseCcy: '', category: '1', ctMult: '1', ctType: 'linear', ctVal: '0.01', ctValCcy: 'BTC', expTime: '',
  instFamily: 'BTC-USDT', instId: 'BTC-USDT-SWAP', instType: 'SWAP', lever: '100', listTime: '1573557408000', lotSz: '0.01',
  maxIcebergSz: '100000000.0000000000000000', maxLmtAmt: '20000000', maxLmtSz: '100000000', maxMktAmt: '', maxMktSz: '12000',
  maxStopSz: '12000', maxTriggerSz: '100000000.0000000000000000', maxTwapSz: '100000000.0000000000000000', minSz: '0.01',
  optType: '', quoteCcy: '', settleCcy: 'USDT', state: 'live', stk: '', tickSz: '0.1', uly: 'BTC-USDT',
};
const reply = (data: unknown[]) => ({ code: '0', msg: '', data });

describe('parseOkxInstruments', () => {
  it('gives a spot pair the neutral symbol, OKX precisions and the minimum size', () => {
    const [btc] = parseOkxInstruments(reply([SPOT_BTC]), 'spot');
    expect(btc).toEqual({
      symbol: 'BTCUSDT',
      market: 'spot',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      tickSize: '0.1',
      stepSize: '0.00000001',
      pricePrecision: 1,
      amountPrecision: 8,
      listInstrumentId: 'BTC/USDT',
      exchangeCode: 'okx',
      venueSymbol: 'BTC-USDT',
      minQty: '0.00001',
      maxQty: '9999999999',
      marketMaxQty: '1000000',
    });
  });

  it('speaks base units on a swap: one lot is lotSz × ctVal, and so are the minimum and maxima', () => {
    const [btc] = parseOkxInstruments(reply([SWAP_BTC]), 'usdm');
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      market: 'usdm',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      tickSize: '0.1',
      stepSize: '0.0001', // 0.01 contract × 0.01 BTC
      amountPrecision: 4,
      pricePrecision: 1,
      minQty: '0.0001',
      maxQty: '1000000', // 100000000 contracts × 0.01
      marketMaxQty: '120',
      venueSymbol: 'BTC-USDT-SWAP',
      exchangeCode: 'okx',
    });
  });

  it('takes a swap of one whole contract lot (older listings: lotSz 1, ctVal 0.01) as 0.01 base', () => {
    const [btc] = parseOkxInstruments(reply([{ ...SWAP_BTC, lotSz: '1', minSz: '1' }]), 'usdm');
    expect(btc).toMatchObject({ stepSize: '0.01', minQty: '0.01', amountPrecision: 2 });
  });

  it('finds a swap\'s assets from its family when baseCcy/quoteCcy are empty, or from ctValCcy and settleCcy', () => {
    const [a] = parseOkxInstruments(reply([{ ...SWAP_BTC, instFamily: '', uly: 'ETH-USDT', ctValCcy: 'ETH' }]), 'usdm');
    expect(a).toMatchObject({ symbol: 'ETHUSDT', baseAsset: 'ETH' });
    const [b] = parseOkxInstruments(reply([{ ...SWAP_BTC, instFamily: '', uly: '', ctValCcy: 'SOL' }]), 'usdm');
    expect(b).toMatchObject({ symbol: 'SOLUSDT', baseAsset: 'SOL', quoteAsset: 'USDT' });
  });

  it('keeps only live USDT-settled linear swaps in usdm, and only SPOT entries in spot', () => {
    const pairs = parseOkxInstruments(
      reply([
        SWAP_BTC,
        { ...SWAP_BTC, instId: 'BTC-USD-SWAP', ctType: 'inverse', ctVal: '100', ctValCcy: 'USD', settleCcy: 'BTC', instFamily: 'BTC-USD', uly: 'BTC-USD' },
        { ...SWAP_BTC, instId: 'BTC-USDC-SWAP', settleCcy: 'USDC', instFamily: 'BTC-USDC', uly: 'BTC-USDC' },
        { ...SWAP_BTC, instId: 'ETH-USDT-SWAP', state: 'suspend', instFamily: 'ETH-USDT', uly: 'ETH-USDT', ctValCcy: 'ETH' },
        { ...SWAP_BTC, instId: 'X-USDT-SWAP', state: 'preopen' },
      ]),
      'usdm',
    );
    expect(pairs.map((p) => p.venueSymbol)).toEqual(['BTC-USDT-SWAP']);
    expect(parseOkxInstruments(reply([SWAP_BTC, SPOT_BTC]), 'spot').map((p) => p.venueSymbol)).toEqual(['BTC-USDT']);
  });

  it('skips malformed entries and refuses malformed or failed replies without throwing', () => {
    const bad = [
      null,
      7,
      'BTC-USDT',
      { ...SPOT_BTC, tickSz: '' },
      { ...SPOT_BTC, tickSz: '0' },
      { ...SPOT_BTC, tickSz: '-0.1' },
      { ...SPOT_BTC, lotSz: 'abc' },
      { ...SPOT_BTC, lotSz: 0.001 }, // a number, not OKX's string
      { ...SPOT_BTC, baseCcy: '' },
      { ...SPOT_BTC, quoteCcy: 'US DT' },
      { ...SPOT_BTC, state: undefined },
    ];
    expect(parseOkxInstruments(reply([...bad, SPOT_BTC]), 'spot')).toHaveLength(1);
    expect(parseOkxInstruments(reply([{ ...SWAP_BTC, ctVal: '' }, { ...SWAP_BTC, ctValCcy: 'USD' }]), 'usdm')).toEqual([]);
    for (const body of [null, undefined, 'x', [], {}, { code: '0' }, { code: '0', data: {} }, { code: '50011', msg: 'Too Many Requests', data: [SPOT_BTC] }]) {
      expect(parseOkxInstruments(body, 'spot')).toEqual([]);
    }
  });
});
