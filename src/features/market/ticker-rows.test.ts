import { describe, expect, it } from 'vitest';
import type { MiniTicker } from '../../market/index.ts';
import { parseExchangeInfo, type Pair } from './pairs.ts';
import { changePercent, fixed } from './ticker-format.ts';
import { tickerRows, type TickerMaps } from './ticker-rows.ts';

const pair = (symbol: string, market: 'spot' | 'usdm' = 'spot'): Pair => ({
  symbol,
  market,
  baseAsset: symbol.replace(/USDT$/, ''),
  quoteAsset: 'USDT',
  tickSize: '0.01',
  stepSize: '0.001',
  pricePrecision: 2,
  amountPrecision: 3,
  listInstrumentId: `${symbol.replace(/USDT$/, '')}/USDT`,
});
const ticker = (s: string, c: number, o: number, q: number): MiniTicker => ({ s, c, o, h: c, l: o, v: 1, q, E: 0 });

const spot = [pair('BTCUSDT'), pair('ETHUSDT'), pair('SOLUSDT')];
const usdm = [pair('BTCUSDT', 'usdm'), pair('XRPUSDT', 'usdm')];
const tickers: TickerMaps = {
  spot: { BTCUSDT: ticker('BTCUSDT', 100, 110, 5), ETHUSDT: ticker('ETHUSDT', 20, 10, 9) },
  usdm: { BTCUSDT: ticker('BTCUSDT', 100, 100, 50) },
};
const symbols = (rows: Pair[]) => rows.map((p) => `${p.market}:${p.symbol}`);

describe('tickerRows', () => {
  it('finds pairs by the name of the base asset: 比特幣, 比特币, bitcoin, 以太', () => {
    const find = (q: string) => symbols(tickerRows({ spot, usdm }, 'spot', [], q, 'symbol', 'none', null));
    expect(find('比特幣')).toEqual(['spot:BTCUSDT']);
    expect(find(' 比特币 ')).toEqual(['spot:BTCUSDT']);
    expect(find('Bitcoin')).toEqual(['spot:BTCUSDT']);
    expect(find('以太')).toEqual(['spot:ETHUSDT']);
    expect(find('索拉納')).toEqual(['spot:SOLUSDT']);
    // Short Latin text stays a symbol search; a name of an asset with no pair here finds nothing.
    expect(find('xr')).toEqual([]);
    expect(find('狗狗幣')).toEqual([]);
  });

  it('keeps the exchange order unsorted and filters by search text (symbol or base/quote)', () => {
    expect(symbols(tickerRows({ spot, usdm }, 'spot', [], '', 'symbol', 'none', null))).toEqual(['spot:BTCUSDT', 'spot:ETHUSDT', 'spot:SOLUSDT']);
    expect(symbols(tickerRows({ spot, usdm }, 'spot', [], ' eth/usdt ', 'symbol', 'none', null))).toEqual(['spot:ETHUSDT']);
    expect(symbols(tickerRows({ spot, usdm }, 'usdm', [], 'xrp', 'symbol', 'none', null))).toEqual(['usdm:XRPUSDT']);
  });

  it('sorts a live column both ways with missing tickers last', () => {
    const desc = tickerRows({ spot, usdm }, 'spot', [], '', 'change', 'desc', tickers);
    expect(symbols(desc)).toEqual(['spot:ETHUSDT', 'spot:BTCUSDT', 'spot:SOLUSDT']);
    const asc = tickerRows({ spot, usdm }, 'spot', [], '', 'change', 'asc', tickers);
    expect(symbols(asc)).toEqual(['spot:BTCUSDT', 'spot:ETHUSDT', 'spot:SOLUSDT']);
    expect(symbols(tickerRows({ spot, usdm }, 'spot', [], '', 'symbol', 'desc', null))).toEqual(['spot:SOLUSDT', 'spot:ETHUSDT', 'spot:BTCUSDT']);
  });

  it('keeps the exchange order between rows of equal value, both ways, and for rows without a ticker', () => {
    const same: TickerMaps = {
      spot: { BTCUSDT: ticker('BTCUSDT', 11, 10, 1), ETHUSDT: ticker('ETHUSDT', 22, 20, 1), SOLUSDT: ticker('SOLUSDT', 33, 30, 1) },
      usdm: {},
    };
    const four = [...spot, pair('ADAUSDT'), pair('DOGEUSDT')];
    for (const order of ['asc', 'desc'] as const) {
      expect(symbols(tickerRows({ spot: four, usdm }, 'spot', [], '', 'change', order, same))).toEqual(['spot:BTCUSDT', 'spot:ETHUSDT', 'spot:SOLUSDT', 'spot:ADAUSDT', 'spot:DOGEUSDT']);
    }
  });

  it('shows the favourite symbols of both markets on the favourites tab', () => {
    const rows = tickerRows({ spot, usdm }, 'favourites', ['BTCUSDT', 'XRPUSDT'], '', 'quoteVolume', 'desc', tickers);
    expect(symbols(rows)).toEqual(['usdm:BTCUSDT', 'spot:BTCUSDT', 'usdm:XRPUSDT']);
  });
});

