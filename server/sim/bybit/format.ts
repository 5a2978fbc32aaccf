/**
 * Bybit v5's number and payload formats for the simulator's listings (prices in integer ticks, sizes in integer
 * steps, as everywhere in server/sim). Bybit prints every number as a string with the listing's fixed decimals:
 * prices with `priceScale` decimals (linear BTCUSDT: tick 0.10, scale 2, so "65000.10"), sizes with the decimals of
 * `basePrecision` (spot) or `qtyStep` (linear).
 */
import { formatScaled, type Instrument } from '../instruments.ts';
import type { Kline } from '../klines.ts';
import type { SymbolMarket, Trade } from '../market.ts';
import type { Ticker } from '../stats.ts';
import { fundingRate, indexOffset, nextFundingTime } from '../futures.ts';

/** Bybit's `category` of a simulator market. */
export type Category = 'spot' | 'linear';

export function categoryOf(i: Instrument): Category {
  return i.market === 'spot' ? 'spot' : 'linear';
}

/** Decimals of a printed price: the tick's on spot, at least two on linear (Bybit's priceScale). */
export function priceScale(i: Instrument): number {
  return i.market === 'usdm' ? Math.max(2, i.tickDecimals) : i.tickDecimals;
}

export function px(i: Instrument, ticks: number): string {
  return formatScaled(ticks, i.tickDecimals, priceScale(i));
}

export function qty(i: Instrument, steps: number): string {
  return formatScaled(steps, i.stepDecimals, i.stepDecimals);
}

/** A fractional number of ticks (mark, index) at the listing's scale. */
export function pxFloat(i: Instrument, ticks: number): string {
  return (ticks / 10 ** i.tickDecimals).toFixed(priceScale(i));
}

export function tickSizeText(i: Instrument): string {
  return px(i, 1);
}

export function stepText(i: Instrument): string {
  return qty(i, 1);
}

/** Steps for a notional in quote units at the listing's start price, at least one. */
function stepsFor(i: Instrument, notional: number, round: (x: number) => number): number {
  return Math.max(1, round(notional / i.price / 10 ** -i.stepDecimals));
}

const LEVERAGE: Record<string, string> = { BTC: '100.00', ETH: '100.00' };

/** One row of `/v5/market/instruments-info` (the fields ccxt's bybit parseMarket and Bybit's docs name). */
export function instrumentRow(i: Instrument): Record<string, unknown> {
  const tick = tickSizeText(i);
  if (i.market === 'spot') {
    return {
      symbol: i.venueSymbol ?? i.symbol,
      baseCoin: i.base,
      quoteCoin: i.quote,
      innovation: '0',
      status: 'Trading',
      marginTrading: 'utaOnly',
      stTag: '0',
      lotSizeFilter: {
        basePrecision: stepText(i),
        quotePrecision: '0.00000001',
        minOrderQty: qty(i, stepsFor(i, i.minNotional, Math.ceil)),
        maxOrderQty: qty(i, stepsFor(i, 2_000_000, Math.floor)),
        minOrderAmt: String(i.minNotional),
        maxOrderAmt: '2000000',
      },
      priceFilter: { tickSize: tick },
      riskParameters: { priceLimitRatioX: '0.05', priceLimitRatioY: '0.05' },
    };
  }
  const maxTicks = Math.round((i.price * 20) / 10 ** -i.tickDecimals);
  return {
    symbol: i.venueSymbol ?? i.symbol,
    contractType: 'LinearPerpetual',
    status: 'Trading',
    baseCoin: i.base,
    quoteCoin: i.quote,
    launchTime: '1585526400000',
    deliveryTime: '0',
    deliveryFeeRate: '',
    priceScale: String(priceScale(i)),
    leverageFilter: { minLeverage: '1', maxLeverage: LEVERAGE[i.base] ?? '50.00', leverageStep: '0.01' },
    priceFilter: { minPrice: tick, maxPrice: px(i, maxTicks), tickSize: tick },
    lotSizeFilter: {
      maxOrderQty: qty(i, stepsFor(i, 10_000_000, Math.floor)),
      maxMktOrderQty: qty(i, stepsFor(i, 2_000_000, Math.floor)),
      minOrderQty: stepText(i),
      qtyStep: stepText(i),
      postOnlyMaxOrderQty: qty(i, stepsFor(i, 10_000_000, Math.floor)),
      minNotionalValue: String(i.minNotional),
    },
    unifiedMarginTrade: true,
    fundingInterval: 480,
    settleCoin: i.quote,
    copyTrading: 'both',
    upperFundingRate: '0.005',
    lowerFundingRate: '-0.005',
    isPreListing: false,
    preListingInfo: null,
    riskParameters: { priceLimitRatioX: '0.05', priceLimitRatioY: '0.05' },
    displayName: '',
  };
}

