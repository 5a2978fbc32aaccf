import { KLINES_MAX, type Kline } from '../contract.ts';

/** Klines of one symbol and interval: REST history, then the stream updates the last bar or appends. */
export class KlineSeries {
  version = 0;
  /** bumped when the history is (re)loaded: tabs then need the whole series again */
  generation = 0;
  readonly bars: Kline[] = [];

  /** History from REST, oldest first. Bars the stream already delivered (newer) are kept. */
  load(history: readonly Kline[]): void {
    const live = this.bars.filter((b) => history.length === 0 || b.openTime > (history[history.length - 1] as Kline).openTime);
    this.bars.length = 0;
    for (const bar of history) this.bars.push(bar);
    for (const bar of live) this.bars.push(bar);
    this.trim();
    this.generation++;
    this.version++;
  }

  update(bar: Kline): void {
    const last = this.bars[this.bars.length - 1];
    if (last !== undefined && bar.openTime < last.openTime) return; // older than what we show
    if (last !== undefined && bar.openTime === last.openTime) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    this.trim();
    this.version++;
  }

  private trim(): void {
    if (this.bars.length > KLINES_MAX) this.bars.splice(0, this.bars.length - KLINES_MAX);
  }
}

/** Binance REST kline row: [openTime, open, high, low, close, volume, closeTime, ...]; null when malformed. */
export function readKlineRows(json: unknown, now: number): Kline[] | null {
  if (!Array.isArray(json)) return null;
  const out: Kline[] = [];
  for (const row of json) {
    if (!Array.isArray(row) || row.length < 7) return null;
    const bar: Kline = {
      openTime: row[0] as number,
      open: Number(row[1]),
      high: Number(row[2]),
      low: Number(row[3]),
      close: Number(row[4]),
      volume: Number(row[5]),
      closeTime: row[6] as number,
      closed: (row[6] as number) < now,
    };
    if (!Number.isSafeInteger(bar.openTime) || !Number.isSafeInteger(bar.closeTime)) return null;
    for (const v of [bar.open, bar.high, bar.low, bar.close, bar.volume]) if (!(v >= 0 && v !== Infinity)) return null;
    out.push(bar);
  }
  return out;
}
