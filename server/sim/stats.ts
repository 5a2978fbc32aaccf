import type { Kline } from './klines.ts';

/** Statistics over a window of trades (24 h tickers, rolling-window tickers), prices in ticks, volumes in steps. */
export interface Ticker {
  open: number;
  high: number;
  low: number;
  last: number;
  lastQty: number;
  prevClose: number;
  volume: number;
  quoteVolume: number;
  openTime: number;
  closeTime: number;
  firstId: number;
  lastId: number;
  count: number;
}

/** Index of the first kline that ends at or after `from` (klines sorted by open time). */
function firstEndingAfter(klines: readonly Kline[], from: number): number {
  let lo = 0;
  let hi = klines.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (klines[mid]!.T < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Statistics of the klines that end at or after `from` (`series`: consecutive runs of klines, oldest first,
 * e.g. the seeded history then the live klines). `startTicks` is the close before any kline.
 */
export function windowStats(series: readonly (readonly Kline[])[], from: number, now: number, last: { price: number; qty: number }, startTicks: number): Ticker {
  let open = -1;
  let prevClose = startTicks;
  let high = 0;
  let low = Number.MAX_SAFE_INTEGER;
  let volume = 0;
  let quote = 0;
  let count = 0;
  let firstId = -1;
  let lastId = -1;
  for (const klines of series) {
    const at = firstEndingAfter(klines, from);
    if (at > 0) prevClose = klines[at - 1]!.c;
    for (let k = at; k < klines.length; k++) {
      const kl = klines[k]!;
      if (open < 0) open = kl.n > 0 || kl.v > 0 ? kl.o : kl.c;
      if (kl.n > 0) {
        if (kl.h > high) high = kl.h;
        if (kl.l < low) low = kl.l;
        if (firstId < 0) firstId = kl.f;
        lastId = kl.L;
      }
      volume += kl.v;
      quote += kl.q;
      count += kl.n;
    }
  }
  if (open < 0) open = last.price;
  if (count === 0) {
    high = last.price;
    low = last.price;
  }
  return { open, high, low, last: last.price, lastQty: last.qty, prevClose, volume, quoteVolume: quote, openTime: from, closeTime: now, firstId, lastId, count };
}

/** Quote volume ÷ base volume of the klines ending after `from` (volumes in steps), or undefined without trades. */
export function averagePrice(series: readonly (readonly Kline[])[], from: number, stepValue: number): number | undefined {
  let quote = 0;
  let volume = 0;
  for (const klines of series) {
    for (let k = firstEndingAfter(klines, from); k < klines.length; k++) {
      quote += klines[k]!.q;
      volume += klines[k]!.v;
    }
  }
  return volume > 0 ? quote / (volume * stepValue) : undefined;
}
