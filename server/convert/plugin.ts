import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import type { Simulator } from '../sim/index.ts';
import { MarketView } from '../trade/index.ts';
import { convertRoutes } from './routes.ts';

/** Instant convert (spec §7 convert calls), priced from the same simulator books the trading engine trades against. */
export async function convertPlugin(app: FastifyInstance, options: DomainOptions & { sim: Simulator }): Promise<void> {
  convertRoutes(options.ctx, app, new MarketView(options.sim), options.devRoutes);
}
