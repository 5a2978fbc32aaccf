/**
 * Binance's wire formats, built as JSON text on the hot path (one string per frame, shared by every
 * subscriber). Field names, order and string-encoded numbers follow Binance's documentation.
 */
import type { BookSide } from './book.ts';
import { fmtPrice, fmtQty, fmtQuote, type Instrument } from './instruments.ts';
import type { Kline } from './klines.ts';
import { fundingRate, indexOffset, nextFundingTime, type Liquidation } from './futures.ts';
import type { AggTrade, SymbolMarket, Trade } from './market.ts';
import type { Ticker } from './stats.ts';

export function levelsJson(i: Instrument, side: BookSide, limit: number): string {
  const n = Math.min(limit, side.length);
  let s = '[';
  for (let k = 0; k < n; k++) {
    if (k > 0) s += ',';
    s += `["${fmtPrice(i, side.px[k]!)}","${fmtQty(i, side.qty[k]!)}"]`;
  }
  return s + ']';
}

/** Levels of a pending diff, `entries` as [key = tick*2+side, qty]; bids best first, asks best first. */
export function diffLevelsJson(i: Instrument, entries: Map<number, number>): { b: string; a: string } {
  const bids: number[] = [];
  const asks: number[] = [];
  for (const key of entries.keys()) (key & 1 ? asks : bids).push(key);
  bids.sort((x, y) => y - x);
  asks.sort((x, y) => x - y);
  const side = (keys: number[]): string => {
    let s = '[';
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      if (k > 0) s += ',';
      s += `["${fmtPrice(i, Math.floor(key / 2))}","${fmtQty(i, entries.get(key)!)}"]`;
    }
    return s + ']';
  };
  return { b: side(bids), a: side(asks) };
}

export function tradeJson(i: Instrument, t: Trade, E: number): string {
  if (i.market === 'spot') {
    return `{"e":"trade","E":${E},"s":"${i.symbol}","t":${t.id},"p":"${fmtPrice(i, t.px)}","q":"${fmtQty(i, t.qty)}","T":${t.time},"m":${t.buyerMaker},"M":true}`;
  }
  return `{"e":"trade","E":${E},"T":${t.time},"s":"${i.symbol}","t":${t.id},"p":"${fmtPrice(i, t.px)}","q":"${fmtQty(i, t.qty)}","X":"MARKET","m":${t.buyerMaker}}`;
}

export function aggTradeJson(i: Instrument, a: AggTrade, E: number): string {
  const head = `{"e":"aggTrade","E":${E},"s":"${i.symbol}","a":${a.a},"p":"${fmtPrice(i, a.px)}","q":"${fmtQty(i, a.qty)}",`;
  if (i.market === 'spot') return `${head}"f":${a.f},"l":${a.l},"T":${a.time},"m":${a.buyerMaker},"M":true}`;
  return `${head}"nq":"${fmtQty(i, a.qty)}","f":${a.f},"l":${a.l},"T":${a.time},"m":${a.buyerMaker}}`;
}

export function bookTickerJson(m: SymbolMarket, E: number): string {
  const i = m.inst;
  const b = m.book;
  const body = `"u":${m.lastUpdateId},"s":"${i.symbol}","b":"${fmtPrice(i, b.bestBid())}","B":"${fmtQty(i, b.bestBidQty())}","a":"${fmtPrice(i, b.bestAsk())}","A":"${fmtQty(i, b.bestAskQty())}"`;
  if (i.market === 'spot') return `{${body}}`;
  return `{"e":"bookTicker",${body},"T":${m.lastEventTime},"E":${E}}`;
}

export function klineJson(i: Instrument, interval: string, k: Kline, E: number, closed: boolean): string {
  return (
    `{"e":"kline","E":${E},"s":"${i.symbol}","k":{"t":${k.t},"T":${k.T},"s":"${i.symbol}","i":"${interval}","f":${k.f},"L":${k.L},` +
    `"o":"${fmtPrice(i, k.o)}","c":"${fmtPrice(i, k.c)}","h":"${fmtPrice(i, k.h)}","l":"${fmtPrice(i, k.l)}","v":"${fmtQty(i, k.v)}",` +
    `"n":${k.n},"x":${closed},"q":"${fmtQuote(k.q)}","V":"${fmtQty(i, k.V)}","Q":"${fmtQuote(k.Q)}","B":"0"}}`
  );
}

export function klineRow(i: Instrument, k: Kline): [number, string, string, string, string, string, number, string, number, string, string, string] {
  return [k.t, fmtPrice(i, k.o), fmtPrice(i, k.h), fmtPrice(i, k.l), fmtPrice(i, k.c), fmtQty(i, k.v), k.T, fmtQuote(k.q), k.n, fmtQty(i, k.V), fmtQuote(k.Q), '0'];
}

