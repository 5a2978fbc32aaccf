import { billRefusal, BILL_TRANSITIONS, BROKER_INTEREST_CODE_TYPE, INTEREST_ASSET, INTEREST_WALLET } from '../../../contract/broker-interest-rules.ts';
import type { BrokerInterestCalls } from '../../../contract/broker-interest.ts';
import { consumeCodes } from '../../identity/codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount, ZERO } from '../../platform/decimal.ts';
import { logOperation } from '../fund-log.ts';
import { checkBrokerSecondFactor } from '../second-factor.ts';
import { brokerMember } from '../org.ts';
import { lockProject } from '../projects/capital.ts';
import { billLines, billOf, billView } from './bills.ts';

/**
 * A decision on a settle bill (interestApply; spec §4 "Broker states"): another member than the applicant reviews it,
 * another than the initial reviewer re-reviews it, and a member pays it with the second factor — one balanced ledger
 * entry `broker_interest_payment` (the primary sub-account's futures USDT −total, `investor:<id>` +share each) and
 * `interest_payable −= total`, so the net asset and the NAV per unit do not move. A rejection at either review
 * releases the accruals (pending payment again). The project row is locked first, then the bill row, so parallel
 * decisions on one bill run one after another and of 20 payments one pays; a retried step (its requestId) is answered
 * with the bill as it is.
 */
export function billDecisionHandlers(ctx: ApiContext): Pick<Handlers<BrokerInterestCalls>, '/broker/interestApply'> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/interestApply': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const first = await billOf(ctx.db, orgId, body.billNo);
      const retried = async (db: Queryable, billId: string) =>
        (await db.query('select 1 from broker_interest_bill_steps where bill_id = $1 and step = $2 and request_id = $3 and member_id = $4', [billId, body.action, body.requestId, auth.user.id]))
          .length > 0;
      if (await retried(ctx.db, first.id)) return billView(await billOf(ctx.db, orgId, body.billNo), auth.user.id);
      const codeUuid = body.action === 'pay' ? await checkBrokerSecondFactor(ctx, auth, body, BROKER_INTEREST_CODE_TYPE) : null;
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        const project = await lockProject(tx, orgId, first.project_no, at);
        const bill = await billOf(tx, orgId, body.billNo, true);
        if (await retried(tx, bill.id)) return;
        const transition = BILL_TRANSITIONS[body.action];
        if (!transition.from.includes(bill.status)) throw new ApiError(Code.brokerBillState, { status: bill.status });
        const refusal = billRefusal(body.action, bill.status, { me: auth.user.id, applicant: bill.applicant_id, initialReviewer: bill.initial_reviewer_id });
        if (refusal) throw new ApiError(Code.brokerBillSelfReview, { reason: refusal });
        const remark = body.remark ?? '';
        const total = new D(bill.total);
        if (body.action === 'pay') {
          if (codeUuid) await consumeCodes(ctx, tx, [codeUuid]);
          const lines = await billLines(tx, bill.id);
          const entry = new Entry('broker_interest_payment', `broker_interest_bill:${bill.id}`, auth.user.id, project.account_id).broker(
            project.account_id,
            INTEREST_WALLET,
            INTEREST_ASSET,
            total.neg(),
          );
          for (const l of lines) entry.provider(`investor:${l.investorId}`, INTEREST_ASSET, new D(l.amount));
          // 10101 when the primary sub-account's free futures USDT does not cover the total (the ledger's conditional update).
          await post(tx, entry, at);
          const payable = new D(project.interest_payable).sub(total);
          await tx.query('update broker_projects set interest_payable = $2 where project_no = $1', [project.project_no, dbAmount(payable.lt(0) ? ZERO : payable)]);
          await tx.query("update broker_interest_bills set status = 'paid', payer_id = $2, paid_at = $3, updated_at = $3 where id = $1", [bill.id, auth.user.id, at]);
        } else if (body.action === 'reject') {
          await tx.query('update broker_interest_accruals set settlement_id = null where settlement_id = $1', [bill.id]);
          await tx.query("update broker_interest_bills set status = 'rejected', rejecter_id = $2, reject_reason = $3, updated_at = $4 where id = $1", [bill.id, auth.user.id, remark || null, at]);
        } else {
          const column = body.action === 'initial_review' ? 'initial_reviewer_id' : 're_reviewer_id';
          await tx.query(`update broker_interest_bills set status = $2, ${column} = $3, updated_at = $4 where id = $1`, [bill.id, transition.to, auth.user.id, at]);
        }
        await tx.query('insert into broker_interest_bill_steps (bill_id, step, status, member_id, remark, request_id, created_at) values ($1, $2, $3, $4, $5, $6, $7)', [
          bill.id,
          body.action,
          transition.to,
          auth.user.id,
          remark,
          body.requestId,
          at,
        ]);
        if (body.action === 'pay' || body.action === 'reject') {
          await logOperation(
            tx,
            {
              orgId,
              type: body.action === 'pay' ? 'repayment_approved' : 'repayment_rejected',
              applicationId: null,
              operatorId: auth.user.id,
              accountId: project.account_id,
              counterparty: bill.bill_no,
              asset: INTEREST_ASSET,
              amount: total,
              remark,
            },
            at,
          );
        }
      });
      return billView(await billOf(ctx.db, orgId, body.billNo), auth.user.id);
    },
  };
}
