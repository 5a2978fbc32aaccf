import { LOAN_OPEN_STATUSES, LOAN_STATUS, type LoanAction } from '../../contract/loan-rules.ts';
import type { LoanCalls } from '../../contract/loans.ts';
import { nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { UserRow } from '../identity/users.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { post } from '../ledger/ledger.ts';
import { D, db, ZERO } from '../platform/decimal.ts';
import { LOAN_ASSET_CONFIG } from './config.ts';
import { type LoanMarket, checkMayLoan, figures, plain } from './market.ts';
import { accrue } from './math.ts';
import { actionEntry, plan } from './plan.ts';
import { ACTION_COLUMNS, type ActionRow, bringUpToDate, LOAN_COLUMNS, type LoanRow, loadLoan } from './rows.ts';
import { type ActionView, actionView, loanView } from './views.ts';

/**
 * One action on an open loan (add or remove collateral, repay, repay with collateral): in one transaction on the
 * locked loan row, the interest due is charged, the plan checked, one ledger entry posted and the action recorded
 * under the client's requestId.
 */
export const runAction = async (m: LoanMarket, user: UserRow, action: LoanAction, body: { orderId: string; amount: string; requestId: string }): Promise<ActionView> => {
  checkMayLoan(user, action === 'removeCollateral');
  const { ctx } = m;
  const userId = user.id;
  const replay = async (q: Queryable): Promise<ActionView | null> => {
    const found = (await q.query<ActionRow>(`select ${ACTION_COLUMNS} from loan_actions where user_id = $1 and request_id = $2`, [userId, body.requestId]))[0];
    if (!found) return null;
    if (found.loan_id !== body.orderId || found.action !== action || !new D(found.amount).eq(body.amount)) throw new ApiError(Code.requestIdReused);
    const loan = (await loadLoan(q, found.loan_id, userId, false))!;
    return actionView(found, loanView(m, loan, nowDate(ctx)));
  };
  const first = await replay(ctx.db);
  if (first) return first;
  const amount = new D(body.amount);
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = nowDate(ctx);
      const locked = await loadLoan(tx, body.orderId, userId, true);
      // Another user's loan is answered as an unknown one.
      if (!locked) throw badInput('orderId', 'unknown', 'No loan with this id');
      const again = await replay(tx);
      if (again) return again;
      const row = await bringUpToDate(tx, locked, now);
      if (!LOAN_OPEN_STATUSES.includes(row.status)) throw new ApiError(Code.loanState, { status: row.status });
      const price = m.priceOf(row.collateral_asset);
      const { outcome: o, refusal } = plan(m, row, action, amount, price);
      if (refusal) throw refusal;
      const inserted = await tx.query<ActionRow>(
        `insert into loan_actions (user_id, request_id, loan_id, action, amount, proceeds, interest_paid, principal_paid, refund, ltv_after, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${ACTION_COLUMNS}`,
        [userId, body.requestId, row.id, action, amount.toFixed(), o.proceeds ? db(o.proceeds) : null, db(o.interestPaid), db(o.principalPaid), db(o.refund), o.ltvAfter.toFixed(), now],
      );
      const actionRow = inserted[0]!;
      await post(tx, actionEntry(row, action, amount, o, `loan:${row.id}:action:${actionRow.id}`), now);
      const marginCall = !o.ended && o.ltvAfter.gte(new D(row.margin_call_ltv));
      const updated = await tx.query<LoanRow>(
        `update loans set principal_outstanding = $2, interest_outstanding = $3, collateral_amount = $4, status = $5, closed_at = $6,
           margin_call_at = case when $7 then coalesce(margin_call_at, $8) else null end
         where id = $1 returning ${LOAN_COLUMNS}`,
        [row.id, db(o.principal), db(o.interest), db(o.ended ? ZERO : o.collateral), o.ended ? LOAN_STATUS.ended : row.status, o.ended ? now : null, marginCall, now],
      );
      return actionView(actionRow, loanView(m, updated[0]!, now, price));
    });
  } catch (error) {
    // A parallel retry with the same requestId committed first: that is the answer.
    if (isUniqueViolation(error)) {
      const again = await replay(ctx.db);
      if (again) return again;
    }
    throw error;
  }
};

/** The preview of an action and the four actions of contract/loans.ts. */
export function actionHandlers(
  m: LoanMarket,
): Pick<Handlers<LoanCalls>, '/loan/previewAction' | '/loan/addCollateral' | '/loan/removeCollateral' | '/loan/repay' | '/loan/repayWithCollateral'> {
  const { ctx } = m;
  return {
    '/loan/previewAction': async ({ body, auth }) => {
      checkMayLoan(auth.user, false);
      const now = nowDate(ctx);
      const stored = await loadLoan(ctx.db, body.orderId, auth.user.id, false);
      if (!stored) throw badInput('orderId', 'unknown', 'No loan with this id');
      if (!LOAN_OPEN_STATUSES.includes(stored.status)) throw new ApiError(Code.loanState, { status: stored.status });
      // The interest due up to now, without storing it (the action will charge it in its own transaction).
      const due = accrue(
        {
          borrowedAt: stored.borrowed_at,
          dueAt: stored.due_at,
          hoursCharged: stored.hours_charged,
          principalOutstanding: new D(stored.principal_outstanding),
          hourlyRate: new D(stored.hourly_rate),
          lateHourlyRate: new D(stored.late_hourly_rate),
        },
        now,
        LOAN_ASSET_CONFIG[stored.loan_asset].decimals,
      );
      const row = { ...stored, interest_outstanding: new D(stored.interest_outstanding).add(due.interest).toFixed() };
      const price = m.priceOf(row.collateral_asset);
      const before = figures(row, price);
      const { outcome, refusal, reason } = plan(m, row, body.action, new D(body.amount), price);
      return {
        orderId: row.id,
        action: body.action,
        amount: plain(body.amount),
        debtAfter: plain(outcome.principal.add(outcome.interest)),
        collateralAfter: plain(outcome.ended ? ZERO : outcome.collateral),
        ltvBefore: plain(before.ltv),
        ltvAfter: plain(outcome.ltvAfter),
        liquidationPriceBefore: plain(before.liquidationPrice),
        liquidationPriceAfter: plain(outcome.liquidationPriceAfter),
        proceeds: outcome.proceeds ? plain(outcome.proceeds) : null,
        allowed: refusal === null,
        reason,
      };
    },

    '/loan/addCollateral': async ({ body, auth }) => runAction(m, auth.user, 'addCollateral', body),
    '/loan/removeCollateral': async ({ body, auth }) => runAction(m, auth.user, 'removeCollateral', body),
    '/loan/repay': async ({ body, auth }) => runAction(m, auth.user, 'repay', body),
    '/loan/repayWithCollateral': async ({ body, auth }) => runAction(m, auth.user, 'repayWithCollateral', body),
  };
}
