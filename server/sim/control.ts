import type { FastifyInstance } from 'fastify';
import { applyFault, parseFault } from './faults.ts';
import type { MarketKind } from './instruments.ts';
import { markInfo } from './payloads.ts';
import type { Simulator } from './simulator.ts';
import type { RestMeters } from './rest.ts';
import type { StreamServer } from './ws-server.ts';

function marketOf(v: unknown): MarketKind | undefined {
  return v === 'spot' || v === 'usdm' ? v : undefined;
}

/** Test control plane under /_control (never under a Binance host path). */
export function registerControl(app: FastifyInstance, sim: Simulator, streams: StreamServer, meters: RestMeters): void {
  app.get('/_control/book', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const market = marketOf(q['market']);
    const symbol = q['symbol'];
    if (!market || !symbol || !sim.instrument(market, symbol)) return reply.code(400).send({ error: 'market (spot|usdm) and a listed symbol are required' });
    const limit = q['limit'] !== undefined ? Number(q['limit']) : Infinity;
    const book = sim.book(market, symbol, Number.isFinite(limit) && limit > 0 ? limit : Infinity)!;
    return { market, symbol, ...book };
  });

  // The mark price of a USD-M symbol without spending REST weight: a test that steps the paused simulator event
  // by event reads the mark after each step, which would use up the per-IP minute (429) that /fapi/v1/premiumIndex
  // shares with the app's own calls.
  app.get('/_control/mark', async (req, reply) => {
    const symbol = (req.query as Record<string, string | undefined>)['symbol'];
    const market = symbol !== undefined ? sim.market('usdm', symbol) : undefined;
    if (!market) return reply.code(400).send({ error: 'a listed USD-M symbol is required' });
    return { symbol, markPrice: markInfo(market, sim.scheduler.now()).mark };
  });

  app.get('/_control/connections', async () => streams.describe());

  app.get('/_control/state', async () => ({
    seed: sim.seed,
    rate: sim.rate,
    load: sim.load,
    paused: sim.paused,
    now: sim.scheduler.now(),
    events: sim.events,
    live: sim.liveSymbols(),
    connections: streams.connections.size,
    // REST request weight: the limit, the most any IP used in one window, requests refused (429) and banned (418).
    weights: { spot: meters.spot.describe(), usdm: meters.usdm.describe(), funding: meters.funding.describe() },
  }));

  app.post('/_control/faults', async (req, reply) => {
    const spec = parseFault(req.body);
    if (typeof spec === 'string') return reply.code(400).send({ error: spec });
    const applied = applyFault(spec, [...streams.connections.values()], sim.scheduler);
    return { type: spec.type, applied };
  });

  app.post('/_control/pause', async () => {
    sim.paused = true;
    return { paused: true };
  });

  app.post('/_control/resume', async () => {
    sim.paused = false;
    return { paused: false };
  });

  app.post('/_control/rate', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const rate = b['rate'];
    const load = b['load'];
    if (rate !== undefined && !(typeof rate === 'number' && rate >= 0 && Number.isFinite(rate))) return reply.code(400).send({ error: 'rate must be a non-negative number' });
    if (load !== undefined && typeof load !== 'boolean') return reply.code(400).send({ error: 'load must be a boolean' });
    if (typeof rate === 'number') sim.rate = rate;
    if (typeof load === 'boolean') sim.setLoad(load);
    return { rate: sim.rate, load: sim.load };
  });

  app.post('/_control/step', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const market = marketOf(b['market']);
    const symbol = b['symbol'];
    const count = b['count'] ?? 1;
    if (!market || typeof symbol !== 'string' || !sim.instrument(market, symbol)) return reply.code(400).send({ error: 'market (spot|usdm) and a listed symbol are required' });
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 100_000) return reply.code(400).send({ error: 'count must be an integer 0…100000' });
    return { lastUpdateId: sim.step(market, symbol, count) };
  });

  // The price moves at once by `factor` (0.99 is a 1 % drop) and the makers lay the book again around it, as one
  // engine event: a test that needs the market to cross a resting order does not wait on the random walk.
  app.post('/_control/jump', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const market = marketOf(b['market']);
    const symbol = b['symbol'];
    const factor = b['factor'];
    if (!market || typeof symbol !== 'string' || !sim.instrument(market, symbol)) return reply.code(400).send({ error: 'market (spot|usdm) and a listed symbol are required' });
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 0.5 || factor > 2) return reply.code(400).send({ error: 'factor must be a number 0.5…2' });
    return { lastPrice: sim.jump(market, symbol, factor), lastUpdateId: sim.book(market, symbol, 1)!.lastUpdateId };
  });
}
