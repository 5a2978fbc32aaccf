import type { FastifyInstance } from 'fastify';
import { otcAddressCalls, otcCalls, otcEnquiryCalls } from '../../contract/otc.ts';
import type { ApiContext } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { DeskPricer } from '../convert/index.ts';
import type { MarketView } from '../trade/index.ts';
import { assetHandlers } from '../wallet/index.ts';
import { otcDevRoutes } from './dev-routes.ts';
import { enquiryHandlers } from './enquiry.ts';
import { infoHandlers } from './info.ts';
import { limitOrderHandlers } from './limit-orders.ts';
import { quoteHandlers } from './quotes.ts';
import { recordHandlers } from './records.ts';
import { otcSweep } from './sweep.ts';

export { OTC_DESK } from './desk.ts';

/**
 * OTC block trading (contract/otc.ts; server/README.md "OTC"). The from side is held in the capital
 * account from acceptance (a delegated order: from placement) until settlement T+1, when the ledger entry
 * `otc_settle` pays it to the desk and credits the to side; a cancelled, rejected or expired order releases it.
 * The desk's clock work (settlement, delegated fills at the limit, expiry) runs with the sandbox's sweep.
 */
export function otcRoutes(ctx: ApiContext, app: FastifyInstance, view: MarketView, devRoutes: boolean): void {
  const pricer = new DeskPricer(view);
  ctx.timed.push(otcSweep(ctx, pricer));
  serveCalls(ctx, app, otcCalls, {
    ...infoHandlers(ctx, pricer),
    ...quoteHandlers(ctx, pricer),
    ...limitOrderHandlers(ctx, pricer),
    ...recordHandlers(ctx),
  });
  serveCalls(ctx, app, otcEnquiryCalls, enquiryHandlers(ctx));

  const deposit = assetHandlers(ctx)['/account/wallet/getDepositAddress'];
  serveCalls(ctx, app, otcAddressCalls, { '/block/trade/getAddress': deposit });

  if (devRoutes) otcDevRoutes(ctx, app);
}
