import type { FastifyInstance } from 'fastify';
import { type LoanCalls, loanCalls } from '../../contract/loans.ts';
import type { ApiContext } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import type { Simulator } from '../sim/index.ts';
import { actionHandlers } from './actions.ts';
import { borrowHandlers } from './borrow.ts';
import { loanDevRoutes } from './dev-routes.ts';
import { loanMarket } from './market.ts';
import { recordHandlers } from './records.ts';
import { loanSweep } from './sweep.ts';

/**
 * Crypto-backed loans (spec §4 "Loan states"; contract/loans.ts; server/README.md "Loans"). The provider's lending book
 * is the ledger account `loans`: it pays the principal out and holds the pledged collateral. Every action runs
 * in one transaction that locks the loan row, charges the interest due up to now, checks, posts one ledger
 * entry and records the action under the client's requestId, so a retry (even a parallel one) returns the
 * first result and the ledger never moves twice. The sweep on the sandbox clock moves loans through the
 * states of spec §4 and liquidates through the simulator's book.
 */

export interface LoanDesk {
  /** Runs the loans' clock work now (the sweep also runs it every 2 s). */
  sweep(): Promise<void>;
}

export function loanRoutes(ctx: ApiContext, app: FastifyInstance, sim: Simulator, devRoutes: boolean): LoanDesk {
  const market = loanMarket(ctx, sim);
  const sweep = loanSweep(market);
  ctx.timed.push(sweep);
  serveCalls<LoanCalls>(ctx, app, loanCalls, {
    ...borrowHandlers(market),
    ...actionHandlers(market),
    ...recordHandlers(market),
  });
  if (devRoutes) loanDevRoutes(ctx, app, sim, sweep);
  return { sweep };
}
