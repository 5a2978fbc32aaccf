import type Decimal from 'decimal.js';
import type { BrokerProfitCalls } from '../../../contract/broker-profit.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount } from '../../platform/decimal.ts';
import { accountOf } from '../accounts.ts';
import { profitDecisionOperation } from '../code-operations.ts';
import { checkApproval, checkRejection } from '../checker.ts';
import { brokerMember } from '../org.ts';
import { plain } from '../valuation.ts';
import { legsOf, profitApplicationOf, profitApplicationViews } from './applications.ts';
import { counterpartyOfRow, logProfit } from './plan.ts';
import { buyOwnUnits, lockedProject, projectAccountIds } from './project.ts';

/** Another member's decision on a profit application (maker-checker): approved it pays out or buys units, rejected it is released. */
export function decisionHandlers(ctx: ApiContext): Pick<Handlers<BrokerProfitCalls>, '/broker/profitAccrual/approve' | '/broker/profitAccrual/reject'> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  const viewOf = async (orgId: string, id: string, userId: number) => (await profitApplicationViews(ctx.db, [await profitApplicationOf(ctx.db, orgId, id)], userId))[0]!;

  return {
    '/broker/profitAccrual/approve': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const current = await profitApplicationOf(ctx.db, orgId, body.applicationId);
      if (current.decision_request_id === body.requestId && current.approver_id === auth.user.id && current.status !== 'rejected') return viewOf(orgId, current.id, auth.user.id);
      if (current.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
      if (current.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: current.status });
      // The checker rule and its factors (checker.ts): advanced KYC, a bound authenticator, the Google code and the
      // e-mail code, which must have been sent for approving this application (code-operations.ts).
      const factors = await checkApproval(ctx, auth, body, profitDecisionOperation(current));
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        // The project row first (as applying and the daily job do), then the application.
        const project = await lockedProject(tx, orgId, current.project_no, at);
        const row = await profitApplicationOf(tx, orgId, body.applicationId, true);
        if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
        await factors.consume(tx);
        const amount = new D(row.amount);
        const legs = (await legsOf(tx, [row.id])).get(row.id) ?? [];
        let units: Decimal | null = null;
        let nav: Decimal | null = null;
        if (row.type === 'transfer_in') {
          // The capital increase's own code path: units at the current NAV for the organisation's own investor.
          const bought = await buyOwnUnits(tx, { project, userId: auth.user.id, amount, from: { accountId: row.from_account_id, wallet: row.from_wallet }, applicationId: row.id, at });
          units = bought.units;
          nav = bought.nav;
        } else {
          if (new D(project.profit_payable).lt(amount)) throw new ApiError(Code.brokerProfitUnavailable, { available: plain(project.profit_payable) });
          const entry = new Entry('broker_profit_payout', `broker_profit_application:${row.id}`, auth.user.id, row.from_account_id).broker(row.from_account_id, row.from_wallet, row.asset, amount.neg(), 'locked');
          const taken = await projectAccountIds(tx, orgId);
          for (const leg of legs) {
            // A destination unbound meanwhile takes nothing in (404), nor one linked to a project meanwhile (its NAV
            // would jump: 10481); the application can still be rejected.
            await accountOf(tx, orgId, leg.account_id).catch(() => {
              throw new ApiError(Code.notFound, { field: 'toAccountId' });
            });
            if (taken.has(leg.account_id)) throw new ApiError(Code.brokerProfitDestination, { field: 'toAccountId' });
            entry.broker(leg.account_id, leg.wallet, row.asset, new D(leg.amount));
          }
          await post(tx, entry, at);
          await tx.query('update broker_projects set profit_payable = profit_payable - $2 where project_no = $1', [project.project_no, dbAmount(amount)]);
        }
        await tx.query(
          `update broker_profit_applications set status = 'done', approver_id = $2, decision_request_id = $3, decided_at = $4, completed_at = $4, units = $5, nav = $6 where id = $1`,
          [row.id, auth.user.id, body.requestId, at, units ? dbAmount(units) : null, nav ? dbAmount(nav) : null],
        );
        await logProfit(tx, { orgId, id: row.id, type: row.type, project, fromAccountId: row.from_account_id, counterparty: counterpartyOfRow(row, legs), amount, remark: row.remark }, 'approved', auth.user.id, at);
      });
      return viewOf(orgId, body.applicationId, auth.user.id);
    },

    '/broker/profitAccrual/reject': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const current = await profitApplicationOf(ctx.db, orgId, body.applicationId);
      const retry = current.decision_request_id === body.requestId && current.approver_id === auth.user.id && current.status === 'rejected';
      if (!retry) {
        if (current.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
        if (current.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: current.status });
        await checkRejection(ctx, auth, body.gaCode);
      }
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        const project = await lockedProject(tx, orgId, current.project_no, at);
        const row = await profitApplicationOf(tx, orgId, body.applicationId, true);
        if (row.decision_request_id === body.requestId && row.approver_id === auth.user.id && row.status === 'rejected') return;
        if (row.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
        if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
        const amount = new D(row.amount);
        await post(
          tx,
          new Entry('broker_profit_release', `broker_profit_application:${row.id}`, auth.user.id, row.from_account_id)
            .broker(row.from_account_id, row.from_wallet, row.asset, amount.neg(), 'locked')
            .broker(row.from_account_id, row.from_wallet, row.asset, amount, 'free'),
          at,
        );
        await tx.query(`update broker_profit_applications set status = 'rejected', approver_id = $2, decision_request_id = $3, decided_at = $4, reject_reason = $5 where id = $1`, [
          row.id,
          auth.user.id,
          body.requestId,
          at,
          body.reason ?? null,
        ]);
        const legs = (await legsOf(tx, [row.id])).get(row.id) ?? [];
        await logProfit(tx, { orgId, id: row.id, type: row.type, project, fromAccountId: row.from_account_id, counterparty: counterpartyOfRow(row, legs), amount, remark: body.reason ?? '' }, 'rejected', auth.user.id, at);
      });
      return viewOf(orgId, body.applicationId, auth.user.id);
    },
  };
}
