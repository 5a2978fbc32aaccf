import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import type { Simulator } from '../sim/index.ts';
import { electricityRoutes } from './routes.ts';

/** Electricity bills (spec §7 electricity calls), paid at the convert desk's quotes priced from the simulator's books. */
export async function electricityPlugin(app: FastifyInstance, options: DomainOptions & { sim: Simulator }): Promise<void> {
  electricityRoutes(options.ctx, app, options.sim, options.devRoutes);
}
