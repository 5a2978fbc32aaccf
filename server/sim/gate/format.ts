/**
 * Gate API v4's number and payload formats for the simulator's listings (prices in integer ticks, sizes in integer
 * steps, as everywhere in server/sim). Gate prints decimals as strings without trailing zeros; a futures size is a
 * whole number of contracts, printed as a JSON number (listings.ts: one step is one contract); times are seconds
 * (`create_time`, candle `t`) beside milliseconds (`create_time_ms`, `time_ms`).
 */
import type { Instrument } from '../instruments.ts';
import type { Interval, Kline } from '../klines.ts';
import type { SymbolMarket, Trade } from '../market.ts';
import { fundingRate, indexOffset, nextFundingTime } from '../futures.ts';
import { plain } from '../okx/wire.ts';

/** Gate's candlestick intervals and the simulator's (10s and 30d are not simulated). */
export const GATE_INTERVALS: Record<string, Interval> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1h',
  '2h': '2h',
  '4h': '4h',
  '8h': '8h',
  '1d': '1d',
  '7d': '1w',
};

export function pairId(i: Instrument): string {
  return i.venueSymbol ?? `${i.base}_${i.quote}`;
}

export function px(i: Instrument, ticks: number): string {
  return plain(ticks, i.tickDecimals);
}

/** A spot amount in base units. */
export function amount(i: Instrument, steps: number): string {
  return plain(steps, i.stepDecimals);
}

/** Seconds with the milliseconds as decimals ("1700000000.123"), as Gate's futures times are. */
export function secondsText(ms: number): string {
  return plain(ms, 3);
}

/** A float amount (quote volumes) with at most 8 decimals. */
export function quoteText(value: number): string {
  return plain(Math.round(value * 1e8), 8);
}

/** Percent change of the last price against the open, two decimals ("-1.18"). */
function changePct(open: number, last: number): string {
  return open > 0 ? (((last - open) / open) * 100).toFixed(2) : '0';
}

/** One row of `/spot/currency_pairs` (the fields ccxt's gate fetchSpotMarkets reads and Gate's docs list). */
export function pairRow(i: Instrument): Record<string, unknown> {
  const minBase = Math.max(1, Math.ceil(i.minNotional / i.price / 10 ** -i.stepDecimals));
  return {
    id: pairId(i),
    base: i.base,
    base_name: i.base,
    quote: i.quote,
    quote_name: i.quote,
    fee: '0.2',
    min_base_amount: amount(i, minBase),
    min_quote_amount: String(i.minNotional),
    max_quote_amount: '5000000',
    amount_precision: i.stepDecimals,
    precision: i.tickDecimals,
    trade_status: 'tradable',
    sell_start: 1_600_000_000,
    buy_start: 1_600_000_000,
    type: 'normal',
  };
}

/** One row of `/futures/usdt/contracts`. */
export function contractRow(m: SymbolMarket, now: number): Record<string, unknown> {
  const i = m.inst;
  const mark = m.markTicks();
  return {
    name: pairId(i),
    type: 'direct',
    quanto_multiplier: String(i.contractValue ?? 1),
    leverage_min: '1',
    leverage_max: i.base === 'BTC' || i.base === 'ETH' ? '100' : '50',
    maintenance_rate: '0.005',
    mark_type: 'index',
    mark_price: markText(i, mark),
    index_price: markText(i, mark * (1 + indexOffset(i.symbol, now))),
    last_price: px(i, m.ticker(now).last),
    maker_fee_rate: '-0.0001',
    taker_fee_rate: '0.00075',
    order_price_round: px(i, 1),
    mark_price_round: px(i, 1),
    funding_rate: fundingRate(i.symbol, now).toFixed(6),
    funding_interval: 28_800,
    funding_next_apply: Math.floor(nextFundingTime(now) / 1000),
    order_price_deviate: '0.2',
    order_size_min: 1,
    order_size_max: 1_000_000,
    orders_limit: 100,
    status: 'trading',
    in_delisting: false,
    create_time: 1_600_000_000,
  };
}

/** A fractional price in ticks (mark, index) at the tick's decimals. */
export function markText(i: Instrument, ticks: number): string {
  return plain(Math.round(ticks), i.tickDecimals);
}

