/**
 * OKX v5 public REST under `<prefix>/www.okx.com/api/v5/…` (OKX docs "REST API": Public data, Market data): OKX's
 * envelope `{"code":"0","msg":"","data":[…]}`, string numbers, its error codes and HTTP statuses, and its per-IP
 * rate limits per endpoint (beyond them HTTP 429 with code 50011).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MarketKind } from '../instruments.ts';
import type { Kline } from '../klines.ts';
import type { SymbolMarket } from '../market.ts';
import type { Simulator } from '../simulator.ts';
import { bookRows, candleRow, fundingRow, instrumentRow, markRow, tickerRow, tradeRow } from './payloads.ts';
import { barInterval, InstIndex, instTypeOf, intParam, mandatory, OkxError, paramError, RateLimiter, str, tsParam, unknownInstrument, type Query } from './rest-params.ts';
import { KIND_OF } from './wire.ts';

export const OKX_REST_HOST = 'www.okx.com';
const TWO_S = 2000;

/** OKX's documented limits: requests per 2 s per IP for each endpoint served. */
export const OKX_REST_LIMITS: Record<string, number> = {
  'public/time': 10,
  'public/instruments': 20,
  'public/mark-price': 10,
  'public/funding-rate': 10,
  'market/books': 40,
  'market/books-full': 10,
  'market/candles': 40,
  'market/history-candles': 20,
  'market/trades': 100,
  'market/tickers': 20,
  'market/ticker': 20,
};

const CONTRACT_TYPES = ['SPOT', 'MARGIN', 'SWAP', 'FUTURES', 'OPTION'];

function marketOf(sim: Simulator, kind: MarketKind, symbol: string): SymbolMarket {
  return sim.market(kind, symbol)!;
}

/** Candles newest first within (before, after), at most `limit`, as OKX pages them. */
function candles(m: SymbolMarket, q: Query, maxLimit: number, now: number): string[][] {
  const bar = str(q, 'bar') ?? '1m';
  const interval = barInterval(bar, m.inst.market);
  if (!interval) throw paramError('bar');
  const limit = intParam(q, 'limit', 100, maxLimit);
  const after = tsParam(q, 'after');
  const before = tsParam(q, 'before');
  m.roll(now);
  const current = m.currentKline(interval);
  // OKX: `after` pages to older records (ts < after), `before` to newer ones (ts > before); `before` alone gives
  // the latest. Either way the newest `limit` in range, newest first.
  let list: Kline[] = m.klines(interval, limit, undefined, after !== undefined ? after - 1 : undefined);
  if (before !== undefined) list = list.filter((k) => k.t > before);
  const out: string[][] = [];
  for (let k = list.length - 1; k >= 0; k--) out.push(candleRow(m.inst, list[k]!, list[k]!.t !== current.t));
  return out;
}

export function registerOkxRest(app: FastifyInstance, sim: Simulator): RateLimiter {
  const index = new InstIndex(sim);
  const limiter = new RateLimiter(sim.scheduler);
  const now = (): number => sim.scheduler.now();
  const base = `/${OKX_REST_HOST}/api/v5`;

  const get = (path: string, fn: (q: Query) => unknown[]): void => {
    const limit = OKX_REST_LIMITS[path] ?? 20;
    app.get(`${base}/${path}`, async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      if (!limiter.take(`${req.ip}|${path}`, limit, TWO_S)) return reply.code(429).send({ code: '50011', msg: 'Too Many Requests', data: [] });
      try {
        return { code: '0', msg: '', data: fn(req.query as Query) };
      } catch (e) {
        if (e instanceof OkxError) return reply.code(e.status).send({ code: e.code, msg: e.message, data: [] });
        throw e;
      }
    });
  };

  get('public/time', () => [{ ts: String(now()) }]);

  get('public/instruments', (q) => {
    const type = instTypeOf(q, CONTRACT_TYPES);
    if (type === 'NONE') return [];
    const id = str(q, 'instId');
    const kind = KIND_OF[type];
    if (id === undefined) return index.list(kind).map(instrumentRow);
    const i = index.get(id);
    if (!i || i.market !== kind) throw unknownInstrument();
    return [instrumentRow(i)];
  });

  const books = (max: number) => (q: Query) => {
    const i = index.touch(q);
    const size = intParam(q, 'sz', 1, max);
    const m = marketOf(sim, i.market, i.symbol);
    return [{ asks: bookRows(m, 'asks', size), bids: bookRows(m, 'bids', size), ts: String(now()) }];
  };
  get('market/books', books(400));
  get('market/books-full', books(5000));

  get('market/candles', (q) => {
    const i = index.touch(q);
    return candles(marketOf(sim, i.market, i.symbol), q, 300, now());
  });
  get('market/history-candles', (q) => {
    const i = index.touch(q);
    return candles(marketOf(sim, i.market, i.symbol), q, 300, now());
  });

  get('market/trades', (q) => {
    const i = index.touch(q);
    const limit = intParam(q, 'limit', 100, 500);
    const m = marketOf(sim, i.market, i.symbol);
    const out: Record<string, string>[] = [];
    for (let k = m.trades.length - 1; k >= 0 && out.length < limit; k--) out.push(tradeRow(i, m.trades[k]!));
    return out;
  });

  get('market/ticker', (q) => {
    const i = index.touch(q);
    return [tickerRow(marketOf(sim, i.market, i.symbol), now())];
  });

  get('market/tickers', (q) => {
    const type = instTypeOf(q, ['SPOT', 'SWAP', 'FUTURES', 'OPTION']);
    if (type === 'NONE') return [];
    const family = str(q, 'instFamily') ?? str(q, 'uly');
    const kind = KIND_OF[type];
    return index
      .list(kind)
      .filter((i) => family === undefined || (kind === 'usdm' && `${i.base}-${i.quote}` === family))
      .map((i) => tickerRow(marketOf(sim, kind, i.symbol), now()));
  });

  get('public/mark-price', (q) => {
    const type = instTypeOf(q, ['MARGIN', 'SWAP', 'FUTURES', 'OPTION']);
    if (type !== 'SWAP') return [];
    const id = str(q, 'instId');
    if (id !== undefined) {
      const i = index.touch(q, ['SWAP']);
      return [markRow(marketOf(sim, 'usdm', i.symbol), now())];
    }
    return index.list('usdm').map((i) => markRow(marketOf(sim, 'usdm', i.symbol), now()));
  });

  get('public/funding-rate', (q) => {
    mandatory(q, 'instId');
    const i = index.touch(q, ['SWAP']);
    return [fundingRow(marketOf(sim, 'usdm', i.symbol), now())];
  });

  // Anything else under OKX's host: OKX's 404 envelope, not the framework's.
  app.all(`/${OKX_REST_HOST}/*`, async (_req, reply) => reply.code(404).send({ code: '404', msg: 'Not Found', data: [] }));
  return limiter;
}