/** `/v5/market/kline` row: [startTime, open, high, low, close, volume, turnover], all strings. */
export function klineRow(i: Instrument, k: Kline): string[] {
  return [String(k.t), px(i, k.o), px(i, k.h), px(i, k.l), px(i, k.c), qty(i, k.v), k.q.toFixed(8)];
}

/** The websocket kline's one entry. */
export function klineWs(i: Instrument, interval: string, k: Kline, confirm: boolean, now: number): Record<string, unknown> {
  return {
    start: k.t,
    end: k.T,
    interval,
    open: px(i, k.o),
    close: px(i, k.c),
    high: px(i, k.h),
    low: px(i, k.l),
    volume: qty(i, k.v),
    turnover: k.q.toFixed(8),
    confirm,
    timestamp: now,
  };
}

/** Taker side: a trade whose buyer was the maker was a taker sell. */
export function takerSide(t: Trade): 'Buy' | 'Sell' {
  return t.buyerMaker ? 'Sell' : 'Buy';
}

/** `/v5/market/recent-trade` row. */
export function tradeRest(i: Instrument, t: Trade): Record<string, unknown> {
  return { execId: String(t.id), symbol: i.venueSymbol ?? i.symbol, price: px(i, t.px), size: qty(i, t.qty), side: takerSide(t), time: String(t.time), isBlockTrade: false, isRPITrade: false };
}

/**
 * The ticker's fields as strings, for REST (`/v5/market/tickers`) and the websocket's `tickers.<symbol>` (`ws`: spot's
 * stream carries no best bid and ask, linear's does).
 */
export function tickerFields(m: SymbolMarket, t: Ticker, now: number, ws = false): Record<string, string> {
  const i = m.inst;
  const b = m.book;
  const pcnt = t.open > 0 ? ((t.last - t.open) / t.open).toFixed(6) : '0.000000';
  const common = {
    symbol: i.venueSymbol ?? i.symbol,
    lastPrice: px(i, t.last),
    prevPrice24h: px(i, t.open),
    price24hPcnt: pcnt,
    highPrice24h: px(i, t.high),
    lowPrice24h: px(i, t.low),
    turnover24h: t.quoteVolume.toFixed(4),
    volume24h: qty(i, t.volume),
    bid1Price: px(i, b.bestBid()),
    bid1Size: qty(i, b.bestBidQty()),
    ask1Price: px(i, b.bestAsk()),
    ask1Size: qty(i, b.bestAskQty()),
  };
  if (i.market === 'spot') {
    const { bid1Price, bid1Size, ask1Price, ask1Size, ...stats } = common;
    return ws ? { ...stats, usdIndexPrice: px(i, t.last) } : { ...stats, bid1Price, bid1Size, ask1Price, ask1Size, usdIndexPrice: px(i, t.last) };
  }
  const mark = m.markTicks();
  const oi = m.openInterest(now);
  return {
    ...common,
    tickDirection: 'ZeroPlusTick',
    prevPrice1h: px(i, t.open),
    markPrice: pxFloat(i, mark),
    indexPrice: pxFloat(i, mark * (1 + indexOffset(i.symbol, now))),
    openInterest: qty(i, oi),
    openInterestValue: ((oi * 10 ** -i.stepDecimals * mark) / 10 ** i.tickDecimals).toFixed(2),
    fundingRate: fundingRate(i.symbol, now).toFixed(8),
    nextFundingTime: String(nextFundingTime(now)),
    fundingIntervalHour: '8',
    fundingCap: '0.005',
    predictedDeliveryPrice: '',
    basisRate: '',
    deliveryFeeRate: '',
    deliveryTime: '0',
    basis: '',
  };
}
