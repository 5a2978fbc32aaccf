import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../platform/context.ts';
import { SIM_VENUES, type SimVenue, type SimVenues, type Simulator } from '../sim/index.ts';
import { TradeEngine } from './engine.ts';
import { configRoutes, devTradeRoutes } from './routes/config.ts';
import { futuresRoutes } from './routes/futures.ts';
import { lightningRoutes } from './routes/lightning.ts';
import { spotRoutes } from './routes/spot.ts';

export interface TradeOptions {
  ctx: ApiContext;
  sim: Simulator;
  /** Every venue's simulator: one engine per venue trades its accounts against it (default: Binance's only). */
  venues?: SimVenues;
  devRoutes: boolean;
}

/**
 * The trading sandbox (spec §7 trading calls): spot and USD-M orders matched against the simulator's market, positions,
 * leverage and modes, transfers, the lightning terminal's calls and the keyboard config (spec §7).
 * Registered by server/app.ts inside the API's scope, so it shares its prefix, envelope, error handler, origin and
 * `source` checks.
 * Request and reply shapes: contract/trade.ts, futures.ts, lightning.ts and config.ts; described in server/trade/README.md.
 */
export async function tradePlugin(app: FastifyInstance, options: TradeOptions): Promise<void> {
  const simOf = (venue: SimVenue): Simulator => (venue === 'binance' || !options.venues ? options.sim : options.venues.get(venue));
  const engines = Object.fromEntries(
    SIM_VENUES.map((venue) => [venue, new TradeEngine(options.ctx.db, options.ctx.clock, simOf(venue), (error) => app.log.error(error, 'resting order fill failed'))]),
  ) as Record<SimVenue, TradeEngine>;
  for (const engine of Object.values(engines)) await engine.start();
  app.addHook('onClose', async () => {
    for (const engine of Object.values(engines)) {
      engine.stop();
      await engine.settled();
    }
  });
  const t = { api: options.ctx, engine: engines.binance, engines };
  futuresRoutes(t, app);
  lightningRoutes(t, app);
  spotRoutes(t, app);
  configRoutes(t, app);
  if (options.devRoutes) devTradeRoutes(t, app);
}

