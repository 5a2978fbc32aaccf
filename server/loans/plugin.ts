import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import type { Simulator } from '../sim/index.ts';
import { loanRoutes } from './routes.ts';

/** Loans (spec §7 loan calls): collateral valued at the simulator's books. */
export async function loansPlugin(app: FastifyInstance, options: DomainOptions & { sim: Simulator }): Promise<void> {
  loanRoutes(options.ctx, app, options.sim, options.devRoutes);
}
