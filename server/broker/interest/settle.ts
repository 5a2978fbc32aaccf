import { INTEREST_ASSET } from '../../../contract/broker-interest-rules.ts';
import type { BrokerInterestCalls } from '../../../contract/broker-interest.ts';
import { hkDay } from '../../../contract/broker-projects-rules.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, db as dbAmount } from '../../platform/decimal.ts';
import { pageQuery } from '../../platform/records.ts';
import { checkIdRange } from '../accounts.ts';
import { logOperation } from '../fund-log.ts';
import { brokerMember } from '../org.ts';
import { lockProject } from '../projects/capital.ts';
import { holdingsOf, projectOf } from '../projects/store.ts';
import { plain } from '../valuation.ts';
import { billOf, billView, payingAccount, pendingLines } from './bills.ts';
import { interestRecordQuery, type InterestRecordRow, interestRecordView } from './records.ts';

/**
 * A project's interest and its settlement (spec §4 "Broker states"; contract/broker-interest.ts): the project's
 * interest by state, its interest records and its investors' interest, the preview of a settlement up to a day, and
 * the settlement itself (applySettle: the unsettled accruals up to the day go into a settle bill,
 * `pending_initial_review`). The write locks the project row first and lets the daily job catch up (lockProject);
 * it is idempotent on its requestId.
 */

/** A real calendar day (the schema checks the shape). */
function checkDay(day: string, field: string): void {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) throw badInput(field, 'date', 'Not a calendar day');
}

/** The project's last accrued day, or null before its first accrual. */
async function lastAccrualDay(db: Queryable, projectNo: string): Promise<string | null> {
  const rows = await db.query<{ day: string | null }>('select max(day)::text as day from broker_interest_accruals where project_no = $1', [projectNo]);
  return rows[0]?.day ?? null;
}

/** The day a settlement may reach: a calendar day, not after the last accrued one (400 `untilDay` otherwise). */
async function checkUntilDay(db: Queryable, projectNo: string, untilDay: string): Promise<void> {
  checkDay(untilDay, 'untilDay');
  const last = await lastAccrualDay(db, projectNo);
  if (last === null || untilDay > last) throw new ApiError(Code.badRequest, { field: 'untilDay', rule: 'notAccrued', lastAccrualDay: last });
}

/** interestSettle/account: a project's investors and their interest by state (the page's and the export's rows; 404 another organisation's project). */
export async function investorInterest(db: Queryable, orgId: string, projectNo: string) {
  const project = await projectOf(db, orgId, projectNo);
  const holdings = await holdingsOf(db, project.project_no);
  const sums = await db.query<{ investor_id: string; name: string; accrued: string; pending: string; in_application: string; paid: string; last_day: string | null }>(
    `select i.id::text as investor_id, i.name, coalesce(sum(a.amount), 0)::text as accrued,
       coalesce(sum(a.amount) filter (where a.settlement_id is null), 0)::text as pending,
       coalesce(sum(a.amount) filter (where b.status is not null and b.status <> 'paid'), 0)::text as in_application,
       coalesce(sum(a.amount) filter (where b.status = 'paid'), 0)::text as paid, max(a.day)::text as last_day
     from broker_investors i
     left join broker_interest_accruals a on a.investor_id = i.id and a.project_no = $1
     left join broker_interest_bills b on b.id = a.settlement_id
     where i.id in (select investor_id from broker_holdings where project_no = $1 union select investor_id from broker_interest_accruals where project_no = $1)
     group by i.id, i.name order by i.id`,
    [project.project_no],
  );
  const held = new Map(holdings.map((h) => [h.investor_id, h]));
  return sums.map((s) => ({
    investorId: s.investor_id,
    investorName: s.name,
    units: plain(held.get(s.investor_id)?.units ?? '0'),
    principal: plain(held.get(s.investor_id)?.principal ?? '0'),
    accrued: plain(s.accrued),
    pending: plain(s.pending),
    inApplication: plain(s.in_application),
    paid: plain(s.paid),
    lastAccrualDay: s.last_day,
  }));
}

type SettleHandlers = Pick<
  Handlers<BrokerInterestCalls>,
  | '/broker/interestSettle/projectInterest'
  | '/broker/interestSettle/page'
  | '/broker/interestSettle/account'
  | '/broker/interestSettle/previewSettleData'
  | '/broker/interestSettle/applySettle'
>;

