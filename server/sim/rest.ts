import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { spotExchangeInfo, usdmExchangeInfo } from './exchange-info.ts';
import { fmtPrice, fmtQty, fmtQuote, type MarketKind } from './instruments.ts';
import type { SymbolMarket, Trade } from './market.ts';
import { formatLevels, klineRow, tickerRest, windowTickerRest } from './payloads.ts';
import { BinanceError, int, klineParams, limitOf, str, symbolList, symbolOf, timeRange, type Query } from './rest-params.ts';
import { registerSpotRest } from './rest-spot.ts';
import { registerUsdmRest } from './rest-usdm.ts';
import type { Simulator } from './simulator.ts';
import { BINANCE_WEIGHT_LIMITS, WEIGHTS, WeightMeter, type Verdict, type Weight, type WeightLimits } from './weights.ts';

export const SPOT_REST_HOST = 'api.binance.com';
export const USDM_REST_HOST = 'fapi.binance.com';

const USDM_DEPTH_LIMITS = [5, 10, 20, 50, 100, 500, 1000];

/**
 * Registers GET `path` answering `fn(query)`: charged `weight` first (429/418 beyond the limit), Binance's
 * error body for a BinanceError, the used weight in the headers of every reply. `funding`: USD-M's
 * fundingRate and fundingInfo, which count against their own limit instead.
 */
export type Get = (path: string, weight: Weight, fn: (q: Query) => unknown, funding?: 'funding') => void;

export interface RestMeters {
  spot: WeightMeter;
  usdm: WeightMeter;
  funding: WeightMeter;
}

