/**
 * Bitget v2 public REST under `<prefix>/api.bitget.com/api/v2/…` (docs: spot "Market", contract "Market"): its envelope
 * `{"code":"00000","msg":"success","requestTime":…,"data":…}`, string numbers with the listing's decimals (the
 * futures' merged depth in bare numbers, as Bitget answers it), its parameter errors (HTTP 400) and per-IP limits per
 * endpoint (beyond them HTTP 429).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interval } from '../klines.ts';
import type { SymbolMarket } from '../market.ts';
import type { Simulator } from '../simulator.ts';
import { RateLimiter } from '../okx/rest-params.ts';
import { BitgetError, envelope, FUTURES_GRANULARITY, intParam, mandatory, marketOf, sendError, SPOT_GRANULARITY, str, timeParam, usdtFutures, type Query } from './rest-params.ts';
import { BITGET_REST_HOST, candleRow, contractRow, px, symbolRow, sz, tickerRow, tradeRow } from './wire.ts';

/** Bitget's documented limits: requests per second per IP (market/fills 10, the rest here 20). */
const PER_SECOND: Record<string, number> = { 'spot/market/fills': 10, 'spot/market/fills-history': 10, 'mix/market/fills-history': 10 };

function candles(m: SymbolMarket, q: Query, granularity: Record<string, Interval>, maxLimit: number, now: number): string[][] {
  const interval = granularity[mandatory(q, 'granularity')];
  if (!interval) throw new BitgetError('40020', 'Parameter granularity error');
  const limit = intParam(q, 'limit', 100, maxLimit);
  m.roll(now);
  // the newest `limit` bars within [startTime, endTime], oldest first
  return m.klines(interval, limit, timeParam(q, 'startTime'), timeParam(q, 'endTime')).map((k) => candleRow(m.inst, k));
}

function trades(m: SymbolMarket, q: Query, def: number, max: number): Record<string, string>[] {
  const limit = intParam(q, 'limit', def, max);
  const out: Record<string, string>[] = [];
  for (let k = m.trades.length - 1; k >= 0 && out.length < limit; k--) out.push(tradeRow(m.inst, m.trades[k]!)); // newest first
  return out;
}

export function registerBitgetRest(app: FastifyInstance, sim: Simulator): RateLimiter {
  const limiter = new RateLimiter(sim.scheduler);
  const now = (): number => sim.scheduler.now();
  const base = `/${BITGET_REST_HOST}/api/v2`;
  const get = (path: string, fn: (q: Query) => unknown): void => {
    app.get(`${base}/${path}`, async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      if (!limiter.take(`${req.ip}|${path}`, PER_SECOND[path] ?? 20, 1000)) return sendError(reply, new BitgetError('429', 'Too Many Requests', 429), now());
      try {
        return envelope(fn(req.query as Query), now());
      } catch (e) {
        if (e instanceof BitgetError) return sendError(reply, e, now());
        throw e;
      }
    });
  };
  const listedSpot = (q: Query) => {
    const one = str(q, 'symbol');
    return one === undefined ? sim.instruments.spot : [marketOf(sim, 'spot', q).inst];
  };

  get('public/time', () => ({ serverTime: String(now()) }));

  // ---- spot ----
  get('spot/public/symbols', (q) => listedSpot(q).map(symbolRow));
  get('spot/public/coins', () => [...new Set(sim.instruments.spot.flatMap((i) => [i.base, i.quote]))].map((coin, k) => ({ coinId: String(k + 1), coin, transfer: 'true', chains: [], areaCoin: 'no' })));
  // margin is not listed in the simulator: no pair is borrowable
  get('margin/currencies', () => []);
  get('spot/market/orderbook', (q) => {
    const m = marketOf(sim, 'spot', q);
    const type = str(q, 'type') ?? 'step0';
    if (!/^step[0-5]$/.test(type)) throw new BitgetError('40020', 'Parameter type error');
    const limit = intParam(q, 'limit', 150, 150);
    const side = (s: typeof m.book.bids) => Array.from({ length: Math.min(limit, s.length) }, (_, k) => [px(m.inst, s.px[k]!), sz(m.inst, s.qty[k]!)]);
    return { asks: side(m.book.asks), bids: side(m.book.bids), ts: String(now()) };
  });
  get('spot/market/fills', (q) => trades(marketOf(sim, 'spot', q), q, 100, 500));
  get('spot/market/fills-history', (q) => trades(marketOf(sim, 'spot', q), q, 500, 1000));
  get('spot/market/tickers', (q) => listedSpot(q).map((i) => tickerRow(sim.touch('spot', i.symbol)!, now())));
  get('spot/market/candles', (q) => candles(marketOf(sim, 'spot', q), q, SPOT_GRANULARITY, 1000, now()));
  get('spot/market/history-candles', (q) => {
    mandatory(q, 'endTime');
    return candles(marketOf(sim, 'spot', q), q, SPOT_GRANULARITY, 200, now());
  });

  // ---- USDT-M futures ----
  get('mix/market/contracts', (q) => {
    if (!usdtFutures(q)) return [];
    return str(q, 'symbol') === undefined ? sim.instruments.usdm.map(contractRow) : [contractRow(marketOf(sim, 'usdm', q).inst)];
  });
  const futures = (q: Query): SymbolMarket => marketOf(sim, 'usdm', q, usdtFutures(q));
  get('mix/market/merge-depth', (q) => {
    const m = futures(q);
    const precision = str(q, 'precision') ?? 'scale0';
    if (!/^scale[0-3]$/.test(precision)) throw new BitgetError('40020', 'Parameter precision error');
    const raw = str(q, 'limit') ?? '100';
    if (!['1', '5', '15', '50', '100', 'max'].includes(raw)) throw new BitgetError('40020', 'Parameter limit error');
    const limit = raw === 'max' ? 1000 : Number(raw);
    const side = (s: typeof m.book.bids) => Array.from({ length: Math.min(limit, s.length) }, (_, k) => [Number(px(m.inst, s.px[k]!)), Number(sz(m.inst, s.qty[k]!))]);
    return { asks: side(m.book.asks), bids: side(m.book.bids), ts: String(now()), scale: px(m.inst, 1), precision, isMaxPrecision: 'YES' };
  });
  get('mix/market/fills', (q) => trades(futures(q), q, 100, 100));
  get('mix/market/fills-history', (q) => trades(futures(q), q, 500, 1000));
  get('mix/market/ticker', (q) => [tickerRow(futures(q), now())]);
  get('mix/market/tickers', (q) => (usdtFutures(q) ? sim.instruments.usdm.map((i) => tickerRow(sim.touch('usdm', i.symbol)!, now())) : []));
  get('mix/market/candles', (q) => candles(futures(q), q, FUTURES_GRANULARITY, 1000, now()));
  get('mix/market/history-candles', (q) => candles(futures(q), q, FUTURES_GRANULARITY, 200, now()));

  // Anything else under Bitget's host: Bitget's 404 envelope, not the framework's.
  app.all(`/${BITGET_REST_HOST}/*`, async (_req, reply) => sendError(reply, new BitgetError('40404', 'Request URL NOT FOUND', 404), now()));
  return limiter;
}
