/**
 * Gate API v4 public market data under `/<prefix>/api.gateio.ws/api/v4/…`: spot (`/spot/currencies`, `currency_pairs`,
 * `order_book`, `trades`, `tickers`, `candlesticks`), margin's pair list (ccxt's spot markets read it), and the
 * USDT-settled perpetuals (`/futures/usdt/contracts`, `order_book`, `trades`, `tickers`, `candlesticks`). Errors
 * are Gate's: HTTP 400 `{"label":"INVALID_PARAM_VALUE","message":…}` (INVALID_CURRENCY_PAIR, CONTRACT_NOT_FOUND);
 * the limit is Gate's public one, 200 requests in 10 s per endpoint and IP, then HTTP 429 TOO_MANY_REQUESTS.
 * `with_id=true` adds the book's `id` (the id the `*.order_book_update` pushes' U/u count).
 */
import type { FastifyInstance } from 'fastify';
import type { MarketKind } from '../instruments.ts';
import type { SymbolMarket } from '../market.ts';
import { rangedInt, str, type Query } from '../rest-params.ts';
import type { Simulator } from '../simulator.ts';
import type { GateBookIds } from './book-ids.ts';
import { GATE_INTERVALS, amount, contractRow, futuresCandleRow, futuresTicker, futuresTrade, pairRow, px, secondsText, spotCandleRow, spotTicker, spotTrade } from './format.ts';

export const GATE_REST_HOST = 'api.gateio.ws';

export interface GateRestLimits {
  /** requests per endpoint and IP in one window (Gate: 200 in 10 s for public market data) */
  perWindow: number;
  windowMs: number;
}

export const GATE_REST_LIMITS: GateRestLimits = { perWindow: 200, windowMs: 10_000 };

export class GateError extends Error {
  constructor(
    readonly label: string,
    msg: string,
  ) {
    super(msg);
  }
}

function int(q: Query, name: string, min: number, max: number, def: number): number {
  return rangedInt(q, name, [min, max, def], 12, (v, malformed) => new GateError('INVALID_PARAM_VALUE', malformed ? `Invalid ${name}: ${v}` : `${name} must be between ${min} and ${max}`));
}

/** A time in seconds (from / to), as ms. */
function seconds(q: Query, name: string): number | undefined {
  const v = str(q, name);
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,12}$/.test(v)) throw new GateError('INVALID_PARAM_VALUE', `Invalid ${name}: ${v}`);
  return Number(v) * 1000;
}

/** Gate's names: `BTC_USDT` for both the pair and the contract. */
function marketOf(sim: Simulator, kind: MarketKind, q: Query, required: true): SymbolMarket;
function marketOf(sim: Simulator, kind: MarketKind, q: Query, required: false): SymbolMarket | undefined;
function marketOf(sim: Simulator, kind: MarketKind, q: Query, required: boolean): SymbolMarket | undefined {
  const field = kind === 'spot' ? 'currency_pair' : 'contract';
  const id = str(q, field);
  if (id === undefined) {
    if (required) throw new GateError('MISSING_REQUIRED_PARAM', `Missing required parameter: ${field}`);
    return undefined;
  }
  const symbol = /^[A-Z0-9]{1,20}_[A-Z0-9]{1,10}$/.test(id) ? id.replace('_', '') : '';
  if (!sim.instrument(kind, symbol)) {
    throw kind === 'spot' ? new GateError('INVALID_CURRENCY_PAIR', `Invalid currency pair ${id}`) : new GateError('CONTRACT_NOT_FOUND', `Contract ${id} not found`);
  }
  return sim.touch(kind, symbol)!;
}