describe('ticker format', () => {
  it('computes the 24 h change exactly and signs it', () => {
    expect(changePercent(ticker('A', 0.3, 0.1, 0))).toEqual({ text: '+200.00%', sign: 1 });
    expect(changePercent(ticker('A', 99.995, 100, 0))).toEqual({ text: '-0.01%', sign: -1 });
    expect(changePercent(ticker('A', 1, 0, 0)).sign).toBe(0);
    expect(fixed(0.1 + 0.2, 2)).toBe('0.30');
    expect(fixed(Number.NaN, 2)).toBe('--');
  });
});

describe('parseExchangeInfo', () => {
  it('reads tick and step sizes from the filters and derives precisions (spec §3)', () => {
    const body = {
      symbols: [
        {
          symbol: 'BTCUSDT',
          status: 'TRADING',
          baseAsset: 'BTC',
          quoteAsset: 'USDT',
          filters: [
            { filterType: 'PRICE_FILTER', tickSize: '0.01000000' },
            { filterType: 'LOT_SIZE', stepSize: '0.00001000' },
            { filterType: 'ICEBERG_PARTS', limit: 10 },
          ],
        },
        { symbol: 'OLDUSDT', status: 'BREAK', baseAsset: 'OLD', quoteAsset: 'USDT', filters: [] },
        { symbol: 'NOFILTER', baseAsset: 'X', quoteAsset: 'Y' },
      ],
    };
    const pairs = parseExchangeInfo(body, 'spot');
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ symbol: 'BTCUSDT', pricePrecision: 2, amountPrecision: 5, listInstrumentId: 'BTC/USDT' });
    expect(parseExchangeInfo({ nope: 1 }, 'usdm')).toEqual([]);
  });

  it('keeps the upper bounds of the filters, leaving out the ones listed as 0 (no bound)', () => {
    const body = {
      symbols: [
        {
          symbol: 'ETHUSDT',
          baseAsset: 'ETH',
          quoteAsset: 'USDT',
          filters: [
            { filterType: 'PRICE_FILTER', tickSize: '0.01', maxPrice: '1000000.00' },
            { filterType: 'LOT_SIZE', stepSize: '0.001', maxQty: '9000.000' },
            { filterType: 'MARKET_LOT_SIZE', stepSize: '0.001', maxQty: '0.00000000' },
            { filterType: 'NOTIONAL', minNotional: '5', maxNotional: '9000000' },
          ],
        },
      ],
    };
    const [pair] = parseExchangeInfo(body, 'spot');
    expect(pair).toMatchObject({ maxPrice: '1000000.00', maxQty: '9000.000', maxNotional: '9000000', minNotional: '5' });
    expect(pair?.marketMaxQty).toBeUndefined();
  });
});
