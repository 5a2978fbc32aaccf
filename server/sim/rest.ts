import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { spotExchangeInfo, usdmExchangeInfo } from './exchange-info.ts';
import { INSTRUMENTS, fmtPrice, fmtQty, fmtQuote, instrument, type MarketKind } from './instruments.ts';
import type { SymbolMarket, Trade } from './market.ts';
import { formatLevels, klineRow, tickerRest, windowTickerRest } from './payloads.ts';
import { BinanceError, int, klineParams, limitOf, str, symbolList, symbolOf, type Query } from './rest-params.ts';
import { registerSpotRest } from './rest-spot.ts';
import { registerUsdmRest } from './rest-usdm.ts';
import type { Simulator } from './simulator.ts';

export const SPOT_REST_HOST = 'api.binance.com';
export const USDM_REST_HOST = 'fapi.binance.com';

const USDM_DEPTH_LIMITS = [5, 10, 20, 50, 100, 500, 1000];

/** Registers GET `path` answering `fn(query)`, Binance's error body for a BinanceError. */
export type Get = (path: string, fn: (q: Query) => unknown) => void;

/** Spot (`/api/v3`) and USD-M (`/fapi/v1`, `/fapi/v2`) market-data endpoints, Binance's paths, parameters and errors. */
export function registerRest(app: FastifyInstance, sim: Simulator): void {
  const get: Get = (path, fn) => {
    app.get(path, async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      try {
        return fn(req.query as Query);
      } catch (e) {
        if (e instanceof BinanceError) return reply.code(e.status).send({ code: e.code, msg: e.message });
        throw e;
      }
    });
  };
  const now = (): number => sim.scheduler.now();

  for (const market of ['spot', 'usdm'] as const) {
    const base = market === 'spot' ? `/${SPOT_REST_HOST}/api/v3` : `/${USDM_REST_HOST}/fapi/v1`;
    /** The listings a `symbol` / `symbols` (spot) / neither query names. */
    const selected = (q: Query): SymbolMarket[] => {
      if (str(q, 'symbol') !== undefined) return [symbolOf(sim, market, q)];
      const list = (market === 'spot' ? symbolList('spot', q) : undefined) ?? INSTRUMENTS[market];
      return list.map((i) => sim.market(market, i.symbol)!);
    };
    const one = (q: Query, rows: unknown[]): unknown => (str(q, 'symbol') !== undefined ? rows[0] : rows);

    get(`${base}/ping`, () => ({}));
    get(`${base}/time`, () => ({ serverTime: now() }));

    get(`${base}/exchangeInfo`, (q) => {
      if (market === 'usdm') return usdmExchangeInfo(now());
      const name = str(q, 'symbol');
      if (name !== undefined) {
        const i = instrument('spot', name);
        if (!i) throw new BinanceError(400, -1121, 'Invalid symbol.');
        return spotExchangeInfo(now(), [i]);
      }
      return spotExchangeInfo(now(), symbolList('spot', q) ?? INSTRUMENTS.spot);
    });

    get(`${base}/depth`, (q) => {
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
    get(`${base}/trades`, (q) => {
      const m = symbolOf(sim, market, q);
      return m.trades.slice(-limitOf(q, 500, 1000)).map((t) => tradeRow(m, t));
    });
    // Older trades from `fromId`, as far back as the simulator keeps them (its last 1000–2000 trades).
    get(`${base}/historicalTrades`, (q) => {
      const m = symbolOf(sim, market, q);
      const limit = limitOf(q, 500, 1000);
      const fromId = int(q, 'fromId');
      const list = fromId === undefined ? m.trades.slice(-limit) : m.trades.filter((t) => t.id >= fromId).slice(0, limit);
      return list.map((t) => tradeRow(m, t));
    });

    get(`${base}/aggTrades`, (q) => {
      const m = symbolOf(sim, market, q);
      const limit = limitOf(q, 500, 1000);
      const fromId = int(q, 'fromId');
      const start = int(q, 'startTime');
      const end = int(q, 'endTime');
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

    get(`${base}/klines`, (q) => {
      const m = symbolOf(sim, market, q);
      const k = klineParams(q, market);
      m.roll(now());
      return m.klines(k.interval, k.limit, k.start, k.end).map((x) => klineRow(m.inst, x));
    });

    get(`${base}/ticker/24hr`, (q) => {
      const type = tickerType(market, q);
      return one(
        q,
        selected(q).map((m) => (type === 'MINI' ? windowTickerRest(m.inst, m.ticker(now()), true) : tickerRest(m, m.ticker(now())))),
      );
    });

    const priceRow = (m: SymbolMarket): Record<string, unknown> =>
      market === 'spot' ? { symbol: m.inst.symbol, price: fmtPrice(m.inst, m.lastPrice) } : { symbol: m.inst.symbol, price: fmtPrice(m.inst, m.lastPrice), time: m.lastTradeTime() };
    get(`${base}/ticker/price`, (q) => one(q, selected(q).map(priceRow)));
    if (market === 'usdm') get(`/${USDM_REST_HOST}/fapi/v2/ticker/price`, (q) => one(q, selected(q).map(priceRow)));

    get(`${base}/ticker/bookTicker`, (q) =>
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
      const path = req.url.split('?')[0]!;
      const at = path.indexOf(`/${host}/`);
      return reply.code(404).send({ code: -5000, msg: `Path ${at >= 0 ? path.slice(at + host.length + 1) : path}, Method ${req.method} is invalid` });
    });
  }
}

/** Spot tickers take `type=FULL|MINI`; USD-M has no such parameter (ignored, as Binance ignores unknown ones). */
export function tickerType(market: MarketKind, q: Query): 'FULL' | 'MINI' {
  if (market !== 'spot') return 'FULL';
  const type = str(q, 'type') ?? 'FULL';
  if (type !== 'FULL' && type !== 'MINI') throw new BinanceError(400, -1139, 'Invalid ticker type.');
  return type;
}
