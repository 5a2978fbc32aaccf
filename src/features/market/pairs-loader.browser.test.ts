import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session/index.ts';
import { loadPairs, pairsStore, resetPairs } from './pairs.ts';

// The pair list loader reads the session's venue's own instruments (spec §3 "Trading pair": exchangeCode from the
// session), from the simulator under the app's origin (/sim/<venue host>), in the app's neutral symbols.

const origin = `${window.location.protocol}//${window.location.host}`;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function fakeFetch(routes: Record<string, unknown>) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const path = url.startsWith(origin) ? url.slice(origin.length) : url;
    return path in routes ? json(routes[path]) : new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetcher, asked };
}

const OKX_SPOT = { instType: 'SPOT', instId: 'BTC-USDT', baseCcy: 'BTC', quoteCcy: 'USDT', tickSz: '0.1', lotSz: '0.00000001', minSz: '0.00001', state: 'live' };
const OKX_SWAP = { instType: 'SWAP', instId: 'ETH-USDT-SWAP', baseCcy: '', quoteCcy: '', instFamily: 'ETH-USDT', uly: 'ETH-USDT', settleCcy: 'USDT', ctType: 'linear', ctVal: '0.1', ctValCcy: 'ETH', tickSz: '0.01', lotSz: '0.01', minSz: '0.01', state: 'live' };
const bybit = (category: string, list: unknown[], nextPageCursor = '') => ({ retCode: 0, retMsg: 'OK', result: { category, list, nextPageCursor }, retExtInfo: {}, time: 1 });
const BYBIT = (symbol: string, base: string, extra: Record<string, unknown> = {}) => ({
  symbol, baseCoin: base, quoteCoin: 'USDT', status: 'Trading', priceFilter: { tickSize: '0.01' }, lotSizeFilter: { basePrecision: '0.0001', qtyStep: '0.001', minOrderQty: '0.001' }, ...extra,
});

const before = session.getState().exchangeCode;
afterEach(() => {
  resetPairs();
  session.setState({ exchangeCode: before });
});

