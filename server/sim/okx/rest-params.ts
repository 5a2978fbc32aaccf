/** OKX REST query parameters, checked as OKX does: its error codes, messages and HTTP statuses. */
import type { Instrument, MarketKind } from '../instruments.ts';
import type { Scheduler } from '../scheduler.ts';
import type { Simulator } from '../simulator.ts';
import { isInterval, type Interval } from '../klines.ts';
import { digitsParam, rangedInt, str, type Query } from '../rest-params.ts';
import { KIND_OF, type InstType } from './wire.ts';

export { str, type Query };

/**
 * An OKX error envelope `{code, msg, data: []}` with its HTTP status. OKX answers parameter errors (50014, 51000)
 * with 400 and a rate limit (50011) with 429, but an unknown instrument (51001) with HTTP 200 and the code.
 */
export class OkxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
  ) {
    super(msg);
  }
}


export const unknownInstrument = (): OkxError => new OkxError(200, '51001', "Instrument ID, Instrument ID code, or Spread ID doesn't exist.");
export const paramError = (name: string): OkxError => new OkxError(400, '51000', `Parameter ${name} error`);
const emptyParam = (name: string): OkxError => new OkxError(400, '50014', `Parameter ${name} can not be empty.`);

export function mandatory(q: Query, name: string): string {
  const v = str(q, name);
  if (v === undefined) throw emptyParam(name);
  return v;
}

/** A positive integer parameter in [1, max], `def` when absent; 51000 otherwise. */
export const intParam = (q: Query, name: string, def: number, max: number): number => rangedInt(q, name, [1, max, def], 9, () => paramError(name));

/** A millisecond timestamp parameter (`after`, `before`). */
export const tsParam = (q: Query, name: string): number | undefined => digitsParam(q, name, 15, () => paramError(name));

/** `instType`: SPOT and SWAP are listed here; MARGIN, FUTURES and OPTION are OKX's and list nothing. */
export function instTypeOf(q: Query, allowed: readonly string[]): InstType | 'NONE' {
  const t = mandatory(q, 'instType');
  if (!allowed.includes(t)) throw paramError('instType');
  return t === 'SPOT' || t === 'SWAP' ? t : 'NONE';
}

/** The simulator's listings under their OKX names (BTC-USDT, BTC-USDT-SWAP). */
export class InstIndex {
  private readonly byId = new Map<string, Instrument>();

  constructor(readonly sim: Simulator) {
    for (const kind of ['spot', 'usdm'] as const) for (const i of sim.instruments[kind]) this.byId.set(i.venueSymbol ?? i.symbol, i);
  }

  get(id: string): Instrument | undefined {
    return this.byId.get(id);
  }

  list(kind: MarketKind): readonly Instrument[] {
    return this.sim.instruments[kind];
  }

  /** `instId`, mandatory, listed (51001 otherwise), of one of `types` when given; its market goes live a minute. */
  touch(q: Query, types: readonly InstType[] = ['SPOT', 'SWAP']): Instrument {
    const i = this.get(mandatory(q, 'instId'));
    if (!i || !types.map((t) => KIND_OF[t]).includes(i.market)) throw unknownInstrument();
    this.sim.touch(i.market, i.symbol);
    return i;
  }
}

/**
 * OKX's bar names → the simulator's intervals. `6H`…`1M` open on Hong Kong time at OKX and `6Hutc`…`1Mutc` on UTC;
 * the simulator keeps UTC buckets only, so both names answer with UTC opens.
 */
const BARS: Record<string, Interval> = {
  '1s': '1s',
  '1m': '1m',
  '3m': '3m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1H': '1h',
  '2H': '2h',
  '4H': '4h',
  '6H': '6h',
  '12H': '12h',
  '1D': '1d',
  '3D': '3d',
  '1W': '1w',
  '1M': '1M',
  '6Hutc': '6h',
  '12Hutc': '12h',
  '1Dutc': '1d',
  '3Dutc': '3d',
  '1Wutc': '1w',
  '1Mutc': '1M',
};

export function barInterval(bar: string, kind: MarketKind): Interval | undefined {
  const i = Object.hasOwn(BARS, bar) ? BARS[bar] : undefined;
  if (i === undefined || !isInterval(i) || (i === '1s' && kind !== 'spot')) return undefined;
  return i;
}

/** OKX's per-IP request limits: `limit` requests per rolling `windowMs` per endpoint (OKX: mostly per 2 s). */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  rejected = 0;

  constructor(private readonly scheduler: Scheduler) {}

  /** true when the request is within the limit (and counted). */
  take(key: string, limit: number, windowMs: number): boolean {
    const now = this.scheduler.now();
    let w = this.hits.get(key);
    if (!w) {
      w = [];
      this.hits.set(key, w);
    }
    while (w.length > 0 && w[0]! <= now - windowMs) w.shift();
    if (w.length >= limit) {
      this.rejected++;
      return false;
    }
    w.push(now);
    return true;
  }
}
