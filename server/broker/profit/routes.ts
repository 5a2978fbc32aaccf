import type { FastifyInstance } from 'fastify';
import { brokerProfitCalls } from '../../../contract/broker-profit.ts';
import type { ApiContext } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { applyHandlers } from './apply.ts';
import { decisionHandlers } from './decisions.ts';
import { pageHandlers } from './pages.ts';

/**
 * Profit of the broker's projects (spec §4 "Broker states", operation log types; spec §7 project/* and
 * profitAccrual/*; server/broker/README.md "Profit"). A project's accrued performance fee (`profit_payable`) leaves
 * its primary account's futures wallet only by an application another member approves (maker-checker, second
 * factor): a withdrawal to one sub-account or an allocation over several. Applying holds the amount (ledger bucket
 * `locked`, kind `broker_profit_hold`) after checking it against the profit available — profit_payable less what
 * other applications hold, and no more than the wallet's free USDT — with the project row locked, so parallel
 * applications are decided one after another. Approving pays the legs (`broker_profit_payout`) and lowers
 * profit_payable by the amount: gross asset and the liability drop alike, NAV per unit is unchanged. Rejecting
 * releases the hold (`broker_profit_release`). A transfer in is the other way: the broker's own money from a
 * sub-account, held there, bought as units of the organisation's own investor record when approved (the capital
 * increase's own code path, server/broker/projects). Every step is one transaction with its operation log row,
 * idempotent on the client's requestId.
 */

export function brokerProfitRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerProfitCalls, {
    ...applyHandlers(ctx),
    ...decisionHandlers(ctx),
    ...pageHandlers(ctx),
  });
}
