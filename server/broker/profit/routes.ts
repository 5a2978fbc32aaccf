import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { BrokerWallet } from '../../../contract/broker-rules.ts';
import { type AllotMode, PROFIT_ASSET, PROFIT_DECIMALS, PROFIT_OPERATION_KIND_OF, PROFIT_WALLET, type ProfitApplicationType, splitAllocation } from '../../../contract/broker-profit-rules.ts';
import { brokerProfitCalls, type ProfitFund } from '../../../contract/broker-profit.ts';
import { consumeCodes, issueCode } from '../../identity/codes.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Auth } from '../../identity/sessions.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount, ZERO } from '../../platform/decimal.ts';
import { pageQuery } from '../../platform/records.ts';
import { accountOf, type AccountRow, checkIdRange } from '../accounts.ts';
import { checkBrokerSecondFactor } from '../second-factor.ts';
import { brokerMember } from '../org.ts';
import { plain } from '../valuation.ts';
import {
  accrualQuery,
  type AccrualRow,
  accrualView,
  applicationQuery,
  legsOf,
  profitApplicationByRequest,
  profitApplicationOf,
  type ProfitApplicationRow,
  profitApplicationView,
  profitApplicationViews,
} from './applications.ts';
import { buyOwnUnits, lockedProject, navOf, projectAccountIds, projectOf, type ProjectRow, projectStatus } from './project.ts';

/**
 * Profit of the broker's projects (issue 15; spec §4 "Broker states", operation log types; spec §7 project/* and
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

interface Leg {
  account: AccountRow;
  amount: Decimal;
  percent: string | null;
}

interface Planned {
  project: ProjectRow;
  type: ProfitApplicationType;
  fromAccountId: string;
  fromWallet: BrokerWallet;
  amount: Decimal;
  allotMode: AllotMode | null;
  legs: Leg[];
}

function checkAmount(value: string, field: string): Decimal {
  const amount = new D(value);
  if (amount.lte(0)) throw badInput(field, 'positive', 'The amount must be above zero');
  if (amount.decimalPlaces() > PROFIT_DECIMALS) throw badInput(field, 'decimals', `At most ${PROFIT_DECIMALS} decimals`);
  return amount;
}

/** Same request: the fields that define what an application moves (a requestId reused with others is 10209). */
function sameRequest(row: ProfitApplicationRow, legs: readonly { account_id: string; amount: string }[], plan: Planned): boolean {
  return (
    row.type === plan.type &&
    row.project_no === plan.project.project_no &&
    row.from_account_id === plan.fromAccountId &&
    row.from_wallet === plan.fromWallet &&
    new D(row.amount).eq(plan.amount) &&
    legs.length === plan.legs.length &&
    legs.every((l, i) => l.account_id === plan.legs[i]!.account.id && new D(l.amount).eq(plan.legs[i]!.amount))
  );
}

/** What the project's profit is now (USDT): accrued, withdrawn, held, the liability, the primary wallet's free, available. */
async function projectFund(ctx: ApiContext, db: Queryable, project: ProjectRow): Promise<Static<typeof ProfitFund>> {
  const sums = await db.query<{ accrued: string; withdrawn: string; applying: string; free: string }>(
    `select (select coalesce(sum(amount), 0) from broker_profit_accruals where project_no = $1)::text as accrued,
       (select coalesce(sum(amount), 0) from broker_profit_applications where project_no = $1 and type <> 'transfer_in' and status = 'done')::text as withdrawn,
       (select coalesce(sum(amount), 0) from broker_profit_applications where project_no = $1 and type <> 'transfer_in' and status = 'applying')::text as applying,
       (select coalesce(sum(free), 0) from broker_balances where account_id = $2 and wallet = $3 and asset = $4)::text as free`,
    [project.project_no, project.account_id, PROFIT_WALLET, PROFIT_ASSET],
  );
  const s = sums[0]!;
  const payable = new D(project.profit_payable);
  const free = new D(s.free);
  const available = D.max(ZERO, D.min(payable.sub(s.applying), free));
  return {
    projectNo: project.project_no,
    projectName: project.name,
    status: projectStatus(project, nowDate(ctx)),
    exchangeCode: project.exchange_code,
    primaryAccountId: project.account_id,
    asset: PROFIT_ASSET,
    accrued: plain(s.accrued),
    withdrawn: plain(s.withdrawn),
    applying: plain(s.applying),
    profitPayable: plain(payable),
    primaryFree: plain(free),
    available: plain(available),
    nav: (await navOf(db, project)).toFixed(),
  };
}

