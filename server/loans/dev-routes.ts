import type { FastifyInstance } from 'fastify';
import { loanDevCalls } from '../../contract/loans.ts';
import type { ApiContext } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { badInput } from '../platform/envelope.ts';
import { instrument } from '../sim/index.ts';
import type { Simulator } from '../sim/index.ts';
import { D } from '../platform/decimal.ts';
import { plain } from './market.ts';

/** The /_dev control of the loans: move a spot price and sweep at once. */
export function loanDevRoutes(ctx: ApiContext, app: FastifyInstance, sim: Simulator, sweep: () => Promise<void>): void {
  serveCalls(ctx, app, loanDevCalls, {
    '/_dev/market/move': async ({ body }) => {
      const inst = instrument('spot', body.symbol);
      if (!inst) throw badInput('symbol', 'unknown', `${body.symbol} is not a listed spot symbol`);
      const ticks = sim.jump('spot', body.symbol, 1 + body.changePercent / 100)!;
      // The loans see the new price at once: margin calls and liquidations before the reply.
      await sweep();
      return { symbol: body.symbol, price: plain(new D(ticks).mul(new D(10).pow(-inst.tickDecimals))) };
    },
  });
}