/** Spot (`/api/v3`) and USD-M (`/fapi/v1`, `/fapi/v2`) market-data endpoints, Binance's paths, parameters, weights and errors. */
export function registerRest(app: FastifyInstance, sim: Simulator, limits: Partial<WeightLimits> = {}): RestMeters {
  const l = { ...BINANCE_WEIGHT_LIMITS, ...limits };
  const meters: RestMeters = {
    spot: new WeightMeter(l.spot, 60_000, sim.scheduler, l.banAfter),
    usdm: new WeightMeter(l.usdm, 60_000, sim.scheduler, l.banAfter),
    funding: new WeightMeter(l.funding, 300_000, sim.scheduler, l.banAfter),
  };
  const get: Get = (path, weight, fn, funding) => {
    const market: MarketKind = path.startsWith(`/${SPOT_REST_HOST}/`) ? 'spot' : 'usdm';
    app.get(path, async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const q = req.query as Query;
      const w = typeof weight === 'number' ? weight : weight(q);
      let verdict = meters[market].charge(req.ip, funding ? 0 : w);
      if (verdict.status === 200 && funding) verdict = { ...meters.funding.charge(req.ip, 1), used: verdict.used };
      usedWeightHeaders(reply, market, verdict.used);
      if (verdict.status !== 200) return refuse(reply, verdict, funding ? meters.funding : meters[market]);
      try {
        return fn(q);
      } catch (e) {
        if (e instanceof BinanceError) return reply.code(e.status).send({ code: e.code, msg: e.message });
        throw e;
      }
    });
  };
  const now = (): number => sim.scheduler.now();

  for (const market of ['spot', 'usdm'] as const) {
    const spot = market === 'spot';
    const base = spot ? `/${SPOT_REST_HOST}/api/v3` : `/${USDM_REST_HOST}/fapi/v1`;
    /** The listings a `symbol` / `symbols` (spot) / neither query names. */
    const selected = (q: Query): SymbolMarket[] => {
      if (str(q, 'symbol') !== undefined) return [symbolOf(sim, market, q)];
      const list = (market === 'spot' ? symbolList(sim, 'spot', q) : undefined) ?? sim.instruments[market];
      return list.map((i) => sim.market(market, i.symbol)!);
    };
    const one = (q: Query, rows: unknown[]): unknown => (str(q, 'symbol') !== undefined ? rows[0] : rows);

    get(`${base}/ping`, 1, () => ({}));
    get(`${base}/time`, 1, () => ({ serverTime: now() }));

    get(`${base}/exchangeInfo`, spot ? 20 : 1, (q) => {
      if (market === 'usdm') return usdmExchangeInfo(now());
      const name = str(q, 'symbol');
      if (name !== undefined) {
        const i = sim.instrument('spot', name);
        if (!i) throw new BinanceError(400, -1121, 'Invalid symbol.');
        return spotExchangeInfo(now(), [i]);
      }
      return spotExchangeInfo(now(), symbolList(sim, 'spot', q) ?? sim.instruments.spot);
    });

    get(`${base}/depth`, spot ? WEIGHTS.spot.depth : WEIGHTS.usdm.depth, (q) => {
      const m = symbolOf(sim, market, q);
      let limit: number;
      if (market === 'spot') limit = limitOf(q, 100, 5000);
      else {
        const l = int(q, 'limit') ?? 500;
        if (!USDM_DEPTH_LIMITS.includes(l)) throw new BinanceError(400, -1130, "Data sent for parameter 'limit' is not valid.");
        limit = l;
      }
      const bids = formatLevels(m.inst, m.book.bids, limit);
      const asks = formatLevels(m.inst, m.book.asks, limit);
      if (market === 'spot') return { lastUpdateId: m.lastUpdateId, bids, asks };
      return { lastUpdateId: m.lastUpdateId, E: now(), T: m.lastEventTime, bids, asks };
    });

    const tradeRow = (m: SymbolMarket, t: Trade): Record<string, unknown> => ({
      id: t.id,
      price: fmtPrice(m.inst, t.px),
      qty: fmtQty(m.inst, t.qty),
      quoteQty: fmtQuote(t.quote),
      time: t.time,
      isBuyerMaker: t.buyerMaker,
      ...(market === 'spot' ? { isBestMatch: true } : {}),
    });
    get(`${base}/trades`, spot ? 25 : 5, (q) => {
      const m = symbolOf(sim, market, q);
      return m.trades.slice(-limitOf(q, 500, 1000)).map((t) => tradeRow(m, t));
    });
    // Older trades from `fromId`, as far back as the simulator keeps them (its last 1000–2000 trades).
    get(`${base}/historicalTrades`, spot ? 25 : 20, (q) => {
      const m = symbolOf(sim, market, q);
      const limit = limitOf(q, 500, 1000);
      const fromId = int(q, 'fromId');
      const list = fromId === undefined ? m.trades.slice(-limit) : m.trades.filter((t) => t.id >= fromId).slice(0, limit);
      return list.map((t) => tradeRow(m, t));
    });

    get(`${base}/aggTrades`, spot ? 4 : 20, (q) => {
      const m = symbolOf(sim, market, q);
      const limit = limitOf(q, 500, 1000);
      const fromId = int(q, 'fromId');
      const { start, end } = timeRange(q, market);
      if (start !== undefined && end !== undefined && end - start > 3_600_000) {
        throw new BinanceError(400, -1127, 'More than 1 hours between startTime and endTime.');
      }
      let list = m.aggTrades;
      if (fromId !== undefined) list = list.filter((a) => a.a >= fromId).slice(0, limit);
      else if (start !== undefined || end !== undefined) list = list.filter((a) => (start === undefined || a.time >= start) && (end === undefined || a.time <= end)).slice(0, limit);
      else list = list.slice(-limit);
      const i = m.inst;
      return list.map((a) => ({
        a: a.a,
        p: fmtPrice(i, a.px),
        q: fmtQty(i, a.qty),
        f: a.f,
        l: a.l,
        T: a.time,
        m: a.buyerMaker,
        ...(market === 'spot' ? { M: true } : {}),
      }));
    });

    get(`${base}/klines`, spot ? 2 : WEIGHTS.usdm.klines, (q) => {
      const m = symbolOf(sim, market, q);
      const k = klineParams(q, market);
      m.roll(now());
      return m.klines(k.interval, k.limit, k.start, k.end).map((x) => klineRow(m.inst, x));
    });

    get(`${base}/ticker/24hr`, spot ? WEIGHTS.spot.ticker24hr : WEIGHTS.usdm.ticker24hr, (q) => {
      const type = tickerType(market, q);
      return one(
        q,
        selected(q).map((m) => (type === 'MINI' ? windowTickerRest(m.inst, m.ticker(now()), true) : tickerRest(m, m.ticker(now())))),
      );
    });

    const priceRow = (m: SymbolMarket): Record<string, unknown> =>
      market === 'spot' ? { symbol: m.inst.symbol, price: fmtPrice(m.inst, m.lastPrice) } : { symbol: m.inst.symbol, price: fmtPrice(m.inst, m.lastPrice), time: m.lastTradeTime() };
    get(`${base}/ticker/price`, spot ? WEIGHTS.spot.oneOrAll : WEIGHTS.usdm.price, (q) => one(q, selected(q).map(priceRow)));
    if (!spot) get(`/${USDM_REST_HOST}/fapi/v2/ticker/price`, WEIGHTS.usdm.price, (q) => one(q, selected(q).map(priceRow)));

    get(`${base}/ticker/bookTicker`, spot ? WEIGHTS.spot.oneOrAll : WEIGHTS.usdm.bookTicker, (q) =>
      one(
        q,
        selected(q).map((m) => {
          const b = m.book;
          const row = { symbol: m.inst.symbol, bidPrice: fmtPrice(m.inst, b.bestBid()), bidQty: fmtQty(m.inst, b.bestBidQty()), askPrice: fmtPrice(m.inst, b.bestAsk()), askQty: fmtQty(m.inst, b.bestAskQty()) };
          return market === 'spot' ? row : { ...row, time: m.lastEventTime };
        }),
      ),
    );
  }

  registerSpotRest(get, sim, `/${SPOT_REST_HOST}/api/v3`);
  registerUsdmRest(get, sim, `/${USDM_REST_HOST}/fapi/v1`);

  // Anything else under a Binance host: Binance's error body (USD-M's -5000 form), not the framework's.
  for (const host of [SPOT_REST_HOST, USDM_REST_HOST]) {
    app.all(`/${host}/*`, async (req, reply) => {
      const market: MarketKind = host === SPOT_REST_HOST ? 'spot' : 'usdm';
      usedWeightHeaders(reply, market, meters[market].usedBy(req.ip));
      const path = req.url.split('?')[0]!;
      const at = path.indexOf(`/${host}/`);
      return reply.code(404).send({ code: -5000, msg: `Path ${at >= 0 ? path.slice(at + host.length + 1) : path}, Method ${req.method} is invalid` });
    });
  }
  return meters;
}

