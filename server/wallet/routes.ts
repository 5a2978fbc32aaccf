import type { FastifyInstance } from 'fastify';
import { fiatCalls } from '../../contract/fiat.ts';
import { transferCalls, walletCalls } from '../../contract/wallet.ts';
import type { ApiContext } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { assetHandlers } from './assets.ts';
import { bookHandlers } from './book.ts';
import { capitalHandlers } from './capital.ts';
import { walletExportRoute } from './export.ts';
import { fiatHandlers } from './fiat.ts';
import { recordHandlers } from './records.ts';
import { transferHandlers } from './transfers.ts';
import { withdrawalHandlers } from './withdrawals.ts';

export { walletDevRoutes } from './dev-routes.ts';

/** The wallet calls of contract/wallet.ts and contract/fiat.ts on the ledger (server/ledger) and the sandbox chain (chain.ts). */
export function walletRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, walletCalls, {
    ...assetHandlers(ctx),
    ...recordHandlers(ctx),
    ...withdrawalHandlers(ctx),
    ...bookHandlers(ctx),
    ...capitalHandlers(ctx),
  });
  serveCalls(ctx, app, fiatCalls, fiatHandlers(ctx));
  serveCalls(ctx, app, transferCalls, transferHandlers(ctx));
  walletExportRoute(ctx, app);
}
