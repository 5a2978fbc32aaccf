import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import { helpRoutes } from './routes.ts';

/** The help centre (spec §7 help calls). */
export async function helpPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  helpRoutes(options.ctx, app);
}
