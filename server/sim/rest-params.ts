/** Query parameters of the simulator's REST endpoints, read and checked as Binance does (error codes and messages). */
import type { Instrument, MarketKind } from './instruments.ts';
import { isInterval, SPOT_INTERVALS, USDM_INTERVALS, type Interval } from './klines.ts';
import type { SymbolMarket } from './market.ts';
import type { Simulator } from './simulator.ts';

/** A Binance error body `{code, msg}` with its HTTP status. */
export class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
}

export type Query = Record<string, string | string[] | undefined>;

/** Binance's symbol syntax; anything else is `-1100` before the symbol is looked up. */
const SYMBOL = /^[A-Z0-9-_.]{1,20}$/;

export function str(q: Query, name: string): string | undefined {
  const v = q[name];
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  return s === undefined || s === '' ? undefined : s;
}

export function mandatory(q: Query, name: string): string {
  const v = str(q, name);
  if (v === undefined) throw new BinanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
  return v;
}

export function int(q: Query, name: string): number | undefined {
  const v = str(q, name);
  if (v === undefined) return undefined;
  if (!/^-?[0-9]{1,20}$/.test(v)) throw new BinanceError(400, -1100, `Illegal characters found in parameter '${name}'; legal range is '^[0-9]{1,20}$'.`);
  return Number(v);
}

/**
 * A whole-number parameter of at most `digits` digits within [min, max], `def` when absent; `fail` is the venue's
 * error for one that is malformed or out of range.
 */
export function rangedInt(q: Query, name: string, [min, max, def]: [number, number, number], digits: number, fail: (v: string, malformed: boolean) => Error): number {
  const v = str(q, name);
  if (v === undefined) return def;
  if (v.length > digits || !/^[0-9]+$/.test(v)) throw fail(v, true);
  const n = Number(v);
  if (n < min || n > max) throw fail(v, false);
  return n;
}

/** A whole-number parameter of 1 to `digits` digits (a millisecond timestamp, say), undefined when absent; `fail` otherwise. */
export function digitsParam(q: Query, name: string, digits: number, fail: () => Error): number | undefined {
  const v = str(q, name);
  if (v === undefined) return undefined;
  if (v.length > digits || !/^[0-9]+$/.test(v)) throw fail();
  return Number(v);
}

/** The listing named by `param` (`symbol`, or `pair` on USD-M's pair endpoints), kept live for a minute. */
export function symbolOf(sim: Simulator, market: MarketKind, q: Query, param = 'symbol'): SymbolMarket {
  const name = mandatory(q, param);
  if (!SYMBOL.test(name)) throw new BinanceError(400, -1100, `Illegal characters found in parameter '${param}'; legal range is '^[A-Z0-9-_.]{1,20}$'.`);
  const m = sim.instrument(market, name) ? sim.touch(market, name) : undefined;
  if (!m) throw new BinanceError(400, -1121, 'Invalid symbol.');
  return m;
}

/** `symbols=["BTCUSDT","BNBUSDT"]` (spot). */
export function symbolList(sim: Simulator, market: MarketKind, q: Query): Instrument[] | undefined {
  const raw = str(q, 'symbols');
  if (raw === undefined) return undefined;
  let names: unknown;
  try {
    names = JSON.parse(raw);
  } catch {
    throw new BinanceError(400, -1100, "Illegal characters found in parameter 'symbols'; legal range is '^\\[(\"[A-Z0-9-_.]{1,20}\"(,\"[A-Z0-9-_.]{1,20}\"){0,}){0,1}\\]$'.");
  }
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) throw new BinanceError(400, -1100, "Illegal characters found in parameter 'symbols'.");
  return (names as string[]).map((n) => {
    const i = sim.instrument(market, n);
    if (!i) throw new BinanceError(400, -1121, 'Invalid symbol.');
    return i;
  });
}

export function limitOf(q: Query, def: number, max: number): number {
  const l = int(q, 'limit');
  if (l === undefined) return def;
  if (l < 1) throw new BinanceError(400, -1100, `Illegal characters found in parameter 'limit'; legal range is '1' to '${max}'.`);
  return Math.min(l, max);
}


/** Kline parameters: `interval` (spot also `1s`), `limit` (default 500, spot ≤ 1000, USD-M ≤ 1500), `startTime`, `endTime`. */
export function klineParams(q: Query, market: MarketKind): { interval: Interval; limit: number; start: number | undefined; end: number | undefined } {
  const interval = mandatory(q, 'interval');
  const valid: readonly string[] = market === 'spot' ? SPOT_INTERVALS : USDM_INTERVALS;
  if (!isInterval(interval) || !valid.includes(interval)) throw new BinanceError(400, -1120, 'Invalid interval.');
  return { interval, limit: limitOf(q, 500, market === 'spot' ? 1000 : 1500), ...timeRange(q, market) };
}

/** `startTime` and `endTime`; USD-M answers `-1023` when the start is after the end (spot just finds nothing). */
export function timeRange(q: Query, market: MarketKind): { start: number | undefined; end: number | undefined } {
  const start = int(q, 'startTime');
  const end = int(q, 'endTime');
  if (market === 'usdm' && start !== undefined && end !== undefined && start > end) throw new BinanceError(400, -1023, 'Start time is greater than end time.');
  return { start, end };
}