/** `/spot/tickers` row, also the `spot.tickers` push. */
export function spotTicker(m: SymbolMarket, now: number): Record<string, string> {
  const i = m.inst;
  const t = m.ticker(now);
  return {
    currency_pair: pairId(i),
    last: px(i, t.last),
    lowest_ask: px(i, m.book.bestAsk()),
    lowest_size: amount(i, m.book.bestAskQty()),
    highest_bid: px(i, m.book.bestBid()),
    highest_size: amount(i, m.book.bestBidQty()),
    change_percentage: changePct(t.open, t.last),
    base_volume: amount(i, t.volume),
    quote_volume: quoteText(t.quoteVolume),
    high_24h: px(i, t.high),
    low_24h: px(i, t.low),
  };
}

/** `/futures/usdt/tickers` row, also the `futures.tickers` push (volume_24h in contracts). */
export function futuresTicker(m: SymbolMarket, now: number): Record<string, string> {
  const i = m.inst;
  const t = m.ticker(now);
  const mark = m.markTicks();
  return {
    contract: pairId(i),
    last: px(i, t.last),
    change_percentage: changePct(t.open, t.last),
    total_size: String(m.openInterest(now)),
    volume_24h: String(t.volume),
    volume_24h_base: amount(i, t.volume),
    volume_24h_quote: quoteText(t.quoteVolume),
    volume_24h_settle: quoteText(t.quoteVolume),
    mark_price: markText(i, mark),
    funding_rate: fundingRate(i.symbol, now).toFixed(6),
    funding_rate_indicative: fundingRate(i.symbol, now).toFixed(6),
    index_price: markText(i, mark * (1 + indexOffset(i.symbol, now))),
    high_24h: px(i, t.high),
    low_24h: px(i, t.low),
    highest_bid: px(i, m.book.bestBid()),
    highest_size: String(m.book.bestBidQty()),
    lowest_ask: px(i, m.book.bestAsk()),
    lowest_size: String(m.book.bestAskQty()),
  };
}

/** Taker side of a trade: a trade whose buyer was the maker was a taker sell. */
const takerSells = (t: Trade): boolean => t.buyerMaker;

/** `/spot/trades` row and `spot.trades` push (`ws`: create_time as a number, Gate's push shape). */
export function spotTrade(i: Instrument, t: Trade, ws = false): Record<string, unknown> {
  const seconds = Math.floor(t.time / 1000);
  return {
    id: ws ? t.id : String(t.id),
    create_time: ws ? seconds : String(seconds),
    create_time_ms: `${t.time}.000`,
    side: takerSells(t) ? 'sell' : 'buy',
    currency_pair: pairId(i),
    amount: amount(i, t.qty),
    price: px(i, t.px),
    range: `${t.id}-${t.id}`,
  };
}

/** `/futures/usdt/trades` row and `futures.trades` push: size in contracts, negative for a taker sell. */
export function futuresTrade(i: Instrument, t: Trade, ws = false): Record<string, unknown> {
  const size = takerSells(t) ? -t.qty : t.qty;
  return ws
    ? { size, id: t.id, create_time: Math.floor(t.time / 1000), create_time_ms: t.time, price: px(i, t.px), contract: pairId(i) }
    : { id: t.id, create_time: Number(secondsText(t.time)), create_time_ms: Number(secondsText(t.time)), contract: pairId(i), size, price: px(i, t.px) };
}

/** `/spot/candlesticks` row: [t (s), quote volume, close, high, low, open, base volume, window closed]. */
export function spotCandleRow(i: Instrument, k: Kline, now: number): string[] {
  return [String(k.t / 1000), quoteText(k.q), px(i, k.c), px(i, k.h), px(i, k.l), px(i, k.o), amount(i, k.v), String(k.T < now)];
}

/** `/futures/usdt/candlesticks` row: t in seconds, v in contracts, sum the quote volume. */
export function futuresCandleRow(i: Instrument, k: Kline): Record<string, unknown> {
  return { t: k.t / 1000, v: k.v, c: px(i, k.c), h: px(i, k.h), l: px(i, k.l), o: px(i, k.o), sum: quoteText(k.q) };
}

/** The `*.candlesticks` push of one candle; `n` is `<interval>_<pair>`. */
export function candlePush(i: Instrument, interval: string, k: Kline, now: number): Record<string, unknown> {
  const n = `${interval}_${pairId(i)}`;
  if (i.market === 'spot') {
    return { t: String(k.t / 1000), v: quoteText(k.q), c: px(i, k.c), h: px(i, k.h), l: px(i, k.l), o: px(i, k.o), n, a: amount(i, k.v), w: k.T < now };
  }
  return { t: k.t / 1000, v: k.v, c: px(i, k.c), h: px(i, k.h), l: px(i, k.l), o: px(i, k.o), n, a: amount(i, k.v) };
}
