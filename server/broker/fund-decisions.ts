import type { BrokerFundCalls } from '../../contract/broker-funds.ts';
import { NETWORKS, type Network } from '../../contract/chains.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D } from '../platform/decimal.ts';
import { accountOf } from './accounts.ts';
import { applicationOf, applicationView } from './applications.ts';
import { logDecision, notifyMembers } from './fund-log.ts';
import { brokerMember } from './org.ts';
import { projectOfAccount } from './projects/store.ts';
import { applicationDecisionOperation } from './code-operations.ts';
import { checkAddressUsable } from './addresses.ts';
import { checkApproval, checkRejection } from './checker.ts';

/** Another member's decision on an application (maker-checker): approved it moves or pays out, rejected it is released. */
export function decisionHandlers(ctx: ApiContext): Pick<Handlers<BrokerFundCalls>, '/broker/fundTransfer/approve' | '/broker/fundTransfer/reject'> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/fundTransfer/approve': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const current = await applicationOf(ctx.db, orgId, body.applicationId);
      // A retry of this decision returns the application as it is now.
      if (current.decision_request_id === body.requestId && current.approver_id === auth.user.id && current.status !== 'rejected') {
        return applicationView(current, auth.user.id);
      }
      if (current.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
      if (current.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: current.status });
      // The checker rule and its factors (checker.ts): advanced KYC, a bound authenticator, the Google code and the
      // e-mail code, which must have been sent for approving this application (code-operations.ts).
      const factors = await checkApproval(ctx, auth, body, applicationDecisionOperation(current));
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await applicationOf(tx, orgId, body.applicationId, true);
        if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
        await factors.consume(tx);
        const amount = new D(row.amount);
        const fee = new D(row.fee);
        const entry = new Entry(row.type === 'transfer' ? 'broker_transfer' : 'broker_withdraw', `broker_application:${row.id}`, auth.user.id, row.from_account_id).broker(
          row.from_account_id,
          row.from_wallet,
          row.asset,
          amount.neg(),
          'locked',
        );
        // A newly whitelisted address is paid only 24 hours after it was confirmed (addresses.ts checkAddressUsable).
        if (row.type === 'withdraw' && row.address_id) await checkAddressUsable(tx, row.address_id, at);
        let status: 'approved' | 'done' = 'done';
        let completesAt: Date = at;
        if (row.type === 'transfer') {
          // The destination must still be bound (an unbound sub-account takes nothing in), and in no project: it may
          // have been linked to one since (its row locked, as linking locks it).
          await accountOf(tx, orgId, row.to_account_id!, true);
          const intoProject = await projectOfAccount(tx, row.to_account_id!);
          if (intoProject) throw new ApiError(Code.projectAccountLocked, { projectNo: intoProject, field: 'toAccountId' });
          entry.broker(row.to_account_id!, row.to_wallet!, row.asset, amount);
        } else if (row.address_type === 'master') {
          entry.provider(`exchange:${row.exchange_code}`, row.asset, amount);
        } else {
          const network = NETWORKS[row.network as Network];
          entry.provider(`chain:${row.network}`, row.asset, amount.sub(fee)).provider('fees', row.asset, fee);
          status = 'approved';
          completesAt = new Date(at.getTime() + network.confirmations * network.blockSeconds * 1000);
        }
        await post(tx, entry, at);
        await tx.query(
          `update broker_applications set status = $2, approver_id = $3, decision_request_id = $4, decided_at = $5, completes_at = $6, completed_at = $7
           where id = $1`,
          [row.id, status, auth.user.id, body.requestId, at, completesAt, status === 'done' ? at : null],
        );
        await logDecision(tx, row, 'approved', auth.user.id, row.remark, at);
        await notifyMembers(ctx, tx, await applicationOf(tx, orgId, row.id), 'decision', 'approved', at);
      });
      return applicationView(await applicationOf(ctx.db, orgId, body.applicationId), auth.user.id);
    },

    '/broker/fundTransfer/reject': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const current = await applicationOf(ctx.db, orgId, body.applicationId);
      if (current.decision_request_id === body.requestId && current.approver_id === auth.user.id && current.status === 'rejected') {
        return applicationView(current, auth.user.id);
      }
      if (current.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
      if (current.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: current.status });
      await checkRejection(ctx, auth, body.gaCode);
      const at = nowDate(ctx);
      const id = await ctx.db.transaction(async (tx) => {
        const row = await applicationOf(tx, orgId, body.applicationId, true);
        if (row.decision_request_id === body.requestId && row.approver_id === auth.user.id && row.status === 'rejected') return row.id;
        if (row.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
        if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
        const amount = new D(row.amount);
        await post(
          tx,
          new Entry('broker_release', `broker_application:${row.id}`, auth.user.id, row.from_account_id)
            .broker(row.from_account_id, row.from_wallet, row.asset, amount.neg(), 'locked')
            .broker(row.from_account_id, row.from_wallet, row.asset, amount, 'free'),
          at,
        );
        await tx.query(
          `update broker_applications set status = 'rejected', approver_id = $2, decision_request_id = $3, decided_at = $4, reject_reason = $5 where id = $1`,
          [row.id, auth.user.id, body.requestId, at, body.reason ?? null],
        );
        await logDecision(tx, row, 'rejected', auth.user.id, body.reason ?? '', at);
        await notifyMembers(ctx, tx, await applicationOf(tx, orgId, row.id), 'decision', 'rejected', at);
        return row.id;
      });
      return applicationView(await applicationOf(ctx.db, orgId, id), auth.user.id);
    },
  };
}
