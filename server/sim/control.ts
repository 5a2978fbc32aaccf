import type { FastifyInstance } from 'fastify';
import { applyFault, parseFault } from './faults.ts';
import type { MarketKind } from './instruments.ts';
import { markInfo } from './payloads.ts';
import type { Simulator } from './simulator.ts';
import type { RestMeters } from './rest.ts';
import type { StreamServer } from './ws-server.ts';
import type { VenueFront } from './venue-front.ts';
import { isSimMarketVenue, type SimMarketVenue, type SimVenues } from './venues.ts';

/** `venue` of a query or body: binance when absent; undefined when it names no simulated venue. */
function venueOf(v: unknown): SimMarketVenue | undefined {
  return v === undefined ? 'binance' : isSimMarketVenue(v) ? v : undefined;
}

function marketOf(v: unknown): MarketKind | undefined {
  return v === 'spot' || v === 'usdm' ? v : undefined;
}

/**
 * Test control plane under /_control (never under a venue's host path). Every call takes `venue` (binance, okx,
 * bybit, bitget; default binance) in its query or body; `symbol` is the simulator's (BTCUSDT, market usdm for perpetuals),
 * and the book answers in the venue's own wire units (OKX swaps in contracts), under its own name (`instId`).
 */
export function registerControl(app: FastifyInstance, venues: SimVenues, streams: StreamServer, meters: RestMeters, fronts: readonly VenueFront[]): void {
  const sim = venues.binance;
  const front = (venue: SimMarketVenue): VenueFront | undefined => fronts.find((f) => f.venue === venue);
  const simOf = (v: unknown): Simulator | undefined => {
    const venue = venueOf(v);
    return venue === undefined ? undefined : venues.get(venue);
  };
  const badVenue = { error: 'venue must be binance, okx, bybit, bitget or gate' };

  app.get('/_control/book', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const venue = venueOf(q['venue']);
    if (!venue) return reply.code(400).send(badVenue);
    const vsim = venues.get(venue);
    const market = marketOf(q['market']);
    const symbol = q['symbol'];
    if (!market || !symbol || !vsim.instrument(market, symbol)) return reply.code(400).send({ error: 'market (spot|usdm) and a listed symbol are required' });
    const limit = q['limit'] !== undefined ? Number(q['limit']) : Infinity;
    const lim = Number.isFinite(limit) && limit > 0 ? limit : Infinity;
    if (venue === 'binance') return { market, symbol, ...sim.book(market, symbol, lim)! };
    const book = front(venue)?.book(market, symbol, lim);
    if (!book) return reply.code(404).send({ error: `${venue}'s protocol is not served` });
    return { venue, market, symbol, instId: vsim.instrument(market, symbol)?.venueSymbol ?? symbol, ...book };
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

  app.get('/_control/connections', async (req, reply) => {
    const venue = venueOf((req.query as Record<string, string | undefined>)['venue']);
    if (!venue) return reply.code(400).send(badVenue);
    return venue === 'binance' ? streams.describe() : (front(venue)?.describe() ?? []);
  });

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
    const venue = venueOf((req.body as Record<string, unknown>)['venue']);
    if (!venue) return reply.code(400).send(badVenue);
    const applied = venue === 'binance' ? applyFault(spec, [...streams.connections.values()], sim.scheduler) : (front(venue)?.applyFault(spec) ?? []);
    return { venue, type: spec.type, applied };
  });

  app.post('/_control/pause', async (req, reply) => {
    const vsim = simOf(((req.body ?? {}) as Record<string, unknown>)['venue']);
    if (!vsim) return reply.code(400).send(badVenue);
    vsim.paused = true;
    return { paused: true };
  });

  app.post('/_control/resume', async (req, reply) => {
    const vsim = simOf(((req.body ?? {}) as Record<string, unknown>)['venue']);
    if (!vsim) return reply.code(400).send(badVenue);
    vsim.paused = false;
    return { paused: false };
  });

  app.post('/_control/rate', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const sim = simOf(b['venue']);
    if (!sim) return reply.code(400).send(badVenue);
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
    const sim = simOf(b['venue']);
    if (!sim) return reply.code(400).send(badVenue);
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
    const sim = simOf(b['venue']);
    if (!sim) return reply.code(400).send(badVenue);
    const market = marketOf(b['market']);
    const symbol = b['symbol'];
    const factor = b['factor'];
    if (!market || typeof symbol !== 'string' || !sim.instrument(market, symbol)) return reply.code(400).send({ error: 'market (spot|usdm) and a listed symbol are required' });
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 0.5 || factor > 2) return reply.code(400).send({ error: 'factor must be a number 0.5…2' });
    return { lastPrice: sim.jump(market, symbol, factor), lastUpdateId: sim.book(market, symbol, 1)!.lastUpdateId };
  });
}
