import type { FastifyInstance } from 'fastify';
import { billRefusal, BILL_STATES, BILL_TRANSITIONS, type BillState, BROKER_INTEREST_CODE_TYPE, INTEREST_ASSET, INTEREST_WALLET } from '../../../contract/broker-interest-rules.ts';
import { brokerInterestCalls } from '../../../contract/broker-interest.ts';
import { hkDay } from '../../../contract/broker-projects-rules.ts';
import { consumeCodes } from '../../identity/codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount, ZERO } from '../../platform/decimal.ts';
import { pageQuery } from '../../platform/records.ts';
import { checkIdRange } from '../accounts.ts';
import { logOperation } from '../fund-log.ts';
import { checkBrokerSecondFactor } from '../second-factor.ts';
import { brokerMember } from '../org.ts';
import { lockProject } from '../projects/capital.ts';
import { holdingsOf, projectOf } from '../projects/store.ts';
import { plain } from '../valuation.ts';
import { BILL_COLUMNS, BILL_FROM, type BillRow, billLines, billOf, billSteps, billView, payingAccount, pendingLines } from './bills.ts';
import { billQuery, interestRecordQuery, type InterestRecordRow, interestRecordView } from './records.ts';

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
 * Every write locks the project row first and lets the daily job catch up (lockProject, as the capital flows do),
 * then the bill row, so parallel decisions on one bill run one after another and of 20 payments one pays. Each write
 * is idempotent on its requestId.
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

export function brokerInterestRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  const bills = async (db: Queryable, where: string, params: unknown[]) => db.query<BillRow>(`select ${BILL_COLUMNS} from ${BILL_FROM} where ${where} order by b.created_at desc, b.id desc`, params);

  serveCalls(ctx, app, brokerInterestCalls, {
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

    '/broker/interestSettle/querySettleBill': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      return (await bills(ctx.db, 'b.org_id = $1 and b.project_no = $2', [orgId, project.project_no])).map((r) => billView(r, auth.user.id));
    },

    '/broker/pageSettleBill': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      if (q.projectNo) await projectOf(ctx.db, orgId, q.projectNo);
      const { rows, total } = await pageQuery<BillRow>(ctx.db, billQuery(orgId, q, nowDate(ctx)), body.pageCondition);
      return { list: rows.map((r) => billView(r, auth.user.id)), total, ...body.pageCondition };
    },

    '/broker/settleBillDetailQuery': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const bill = await billOf(ctx.db, orgId, body.billNo);
      const project = await projectOf(ctx.db, orgId, bill.project_no);
      return { bill: billView(bill, auth.user.id), lines: await billLines(ctx.db, bill.id), reviews: await billSteps(ctx.db, bill.id), account: await payingAccount(ctx.db, project) };
    },

    '/broker/queryFinancingInterestCount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if (body.projectNo) await projectOf(ctx.db, orgId, body.projectNo);
      const rows = await ctx.db.query<{ status: BillState; n: number; mine: number }>(
        `select status, count(*)::int as n, (count(*) filter (where (status = 'pending_initial_review' and applicant_id <> $3)
           or (status = 'pending_re_review' and initial_reviewer_id <> $3) or status = 'pending_payment'))::int as mine
         from broker_interest_bills where org_id = $1 and ($2::text is null or project_no = $2) group by status`,
        [orgId, body.projectNo ?? null, auth.user.id],
      );
      const counts = Object.fromEntries(BILL_STATES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<BillState, number>;
      return { counts, awaitingMe: rows.reduce((n, r) => n + r.mine, 0) };
    },

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

    '/broker/findInterestApply': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const bill = await billOf(ctx.db, orgId, body.billNo);
      return billSteps(ctx.db, bill.id);
    },

    '/broker/queryBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return payingAccount(ctx.db, await projectOf(ctx.db, orgId, body.projectNo));
    },
  });
}
