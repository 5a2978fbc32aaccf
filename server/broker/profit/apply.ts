import type { BrokerProfitCalls } from '../../../contract/broker-profit.ts';
import { PROFIT_ASSET, PROFIT_WALLET } from '../../../contract/broker-profit-rules.ts';
import { consumeCodes, issueCode } from '../../identity/codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import type { Auth } from '../../identity/sessions.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount } from '../../platform/decimal.ts';
import { accountOf } from '../accounts.ts';
import { checkBrokerSecondFactor } from '../second-factor.ts';
import { profitPlanOperation } from '../code-operations.ts';
import { brokerMember } from '../org.ts';
import { plain } from '../valuation.ts';
import { legsOf, profitApplicationByRequest, profitApplicationOf, profitApplicationView, profitApplicationViews } from './applications.ts';
import { projectFund } from './funds.ts';
import { checkAmount, counterpartyOf, destination, logProfit, type Planned, planOut, sameRequest } from './plan.ts';
import { lockedProject, navOf, projectOf, type ProjectRow, projectStatus } from './project.ts';

type ApplyCalls =
  | '/broker/project/queryWithdrawAvailable'
  | '/broker/project/invokeWithdrawalEmailValidation'
  | '/broker/project/submitExtractInferiorRecord'
  | '/broker/project/addExtractInferiorRecord'
  | '/broker/profitAccrual/apply'
  | '/broker/project/addInferiorTransferRecord';

