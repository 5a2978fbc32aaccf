/**
 * OKX v5 data objects shared by REST and the websocket pushes (the same objects sit in `data` of both): field names
 * and string numbers as OKX documents them (Public data: instruments, mark price, funding rate; Market data:
 * tickers, candlesticks, trades).
 */
import type { Instrument } from '../instruments.ts';
import type { Kline } from '../klines.ts';
import type { SymbolMarket, Trade } from '../market.ts';
import { FUNDING_MS, fundingRate, nextFundingTime } from '../futures.ts';
import { lastAndQuotes, markInfo } from '../payloads.ts';
import { baseQty, INST_TYPE, instId, lotSz, orderCount, px, quoteAmount, sz, tickSz } from './wire.ts';

/** A decimal string without trailing zeros ("0.00010000" → "0.0001"). */
export function trim(s: string): string {
  if (!s.includes('.')) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}

/** The listing's fixed listing time: the same for every run (OKX's listTime is when the pair was listed). */
const LIST_TIME = '1548133413000';

export function instrumentRow(i: Instrument): Record<string, string> {
  const swap = i.market === 'usdm';
  const lot = lotSz(i);
  const common = {
    instType: INST_TYPE[i.market],
    instId: instId(i),
    tickSz: tickSz(i),
    lotSz: lot,
    minSz: lot,
    state: 'live',
    listTime: LIST_TIME,
    expTime: '',
    alias: '',
    optType: '',
    stk: '',
    category: '1',
    ruleType: 'normal',
    maxLmtSz: swap ? '100000' : '10000000',
    maxMktSz: swap ? '5000' : '1000000',
    maxLmtAmt: '20000000',
    maxMktAmt: '1000000',
    maxTwapSz: swap ? '100000' : '10000000',
    maxIcebergSz: swap ? '100000' : '10000000',
    maxTriggerSz: swap ? '100000' : '10000000',
    maxStopSz: swap ? '5000' : '1000000',
  };
  if (swap) {
    return {
      ...common,
      uly: `${i.base}-${i.quote}`,
      instFamily: `${i.base}-${i.quote}`,
      baseCcy: '',
      quoteCcy: '',
      settleCcy: i.quote,
      ctVal: trim(String(i.contractValue ?? 1)),
      ctMult: '1',
      ctValCcy: i.base,
      ctType: 'linear',
      lever: '100',
    };
  }
  return { ...common, uly: '', instFamily: '', baseCcy: i.base, quoteCcy: i.quote, settleCcy: '', ctVal: '', ctMult: '', ctValCcy: '', ctType: '', lever: '10' };
}

/** REST market/books rows: [px, sz, "0", numOrders], best first. */
export function bookRows(m: SymbolMarket, side: 'bids' | 'asks', limit: number): string[][] {
  const s = m.book[side];
  const n = Math.min(limit, s.length);
  const out: string[][] = new Array<string[]>(n);
  for (let k = 0; k < n; k++) out[k] = [px(m.inst, s.px[k]!), sz(m.inst, s.qty[k]!), '0', orderCount(s.px[k]!, s.qty[k]!)];
  return out;
}

/** Spot volumes: vol in base, volCcy in quote. Swaps: vol in contracts, volCcy in base. */
function volumes(i: Instrument, steps: number, quote: number): { vol: string; volCcy: string } {
  return i.market === 'usdm' ? { vol: sz(i, steps), volCcy: baseQty(i, steps) } : { vol: sz(i, steps), volCcy: quoteAmount(quote) };
}

export function tickerRow(m: SymbolMarket, now: number): Record<string, string> {
  const i = m.inst;
  const t = m.ticker(now);
  const [last, lastSz, bidPx, bidSz, askPx, askSz] = lastAndQuotes(m, t, px, sz);
  const v = volumes(i, t.volume, t.quoteVolume);
  const dayUtc0 = Math.floor(now / 86_400_000) * 86_400_000;
  const dayUtc8 = Math.floor((now + 8 * 3_600_000) / 86_400_000) * 86_400_000 - 8 * 3_600_000;
  const sodUtc0 = m.klineAt('1d', dayUtc0)?.o ?? t.open;
  const sodUtc8 = m.klineAt('1h', dayUtc8)?.o ?? t.open;
  return {
    instType: INST_TYPE[i.market],
    instId: instId(i),
    last, lastSz, askPx, askSz, bidPx, bidSz,
    open24h: px(i, t.open),
    high24h: px(i, t.high),
    low24h: px(i, t.low),
    volCcy24h: v.volCcy,
    vol24h: v.vol,
    ts: String(now),
    sodUtc0: px(i, sodUtc0),
    sodUtc8: px(i, sodUtc8),
  };
}

/** A public trade; `side` is the taker's (a buyer-maker trade was a taker sell). */
export function tradeRow(i: Instrument, t: Trade): Record<string, string> {
  return { instId: instId(i), tradeId: String(t.id), px: px(i, t.px), sz: sz(i, t.qty), side: t.buyerMaker ? 'sell' : 'buy', source: '0', ts: String(t.time) };
}

/** [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]: confirm "1" once the candle is closed. */
export function candleRow(i: Instrument, k: Kline, closed: boolean): string[] {
  const v = volumes(i, k.v, k.q);
  return [String(k.t), px(i, k.o), px(i, k.h), px(i, k.l), px(i, k.c), v.vol, v.volCcy, quoteAmount(k.q), closed ? '1' : '0'];
}

export function markRow(m: SymbolMarket, now: number): Record<string, string> {
  return { instType: 'SWAP', instId: instId(m.inst), markPx: trim(markInfo(m, now).mark), ts: String(now) };
}

/**
 * `index-tickers` (instId the index, e.g. BTC-USDT): the index price of the pair's perpetual where one is listed (what
 * its mark price follows), else the spot listing's last price.
 */
export function indexRow(spot: SymbolMarket, swap: SymbolMarket | undefined, now: number): Record<string, string> {
  const idxPx = swap ? trim(markInfo(swap, now).index) : px(spot.inst, spot.lastPrice);
  return { instId: instId(spot.inst), idxPx, ts: String(now) };
}

/** Funding of the current period: `fundingTime` is the next settlement, `nextFundingTime` the one after. */
export function fundingRow(m: SymbolMarket, now: number): Record<string, string> {
  const next = nextFundingTime(now);
  const rate = trim(fundingRate(m.inst.symbol, now).toFixed(8));
  const last = m.funding?.records(now, 1, () => m.markTicks(), (t) => fundingRate(m.inst.symbol, t))[0];
  return {
    instType: 'SWAP',
    instId: instId(m.inst),
    fundingRate: rate,
    nextFundingRate: '',
    fundingTime: String(next),
    nextFundingTime: String(next + FUNDING_MS),
    method: 'current_period',
    formulaType: 'withRate',
    maxFundingRate: '0.00375',
    minFundingRate: '-0.00375',
    settFundingRate: last ? trim(last.rate) : rate,
    settState: 'settled',
    premium: trim((fundingRate(m.inst.symbol, now) - 0.0001).toFixed(8)),
    interestRate: '0.0001',
    impactValue: '20000',
    sign: '',
    ts: String(now),
  };
}