export function registerGateRest(app: FastifyInstance, sim: Simulator, ids: GateBookIds, limits: GateRestLimits = GATE_REST_LIMITS): void {
  const now = (): number => sim.scheduler.now();
  const hits = new Map<string, number[]>();
  const admit = (key: string): boolean => {
    const t = now();
    let w = hits.get(key);
    if (!w) hits.set(key, (w = []));
    while (w.length > 0 && w[0]! <= t - limits.windowMs) w.shift();
    if (w.length >= limits.perWindow) return false;
    w.push(t);
    return true;
  };
  const base = `/${GATE_REST_HOST}/api/v4`;
  const get = (path: string, fn: (q: Query) => unknown): void => {
    app.get(`${base}/${path}`, async (req, reply) => {
      if (!admit(`${req.ip}|${path}`)) return reply.code(429).send({ label: 'TOO_MANY_REQUESTS', message: 'Request Rate limit Exceeded' });
      try {
        return fn(req.query as Query);
      } catch (e) {
        if (e instanceof GateError) return reply.code(400).send({ label: e.label, message: e.message });
        throw e;
      }
    });
  };
  const book = (kind: MarketKind) => (q: Query) => {
    // spot: limit 1…1000 (default 10); futures 1…300 (default 10); interval "0" (no merging) only
    const limit = int(q, 'limit', 1, kind === 'spot' ? 1000 : 300, 10);
    const interval = str(q, 'interval');
    if (interval !== undefined && interval !== '0') throw new GateError('INVALID_PARAM_VALUE', `Invalid interval: ${interval}`);
    const m = marketOf(sim, kind, q, true);
    const i = m.inst;
    const side = (s: typeof m.book.bids): unknown[] => {
      const n = Math.min(limit, s.length);
      const out: unknown[] = [];
      for (let k = 0; k < n; k++) out.push(kind === 'spot' ? [px(i, s.px[k]!), amount(i, s.qty[k]!)] : { p: px(i, s.px[k]!), s: s.qty[k]! });
      return out;
    };
    const t = now();
    const body: Record<string, unknown> = {};
    if (str(q, 'with_id') === 'true') body['id'] = ids.id(m);
    // spot's times are ms, futures' seconds with ms decimals
    body['current'] = kind === 'spot' ? t : Number(secondsText(t));
    body['update'] = kind === 'spot' ? m.lastEventTime : Number(secondsText(m.lastEventTime));
    body['asks'] = side(m.book.asks);
    body['bids'] = side(m.book.bids);
    return body;
  };
  const trades = (kind: MarketKind) => (q: Query) => {
    const limit = int(q, 'limit', 1, 1000, 100);
    const m = marketOf(sim, kind, q, true);
    const from = seconds(q, 'from') ?? 0;
    const to = seconds(q, 'to') ?? Infinity;
    const list = m.trades.filter((t) => t.time >= from && t.time <= to).slice(-limit).reverse(); // newest first
    return list.map((t) => (kind === 'spot' ? spotTrade(m.inst, t) : futuresTrade(m.inst, t)));
  };
  const candles = (kind: MarketKind) => (q: Query) => {
    const m = marketOf(sim, kind, q, true);
    const raw = str(q, 'interval') ?? '30m';
    const interval = GATE_INTERVALS[raw];
    if (!interval) throw new GateError('INVALID_PARAM_VALUE', `Invalid interval: ${raw}`);
    const from = seconds(q, 'from');
    const to = seconds(q, 'to');
    const limit = int(q, 'limit', 1, kind === 'spot' ? 1000 : 2000, 100);
    if (from !== undefined && str(q, 'limit') !== undefined) throw new GateError('INVALID_PARAM_VALUE', 'limit can not be used together with from and to');
    const t = now();
    m.roll(t);
    const klines = m.klines(interval, from !== undefined ? 1000 : limit, from, to); // oldest first, as Gate answers
    return klines.map((k) => (kind === 'spot' ? spotCandleRow(m.inst, k, t) : futuresCandleRow(m.inst, k)));
  };
  const tickers = (kind: MarketKind) => (q: Query) => {
    const one = marketOf(sim, kind, q, false);
    const list = one ? [one] : sim.markets(kind);
    return list.map((m) => (kind === 'spot' ? spotTicker(m, now()) : futuresTicker(m, now())));
  };

  get('spot/currency_pairs', () => sim.instruments.spot.map(pairRow));
  get('spot/currencies', () => {
    const assets = new Set(sim.instruments.spot.flatMap((i) => [i.base, i.quote]));
    return [...assets].map((currency) => ({ currency, name: currency, delisted: false, withdraw_disabled: false, withdraw_delayed: false, deposit_disabled: false, trade_disabled: false, chains: [] }));
  });
  get('margin/currency_pairs', () => []); // no margin trading is simulated
  get('spot/order_book', book('spot'));
  get('spot/trades', trades('spot'));
  get('spot/candlesticks', candles('spot'));
  get('spot/tickers', tickers('spot'));
  get('futures/usdt/contracts', () => sim.markets('usdm').map((m) => contractRow(m, now())));
  get('futures/usdt/order_book', book('usdm'));
  get('futures/usdt/trades', trades('usdm'));
  get('futures/usdt/candlesticks', candles('usdm'));
  get('futures/usdt/tickers', tickers('usdm'));

  app.all(`/${GATE_REST_HOST}/*`, async (req, reply) => reply.code(404).send({ label: 'NOT_FOUND', message: `${req.method} ${req.url.split('?')[0] ?? ''} not found` }));
}