/** profitAccrual/accrualFund: per project its profit figures, newest project first (the page's and the export's rows; 404 another organisation's project). */
export async function profitFunds(ctx: ApiContext, orgId: string, projectNo: string | undefined) {
  const db = ctx.db;
  const projects =
    projectNo !== undefined
      ? [await projectOf(db, orgId, projectNo)]
      : await db.query<{ project_no: string }>('select project_no from broker_projects where org_id = $1 order by project_no desc', [orgId]).then((rows) =>
          Promise.all(rows.map((r) => projectOf(db, orgId, r.project_no))),
        );
  return Promise.all(projects.map((p) => projectFund(ctx, db, p)));
}

export function brokerProfitRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  /** Where the project's profit may go: a live sub-account of the organisation on the project's exchange that belongs to no project. */
  const destination = async (db: Queryable, project: ProjectRow, accountId: string, field: string): Promise<AccountRow> => {
    checkIdRange(accountId, field);
    const account = await accountOf(db, project.org_id, accountId).catch(() => {
      throw new ApiError(Code.notFound, { field });
    });
    const taken = await projectAccountIds(db, project.org_id);
    if (account.exchange_code !== project.exchange_code || taken.has(account.id)) throw new ApiError(Code.brokerProfitDestination, { field });
    return account;
  };

  const fundOf = (db: Queryable, project: ProjectRow) => projectFund(ctx, db, project);

  /** A withdrawal or allocation checked against the project (read outside and again inside the transaction). */
  const planOut = async (db: Queryable, orgId: string, projectNo: string, type: 'withdraw' | 'allot', amountText: string, legs: { toAccountId: string; amount?: string; percent?: string }[], mode: AllotMode | null, lock = false): Promise<Planned> => {
    const amount = checkAmount(amountText, type === 'withdraw' ? 'amount' : 'total');
    const project = lock ? await lockedProject(db, orgId, projectNo, nowDate(ctx)) : await projectOf(db, orgId, projectNo);
    let amounts: string[] = [amount.toFixed()];
    if (type === 'allot') {
      const split = splitAllocation(amount.toFixed(), mode!, legs);
      if (!split.ok) {
        if (split.rule === 'legs') throw badInput('legs', 'count', 'An allocation goes to 2 to 10 sub-accounts');
        throw new ApiError(Code.brokerProfitSplit, { rule: split.rule, ...(split.index !== undefined ? { index: split.index } : {}) });
      }
      amounts = split.amounts;
    }
    const out: Leg[] = [];
    for (const [i, leg] of legs.entries()) {
      out.push({ account: await destination(db, project, leg.toAccountId, type === 'withdraw' ? 'toAccountId' : `legs.${i}.toAccountId`), amount: new D(amounts[i]!), percent: mode === 'percent' ? leg.percent! : null });
    }
    return { project, type, fromAccountId: project.account_id, fromWallet: PROFIT_WALLET, amount, allotMode: mode, legs: out };
  };

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

  serveCalls(ctx, app, brokerProfitCalls, {
    '/broker/project/queryWithdrawAvailable': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return fundOf(ctx.db, await projectOf(ctx.db, orgId, body.projectNo));
    },

    '/broker/project/invokeWithdrawalEmailValidation': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      await projectOf(ctx.db, orgId, body.projectNo);
      const { uuid } = await issueCode(ctx, { channel: 'email', destination: auth.user.email_lower, businessType: 'brokerWithdraw', userId: auth.user.id, account: auth.user.email_lower, ip: auth.ip });
      return { uuid, expiresAt: new Date(nowDate(ctx).getTime() + ctx.limits.codeTtlMs).toISOString() };
    },

    '/broker/project/submitExtractInferiorRecord': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const plan = await planOut(ctx.db, orgId, body.projectNo, 'withdraw', body.amount, [{ toAccountId: body.toAccountId }], null);
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
      const plan = await planOut(ctx.db, orgId, body.projectNo, 'withdraw', body.amount, legs, null);
      const earlier = await replayOf(orgId, body.requestId, plan, auth.user.id);
      if (earlier) return earlier;
      const codeUuid = await checkBrokerSecondFactor(ctx, auth, body, 'brokerWithdraw');
      const id = await apply(auth, orgId, body.requestId, body.remark ?? '', codeUuid, (tx) => planOut(tx, orgId, body.projectNo, 'withdraw', body.amount, legs, null, true));
      if (id === null) return (await replayOf(orgId, body.requestId, plan, auth.user.id))!;
      return viewOf(orgId, id, auth.user.id);
    },

    '/broker/profitAccrual/apply': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const plan = await planOut(ctx.db, orgId, body.projectNo, 'allot', body.total, body.legs, body.mode);
      const earlier = await replayOf(orgId, body.requestId, plan, auth.user.id);
      if (earlier) return earlier;
      const codeUuid = await checkBrokerSecondFactor(ctx, auth, body, 'brokerWithdraw');
      const id = await apply(auth, orgId, body.requestId, body.remark ?? '', codeUuid, (tx) => planOut(tx, orgId, body.projectNo, 'allot', body.total, body.legs, body.mode, true));
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

    '/broker/profitAccrual/approve': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const current = await profitApplicationOf(ctx.db, orgId, body.applicationId);
      if (current.decision_request_id === body.requestId && current.approver_id === auth.user.id && current.status !== 'rejected') return viewOf(orgId, current.id, auth.user.id);
      if (current.applicant_id === auth.user.id) throw new ApiError(Code.brokerSelfApproval);
      if (current.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: current.status });
      const codeUuid = await checkBrokerSecondFactor(ctx, auth, body, 'brokerApprove');
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        // The project row first (as applying and the daily job do), then the application.
        const project = await lockedProject(tx, orgId, current.project_no, at);
        const row = await profitApplicationOf(tx, orgId, body.applicationId, true);
        if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
        await consumeCodes(ctx, tx, [codeUuid]);
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

    '/broker/profitAccrual/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const f = body.queryCondition ?? {};
      if (f.projectNo !== undefined) await projectOf(ctx.db, orgId, f.projectNo);
      const { rows, total } = await pageQuery<AccrualRow>(ctx.db, accrualQuery(orgId, f, nowDate(ctx)), body.pageCondition);
      return { list: rows.map(accrualView), total, ...body.pageCondition };
    },

    '/broker/profitAccrual/pageApplication': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const f = body.queryCondition ?? {};
      if (f.projectNo !== undefined) await projectOf(ctx.db, orgId, f.projectNo);
      const { rows, total } = await pageQuery<ProfitApplicationRow>(ctx.db, applicationQuery(orgId, f, nowDate(ctx)), body.pageCondition);
      return { list: await profitApplicationViews(ctx.db, rows, auth.user.id), total, ...body.pageCondition };
    },

    '/broker/profitAccrual/accrualFund': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      return profitFunds(ctx, orgId, query.projectNo);
    },

    '/broker/profitAccrual/accounts': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, query.projectNo);
      const taken = await projectAccountIds(ctx.db, orgId);
      const rows = await ctx.db.query<{ id: string; exchange_code: ProjectRow['exchange_code']; name: string; kind: 'regular' | 'custodial' | 'asset_management' }>(
        'select id::text as id, exchange_code, name, kind from broker_accounts where org_id = $1 and exchange_code = $2 and deleted_at is null order by id',
        [orgId, project.exchange_code],
      );
      return rows.filter((r) => !taken.has(r.id)).map((r) => ({ brokerAccountId: r.id, exchangeCode: r.exchange_code, subAccountName: r.name, accountType: r.kind }));
    },
  });
}