describe('loadPairs', () => {
  it("reads OKX's SPOT and SWAP instruments for an OKX session", async () => {
    session.setState({ exchangeCode: 'okx' });
    const { fetcher, asked } = fakeFetch({
      '/sim/www.okx.com/api/v5/public/instruments?instType=SPOT': { code: '0', msg: '', data: [OKX_SPOT] },
      '/sim/www.okx.com/api/v5/public/instruments?instType=SWAP': { code: '0', msg: '', data: [OKX_SWAP] },
    });
    await loadPairs(fetcher);
    const s = pairsStore.getState();
    expect(asked).toHaveLength(2);
    expect(s).toMatchObject({ status: 'ready', venue: 'okx' });
    expect(s.spot.map((p) => [p.symbol, p.exchangeCode, p.tickSize])).toEqual([['BTCUSDT', 'okx', '0.1']]);
    // 0.01 contract × 0.1 ETH
    expect(s.usdm.map((p) => [p.symbol, p.stepSize, p.minQty])).toEqual([['ETHUSDT', '0.001', '0.001']]);
  });

  it("reads Bybit's spot and linear instruments-info, following the linear cursor", async () => {
    session.setState({ exchangeCode: 'bybit' });
    const { fetcher, asked } = fakeFetch({
      '/sim/api.bybit.com/v5/market/instruments-info?category=spot&limit=1000': bybit('spot', [BYBIT('BTCUSDT', 'BTC')]),
      '/sim/api.bybit.com/v5/market/instruments-info?category=linear&limit=1000': bybit('linear', [BYBIT('BTCUSDT', 'BTC', { settleCoin: 'USDT', contractType: 'LinearPerpetual' })], 'page2'),
      '/sim/api.bybit.com/v5/market/instruments-info?category=linear&limit=1000&cursor=page2': bybit('linear', [BYBIT('ETHUSDT', 'ETH', { settleCoin: 'USDT', contractType: 'LinearPerpetual' })]),
    });
    await loadPairs(fetcher);
    const s = pairsStore.getState();
    expect(asked).toHaveLength(3);
    expect(s).toMatchObject({ status: 'ready', venue: 'bybit' });
    expect(s.spot.map((p) => [p.symbol, p.stepSize])).toEqual([['BTCUSDT', '0.0001']]);
    expect(s.usdm.map((p) => [p.symbol, p.stepSize, p.exchangeCode])).toEqual([['BTCUSDT', '0.001', 'bybit'], ['ETHUSDT', '0.001', 'bybit']]);
  });

  it("reads Gate's currency pairs and USDT contracts for a Gate session, from the simulator's Gate host", async () => {
    session.setState({ exchangeCode: 'gate' });
    const pair = { id: 'BTC_USDT', base: 'BTC', quote: 'USDT', min_base_amount: '0.0001', min_quote_amount: '3', amount_precision: 4, precision: 1, trade_status: 'tradable' };
    const contract = { name: 'ETH_USDT', type: 'direct', quanto_multiplier: '0.01', order_price_round: '0.01', order_size_min: 1, order_size_max: 1000000, status: 'trading', in_delisting: false };
    const { fetcher, asked } = fakeFetch({ '/sim/api.gateio.ws/api/v4/spot/currency_pairs': [pair], '/sim/api.gateio.ws/api/v4/futures/usdt/contracts': [contract] });
    await loadPairs(fetcher);
    const s = pairsStore.getState();
    expect(asked.map((u) => u.slice(origin.length))).toEqual(['/sim/api.gateio.ws/api/v4/spot/currency_pairs', '/sim/api.gateio.ws/api/v4/futures/usdt/contracts']);
    expect(s).toMatchObject({ status: 'ready', venue: 'gate' });
    expect(s.spot.map((p) => [p.symbol, p.exchangeCode, p.tickSize, p.stepSize])).toEqual([['BTCUSDT', 'gate', '0.1', '0.0001']]);
    // one contract of 0.01 ETH
    expect(s.usdm.map((p) => [p.symbol, p.stepSize, p.minQty, p.venueSymbol])).toEqual([['ETHUSDT', '0.01', '0.01', 'ETH_USDT']]);
  });

  it("reads Bitget's spot symbols and USDT-FUTURES contracts for a Bitget session, from the simulator's Bitget host", async () => {
    session.setState({ exchangeCode: 'bitget' });
    const bitget = (data: unknown[]) => ({ code: '00000', msg: 'success', requestTime: 1, data });
    const symbol = { symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', minTradeAmount: '0', pricePrecision: '2', quantityPrecision: '6', minTradeUSDT: '1', status: 'online' };
    const contract = { symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', minTradeNum: '0.01', pricePlace: '2', priceEndStep: '1', volumePlace: '2', sizeMultiplier: '0.01', symbolType: 'perpetual', minTradeUSDT: '5', symbolStatus: 'normal' };
    const spotUrl = '/sim/api.bitget.com/api/v2/spot/public/symbols';
    const futuresUrl = '/sim/api.bitget.com/api/v2/mix/market/contracts?productType=USDT-FUTURES';
    const { fetcher, asked } = fakeFetch({ [spotUrl]: bitget([symbol]), [futuresUrl]: bitget([contract]) });
    await loadPairs(fetcher);
    const s = pairsStore.getState();
    expect(asked.map((u) => u.slice(origin.length))).toEqual([spotUrl, futuresUrl]);
    expect(s).toMatchObject({ status: 'ready', venue: 'bitget' });
    expect(s.spot.map((p) => [p.symbol, p.exchangeCode, p.tickSize, p.stepSize, p.minNotional])).toEqual([['BTCUSDT', 'bitget', '0.01', '0.000001', '1']]);
    expect(s.usdm.map((p) => [p.symbol, p.tickSize, p.stepSize, p.minQty])).toEqual([['ETHUSDT', '0.01', '0.01', '0.01']]);
  });

  it("reads Binance's exchangeInfo for Binance, and for an exchange without a market here", async () => {
    const info = { symbols: [{ symbol: 'BTCUSDT', status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT', filters: [{ filterType: 'PRICE_FILTER', tickSize: '0.01' }, { filterType: 'LOT_SIZE', stepSize: '0.001' }] }] };
    for (const code of ['binance', 'kucoin'] as const) {
      session.setState({ exchangeCode: code });
      const { fetcher, asked } = fakeFetch({ '/sim/api.binance.com/api/v3/exchangeInfo': info, '/sim/fapi.binance.com/fapi/v1/exchangeInfo': info });
      await loadPairs(fetcher);
      expect(asked.map((u) => u.slice(origin.length))).toEqual(['/sim/api.binance.com/api/v3/exchangeInfo', '/sim/fapi.binance.com/fapi/v1/exchangeInfo']);
      expect(pairsStore.getState()).toMatchObject({ status: 'ready', venue: 'binance' });
      expect(pairsStore.getState().spot[0]?.exchangeCode).toBe('binance');
      resetPairs();
    }
  });

  it('a failed venue reply leaves the list in error, to be retried', async () => {
    session.setState({ exchangeCode: 'okx' });
    await loadPairs(fakeFetch({}).fetcher);
    expect(pairsStore.getState().status).toBe('error');
  });
});
