/**
 * Bybit v5 public market data under `/<prefix>/api.bybit.com/v5/market/…`: Bybit's envelope
 * `{retCode, retMsg, result, retExtInfo, time}`, its parameters and limits, retCode 10001 on a bad parameter (HTTP
 * 200, as Bybit answers it) and its IP limit (600 requests in any 5 s window; over it HTTP 403 "access too
 * frequent" until a 10-minute ban ends: https://bybit-exchange.github.io/docs/v5/rate-limit).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MarketKind } from '../instruments.ts';
import type { Interval } from '../klines.ts';
import type { SymbolMarket } from '../market.ts';
import { fundingRate } from '../futures.ts';
import { rangedInt, str, type Query } from '../rest-params.ts';
import type { Simulator } from '../simulator.ts';
import { categoryOf, instrumentRow, klineRow, px, qty, tickerFields, tradeRest } from './format.ts';
import { BYBIT_REST_HOST } from './hosts.ts';


/** A Bybit error answer: `retCode` with its `retMsg`. */
export class BybitError extends Error {
  constructor(
    readonly retCode: number,
    msg: string,
  ) {
    super(msg);
  }
}

export function envelope(result: unknown, now: number, retCode = 0, retMsg = 'OK'): Record<string, unknown> {
  return { retCode, retMsg, result, retExtInfo: {}, time: now };
}

/** Bybit's kline intervals and the simulator's. */
export const KLINE_INTERVALS: Record<string, Interval> = {
  '1': '1m',
  '3': '3m',
  '5': '5m',
  '15': '15m',
  '30': '30m',
  '60': '1h',
  '120': '2h',
  '240': '4h',
  '360': '6h',
  '720': '12h',
  D: '1d',
  W: '1w',
  M: '1M',
};

export interface BybitRestLimits {
  /** requests per IP in one window (Bybit: 600 in 5 s) */
  perWindow: number;
  windowMs: number;
  /** how long an IP over the limit is refused (Bybit: at least 10 minutes) */
  banMs: number;
}

export const BYBIT_REST_LIMITS: BybitRestLimits = { perWindow: 600, windowMs: 5000, banMs: 600_000 };

function int(q: Query, name: string, min: number, max: number, def: number): number {
  return rangedInt(q, name, [min, max, def], 16, (_v, malformed) => new BybitError(10001, malformed ? `params error: ${name} invalid` : `params error: ${name} must be in [${min}, ${max}]`));
}

function time(q: Query, name: string): number | undefined {
  const v = str(q, name);
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,16}$/.test(v)) throw new BybitError(10001, `params error: ${name} invalid`);
  return Number(v);
}

/** `category`: spot or linear (inverse and option are not listed here: Bybit's own answer for an unknown one). */
function categoryParam(q: Query, allowed: readonly string[] = ['spot', 'linear']): MarketKind {
  const c = str(q, 'category');
  if (c === undefined) throw new BybitError(10001, 'params error: category is required');
  if (!allowed.includes(c)) throw new BybitError(10001, 'Illegal category');
  return c === 'spot' ? 'spot' : 'usdm';
}

/** The sim's symbol of a Bybit symbol (the same names: BTCUSDT). */
function marketOf(sim: Simulator, kind: MarketKind, q: Query, required: true): SymbolMarket;
function marketOf(sim: Simulator, kind: MarketKind, q: Query, required: false): SymbolMarket | undefined;
function marketOf(sim: Simulator, kind: MarketKind, q: Query, required: boolean): SymbolMarket | undefined {
  const s = str(q, 'symbol');
  if (s === undefined) {
    if (required) throw new BybitError(10001, 'params error: symbol is required');
    return undefined;
  }
  if (!/^[A-Z0-9]{1,30}$/.test(s) || !sim.instrument(kind, s)) throw new BybitError(10001, 'params error: symbol invalid');
  return sim.touch(kind, s)!;
}

/** The update id a REST book carries (Bybit: spot the 200-level stream's u, linear the deepest stream's). */
export type RestBookId = (kind: MarketKind, symbol: string) => number;