/** The operation log's counterparty of a profit application: the project and where the money goes (or comes from). */
function counterpartyOf(plan: Planned): string {
  if (plan.type === 'transfer_in') return plan.project.project_no;
  return `${plan.project.project_no} → ${plan.legs.map((l) => `${l.account.name}/${PROFIT_WALLET}`).join(', ')}`;
}
function counterpartyOfRow(row: ProfitApplicationRow, legs: readonly { name: string; wallet: string }[]): string {
  if (row.type === 'transfer_in') return row.project_no;
  return `${row.project_no} → ${legs.map((l) => `${l.name}/${l.wallet}`).join(', ')}`;
}

interface ProfitOperation {
  orgId: string;
  id: string;
  type: ProfitApplicationType;
  project: ProjectRow;
  fromAccountId: string;
  counterparty: string;
  amount: Decimal;
  remark: string;
}

/** The operation log row of a profit application's step (spec §4 `<kind>_apply`, `_approved`, `_rejected`), in the step's transaction. */
async function logProfit(tx: Queryable, op: ProfitOperation, suffix: 'apply' | 'approved' | 'rejected', operatorId: number, at: Date): Promise<void> {
  await tx.query(
    `insert into broker_operations (org_id, operation_type, profit_application_id, operator_id, account_id, counterparty, asset, amount, remark, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [op.orgId, `${PROFIT_OPERATION_KIND_OF[op.type]}_${suffix}`, op.id, operatorId, op.fromAccountId, op.counterparty, PROFIT_ASSET, dbAmount(op.amount), op.remark, at],
  );
}
