import type { FastifyInstance } from 'fastify';
import { marketConfigCalls } from '../../contract/market-config.ts';
import type { DomainOptions } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { MARKET_LABEL_SEED, MARKET_SECTION_SEED } from './seed.ts';

/** spec §7 /market/configure/list, labelList (§6: public): the market page's sections and labels, as operations set them. */
export async function marketConfigPlugin(app: FastifyInstance, options: DomainOptions): Promise<void> {
  serveCalls(options.ctx, app, marketConfigCalls, {
    '/market/configure/list': async () => MARKET_SECTION_SEED.filter((s) => s.visible).sort((a, b) => a.sort - b.sort).map((s) => ({ ...s })),
    '/market/configure/labelList': async () => [...MARKET_LABEL_SEED].sort((a, b) => a.sort - b.sort).map((l) => ({ ...l, assets: [...l.assets] })),
  });
}