export function miniTickerJson(i: Instrument, t: Ticker, E: number): string {
  return `{"e":"24hrMiniTicker","E":${E},"s":"${i.symbol}","c":"${fmtPrice(i, t.last)}","o":"${fmtPrice(i, t.open)}","h":"${fmtPrice(i, t.high)}","l":"${fmtPrice(i, t.low)}","v":"${fmtQty(i, t.volume)}","q":"${fmtQuote(t.quoteVolume)}"}`;
}

function change(i: Instrument, t: Ticker): { p: string; P: string; w: string } {
  const p = fmtPrice(i, t.last - t.open);
  const P = t.open > 0 ? (((t.last - t.open) / t.open) * 100).toFixed(3) : '0.000';
  const vol = t.volume * 10 ** -i.stepDecimals;
  const w = vol > 0 ? (t.quoteVolume / vol).toFixed(i.market === 'spot' ? 8 : i.tickDecimals) : fmtPrice(i, t.last);
  return { p, P, w };
}

export function tickerJson(m: SymbolMarket, t: Ticker, E: number): string {
  const i = m.inst;
  const { p, P, w } = change(i, t);
  const head = `{"e":"24hrTicker","E":${E},"s":"${i.symbol}","p":"${p}","P":"${P}","w":"${w}",`;
  const tail = `"o":"${fmtPrice(i, t.open)}","h":"${fmtPrice(i, t.high)}","l":"${fmtPrice(i, t.low)}","v":"${fmtQty(i, t.volume)}","q":"${fmtQuote(t.quoteVolume)}","O":${t.openTime},"C":${t.closeTime},"F":${t.firstId},"L":${t.lastId},"n":${t.count}}`;
  if (i.market === 'spot') {
    const b = m.book;
    return (
      head +
      `"x":"${fmtPrice(i, t.prevClose)}","c":"${fmtPrice(i, t.last)}","Q":"${fmtQty(i, t.lastQty)}","b":"${fmtPrice(i, b.bestBid())}","B":"${fmtQty(i, b.bestBidQty())}","a":"${fmtPrice(i, b.bestAsk())}","A":"${fmtQty(i, b.bestAskQty())}",` +
      tail
    );
  }
  return head + `"c":"${fmtPrice(i, t.last)}","Q":"${fmtQty(i, t.lastQty)}",` + tail;
}

/** A ticker window's figures as the REST tickers state them; the rolling-window ticker has `lastPrice` among them. */
function windowStats(i: Instrument, t: Ticker, withLast: boolean) {
  return {
    openPrice: fmtPrice(i, t.open),
    highPrice: fmtPrice(i, t.high),
    lowPrice: fmtPrice(i, t.low),
    ...(withLast ? { lastPrice: fmtPrice(i, t.last) } : {}),
    volume: fmtQty(i, t.volume),
    quoteVolume: fmtQuote(t.quoteVolume),
    openTime: t.openTime,
    closeTime: t.closeTime,
    firstId: t.firstId,
    lastId: t.lastId,
    count: t.count,
  };
}

/** The last trade's price and size and the best bid and ask, in a venue's formats: [last, lastQty, bid, bidQty, ask, askQty]. */
export function lastAndQuotes(m: SymbolMarket, t: Ticker, price: (i: Instrument, v: number) => string, qty: (i: Instrument, v: number) => string): [string, string, string, string, string, string] {
  const i = m.inst;
  const b = m.book;
  return [price(i, t.last), qty(i, t.lastQty), price(i, b.bestBid()), qty(i, b.bestBidQty()), price(i, b.bestAsk()), qty(i, b.bestAskQty())];
}

/** REST /ticker/24hr object. */
export function tickerRest(m: SymbolMarket, t: Ticker): Record<string, unknown> {
  const i = m.inst;
  const { p, P, w } = change(i, t);
  const common = { symbol: i.symbol, priceChange: p, priceChangePercent: P, weightedAvgPrice: w };
  const stats = windowStats(i, t, false);
  if (i.market === 'spot') {
    const [lastPrice, lastQty, bidPrice, bidQty, askPrice, askQty] = lastAndQuotes(m, t, fmtPrice, fmtQty);
    return { ...common, prevClosePrice: fmtPrice(i, t.prevClose), lastPrice, lastQty, bidPrice, bidQty, askPrice, askQty, ...stats };
  }
  return { ...common, lastPrice: fmtPrice(i, t.last), lastQty: fmtQty(i, t.lastQty), ...stats };
}

export interface MarkInfo {
  mark: string;
  index: string;
  settle: string;
  rate: string;
  interest: string;
  nextFunding: number;
}

