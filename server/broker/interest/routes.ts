import type { FastifyInstance } from 'fastify';
import { brokerInterestCalls } from '../../../contract/broker-interest.ts';
import type { ApiContext } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { billDecisionHandlers } from './bill-decisions.ts';
import { billListHandlers } from './bill-lists.ts';
import { settleHandlers } from './settle.ts';

/**
 * Interest settlement and settle bills (spec §4 "Broker states"; contract/broker-interest.ts; server/broker/README.md
 * "Interest settlement and bills"). The daily zero-hour job (server/broker/projects) accrues each holding's interest
 * and adds it to the project's `interest_payable`. A settlement (applySettle) takes the project's unsettled accruals up
 * to a day into a settle bill (`pending_initial_review`); another member than the applicant reviews it, another than
 * the initial reviewer re-reviews it, and a member pays it with the second factor: one balanced ledger entry
 * `broker_interest_payment` (the primary sub-account's futures USDT −total, `investor:<id>` +share each) and
 * `interest_payable −= total`, so the net asset and the NAV per unit do not move. A rejection at either review
 * releases the accruals (pending payment again).
 *
 * The handlers: settle.ts (a project's interest, the preview and the settlement), bill-lists.ts (the bills as the
 * pages read them), bill-decisions.ts (reviews, payment, rejection).
 *
 * Every write locks the project row first and lets the daily job catch up (lockProject, as the capital flows do),
 * then the bill row, so parallel decisions on one bill run one after another and of 20 payments one pays. Each write
 * is idempotent on its requestId.
 */

export function brokerInterestRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerInterestCalls, {
    ...settleHandlers(ctx),
    ...billListHandlers(ctx),
    ...billDecisionHandlers(ctx),
  });
}
