import type { Instrument } from './instruments.ts';
import { Prng } from './prng.ts';
import { bucketOpen, flatKline, nextOpen, syntheticHistory, type Interval, type Kline } from './klines.ts';
import type { Trade } from './market.ts';

/** Live klines kept per interval (REST klines asks for at most 1500). */
const LIVE_CAP = 1500;
const HISTORY = 1500;

/**
 * One listing's klines per interval: the live ones its trades build (closed as their time passes) and the synthetic
 * history before the start, made on first use from its own PRNG (so reading it never moves the market).
 */
export class KlineSeries {
  private readonly live = new Map<Interval, Kline[]>();
  private readonly history = new Map<Interval, Kline[]>();

  constructor(
    private readonly inst: Instrument,
    readonly intervals: readonly Interval[],
    private readonly histSeed: string,
    private readonly startTime: number,
    private readonly startTicks: number,
    private readonly tickValue: number,
    private readonly stepValue: number,
    private readonly firstTradeId: number,
  ) {
    for (const i of this.intervals) this.live.set(i, [flatKline(i, bucketOpen(i, startTime), this.startTicks)]);
  }

  /** A trade of the listing: into every interval's current kline (after closing those whose time is over). */
  add(t: Trade): void {
    this.roll(t.time);
    for (const i of this.intervals) {
      const arr = this.live.get(i)!;
      const k = arr[arr.length - 1]!;
      if (k.n === 0) {
        k.o = t.px;
        k.h = t.px;
        k.l = t.px;
        k.f = t.id;
      }
      if (t.px > k.h) k.h = t.px;
      if (t.px < k.l) k.l = t.px;
      k.c = t.px;
      k.v += t.qty;
      k.q += t.quote;
      k.n++;
      k.L = t.id;
      if (!t.buyerMaker) {
        k.V += t.qty;
        k.Q += t.quote;
      }
    }
  }

  /** Closes klines whose time is over (flat klines fill idle buckets, as Binance shows them). */
  roll(now: number): Kline[] | undefined {
    let closed: Kline[] | undefined;
    for (const i of this.intervals) {
      const arr = this.live.get(i)!;
      let cur = arr[arr.length - 1]!;
      if (now <= cur.T) continue;
      const open = bucketOpen(i, now);
      (closed ??= []).push(cur);
      let t = nextOpen(i, cur.t);
      // Skip far over long idle periods: only the last LIVE_CAP buckets can ever be asked for.
      const skipTo = open - (LIVE_CAP - 1) * (nextOpen(i, open) - open);
      if (i !== '1M' && t < skipTo) t = skipTo;
      while (t <= open) {
        cur = flatKline(i, t, cur.c);
        arr.push(cur);
        t = nextOpen(i, t);
      }
      if (arr.length > 2 * LIVE_CAP) arr.splice(0, arr.length - LIVE_CAP);
    }
    return closed;
  }

  /** The kline being built for `interval`. */
  current(interval: Interval): Kline {
    const arr = this.live.get(interval)!;
    return arr[arr.length - 1]!;
  }

  /** Klines in [start, end] (open times), oldest first, at most `limit`, newest when no start is given. */
  klines(interval: Interval, limit: number, start?: number, end?: number): Kline[] {
    const all = this.historyFor(interval).concat(this.live.get(interval)!);
    let from = 0;
    let to = all.length;
    if (start !== undefined) while (from < to && all[from]!.t < start) from++;
    if (end !== undefined) while (to > from && all[to - 1]!.t > end) to--;
    if (start !== undefined) return all.slice(from, Math.min(to, from + limit));
    return all.slice(Math.max(from, to - limit), to);
  }

  /** The kline that opens at `open`, if kept. */
  klineAt(interval: Interval, open: number): Kline | undefined {
    for (const arr of [this.historyFor(interval), this.live.get(interval)!]) {
      let lo = 0;
      let hi = arr.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const t = arr[mid]!.t;
        if (t === open) return arr[mid];
        if (t < open) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    return undefined;
  }

  private historyFor(interval: Interval): Kline[] {
    let h = this.history.get(interval);
    if (!h) {
      // Calibrated on the live generator at the default rate (10 events/s): ~200 level-sizes a minute.
      const minuteVolume = (this.inst.levelNotional * 200) / (this.startTicks * this.tickValue * this.stepValue);
      h = syntheticHistory({
        prng: new Prng(`${this.histSeed}:${interval}`),
        interval,
        startOpen: bucketOpen(interval, this.startTime),
        startTicks: this.startTicks,
        count: HISTORY,
        volumePerMinute: minuteVolume,
        tradeSize: minuteVolume / 400,
        tickValue: this.tickValue,
        stepValue: this.stepValue,
        firstLiveTradeId: this.firstLiveTradeId(),
      });
      this.history.set(interval, h);
    }
    return h;
  }

  private firstLiveTradeId(): number {
    return this.firstTradeId;
  }

  /** The history and the live klines of `interval`, oldest first: the 24 h and window statistics read both. */
  windows(interval: Interval): [Kline[], Kline[]] {
    return [this.historyFor(interval), this.live.get(interval)!];
  }
}
