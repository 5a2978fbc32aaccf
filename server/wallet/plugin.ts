import type { FastifyInstance } from 'fastify';
import type { DomainOptions } from '../platform/context.ts';
import { startSweeper } from './chain.ts';
import { walletDevRoutes, walletRoutes } from './routes.ts';

/** The wallet (spec §7 wallet, fiat and transfer calls) and, with the dev routes, the sandbox chain's and bank's controls. */
export async function walletPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  walletRoutes(options.ctx, app);
  if (options.devRoutes) walletDevRoutes(options.ctx, app);
  // The sandbox chain moves on its own: confirmations credit deposits and complete withdrawals, and the other
  // domains' work due on the sandbox clock (ApiContext.timed) runs after it.
  const stopSweeper = startSweeper(options.ctx, 2000, (error) => app.log.error(error));
  app.addHook('onClose', async () => stopSweeper());
}
