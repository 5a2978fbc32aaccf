import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../api/context.ts';
import type { Simulator } from '../sim/simulator.ts';
import { convertRoutes } from '../convert/routes.ts';
import { otcRoutes } from '../otc/routes.ts';
import { TradeEngine } from './engine.ts';
import { configRoutes, devTradeRoutes } from './routes/config.ts';
import { futuresRoutes } from './routes/futures.ts';
import { lightningRoutes } from './routes/lightning.ts';
import { spotRoutes } from './routes/spot.ts';

export interface TradeOptions {
  ctx: ApiContext;
  sim: Simulator;
  devRoutes: boolean;
}

/**
 * The trading sandbox (issue 7): spot and USD-M orders matched against the simulator's market, positions,
 * leverage and modes, transfers, the lightning terminal's calls and the keyboard config (spec §7).
 * Registered by the API plugin, so it shares its prefix, envelope, error handler, origin and `source` checks.
 * Request and reply shapes: contract/trade.ts, futures.ts, lightning.ts and config.ts; described in server/trade/README.md.
 */
export async function tradePlugin(app: FastifyInstance, options: TradeOptions): Promise<void> {
  const engine = new TradeEngine(options.ctx.db, options.ctx.clock, options.sim, (error) => app.log.error(error, 'resting order fill failed'));
  await engine.start();
  app.addHook('onClose', async () => {
    engine.stop();
    await engine.settled();
  });
  const t = { api: options.ctx, engine };
  futuresRoutes(t, app);
  lightningRoutes(t, app);
  spotRoutes(t, app);
  configRoutes(t, app);
  // Convert and OTC are priced from the same simulator books the engine trades against (server/convert, server/otc).
  convertRoutes(options.ctx, app, engine.view, options.devRoutes);
  otcRoutes(options.ctx, app, engine.view, options.devRoutes);
  if (options.devRoutes) devTradeRoutes(t, app);
}

export { TradeEngine } from './engine.ts';