/** The profit available, a withdrawal or an allocation of it (second factor), and the broker's own money put in. */
export function applyHandlers(ctx: ApiContext): Pick<Handlers<BrokerProfitCalls>, ApplyCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  const fundOf = (db: Queryable, project: ProjectRow) => projectFund(ctx, db, project);

  const replayOf = async (orgId: string, requestId: string, plan: Planned, userId: number) => {
    const previous = await profitApplicationByRequest(ctx.db, orgId, requestId);
    if (!previous) return null;
    const legs = (await legsOf(ctx.db, [previous.id])).get(previous.id) ?? [];
    if (!sameRequest(previous, legs, plan)) throw new ApiError(Code.requestIdReused, { requestId });
    return profitApplicationView(previous, legs, userId);
  };

  const viewOf = async (orgId: string, id: string, userId: number) => (await profitApplicationViews(ctx.db, [await profitApplicationOf(ctx.db, orgId, id)], userId))[0]!;

  /**
   * Writes an application: locks the project row, checks the amount against what is available (10480), inserts
   * the row (a parallel retry of the requestId inserts nothing: null), its legs, the hold and the operation log row.
   */
  const apply = async (auth: Auth, orgId: string, requestId: string, remark: string, codeUuid: string | null, replan: (tx: Queryable) => Promise<Planned>): Promise<string | null> => {
    const at = nowDate(ctx);
    return ctx.db.transaction(async (tx) => {
      const plan = await replan(tx);
      if (plan.type !== 'transfer_in') {
        const fund = await fundOf(tx, plan.project);
        if (plan.amount.gt(fund.available)) throw new ApiError(Code.brokerProfitUnavailable, { available: fund.available });
      }
      const inserted = await tx.query<{ id: string }>(
        `insert into broker_profit_applications (org_id, project_no, type, status, from_account_id, from_wallet, asset, amount, allot_mode, remark, applicant_id, request_id, created_at)
         values ($1, $2, $3, 'applying', $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (org_id, request_id) do nothing returning id::text as id`,
        [orgId, plan.project.project_no, plan.type, plan.fromAccountId, plan.fromWallet, PROFIT_ASSET, dbAmount(plan.amount), plan.allotMode, remark, auth.user.id, requestId, at],
      );
      if (!inserted[0]) return null;
      const id = inserted[0].id;
      for (const [position, leg] of plan.legs.entries()) {
        await tx.query('insert into broker_profit_legs (application_id, position, account_id, wallet, amount, percent) values ($1, $2, $3, $4, $5, $6)', [
          id,
          position,
          leg.account.id,
          PROFIT_WALLET,
          dbAmount(leg.amount),
          leg.percent,
        ]);
      }
      if (codeUuid) await consumeCodes(ctx, tx, [codeUuid]);
      // The hold: free → locked on the source wallet; 10101 when its free balance does not cover it.
      await post(
        tx,
        new Entry('broker_profit_hold', `broker_profit_application:${id}`, auth.user.id, plan.fromAccountId)
          .broker(plan.fromAccountId, plan.fromWallet, PROFIT_ASSET, plan.amount.neg(), 'free')
          .broker(plan.fromAccountId, plan.fromWallet, PROFIT_ASSET, plan.amount, 'locked'),
        at,
      );
      await logProfit(tx, { orgId, id, type: plan.type, project: plan.project, fromAccountId: plan.fromAccountId, counterparty: counterpartyOf(plan), amount: plan.amount, remark }, 'apply', auth.user.id, at);
      return id;
    });
  };

  return {
    '/broker/project/queryWithdrawAvailable': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return fundOf(ctx.db, await projectOf(ctx.db, orgId, body.projectNo));
    },

    '/broker/project/invokeWithdrawalEmailValidation': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      await projectOf(ctx.db, orgId, body.projectNo);
      // What the code approves (code-operations.ts), planned like the call it is for, so the mail says what it is.
      const asked = body.operation;
      const plan = !asked
        ? null
        : asked.kind === 'withdraw'
          ? await planOut(ctx, ctx.db, orgId, body.projectNo, 'withdraw', asked.amount, [{ toAccountId: asked.toAccountId }], null)
          : await planOut(ctx, ctx.db, orgId, body.projectNo, 'allot', asked.total, asked.legs, asked.mode);
      const operation = asked && plan ? profitPlanOperation(asked.requestId, plan) : undefined;
      const { uuid } = await issueCode(ctx, { channel: 'email', destination: auth.user.email_lower, businessType: 'brokerWithdraw', userId: auth.user.id, account: auth.user.email_lower, ip: auth.ip, ...(operation ? { operation } : {}) });
      return { uuid, expiresAt: new Date(nowDate(ctx).getTime() + ctx.limits.codeTtlMs).toISOString() };
    },

    '/broker/project/submitExtractInferiorRecord': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const plan = await planOut(ctx, ctx.db, orgId, body.projectNo, 'withdraw', body.amount, [{ toAccountId: body.toAccountId }], null);
      const fund = await fundOf(ctx.db, plan.project);
      if (plan.amount.gt(fund.available)) throw new ApiError(Code.brokerProfitUnavailable, { available: fund.available });
      return {
        projectNo: plan.project.project_no,
        toAccountId: plan.legs[0]!.account.id,
        toSubAccountName: plan.legs[0]!.account.name,
        asset: PROFIT_ASSET,
        amount: plain(plan.amount),
        available: fund.available,
        availableAfter: plain(new D(fund.available).sub(plan.amount)),
        profitPayableAfter: plain(new D(fund.profitPayable).sub(plan.amount)),
        nav: (await navOf(ctx.db, plan.project)).toFixed(),
      };
    },

    '/broker/project/addExtractInferiorRecord': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const legs = [{ toAccountId: body.toAccountId }];
      const plan = await planOut(ctx, ctx.db, orgId, body.projectNo, 'withdraw', body.amount, legs, null);
      const earlier = await replayOf(orgId, body.requestId, plan, auth.user.id);
      if (earlier) return earlier;
      // The code must have been sent for this application, as it is (code-operations.ts).
      const codeUuid = await checkBrokerSecondFactor(ctx, auth, body, 'brokerWithdraw', profitPlanOperation(body.requestId, plan));
      const id = await apply(auth, orgId, body.requestId, body.remark ?? '', codeUuid, (tx) => planOut(ctx, tx, orgId, body.projectNo, 'withdraw', body.amount, legs, null, true));
      if (id === null) return (await replayOf(orgId, body.requestId, plan, auth.user.id))!;
      return viewOf(orgId, id, auth.user.id);
    },

    '/broker/profitAccrual/apply': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const plan = await planOut(ctx, ctx.db, orgId, body.projectNo, 'allot', body.total, body.legs, body.mode);
      const earlier = await replayOf(orgId, body.requestId, plan, auth.user.id);
      if (earlier) return earlier;
      // The code must have been sent for this application, as it is (code-operations.ts).
      const codeUuid = await checkBrokerSecondFactor(ctx, auth, body, 'brokerWithdraw', profitPlanOperation(body.requestId, plan));
      const id = await apply(auth, orgId, body.requestId, body.remark ?? '', codeUuid, (tx) => planOut(ctx, tx, orgId, body.projectNo, 'allot', body.total, body.legs, body.mode, true));
      if (id === null) return (await replayOf(orgId, body.requestId, plan, auth.user.id))!;
      return viewOf(orgId, id, auth.user.id);
    },

    '/broker/project/addInferiorTransferRecord': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const planIn = async (db: Queryable, lock = false): Promise<Planned> => {
        const amount = checkAmount(body.amount, 'amount');
        const project = lock ? await lockedProject(db, orgId, body.projectNo, nowDate(ctx)) : await projectOf(db, orgId, body.projectNo);
        const status = projectStatus(project, nowDate(ctx));
        if (status === 'completed') throw new ApiError(Code.projectState, { status });
        if (amount.lt(project.min_subscription)) throw new ApiError(Code.belowMinSubscription, { min: plain(project.min_subscription) });
        const from = await destination(db, project, body.fromAccountId, 'fromAccountId');
        const primary = await accountOf(db, orgId, project.account_id);
        return { project, type: 'transfer_in', fromAccountId: from.id, fromWallet: body.fromWallet, amount, allotMode: null, legs: [{ account: primary, amount, percent: null }] };
      };
      const plan = await planIn(ctx.db);
      const earlier = await replayOf(orgId, body.requestId, plan, auth.user.id);
      if (earlier) return earlier;
      const id = await apply(auth, orgId, body.requestId, body.remark ?? '', null, (tx) => planIn(tx, true));
      if (id === null) return (await replayOf(orgId, body.requestId, plan, auth.user.id))!;
      return viewOf(orgId, id, auth.user.id);
    },
  };
}
