import type { MarketKind } from './instruments.ts';
import type { EngineEvent, SymbolMarket } from './market.ts';
import { marketWideFrames, symbolFrames, type Entry } from './frames.ts';
import { aggTradeJson, bookTickerJson, tradeJson } from './payloads.ts';

/**
 * Binance's stream fan-out of the simulator (simulator.ts composes it): what one engine event does to a symbol's
 * subscribed streams, the periodic emissions, and the delivery of a frame to the stream's subscribers.
 */

/** One engine event of `market` into its streams' entries (depth diffs aggregate; trades and tickers go out now). */
export function dispatchEvent(market: SymbolMarket, entries: Iterable<Entry>, marketWide: Iterable<Entry>, ev: EngineEvent, now: number): void {
  const i = market.inst;
  const log = market.book.log;
  for (const entry of entries) {
    switch (entry.desc.kind) {
      case 'depthDiff': {
        const agg = entry.agg!;
        for (let k = 0; k < log.length; k++) agg.levels.set(log.tick[k]! * 2 + log.side[k]!, log.qty[k]!);
        if (agg.U < 0) agg.U = ev.U;
        agg.u = ev.u;
        agg.T = ev.time;
        break;
      }
      case 'depthPartial': {
        const agg = entry.agg!;
        if (agg.U < 0) agg.U = ev.U;
        agg.u = ev.u;
        agg.T = ev.time;
        break;
      }
      case 'trade':
        for (const t of ev.trades) publish(entry, tradeJson(i, t, now));
        break;
      case 'aggTrade':
        for (const a of ev.aggTrades) publish(entry, aggTradeJson(i, a, now));
        break;
      case 'bookTicker':
        if (ev.topChanged) publish(entry, bookTickerJson(market, now));
        break;
      default:
        break;
    }
  }
  if (ev.topChanged) {
    for (const entry of marketWide) if (entry.desc.kind === 'allBookTicker') publish(entry, bookTickerJson(market, now));
  }
}

/**
 * The frames of one periodic emission (`out` reused) delivered to each entry's subscribers; true when a market-wide
 * array (tickers, mark prices) went out, after which the caller clears the tickers' dirty marks.
 */
export function emitPeriodicFrames(
  set: Iterable<Entry>,
  states: (kind: MarketKind) => Map<string, { market: SymbolMarket }>,
  now: number,
  out: string[],
): boolean {
  let arraysSent = false;
  for (const entry of set) {
    const d = entry.desc;
    out.length = 0;
    if (d.symbol === undefined) {
      marketWideFrames(entry, states(d.market).values(), now, out);
      if (d.kind !== 'allForceOrder') arraysSent = true;
    } else {
      const st = states(d.market).get(d.symbol);
      if (st) symbolFrames(entry, st.market, now, out);
    }
    for (const json of out) publish(entry, json);
  }
  return arraysSent;
}

/** A frame to the stream's subscribers: combined streams get it wrapped once; the wrong route is silently empty. */
export function publish(entry: Entry, json: string): void {
  const d = entry.desc;
  let wrapped: string | undefined;
  for (const sub of entry.subs) {
    if (sub.tier !== 'all' && sub.tier !== d.tier) continue;
    if (sub.combined) {
      wrapped ??= `{"stream":"${d.name}","data":${json}}`;
      sub.deliver(wrapped, d.kind, d.name);
    } else sub.deliver(json, d.kind, d.name);
  }
}
