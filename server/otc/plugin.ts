import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import type { Simulator } from '../sim/index.ts';
import { MarketView } from '../trade/index.ts';
import { otcRoutes } from './routes.ts';

/** The OTC desk (spec §7 OTC calls): quotes priced from the same simulator books as convert and trading. */
export async function otcPlugin(app: FastifyInstance, options: DomainOptions & { sim: Simulator }): Promise<void> {
  otcRoutes(options.ctx, app, new MarketView(options.sim), options.devRoutes);
}
