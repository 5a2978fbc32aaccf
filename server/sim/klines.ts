import type { Prng } from './prng.ts';

/** Kline intervals as Binance names them; `1s` exists on spot only. */
export const SPOT_INTERVALS = ['1s', '1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '8h', '12h', '1d', '3d', '1w', '1M'] as const;
export const USDM_INTERVALS = SPOT_INTERVALS.filter((i) => i !== '1s');
export type Interval = (typeof SPOT_INTERVALS)[number];

const MS: Record<Exclude<Interval, '1M'>, number> = {
  '1s': 1000,
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '8h': 28_800_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '3d': 259_200_000,
  '1w': 604_800_000,
};

/** 1970-01-05 was a Monday; Binance weeks open on Monday 00:00 UTC. */
const WEEK_ORIGIN = 4 * 86_400_000;

export function isInterval(s: string): s is Interval {
  return (SPOT_INTERVALS as readonly string[]).includes(s);
}

/** Open time of the bucket that contains `t`. */
export function bucketOpen(interval: Interval, t: number): number {
  if (interval === '1M') {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const ms = MS[interval];
  const origin = interval === '1w' ? WEEK_ORIGIN : 0;
  return Math.floor((t - origin) / ms) * ms + origin;
}

/** Open time of the bucket after the one opening at `open`. */
export function nextOpen(interval: Interval, open: number): number {
  if (interval === '1M') {
    const d = new Date(open);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return open + MS[interval];
}

export function prevOpen(interval: Interval, open: number): number {
  if (interval === '1M') {
    const d = new Date(open);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  }
  return open - MS[interval];
}

export function intervalMs(interval: Interval): number {
  return interval === '1M' ? 30 * 86_400_000 : MS[interval];
}

export interface Kline {
  t: number;
  T: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Base volume in steps. */
  v: number;
  /** Quote volume. */
  q: number;
  n: number;
  /** Taker-buy base volume in steps. */
  V: number;
  Q: number;
  /** First and last trade id, -1 when the kline has no trade. */
  f: number;
  L: number;
}

export function flatKline(interval: Interval, open: number, price: number): Kline {
  return { t: open, T: nextOpen(interval, open) - 1, o: price, h: price, l: price, c: price, v: 0, q: 0, n: 0, V: 0, Q: 0, f: -1, L: -1 };
}

/**
 * Candles before the simulator started, generated backwards from the start price so the first live
 * candle opens where the history closes. `count` candles end just before `startOpen`.
 * Trade ids run backwards from `firstLiveTradeId - 1`, so 24 h tickers over this history have ids.
 */
export function syntheticHistory(args: {
  prng: Prng;
  interval: Interval;
  startOpen: number;
  startTicks: number;
  count: number;
  /** Typical base volume per minute, in steps. */
  volumePerMinute: number;
  /** Typical trade size, in steps. */
  tradeSize: number;
  tickValue: number;
  stepValue: number;
  firstLiveTradeId: number;
}): Kline[] {
  const { prng, interval, count } = args;
  const minutes = intervalMs(interval) / 60_000;
  const sigma = 0.008 * Math.sqrt(minutes / 60);
  const out: Kline[] = new Array<Kline>(count);
  let open = args.startOpen;
  let close = args.startTicks;
  let lastId = args.firstLiveTradeId - 1;
  for (let k = count - 1; k >= 0; k--) {
    open = prevOpen(interval, open);
    const o = Math.max(1, Math.round(close * Math.exp(sigma * prng.normal())));
    const wick = Math.abs(prng.normal()) * sigma * 0.5;
    const h = Math.max(o, close) + Math.round(Math.max(o, close) * wick);
    const l = Math.max(1, Math.min(o, close) - Math.round(Math.min(o, close) * Math.abs(prng.normal()) * sigma * 0.5));
    const v = Math.max(1, Math.round(args.volumePerMinute * minutes * Math.exp(0.5 * prng.normal())));
    const n = Math.max(1, Math.round(v / Math.max(1, args.tradeSize)));
    const avg = ((o + close + h + l) / 4) * args.tickValue;
    const q = v * args.stepValue * avg;
    const buyShare = 0.35 + 0.3 * prng.next();
    const V = Math.round(v * buyShare);
    out[k] = {
      t: open,
      T: nextOpen(interval, open) - 1,
      o,
      h,
      l,
      c: close,
      v,
      q,
      n,
      V,
      Q: q * buyShare,
      f: lastId - n + 1,
      L: lastId,
    };
    lastId -= n;
    close = o;
  }
  return out;
}
