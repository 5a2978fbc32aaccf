import { isInterval, type Interval } from './klines.ts';
import type { MarketKind } from './instruments.ts';

export type StreamKind =
  | 'depthDiff'
  | 'depthPartial'
  | 'trade'
  | 'aggTrade'
  | 'kline'
  | 'miniTicker'
  | 'allMiniTicker'
  | 'ticker'
  | 'allTicker'
  | 'bookTicker'
  | 'allBookTicker'
  | 'markPrice'
  | 'allMarkPrice'
  | 'forceOrder'
  | 'allForceOrder'
  | 'continuousKline'
  | 'avgPrice'
  | 'windowTicker'
  | 'allWindowTicker';

/**
 * USD-M routes streams by path since Binance's split: /public (book data), /market (the rest) and /private
 * (user data, which the simulator has none of: accepted and silent).
 */
export type Tier = 'public' | 'market' | 'private';

export interface StreamDesc {
  name: string;
  market: MarketKind;
  kind: StreamKind;
  /** Upper-case symbol, absent for all-market streams. */
  symbol?: string;
  /** Emission period in ms; 0 = real time (on every engine event). */
  speed: number;
  levels?: number;
  interval?: Interval;
  /** Rolling-window tickers: the window (`1h`, `4h`, `1d`) and its length. */
  window?: string;
  windowMs?: number;
  tier: Tier;
}

const SYMBOL = '([a-z0-9]{2,30})';
const SPOT_DEPTH_SPEEDS: Record<string, number> = { '': 1000, '@100ms': 100, '@1000ms': 1000 };
const USDM_DEPTH_SPEEDS: Record<string, number> = { '': 250, '@100ms': 100, '@250ms': 250, '@500ms': 500 };

const RE_DEPTH = new RegExp(`^${SYMBOL}@depth(5|10|20)?(@\\d+ms)?$`);
const RE_SIMPLE = new RegExp(`^${SYMBOL}@(trade|aggTrade|miniTicker|ticker|bookTicker|markPrice|forceOrder|avgPrice)(@1s)?$`);
const RE_KLINE = new RegExp(`^${SYMBOL}@kline_([0-9a-zA-Z]+)$`);
const RE_CONTINUOUS = new RegExp(`^${SYMBOL}_(perpetual|current_quarter|next_quarter)@continuousKline_([0-9a-zA-Z]+)$`);
const RE_WINDOW = new RegExp(`^${SYMBOL}@ticker_(1h|4h|1d)$`);
const RE_ALL_WINDOW = /^!ticker_(1h|4h|1d)@arr$/;
const WINDOWS: Record<string, number> = { '1h': 3_600_000, '4h': 14_400_000, '1d': 86_400_000 };

/**
 * Parses a stream name as Binance spells it (lower-case symbols). Returns undefined for a name Binance
 * would reject (`Invalid request: invalid stream`). A well-formed name for a symbol that is not listed
 * is valid: Binance accepts it and simply never sends anything on it.
 */
export function parseStream(market: MarketKind, name: string): StreamDesc | undefined {
  const spot = market === 'spot';
  const base = { name, market };
  switch (name) {
    case '!miniTicker@arr':
      return { ...base, kind: 'allMiniTicker', speed: 1000, tier: 'market' };
    case '!ticker@arr':
      return { ...base, kind: 'allTicker', speed: 1000, tier: 'market' };
    case '!bookTicker':
      return spot ? undefined : { ...base, kind: 'allBookTicker', speed: 0, tier: 'public' };
    case '!markPrice@arr':
      return spot ? undefined : { ...base, kind: 'allMarkPrice', speed: 3000, tier: 'market' };
    case '!markPrice@arr@1s':
      return spot ? undefined : { ...base, kind: 'allMarkPrice', speed: 1000, tier: 'market' };
    case '!forceOrder@arr':
      // Binance: at most the latest liquidation of each symbol per second, one frame each.
      return spot ? undefined : { ...base, kind: 'allForceOrder', speed: 1000, tier: 'market' };
  }
  if (spot) {
    const all = RE_ALL_WINDOW.exec(name);
    if (all) return { ...base, kind: 'allWindowTicker', speed: 1000, window: all[1]!, windowMs: WINDOWS[all[1]!]!, tier: 'market' };
    const one = RE_WINDOW.exec(name);
    if (one) return { ...base, kind: 'windowTicker', symbol: one[1]!.toUpperCase(), speed: 1000, window: one[2]!, windowMs: WINDOWS[one[2]!]!, tier: 'market' };
  }
  let m = RE_DEPTH.exec(name);
  if (m) {
    const speeds = spot ? SPOT_DEPTH_SPEEDS : USDM_DEPTH_SPEEDS;
    const speed = speeds[m[3] ?? ''];
    if (speed === undefined) return undefined;
    const symbol = m[1]!.toUpperCase();
    if (m[2]) return { ...base, kind: 'depthPartial', symbol, speed, levels: Number(m[2]), tier: 'public' };
    return { ...base, kind: 'depthDiff', symbol, speed, tier: 'public' };
  }
  m = RE_KLINE.exec(name);
  if (m) {
    const interval = m[2]!;
    if (!isInterval(interval) || (!spot && interval === '1s')) return undefined;
    const speed = spot ? (interval === '1s' ? 1000 : 2000) : 250;
    return { ...base, kind: 'kline', symbol: m[1]!.toUpperCase(), speed, interval, tier: 'market' };
  }
  m = RE_CONTINUOUS.exec(name);
  if (m) {
    const interval = m[3]!;
    if (spot || !isInterval(interval) || interval === '1s') return undefined;
    // Only perpetual contracts are listed: a quarterly name is well formed, accepted and silent.
    const symbol = m[2] === 'perpetual' ? m[1]!.toUpperCase() : `${m[1]!.toUpperCase()}_${m[2]!.toUpperCase()}`;
    return { ...base, kind: 'continuousKline', symbol, speed: 250, interval, tier: 'market' };
  }
  m = RE_SIMPLE.exec(name);
  if (m) {
    const symbol = m[1]!.toUpperCase();
    const kind = m[2]!;
    const oneSecond = m[3] === '@1s';
    if (oneSecond && kind !== 'markPrice') return undefined;
    switch (kind) {
      case 'trade':
        return { ...base, kind: 'trade', symbol, speed: 0, tier: 'public' };
      case 'aggTrade':
        return { ...base, kind: 'aggTrade', symbol, speed: 0, tier: 'market' };
      case 'bookTicker':
        return { ...base, kind: 'bookTicker', symbol, speed: 0, tier: 'public' };
      case 'miniTicker':
        return { ...base, kind: 'miniTicker', symbol, speed: spot ? 1000 : 500, tier: 'market' };
      case 'ticker':
        return { ...base, kind: 'ticker', symbol, speed: spot ? 1000 : 500, tier: 'market' };
      case 'markPrice':
        return spot ? undefined : { ...base, kind: 'markPrice', symbol, speed: oneSecond ? 1000 : 3000, tier: 'market' };
      case 'forceOrder':
        return spot ? undefined : { ...base, kind: 'forceOrder', symbol, speed: 1000, tier: 'market' };
      case 'avgPrice':
        return spot ? { ...base, kind: 'avgPrice', symbol, speed: 1000, tier: 'market' } : undefined;
    }
  }
  return undefined;
}