export function registerBybitRest(app: FastifyInstance, sim: Simulator, bookId: RestBookId, limits: BybitRestLimits = BYBIT_REST_LIMITS): void {
  const now = (): number => sim.scheduler.now();
  const hits = new Map<string, number[]>();
  const banned = new Map<string, number>();
  /** false (and the 403 sent) when the IP is over Bybit's limit */
  const admit = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const t = now();
    const ip = req.ip;
    const until = banned.get(ip);
    if (until !== undefined && t < until) return false;
    if (until !== undefined) banned.delete(ip);
    let w = hits.get(ip);
    if (!w) hits.set(ip, (w = []));
    while (w.length > 0 && w[0]! <= t - limits.windowMs) w.shift();
    w.push(t);
    if (w.length > limits.perWindow) {
      banned.set(ip, t + limits.banMs);
      w.length = 0;
      return false;
    }
    void reply;
    return true;
  };
  const base = `/${BYBIT_REST_HOST}/v5/market`;
  const get = (path: string, fn: (q: Query) => unknown): void => {
    app.get(`${base}/${path}`, async (req, reply) => {
      if (!admit(req, reply)) return reply.code(403).header('content-type', 'text/plain').send('403, access too frequent');
      try {
        return envelope(fn(req.query as Query), now());
      } catch (e) {
        if (e instanceof BybitError) return envelope({}, now(), e.retCode, e.message);
        throw e;
      }
    });
  };

  get('time', () => {
    const t = now();
    return { timeSecond: String(Math.floor(t / 1000)), timeNano: `${t}000000` };
  });

  get('instruments-info', (q) => {
    const kind = categoryParam(q);
    const status = str(q, 'status');
    if (status !== undefined && !['PreLaunch', 'Trading', 'Delivering', 'Closed'].includes(status)) throw new BybitError(10001, 'params error: status invalid');
    int(q, 'limit', 1, 1000, 500);
    const one = marketOf(sim, kind, q, false);
    const baseCoin = str(q, 'baseCoin');
    let list = one ? [one.inst] : [...sim.instruments[kind]];
    if (baseCoin !== undefined) list = list.filter((i) => i.base === baseCoin);
    if (status !== undefined && status !== 'Trading') list = [];
    const rows = list.map(instrumentRow);
    return kind === 'spot' ? { category: 'spot', list: rows } : { category: 'linear', list: rows, nextPageCursor: '' };
  });

  get('orderbook', (q) => {
    const kind = categoryParam(q);
    // Bybit: spot limit 1…200 (default 1), linear 1…500 (default 25)
    const limit = kind === 'spot' ? int(q, 'limit', 1, 200, 1) : int(q, 'limit', 1, 500, 25);
    const m = marketOf(sim, kind, q, true);
    const i = m.inst;
    const side = (s: typeof m.book.bids): [string, string][] => {
      const n = Math.min(limit, s.length);
      const out: [string, string][] = [];
      for (let k = 0; k < n; k++) out.push([px(i, s.px[k]!), qty(i, s.qty[k]!)]);
      return out;
    };
    return { s: i.venueSymbol ?? i.symbol, b: side(m.book.bids), a: side(m.book.asks), ts: now(), u: bookId(kind, i.symbol), seq: m.lastUpdateId, cts: m.lastEventTime };
  });

  get('kline', (q) => {
    const kind = categoryParam(q);
    const m = marketOf(sim, kind, q, true);
    const raw = str(q, 'interval');
    if (raw === undefined) throw new BybitError(10001, 'params error: interval is required');
    const interval = KLINE_INTERVALS[raw];
    if (!interval) throw new BybitError(10001, 'params error: interval invalid');
    const start = time(q, 'start');
    const end = time(q, 'end');
    const limit = int(q, 'limit', 1, 1000, 200);
    m.roll(now());
    // Bybit answers the newest first.
    const klines = m.klines(interval, limit, start, end);
    return { category: categoryOf(m.inst), symbol: m.inst.venueSymbol ?? m.inst.symbol, list: [...klines].reverse().map((k) => klineRow(m.inst, k)) };
  });

  get('recent-trade', (q) => {
    const kind = categoryParam(q);
    // Bybit: spot 1…60 (default 60), linear 1…1000 (default 500)
    const limit = kind === 'spot' ? int(q, 'limit', 1, 60, 60) : int(q, 'limit', 1, 1000, 500);
    const m = marketOf(sim, kind, q, true);
    return { category: categoryOf(m.inst), list: m.trades.slice(-limit).reverse().map((t) => tradeRest(m.inst, t)) };
  });

  get('tickers', (q) => {
    const kind = categoryParam(q);
    const one = marketOf(sim, kind, q, false);
    const list = one ? [one] : sim.markets(kind);
    return { category: kind === 'spot' ? 'spot' : 'linear', list: list.map((m) => tickerFields(m, m.ticker(now()), now())) };
  });

  get('funding/history', (q) => {
    const kind = categoryParam(q, ['linear']);
    const m = marketOf(sim, kind, q, true);
    const limit = int(q, 'limit', 1, 200, 200);
    const start = time(q, 'startTime');
    const end = time(q, 'endTime');
    const records = m.funding!.records(now(), limit, () => m.markTicks(), (t) => fundingRate(m.inst.symbol, t), start, end);
    return {
      category: 'linear',
      list: records.reverse().map((r) => ({ symbol: m.inst.venueSymbol ?? m.inst.symbol, fundingRate: r.rate, fundingRateTimestamp: String(r.time) })),
    };
  });

  app.all(`/${BYBIT_REST_HOST}/*`, async (req, reply) => {
    if (!admit(req, reply)) return reply.code(403).header('content-type', 'text/plain').send('403, access too frequent');
    return reply.code(404).send(envelope({}, now(), 10001, `path not found: ${req.method} ${req.url.split('?')[0] ?? ''}`));
  });
}
