/** Bybit v5 public topics the simulator serves, parsed from a subscribe request's args. */
import type { MarketKind } from '../instruments.ts';
import type { Simulator } from '../simulator.ts';
import { KLINE_INTERVALS } from './rest.ts';

export type TopicKind = 'orderbook' | 'publicTrade' | 'tickers' | 'kline';

export interface Topic {
  name: string;
  kind: TopicKind;
  market: MarketKind;
  symbol: string;
  /** orderbook: levels a side */
  depth: number;
  /** kline: Bybit's interval name ("1", "60", "D") */
  interval: string;
}

/**
 * Depths and push periods (ms) of `orderbook.{depth}.{symbol}`, https://bybit-exchange.github.io/docs/v5/websocket/public/orderbook:
 * spot 1 (10 ms), 50 (20 ms), 200 (200 ms), 1000 (200 ms); linear 1 (10 ms), 50 (20 ms), 200 (100 ms), 1000 (200 ms).
 * Linear's 500 is gone from the page and Bybit refuses it ("error:handler not found"), so it is refused here too.
 */
export const BOOK_DEPTHS: Record<MarketKind, Record<number, number>> = {
  spot: { 1: 10, 50: 20, 200: 200, 1000: 200 },
  usdm: { 1: 10, 50: 20, 200: 100, 1000: 200 },
};

/** Why a topic was refused, in Bybit's words. */
export type TopicError = { error: string };

export function parseTopic(sim: Simulator, market: MarketKind, name: unknown): Topic | TopicError {
  if (typeof name !== 'string') return { error: 'error:args invalid' };
  const notFound = { error: `error:handler not found,topic:${name}` };
  const parts = name.split('.');
  const head = parts[0];
  let symbol: string | undefined;
  let depth = 0;
  let interval = '';
  if (head === 'orderbook' && parts.length === 3) {
    depth = Number(parts[1]);
    if (!/^[0-9]+$/.test(parts[1]!) || BOOK_DEPTHS[market][depth] === undefined) return notFound;
    symbol = parts[2];
  } else if ((head === 'publicTrade' || head === 'tickers') && parts.length === 2) {
    symbol = parts[1];
  } else if (head === 'kline' && parts.length === 3) {
    interval = parts[1]!;
    if (KLINE_INTERVALS[interval] === undefined) return notFound;
    symbol = parts[2];
  } else return notFound;
  if (symbol === undefined || !sim.instrument(market, symbol)) return { error: `Invalid symbol :[${name}]` };
  return { name, kind: head as TopicKind, market, symbol, depth, interval };
}
