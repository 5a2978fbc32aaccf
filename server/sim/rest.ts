import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { spotExchangeInfo, usdmExchangeInfo } from './exchange-info.ts';
import { INSTRUMENTS, fmtPrice, fmtQty, fmtQuote, instrument, type Instrument, type MarketKind } from './instruments.ts';
import { isInterval, SPOT_INTERVALS, USDM_INTERVALS } from './klines.ts';
import type { SymbolMarket } from './market.ts';
import { formatLevels, klineRow, markInfo, tickerRest } from './payloads.ts';
import type { Simulator } from './simulator.ts';

export const SPOT_REST_HOST = 'api.binance.com';
export const USDM_REST_HOST = 'fapi.binance.com';

/** A Binance error body `{code, msg}` with its HTTP status. */
class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
}

type Query = Record<string, string | string[] | undefined>;

function str(q: Query, name: string): string | undefined {
  const v = q[name];
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  return s === undefined || s === '' ? undefined : s;
}

function mandatory(q: Query, name: string): string {
  const v = str(q, name);
  if (v === undefined) throw new BinanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
  return v;
}

function int(q: Query, name: string): number | undefined {
  const v = str(q, name);
  if (v === undefined) return undefined;
  if (!/^-?[0-9]{1,20}$/.test(v)) throw new BinanceError(400, -1100, `Illegal characters found in parameter '${name}'; legal range is '^[0-9]{1,20}$'.`);
  return Number(v);
}

function symbolOf(sim: Simulator, market: MarketKind, q: Query): SymbolMarket {
  const name = mandatory(q, 'symbol');
  const m = instrument(market, name) ? sim.touch(market, name) : undefined;
  if (!m) throw new BinanceError(400, -1121, 'Invalid symbol.');
  return m;
}

/** `symbols=["BTCUSDT","BNBUSDT"]` (spot). */
function symbolList(market: MarketKind, q: Query): Instrument[] | undefined {
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
    const i = instrument(market, n);
    if (!i) throw new BinanceError(400, -1121, 'Invalid symbol.');
    return i;
  });
}

function limitOf(q: Query, def: number, max: number): number {
  const l = int(q, 'limit');
  if (l === undefined) return def;
  if (l < 1) throw new BinanceError(400, -1100, `Illegal characters found in parameter 'limit'; legal range is '1' to '${max}'.`);
  return Math.min(l, max);
}

const USDM_DEPTH_LIMITS = [5, 10, 20, 50, 100, 500, 1000];

/** Spot (`/api/v3`) and USD-M (`/fapi/v1`) market-data endpoints, Binance's paths, parameters and errors. */
export function registerRest(app: FastifyInstance, sim: Simulator): void {
  const handle =
    (fn: (q: Query) => unknown) =>
    async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      try {
        return fn(req.query as Query);
      } catch (e) {
        if (e instanceof BinanceError) return reply.code(e.status).send({ code: e.code, msg: e.message });
        throw e;
      }
    };

  for (const market of ['spot', 'usdm'] as const) {
    const base = market === 'spot' ? `/${SPOT_REST_HOST}/api/v3` : `/${USDM_REST_HOST}/fapi/v1`;
    const now = (): number => sim.scheduler.now();

    app.get(`${base}/ping`, handle(() => ({})));
    app.get(`${base}/time`, handle(() => ({ serverTime: now() })));

    app.get(
      `${base}/exchangeInfo`,
      handle((q) => {
        if (market === 'usdm') return usdmExchangeInfo(now());
        const one = str(q, 'symbol');
        if (one !== undefined) {
          const i = instrument('spot', one);
          if (!i) throw new BinanceError(400, -1121, 'Invalid symbol.');
          return spotExchangeInfo(now(), [i]);
        }
        return spotExchangeInfo(now(), symbolList('spot', q) ?? INSTRUMENTS.spot);
      }),
    );

    app.get(
      `${base}/depth`,
      handle((q) => {
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
      }),
    );

    app.get(
      `${base}/trades`,
      handle((q) => {
        const m = symbolOf(sim, market, q);
        const limit = limitOf(q, 500, 1000);
        const i = m.inst;
        return m.trades.slice(-limit).map((t) => ({
          id: t.id,
          price: fmtPrice(i, t.px),
          qty: fmtQty(i, t.qty),
          quoteQty: fmtQuote(t.quote),
          time: t.time,
          isBuyerMaker: t.buyerMaker,
          ...(market === 'spot' ? { isBestMatch: true } : {}),
        }));
      }),
    );

    app.get(
      `${base}/aggTrades`,
      handle((q) => {
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
      }),
    );

    app.get(
      `${base}/klines`,
      handle((q) => {
        const m = symbolOf(sim, market, q);
        const interval = mandatory(q, 'interval');
        const valid: readonly string[] = market === 'spot' ? SPOT_INTERVALS : USDM_INTERVALS;
        if (!isInterval(interval) || !valid.includes(interval)) throw new BinanceError(400, -1120, 'Invalid interval.');
        const limit = limitOf(q, 500, market === 'spot' ? 1000 : 1500);
        const start = int(q, 'startTime');
        const end = int(q, 'endTime');
        m.roll(now());
        return m.klines(interval, limit, start, end).map((k) => klineRow(m.inst, k));
      }),
    );

    app.get(
      `${base}/ticker/24hr`,
      handle((q) => {
        const one = str(q, 'symbol');
        if (one !== undefined) {
          const m = symbolOf(sim, market, q);
          return tickerRest(m, m.ticker(now()));
        }
        const list = (market === 'spot' ? symbolList('spot', q) : undefined) ?? INSTRUMENTS[market];
        return list.map((i) => {
          const m = sim.market(market, i.symbol)!;
          return tickerRest(m, m.ticker(now()));
        });
      }),
    );

    if (market === 'usdm') {
      app.get(
        `${base}/premiumIndex`,
        handle((q) => {
          const entry = (m: SymbolMarket): Record<string, unknown> => {
            const k = markInfo(m, now());
            return {
              symbol: m.inst.symbol,
              markPrice: k.mark,
              indexPrice: k.index,
              estimatedSettlePrice: k.settle,
              lastFundingRate: k.rate,
              interestRate: k.interest,
              nextFundingTime: k.nextFunding,
              time: now(),
            };
          };
          if (str(q, 'symbol') !== undefined) return entry(symbolOf(sim, 'usdm', q));
          return INSTRUMENTS.usdm.map((i) => entry(sim.market('usdm', i.symbol)!));
        }),
      );
    }
  }
}