export function settleHandlers(ctx: ApiContext): SettleHandlers {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/interestSettle/projectInterest': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, query.projectNo);
      const rows = await ctx.db.query<{ accrued: string; pending: string; in_application: string; paid: string; first_pending: string | null; last_day: string | null }>(
        `select coalesce(sum(a.amount), 0)::text as accrued,
           coalesce(sum(a.amount) filter (where a.settlement_id is null), 0)::text as pending,
           coalesce(sum(a.amount) filter (where b.status is not null and b.status <> 'paid'), 0)::text as in_application,
           coalesce(sum(a.amount) filter (where b.status = 'paid'), 0)::text as paid,
           (min(a.day) filter (where a.settlement_id is null and a.amount > 0))::text as first_pending, max(a.day)::text as last_day
         from broker_interest_accruals a left join broker_interest_bills b on b.id = a.settlement_id where a.project_no = $1`,
        [project.project_no],
      );
      const r = rows[0]!;
      return {
        projectNo: project.project_no,
        projectName: project.name,
        asset: INTEREST_ASSET,
        interestRate: plain(project.interest_rate),
        interestPayable: plain(project.interest_payable),
        accrued: plain(r.accrued),
        pending: plain(r.pending),
        inApplication: plain(r.in_application),
        paid: plain(r.paid),
        firstPendingDay: r.first_pending,
        lastAccrualDay: r.last_day,
      };
    },

    '/broker/interestSettle/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      if (q.projectNo) await projectOf(ctx.db, orgId, q.projectNo);
      if (q.investorId) checkIdRange(q.investorId, 'investorId');
      const { rows, total } = await pageQuery<InterestRecordRow>(ctx.db, interestRecordQuery(orgId, q), body.pageCondition);
      return { list: rows.map(interestRecordView), total, ...body.pageCondition };
    },

    '/broker/interestSettle/account': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return investorInterest(ctx.db, orgId, body.projectNo);
    },

    '/broker/interestSettle/previewSettleData': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      await checkUntilDay(ctx.db, project.project_no, body.untilDay);
      const { lines, total, fromDay } = await pendingLines(ctx.db, project.project_no, body.untilDay);
      if (fromDay === null) throw new ApiError(Code.brokerInterestNothingPending, { untilDay: body.untilDay });
      const account = await payingAccount(ctx.db, project);
      return {
        projectNo: project.project_no,
        projectName: project.name,
        asset: INTEREST_ASSET,
        fromDay,
        untilDay: body.untilDay,
        lines,
        total: plain(total),
        account,
        covered: new D(account.free).gte(total),
      };
    },

    '/broker/interestSettle/applySettle': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      checkDay(body.untilDay, 'untilDay');
      const at = nowDate(ctx);
      const billNo = await ctx.db.transaction(async (tx) => {
        const project = await lockProject(tx, orgId, body.projectNo, at);
        // A retry (the same requestId) is the first bill; other content under it is 10209.
        const earlier = await tx.query<{ bill_no: string; project_no: string; until_day: string; total: string }>(
          'select bill_no, project_no, until_day::text as until_day, total::text as total from broker_interest_bills where org_id = $1 and request_id = $2',
          [orgId, body.requestId],
        );
        if (earlier[0]) {
          const e = earlier[0];
          if (e.project_no !== body.projectNo || e.until_day !== body.untilDay || !new D(e.total).eq(body.total)) throw new ApiError(Code.requestIdReused, { requestId: body.requestId });
          return e.bill_no;
        }
        await checkUntilDay(tx, project.project_no, body.untilDay);
        const { lines, total, fromDay } = await pendingLines(tx, project.project_no, body.untilDay);
        if (fromDay === null) throw new ApiError(Code.brokerInterestNothingPending, { untilDay: body.untilDay });
        if (!total.eq(body.total)) throw new ApiError(Code.brokerSettleChanged, { total: plain(total) });
        const id = (await tx.query<{ id: string }>("select nextval('broker_interest_bills_id_seq')::text as id"))[0]!.id;
        const billNo = `S${hkDay(at).replaceAll('-', '')}${id.padStart(6, '0')}`;
        await tx.query(
          `insert into broker_interest_bills (id, org_id, project_no, bill_no, from_day, until_day, total, status, remark, applicant_id, request_id, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, 'pending_initial_review', $8, $9, $10, $11, $11)`,
          [id, orgId, project.project_no, billNo, fromDay, body.untilDay, dbAmount(total), body.remark ?? '', auth.user.id, body.requestId, at],
        );
        for (const l of lines) {
          await tx.query('insert into broker_interest_bill_lines (bill_id, investor_id, principal, days, from_day, to_day, amount) values ($1, $2, $3, $4, $5, $6, $7)', [
            id,
            l.investorId,
            l.principal,
            l.days,
            l.fromDay,
            l.toDay,
            l.amount,
          ]);
        }
        // The accruals are in application now (zero ones of the same days go with them, so nothing is left behind).
        await tx.query('update broker_interest_accruals set settlement_id = $1 where project_no = $2 and settlement_id is null and day <= $3', [id, project.project_no, body.untilDay]);
        await tx.query("insert into broker_interest_bill_steps (bill_id, step, status, member_id, remark, request_id, created_at) values ($1, 'apply', 'pending_initial_review', $2, $3, $4, $5)", [
          id,
          auth.user.id,
          body.remark ?? '',
          body.requestId,
          at,
        ]);
        await logOperation(
          tx,
          { orgId, type: 'repayment_apply', applicationId: null, operatorId: auth.user.id, accountId: project.account_id, counterparty: billNo, asset: INTEREST_ASSET, amount: total, remark: body.remark ?? '' },
          at,
        );
        return billNo;
      });
      return billView(await billOf(ctx.db, orgId, billNo), auth.user.id);
    },
  };
}
