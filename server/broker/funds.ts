import type { FastifyInstance } from 'fastify';
import { brokerFundCalls } from '../../contract/broker-funds.ts';
import type { ApiContext } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { applyHandlers } from './fund-apply.ts';
import { decisionHandlers } from './fund-decisions.ts';
import { brokerFundLists } from './fund-records.ts';
import { fundSourceHandlers } from './fund-sources.ts';

/**
 * Transfers, withdrawals and approvals (spec §4 "Broker states"; server/broker/README.md "Transfers,
 * withdrawals and approvals"). A member applies: the amount is held on the source wallet (ledger bucket `locked`,
 * kind `broker_transfer_hold`). Another member of the same organisation approves (maker-checker, 10451 for the
 * applicant): a transfer moves the held amount to the destination wallet (`broker_transfer`, done), a withdrawal
 * pays it out (`broker_withdraw`: to `chain:<network>` less the network fee, which goes to `fees`, approved and done
 * after the chain's confirmations; to the master account `exchange:<code>`, done). Or rejects it: the hold is
 * released (`broker_release`). Every step is one database transaction with its operation log row, idempotent on the
 * client's requestId; the application row is locked before its state is read, so of racing decisions one wins.
 */

export function brokerFundRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerFundCalls, {
    ...applyHandlers(ctx),
    ...decisionHandlers(ctx),
    ...fundSourceHandlers(ctx),
    ...brokerFundLists(ctx),
  });
}
