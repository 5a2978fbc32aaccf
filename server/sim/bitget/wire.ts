/**
 * Bitget v2's hosts, number format and data objects for the simulator's listings (prices in integer ticks, sizes in
 * integer steps, as everywhere in server/sim). Bitget prints every number as a string with the listing's fixed
 * decimals, trailing zeros kept (`pricePrecision` / `pricePlace` for prices, `quantityPrecision` / `volumePlace` for
 * sizes: "26275.0", "0.0500"), which is what its book checksum is computed over. Spot and USDT-M futures both size in
 * base units.
 */
import { formatScaled, type Instrument, type MarketKind } from '../instruments.ts';
import type { Kline } from '../klines.ts';
import type { SymbolMarket, Trade } from '../market.ts';
import { lastAndQuotes, markInfo } from '../payloads.ts';
import { fundingRate, nextFundingTime } from '../futures.ts';

export const BITGET_REST_HOST = 'api.bitget.com';
export const BITGET_WS_HOST = 'ws.bitget.com';

export type InstType = 'SPOT' | 'USDT-FUTURES';
export const INST_TYPE: Record<MarketKind, InstType> = { spot: 'SPOT', usdm: 'USDT-FUTURES' };

export function px(i: Instrument, ticks: number): string {
  return formatScaled(ticks, i.tickDecimals, i.tickDecimals);
}

export function sz(i: Instrument, steps: number): string {
  return formatScaled(steps, i.stepDecimals, i.stepDecimals);
}

/** A fractional price (mark, index) at the listing's decimals. */
function pxText(i: Instrument, value: string): string {
  return Number(value).toFixed(i.tickDecimals);
}

/** Quote volumes are float sums; Bitget prints them with a few decimals. */
function quote(v: number): string {
  return v.toFixed(4);
}

/** The fixed listing time of every listing (Bitget's `launchTime`). */
const LAUNCH_TIME = '1548133413000';

/** A row of `/api/v2/spot/public/symbols`. */
export function symbolRow(i: Instrument): Record<string, string> {
  return {
    symbol: i.symbol,
    baseCoin: i.base,
    quoteCoin: i.quote,
    minTradeAmount: '0',
    maxTradeAmount: '10000000000',
    takerFeeRate: '0.001',
    makerFeeRate: '0.001',
    pricePrecision: String(i.tickDecimals),
    quantityPrecision: String(i.stepDecimals),
    quotePrecision: '8',
    status: 'online',
    minTradeUSDT: String(i.minNotional),
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    areaSymbol: 'no',
    orderQuantity: '200',
    openTime: LAUNCH_TIME,
  };
}

/** A row of `/api/v2/mix/market/contracts` (a USDT-M perpetual). */
export function contractRow(i: Instrument): Record<string, unknown> {
  return {
    symbol: i.symbol,
    baseCoin: i.base,
    quoteCoin: i.quote,
    buyLimitPriceRatio: '0.01',
    sellLimitPriceRatio: '0.01',
    feeRateUpRatio: '0.005',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    openCostUpRatio: '0.01',
    supportMarginCoins: [i.quote],
    minTradeNum: sz(i, 1),
    priceEndStep: '1',
    volumePlace: String(i.stepDecimals),
    pricePlace: String(i.tickDecimals),
    sizeMultiplier: sz(i, 1),
    symbolType: 'perpetual',
    minTradeUSDT: String(i.minNotional),
    maxSymbolOrderNum: '200',
    maxProductOrderNum: '400',
    maxPositionNum: '150',
    symbolStatus: 'normal',
    offTime: '-1',
    limitOpenTime: '-1',
    deliveryTime: '',
    deliveryStartTime: '',
    deliveryPeriod: '',
    launchTime: LAUNCH_TIME,
    fundInterval: '8',
    minLever: '1',
    maxLever: '125',
    posLimit: '0.05',
    maintainTime: '',
  };
}

/**
 * A ticker as REST and the `ticker` channel carry it: spot's REST names the 24 h open `open`, the channel and the
 * futures `open24h` (both are sent); the futures add mark, index and funding.
 */
export function tickerRow(m: SymbolMarket, now: number): Record<string, string> {
  const i = m.inst;
  const t = m.ticker(now);
  const [last, , bidPr, bidSz, askPr, askSz] = lastAndQuotes(m, t, px, sz);
  const open = px(i, t.open);
  const change = t.open > 0 ? ((t.last - t.open) / t.open).toFixed(5) : '0';
  const row: Record<string, string> = {
    instId: i.symbol,
    symbol: i.symbol,
    lastPr: last,
    open,
    open24h: open,
    high24h: px(i, t.high),
    low24h: px(i, t.low),
    change24h: change,
    bidPr,
    askPr,
    bidSz,
    askSz,
    baseVolume: sz(i, t.volume),
    quoteVolume: quote(t.quoteVolume),
    usdtVolume: quote(t.quoteVolume),
    openUtc: open,
    changeUtc24h: change,
    ts: String(now),
  };
  if (i.market === 'usdm') {
    const k = markInfo(m, now);
    Object.assign(row, {
      indexPrice: pxText(i, k.index),
      markPrice: pxText(i, k.mark),
      fundingRate: fundingRate(i.symbol, now).toFixed(6),
      nextFundingTime: String(nextFundingTime(now)),
      holdingAmount: '0',
      deliveryStartTime: '',
      deliveryTime: '',
      deliveryStatus: '',
      symbolType: '1',
    });
  }
  return row;
}

/** A public trade (REST fills and the `trade` channel); `side` is the taker's. */
export function tradeRow(i: Instrument, t: Trade): Record<string, string> {
  return { symbol: i.symbol, tradeId: String(t.id), side: t.buyerMaker ? 'sell' : 'buy', price: px(i, t.px), size: sz(i, t.qty), ts: String(t.time) };
}

/** A candle `[ts, o, h, l, c, baseVolume, quoteVolume, usdtVolume]` (spot; the futures' rows are the first seven). */
export function candleRow(i: Instrument, k: Kline): string[] {
  const row = [String(k.t), px(i, k.o), px(i, k.h), px(i, k.l), px(i, k.c), sz(i, k.v), quote(k.q), quote(k.q)];
  return i.market === 'spot' ? row : row.slice(0, 7);
}
