import type { FastifyInstance } from 'fastify';
import type { ConnectionLimits } from './connection.ts';
import { registerControl } from './control.ts';
import type { MarketKind } from './instruments.ts';
import { registerRest } from './rest.ts';
import type { Scheduler } from './scheduler.ts';
import { Simulator } from './simulator.ts';
import type { WeightLimits } from './weights.ts';
import { StreamServer } from './ws-server.ts';
import { SimVenues } from './venues.ts';
import { registerOkx, type OkxLimits } from './okx/index.ts';
import type { VenueFront } from './venue-front.ts';
import { registerBybit, type BybitOptions } from './bybit/index.ts';
import { registerBitget, type BitgetLimits } from './bitget/index.ts';
import { registerGate } from './gate/index.ts';

export interface SimOptions {
  /** Seed of the deterministic market generator (MARKET_SEED). */
  seed?: number;
  /** Engine events per second per live symbol (MARKET_RATE, default 10). */
  rate?: number;
  /** Load mode: every listed symbol is live (MARKET_LOAD). */
  load?: boolean;
  /** Spot listings, made-up pairs after the listed ones (MARKET_SYMBOLS, e.g. 2000); default the listed ones. */
  symbols?: number;
  /** Time source; tests pass a ManualScheduler. */
  scheduler?: Scheduler;
  /** A simulator built by the caller (tests drive it directly); seed/rate/load/scheduler are then ignored. */
  simulator?: Simulator;
  /** Every venue's simulator (venues.ts); by default built around `simulator` (Binance's). */
  venues?: SimVenues;
  /** Websocket limits per market (ping period, pong timeout, message rate, streams per connection). */
  limits?: Partial<Record<MarketKind, Partial<ConnectionLimits>>>;
  /** The control plane under /_control; default on (the sandbox turns it off when not on loopback). */
  control?: boolean;
  /** REST request-weight limits per IP; default Binance's (spot 6000 and USD-M 2400 a minute). */
  weights?: Partial<WeightLimits>;
  /** Bybit's REST IP limit (server/sim/bybit). */
  bybit?: BybitOptions;
  /** OKX's websocket limits (idle close, requests per hour, connections per second, books heartbeat). */
  okxLimits?: Partial<OkxLimits>;
  /** Bitget's websocket limits (ping idle, message rate, requests per hour, channels, args bytes). */
  bitgetLimits?: Partial<BitgetLimits>;
}

/**
 * The market simulator: Binance's public REST and websocket protocol under /sim/<host>
 * (api.binance.com, fapi.binance.com, stream.binance.com, fstream.binance.com), OKX's v5 public market data from
 * the OKX venue's simulator (www.okx.com/api/v5, ws.okx.com/ws/v5/{public,business}; okx/index.ts), Bybit's v5
 * public market data from the Bybit venue's (api.bybit.com/v5/market, stream.bybit.com/v5/public/{spot,linear};
 * bybit/index.ts) and a test
 * control plane under /sim/_control (../shared/DESIGN.md "The sandbox").
 */
export async function simPlugin(app: FastifyInstance, options: SimOptions): Promise<void> {
  const sim =
    options.simulator ??
    new Simulator({
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.rate !== undefined ? { rate: options.rate } : {}),
      ...(options.load !== undefined ? { load: options.load } : {}),
      ...(options.symbols !== undefined ? { symbols: options.symbols } : {}),
      ...(options.scheduler !== undefined ? { scheduler: options.scheduler } : {}),
    });
  const venues = options.venues ?? new SimVenues(sim);
  if (!options.venues) app.addHook('onClose', async () => venues.stop());
  // The other venues' protocols (their REST and stream servers under their own hosts) mount here.
  const fronts: VenueFront[] = [registerOkx(app, venues.get('okx'), options.okxLimits), registerBybit(app, venues.get('bybit'), options.bybit), registerBitget(app, venues.get('bitget'), options.bitgetLimits)];
  fronts.push(registerGate(app, venues.get('gate')));
  const streams = new StreamServer(sim, app.prefix, options.limits ? { limits: options.limits } : {});
  streams.attach(app.server);
  const meters = registerRest(app, sim, options.weights);
  if (options.control ?? true) registerControl(app, venues, streams, meters, fronts);
  // Before the server's close, which waits for every socket: an open stream or handshake would hold it forever.
  app.addHook('preClose', async () => {
    streams.close();
    for (const f of fronts) f.close();
  });
  app.addHook('onClose', async () => {
    if (!options.simulator) sim.stop();
  });
}

export { Simulator } from './simulator.ts';
export { SimVenues, SIM_VENUES, isSimVenue, tradingVenue, venueListings, type SimVenue } from './venues.ts';
export { ManualScheduler, realScheduler, type Scheduler } from './scheduler.ts';
// What the sandbox's domains read of the simulated exchange: its listings and filters, and its live markets.
export { filterLimits } from './exchange-info.ts';
export { instrument, INSTRUMENTS, type Instrument, type MarketKind } from './instruments.ts';
export type { EngineEvent, SymbolMarket } from './market.ts';
