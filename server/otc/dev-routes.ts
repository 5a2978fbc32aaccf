import type { FastifyInstance } from 'fastify';
import { otcDevCalls } from '../../contract/otc.ts';
import type { ApiContext } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { close, fillLimit } from './orders.ts';

/** The /_dev control of the desk: operations fill or reject a delegated order. */
export function otcDevRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, otcDevCalls, {
    '/_dev/otc/limit/decide': async ({ body }) => {
      const row = body.fill ? await fillLimit(ctx, body.orderId) : await close(ctx, body.orderId, 'rejected', ['open'], null);
      if (!row) throw new ApiError(Code.otcOrderState);
      return { orderId: row.id, status: row.status };
    },
  });
}
