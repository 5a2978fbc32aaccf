/**
 * The frames of the periodic streams (depth diffs and partial books, klines, tickers, mark prices, liquidations,
 * average prices), built as JSON text once per emission and shared by every subscriber.
 */
import type { SymbolMarket } from './market.ts';
import {
  avgPriceJson,
  continuousKlineJson,
  diffLevelsJson,
  forceOrderJson,
  klineJson,
  levelsJson,
  markPriceJson,
  miniTickerJson,
  tickerJson,
  windowTickerJson,
} from './payloads.ts';
import type { Subscriber } from './simulator.ts';
import type { StreamDesc } from './streams.ts';

/** Pending diff of one diff stream (one symbol, one speed): the levels changed since the last frame. */
export interface DepthAgg {
  levels: Map<number, number>;
  /** First update id since the last frame, -1 when nothing changed. */
  U: number;
  u: number;
  T: number;
  /** `u` of the previous frame (futures `pu`). */
  lastU: number;
}

export interface Entry {
  key: string;
  desc: StreamDesc;
  subs: Set<Subscriber>;
  agg?: DepthAgg;
  /** Kline streams: open time of the kline last sent, to send its final (x: true) frame once. */
  klineOpen?: number;
  /** forceOrder streams: the last liquidation sent (per symbol on `!forceOrder@arr`). */
  liquidationSeq?: Map<string, number>;
  /** avgPrice streams: the last average sent (Binance pushes changes). */
  lastAverage?: string;
}

/** Frames of a per-symbol periodic stream now, appended to `out`. */
export function symbolFrames(entry: Entry, m: SymbolMarket, now: number, out: string[]): void {
  const d = entry.desc;
  switch (d.kind) {
    case 'depthDiff': {
      const frame = depthDiff(entry.agg!, m, now);
      if (frame !== undefined) out.push(frame);
      break;
    }
    case 'depthPartial':
      out.push(depthPartial(entry.agg!, m, now, d.levels ?? 20));
      break;
    case 'kline':
    case 'continuousKline': {
      const interval = d.interval!;
      const json = d.kind === 'kline' ? klineJson : continuousKlineJson;
      m.roll(now);
      const cur = m.currentKline(interval);
      if (entry.klineOpen !== undefined && entry.klineOpen !== cur.t) {
        const prev = m.klineAt(interval, entry.klineOpen);
        if (prev) out.push(json(m.inst, interval, prev, now, true));
      }
      entry.klineOpen = cur.t;
      out.push(json(m.inst, interval, cur, now, false));
      break;
    }
    case 'forceOrder': {
      const frame = newLiquidation(entry, m, now);
      if (frame !== undefined) out.push(frame);
      break;
    }
    case 'avgPrice': {
      // Binance pushes changes of the average.
      const average = m.averagePrice(now);
      const w = average.toFixed(8);
      if (w !== entry.lastAverage) {
        entry.lastAverage = w;
        out.push(avgPriceJson(m.inst, average, m.lastTradeTime(), now));
      }
      break;
    }
    case 'windowTicker':
      out.push(windowTickerJson(m.inst, d.window!, m.windowTicker(now, d.windowMs!), now));
      break;
    case 'miniTicker':
      out.push(miniTickerJson(m.inst, m.ticker(now), now));
      break;
    case 'ticker':
      out.push(tickerJson(m, m.ticker(now), now));
      break;
    case 'markPrice':
      out.push(markPriceJson(m, now));
      break;
    default:
      break;
  }
}

/**
 * Frames of an all-market stream: one array of the symbols whose tickers changed (all mark prices), or for
 * `!forceOrder@arr` one frame per symbol with a new liquidation.
 */
export function marketWideFrames(entry: Entry, markets: Iterable<{ market: SymbolMarket }>, now: number, out: string[]): void {
  const kind = entry.desc.kind;
  const parts: string[] = [];
  for (const { market: m } of markets) {
    if (kind === 'allForceOrder') {
      const frame = newLiquidation(entry, m, now);
      if (frame !== undefined) out.push(frame);
    } else if (kind === 'allMarkPrice') parts.push(markPriceJson(m, now));
    else if (m.tickerDirty && kind === 'allMiniTicker') parts.push(miniTickerJson(m.inst, m.ticker(now), now));
    else if (m.tickerDirty && kind === 'allTicker') parts.push(tickerJson(m, m.ticker(now), now));
    else if (m.tickerDirty && kind === 'allWindowTicker') parts.push(windowTickerJson(m.inst, entry.desc.window!, m.windowTicker(now, entry.desc.windowMs!), now));
  }
  if (parts.length > 0) out.push(`[${parts.join(',')}]`);
}

/** The symbol's latest liquidation if this stream has not sent it yet (Binance: at most one per symbol per second). */
function newLiquidation(entry: Entry, m: SymbolMarket, now: number): string | undefined {
  const l = m.lastLiquidation;
  const seen = (entry.liquidationSeq ??= new Map());
  if (!l || l.seq === (seen.get(m.inst.symbol) ?? 0)) return undefined;
  seen.set(m.inst.symbol, l.seq);
  return forceOrderJson(m.inst, l, now);
}

/** The levels changed since the last frame, with their update-id range; undefined when nothing changed. */
function depthDiff(agg: DepthAgg, m: SymbolMarket, now: number): string | undefined {
  if (agg.U < 0) return undefined;
  const i = m.inst;
  const { b, a } = diffLevelsJson(i, agg.levels);
  const json =
    i.market === 'spot'
      ? `{"e":"depthUpdate","E":${now},"s":"${i.symbol}","U":${agg.U},"u":${agg.u},"b":${b},"a":${a}}`
      : `{"e":"depthUpdate","E":${now},"T":${agg.T},"s":"${i.symbol}","U":${agg.U},"u":${agg.u},"pu":${agg.lastU},"b":${b},"a":${a}}`;
  agg.lastU = agg.u;
  agg.U = -1;
  agg.levels.clear();
  return json;
}

function depthPartial(agg: DepthAgg, m: SymbolMarket, now: number, levels: number): string {
  const i = m.inst;
  const b = levelsJson(i, m.book.bids, levels);
  const a = levelsJson(i, m.book.asks, levels);
  if (i.market === 'spot') return `{"lastUpdateId":${m.lastUpdateId},"bids":${b},"asks":${a}}`;
  const U = agg.U < 0 ? agg.lastU : agg.U;
  const json = `{"e":"depthUpdate","E":${now},"T":${m.lastEventTime},"s":"${i.symbol}","U":${U},"u":${m.lastUpdateId},"pu":${agg.lastU},"b":${b},"a":${a}}`;
  agg.lastU = m.lastUpdateId;
  agg.U = -1;
  return json;
}