/** Mark price = mid; index a few basis points away; funding from the premium, clamped like Binance's ±0.3%. */
export function markInfo(m: SymbolMarket, now: number): MarkInfo {
  const i = m.inst;
  const markTicks = m.markTicks();
  const scale = 10 ** i.tickDecimals;
  const index = markTicks * (1 + indexOffset(i.symbol, now));
  return {
    mark: (markTicks / scale).toFixed(8),
    index: (index / scale).toFixed(8),
    settle: ((markTicks + index) / 2 / scale).toFixed(8),
    rate: fundingRate(i.symbol, now).toFixed(8),
    interest: '0.00010000',
    nextFunding: nextFundingTime(now),
  };
}

export function markPriceJson(m: SymbolMarket, E: number): string {
  const k = markInfo(m, E);
  return `{"e":"markPriceUpdate","E":${E},"s":"${m.inst.symbol}","p":"${k.mark}","i":"${k.index}","P":"${k.settle}","r":"${k.rate}","T":${k.nextFunding}}`;
}

export function formatLevels(i: Instrument, side: BookSide, limit: number): [string, string][] {
  const n = Math.min(limit, side.length);
  const out: [string, string][] = new Array<[string, string]>(n);
  for (let k = 0; k < n; k++) out[k] = [fmtPrice(i, side.px[k]!), fmtQty(i, side.qty[k]!)];
  return out;
}

/** USD-M `forceOrder` (both `<symbol>@forceOrder` and `!forceOrder@arr` carry one order per frame). */
export function forceOrderJson(i: Instrument, l: Liquidation, E: number): string {
  const q = fmtQty(i, l.qty);
  return (
    `{"e":"forceOrder","E":${E},"o":{"s":"${i.symbol}","S":"${l.side}","o":"LIMIT","f":"IOC","q":"${q}","p":"${fmtPrice(i, l.px)}",` +
    `"ap":"${(l.avg / 10 ** i.tickDecimals).toFixed(i.tickDecimals)}","X":"FILLED","l":"${q}","z":"${q}","T":${l.time}}}`
  );
}

/** USD-M `<pair>_perpetual@continuousKline_<interval>`. */
export function continuousKlineJson(i: Instrument, interval: string, k: Kline, E: number, closed: boolean): string {
  return (
    `{"e":"continuous_kline","E":${E},"ps":"${i.symbol}","ct":"PERPETUAL","k":{"t":${k.t},"T":${k.T},"i":"${interval}","f":${k.f},"L":${k.L},` +
    `"o":"${fmtPrice(i, k.o)}","c":"${fmtPrice(i, k.c)}","h":"${fmtPrice(i, k.h)}","l":"${fmtPrice(i, k.l)}","v":"${fmtQty(i, k.v)}",` +
    `"n":${k.n},"x":${closed},"q":"${fmtQuote(k.q)}","V":"${fmtQty(i, k.V)}","Q":"${fmtQuote(k.Q)}","B":"0"}}`
  );
}

/** Spot `<symbol>@avgPrice`: `price` in quote units. */
export function avgPriceJson(i: Instrument, price: number, lastTrade: number, E: number): string {
  return `{"e":"avgPrice","E":${E},"s":"${i.symbol}","i":"5m","w":"${price.toFixed(8)}","T":${lastTrade}}`;
}

/** Spot `<symbol>@ticker_<window>` (event type `1hTicker`, `4hTicker`, `1dTicker`). */
export function windowTickerJson(i: Instrument, window: string, t: Ticker, E: number): string {
  const { p, P, w } = change(i, t);
  return (
    `{"e":"${window}Ticker","E":${E},"s":"${i.symbol}","p":"${p}","P":"${P}","o":"${fmtPrice(i, t.open)}","h":"${fmtPrice(i, t.high)}",` +
    `"l":"${fmtPrice(i, t.low)}","c":"${fmtPrice(i, t.last)}","w":"${w}","v":"${fmtQty(i, t.volume)}","q":"${fmtQuote(t.quoteVolume)}",` +
    `"O":${t.openTime},"C":${t.closeTime},"F":${t.firstId},"L":${t.lastId},"n":${t.count}}`
  );
}

/** Spot REST `/api/v3/ticker` (rolling window) and `type=MINI` of `/ticker/24hr`. */
export function windowTickerRest(i: Instrument, t: Ticker, mini: boolean): Record<string, unknown> {
  const stats = windowStats(i, t, true);
  if (mini) return { symbol: i.symbol, ...stats };
  const { p, P, w } = change(i, t);
  return { symbol: i.symbol, priceChange: p, priceChangePercent: P, weightedAvgPrice: w, ...stats };
}

/** USD-M mark, index and premium index klines: OHLC only, the other fields Binance sends as ignorable. */
export function priceKlineRow(k: { t: number; T: number; o: number; h: number; l: number; c: number }, decimals: number, samples: number): [number, string, string, string, string, string, number, string, number, string, string, string] {
  const f = (v: number): string => v.toFixed(decimals);
  return [k.t, f(k.o), f(k.h), f(k.l), f(k.c), '0', k.T, '0', samples, '0', '0', '0'];
}