/** Binance: spot sends `x-mbx-used-weight` and `x-mbx-used-weight-1m`, USD-M `X-MBX-USED-WEIGHT-1M` (written as is). */
function usedWeightHeaders(reply: FastifyReply, market: MarketKind, used: number): void {
  if (market === 'spot') {
    reply.raw.setHeader('x-mbx-used-weight', String(used));
    reply.raw.setHeader('x-mbx-used-weight-1m', String(used));
  } else reply.raw.setHeader('X-MBX-USED-WEIGHT-1M', String(used));
}

/** 429 beyond the limit, 418 for a banned IP: Retry-After in seconds and Binance's -1003 bodies. */
function refuse(reply: FastifyReply, v: Verdict, meter: WeightMeter): FastifyReply {
  reply.raw.setHeader('Retry-After', String(v.retryAfter));
  if (v.status === 418) {
    return reply.code(418).send({ code: -1003, msg: `Way too much request weight used; IP banned until ${v.bannedUntil}. Please use WebSocket Streams for live updates to avoid bans.` });
  }
  const per = meter.windowMs === 60_000 ? '1 MINUTE' : `${meter.windowMs / 60_000} MINUTE`;
  return reply.code(429).send({ code: -1003, msg: `Too much request weight used; current limit is ${meter.limit} request weight per ${per}. Please use WebSocket Streams for live updates to avoid polling the API.` });
}

/** Spot tickers take `type=FULL|MINI`; USD-M has no such parameter (ignored, as Binance ignores unknown ones). */
export function tickerType(market: MarketKind, q: Query): 'FULL' | 'MINI' {
  if (market !== 'spot') return 'FULL';
  const type = str(q, 'type') ?? 'FULL';
  if (type !== 'FULL' && type !== 'MINI') throw new BinanceError(400, -1139, 'Invalid ticker type.');
  return type;
}
