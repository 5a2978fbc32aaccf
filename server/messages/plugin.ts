import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import { messageRoutes } from './routes.ts';

/** The message centre's reads (spec §7 message calls); every layer writes to it through server/platform/notify.ts. */
export async function messagesPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  messageRoutes(options.ctx, app);
}
