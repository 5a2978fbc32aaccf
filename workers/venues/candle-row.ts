import type { Kline } from '../contract.ts';
import { allNumbers, dec, intOf } from './venue.ts';

/**
 * A candle row `["openTime", "open", "high", "low", "close", "volume", …]` of `step` ms (Bybit's klines, Bitget's
 * candles on REST and socket), closed once `now` is past its end: neither venue's row carries a confirm flag.
 * Null when malformed.
 */
export function readCandleRow(row: unknown, step: number, now: number): Kline | null {
  if (!Array.isArray(row) || row.length < 6) return null;
  const openTime = intOf(row[0]);
  const kline: Kline = {
    openTime,
    closeTime: openTime + step - 1,
    open: dec(row[1]),
    high: dec(row[2]),
    low: dec(row[3]),
    close: dec(row[4]),
    volume: dec(row[5]),
    closed: openTime + step - 1 < now,
  };
  return allNumbers(kline.openTime, kline.open, kline.high, kline.low, kline.close, kline.volume, now) ? kline : null;
}
