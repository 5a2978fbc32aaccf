import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../platform/context.ts';
import type { Simulator } from '../sim/index.ts';
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
 * The trading sandbox (spec §7 trading calls): spot and USD-M orders matched against the simulator's market, positions,
 * leverage and modes, transfers, the lightning terminal's calls and the keyboard config (spec §7).
 * Registered by server/app.ts inside the API's scope, so it shares its prefix, envelope, error handler, origin and
 * `source` checks.
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
  if (options.devRoutes) devTradeRoutes(t, app);
}

