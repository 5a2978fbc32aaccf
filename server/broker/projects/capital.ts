import type Decimal from 'decimal.js';
import { principalShare, redeemAmount, unitsFor, unitsForRedemption } from '../../../contract/broker-nav.ts';
import type { BrokerWallet } from '../../../contract/broker-rules.ts';
import { MAX_FLOW_AMOUNT, MAX_INVESTORS } from '../../../contract/broker-projects-rules.ts';
import { isEmailFormat } from '../../../contract/rules.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { Entry, post } from '../../ledger/ledger.ts';
import { D, db as dbAmount } from '../../platform/decimal.ts';
import { logOperation } from '../fund-log.ts';
import { catchUpProject } from './daily.ts';
import {
  type CapitalFlowRow,
  FLOW_COLUMNS,
  holdingOf,
  type InvestorRow,
  investorOf,
  latestRecord,
  liveNav,
  primaryAvailable,
  type ProjectRow,
  projectOf,
  statusOf,
} from './store.ts';

/**
 * Capital increases and decreases of a project (shared design "Capital flows"). Each runs in the caller's
 * transaction after `lockProject`: the project row is locked (`for update`) and brought up to date by the daily
 * job's catch-up, so parallel flows of one project run one after another and each buys or redeems units at the
 * live NAV of the moment (contract/broker-nav.ts). Units bought are rounded down, amounts paid rounded down: the
 * NAV never drops at a flow. Idempotent on the organisation's requestId.
 */

/** Locks the organisation's project and writes its due zero-hour records first. */
export async function lockProject(tx: Queryable, orgId: string, projectNo: string, at: Date): Promise<ProjectRow> {
  const project = await projectOf(tx, orgId, projectNo, true);
  await catchUpProject(tx, project, at);
  return project;
}

/** The organisation's investor by e-mail, or a new one (10461 when another investor has the e-mail; 10463 past the limit). */
export async function addInvestor(tx: Queryable, orgId: string, input: { name: string; email: string }, operatorId: number, at: Date, fieldPrefix = ''): Promise<InvestorRow> {
  const name = input.name.trim();
  if (name.length < 2 || name.length > 40) throw badInput(`${fieldPrefix}name`, 'length', 'The name has 2 to 40 characters');
  const email = input.email.trim();
  if (!isEmailFormat(email)) throw badInput(`${fieldPrefix}email`, 'email', 'Incorrect email, Please re-enter');
  await tx.query('select id from broker_orgs where id = $1 for update', [orgId]);
  const existing = await tx.query<{ id: string }>('select id::text as id from broker_investors where org_id = $1 and lower(email) = lower($2)', [orgId, email]);
  if (existing[0]) throw new ApiError(Code.investorExists, { investorId: existing[0].id });
  const count = await tx.query<{ n: number }>('select count(*)::int as n from broker_investors where org_id = $1', [orgId]);
  if ((count[0]?.n ?? 0) >= MAX_INVESTORS) throw new ApiError(Code.projectLimit, { max: MAX_INVESTORS });
  const rows = await tx.query<InvestorRow>(
    `insert into broker_investors (org_id, name, email, created_by, created_at) values ($1, $2, $3, $4, $5)
     returning id::text as id, org_id::text as org_id, name, email, created_at`,
    [orgId, name, email, operatorId, at],
  );
  return rows[0]!;
}

/** The flow a requestId already made in the organisation, if any. */
export async function flowByRequest(db: Queryable, orgId: string, requestId: string): Promise<CapitalFlowRow | null> {
  const rows = await db.query<CapitalFlowRow>(`select ${FLOW_COLUMNS} from broker_capital_flows f where f.org_id = $1 and f.request_id = $2`, [orgId, requestId]);
  return rows[0] ?? null;
}

function checkAmount(amount: Decimal, field = 'amount'): void {
  if (amount.lte(0)) throw badInput(field, 'positive', 'The amount must be above zero');
  if (amount.gt(MAX_FLOW_AMOUNT)) throw badInput(field, 'max', `At most ${MAX_FLOW_AMOUNT}`);
}

export interface IncreaseInput {
  orgId: string;
  projectNo: string;
  /** An existing investor, or a new one (made in the same transaction). */
  investor: { id: string } | { name: string; email: string };
  amount: Decimal;
  operatorId: number;
  requestId: string;
  remark?: string;
  /**
   * Where the money comes from: by default the investor outside (`investor:<id>` → the primary account's futures
   * wallet); or one of the organisation's own sub-accounts' wallets (the broker investing its own money; the caller
   * checks the account), into `toAccountId` (a sub-account of the project; the primary one by default).
   */
  from?: { accountId: string; wallet: BrokerWallet; toAccountId?: string };
}

/** The flow a replayed request made; 10209 when the same id came with other content. */
function checkReplay(flow: CapitalFlowRow, projectNo: string, direction: 'increase' | 'decrease', investorId: string | null, amount: Decimal | null): FlowResult {
  const same = flow.project_no === projectNo && flow.direction === direction && (investorId === null || flow.investor_id === investorId) && (amount === null || new D(flow.amount).eq(amount));
  if (!same) throw new ApiError(Code.requestIdReused, { requestId: flow.request_id });
  return { flow, created: false };
}

/** A flow, and whether this call made it (false: a replay of the same requestId). */
export interface FlowResult {
  flow: CapitalFlowRow;
  created: boolean;
}

/**
 * A capital increase in the caller's transaction: the investor's money arrives, units are bought at the live NAV.
 * Refused while the project is completed (10455) or below its minimum subscription (10456).
 */
export async function increaseCapital(tx: Queryable, input: IncreaseInput, at: Date): Promise<FlowResult> {
  checkAmount(input.amount);
  const project = await lockProject(tx, input.orgId, input.projectNo, at);
  const replay = await flowByRequest(tx, input.orgId, input.requestId);
  if (replay) return checkReplay(replay, input.projectNo, 'increase', 'id' in input.investor ? input.investor.id : null, input.amount);
  const status = statusOf(project, at);
  if (status === 'completed') throw new ApiError(Code.projectState, { status });
  if (input.amount.lt(project.min_subscription)) throw new ApiError(Code.belowMinSubscription, { min: new D(project.min_subscription).toFixed() });
  const investor = 'id' in input.investor ? await investorOf(tx, input.orgId, input.investor.id) : await addInvestor(tx, input.orgId, input.investor, input.operatorId, at, 'investor.');
  const { nav, exact } = await liveNav(tx, project);
  if (exact.lte(0)) throw new ApiError(Code.projectState, { status, reason: 'navNotPositive' });
  // Priced at the exact ratio (the published NAV is its rounding): the NAV never drops at a flow.
  const units = new D(unitsFor(input.amount, exact));
  if (units.lte(0)) throw badInput('amount', 'tooSmall', 'The amount buys no unit');
  const navDay = (await latestRecord(tx, project.project_no))?.day ?? null;
  const inserted = await tx.query<{ id: string }>(
    `insert into broker_capital_flows (org_id, project_no, investor_id, direction, source, source_account_id, amount, units, nav, nav_day, principal_change, remark, operator_id, request_id, created_at)
     values ($1, $2, $3, 'increase', $4, $5, $6, $7, $8, $9::date, $6, $10, $11, $12, $13)
     on conflict do nothing returning id::text as id`,
    [
      input.orgId,
      project.project_no,
      investor.id,
      input.from ? 'broker_account' : 'investor',
      input.from?.accountId ?? null,
      dbAmount(input.amount),
      units.toFixed(),
      nav.toFixed(),
      navDay,
      input.remark ?? '',
      input.operatorId,
      input.requestId,
      at,
    ],
  );
  // The same requestId committed meanwhile in another project's flow: answer with it (or 10209).
  if (!inserted[0]) return checkReplay((await flowByRequest(tx, input.orgId, input.requestId))!, input.projectNo, 'increase', investor.id, input.amount);
  const flowId = inserted[0].id;
  const entry = new Entry('broker_capital_increase', `broker_capital_flow:${flowId}`, null, input.from?.toAccountId ?? project.account_id);
  if (input.from) entry.broker(input.from.accountId, input.from.wallet, 'USDT', input.amount.neg());
  else entry.provider(`investor:${investor.id}`, 'USDT', input.amount.neg());
  entry.broker(input.from?.toAccountId ?? project.account_id, 'futures', 'USDT', input.amount);
  await post(tx, entry, at);
  await tx.query(
    `insert into broker_holdings (project_no, investor_id, units, principal, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
     on conflict (project_no, investor_id) do update set units = broker_holdings.units + excluded.units, principal = broker_holdings.principal + excluded.principal, updated_at = excluded.updated_at`,
    [project.project_no, investor.id, units.toFixed(), dbAmount(input.amount), at],
  );
  await tx.query('update broker_projects set units = units + $2 where project_no = $1', [project.project_no, units.toFixed()]);
  await logOperation(
    tx,
    { orgId: input.orgId, type: 'loan_approved', applicationId: null, operatorId: input.operatorId, accountId: project.account_id, counterparty: `${investor.name} (${project.project_no})`, asset: 'USDT', amount: input.amount, remark: input.remark ?? '' },
    at,
  );
  return { flow: (await flowByRequest(tx, input.orgId, input.requestId))!, created: true };
}

export interface RedeemAsk {
  units?: string | undefined;
  amount?: string | undefined;
}

export interface DecreasePlan {
  units: Decimal;
  nav: Decimal;
  navDay: string | null;
  amount: Decimal;
  principalReduced: Decimal;
  unitsLeft: Decimal;
  available: Decimal;
}

/**
 * What redeeming `ask` (units, or the fewest units paying at least an amount) of the investor's holding pays at the
 * project's live NAV. 400 unless exactly one of units and amount is given; 10457 beyond the holding.
 */
export async function planDecrease(db: Queryable, project: ProjectRow, investorId: string, ask: RedeemAsk): Promise<DecreasePlan> {
  if ((ask.units === undefined) === (ask.amount === undefined)) {
    throw badInput(ask.units === undefined ? 'units' : 'amount', 'oneOf', 'Give either units or an amount');
  }
  const holding = await holdingOf(db, project.project_no, investorId);
  const held = new D(holding?.units ?? 0);
  const { nav, exact } = await liveNav(db, project);
  if (exact.lte(0)) throw new ApiError(Code.projectState, { reason: 'navNotPositive' });
  let units: Decimal;
  if (ask.units !== undefined) {
    units = new D(ask.units);
    if (units.lte(0)) throw badInput('units', 'positive', 'The units must be above zero');
  } else {
    const amount = new D(ask.amount!);
    checkAmount(amount);
    units = new D(unitsForRedemption(amount, exact));
    // Asking for (nearly) everything redeems the whole holding.
    if (units.gt(held) && new D(redeemAmount(held, exact)).add('0.00000001').gte(amount)) units = held;
  }
  if (units.gt(held)) throw new ApiError(Code.insufficientUnits, { units: held.toFixed() });
  const amount = new D(redeemAmount(units, exact));
  if (amount.lte(0)) throw badInput(ask.units !== undefined ? 'units' : 'amount', 'tooSmall', 'The redemption pays nothing');
  return {
    units,
    nav,
    navDay: (await latestRecord(db, project.project_no))?.day ?? null,
    amount,
    principalReduced: new D(principalShare(units, held, holding?.principal ?? 0)),
    unitsLeft: held.sub(units),
    available: await primaryAvailable(db, project),
  };
}

export interface DecreaseInput {
  orgId: string;
  projectNo: string;
  investorId: string;
  ask: RedeemAsk;
  operatorId: number;
  requestId: string;
  remark?: string;
}

/**
 * A capital decrease in the caller's transaction: the units are redeemed at the live NAV and the amount paid from
 * the primary account's free futures USDT to the investor (10458 when it does not cover it).
 */
export async function decreaseCapital(tx: Queryable, input: DecreaseInput, at: Date): Promise<FlowResult> {
  const project = await lockProject(tx, input.orgId, input.projectNo, at);
  const replay = await flowByRequest(tx, input.orgId, input.requestId);
  if (replay) return checkReplay(replay, input.projectNo, 'decrease', input.investorId, null);
  const investor = await investorOf(tx, input.orgId, input.investorId);
  await tx.query('select 1 from broker_holdings where project_no = $1 and investor_id = $2 for update', [project.project_no, investor.id]);
  const plan = await planDecrease(tx, project, investor.id, input.ask);
  if (plan.amount.gt(plan.available)) throw new ApiError(Code.insufficientProjectCash, { available: plan.available.toFixed() });
  const inserted = await tx.query<{ id: string }>(
    `insert into broker_capital_flows (org_id, project_no, investor_id, direction, amount, units, nav, nav_day, principal_change, remark, operator_id, request_id, created_at)
     values ($1, $2, $3, 'decrease', $4, $5, $6, $7::date, $8, $9, $10, $11, $12)
     on conflict do nothing returning id::text as id`,
    [
      input.orgId,
      project.project_no,
      investor.id,
      dbAmount(plan.amount),
      plan.units.toFixed(),
      plan.nav.toFixed(),
      plan.navDay,
      dbAmount(plan.principalReduced.neg()),
      input.remark ?? '',
      input.operatorId,
      input.requestId,
      at,
    ],
  );
  if (!inserted[0]) return checkReplay((await flowByRequest(tx, input.orgId, input.requestId))!, input.projectNo, 'decrease', investor.id, null);
  const flowId = inserted[0].id;
  await post(
    tx,
    new Entry('broker_capital_decrease', `broker_capital_flow:${flowId}`, null, project.account_id)
      .broker(project.account_id, 'futures', 'USDT', plan.amount.neg())
      .provider(`investor:${investor.id}`, 'USDT', plan.amount),
    at,
  );
  await tx.query('update broker_holdings set units = units - $3, principal = principal - $4, updated_at = $5 where project_no = $1 and investor_id = $2', [
    project.project_no,
    investor.id,
    plan.units.toFixed(),
    dbAmount(plan.principalReduced),
    at,
  ]);
  await tx.query('update broker_projects set units = units - $2 where project_no = $1', [project.project_no, plan.units.toFixed()]);
  await logOperation(
    tx,
    { orgId: input.orgId, type: 'repayment_approved', applicationId: null, operatorId: input.operatorId, accountId: project.account_id, counterparty: `${investor.name} (${project.project_no})`, asset: 'USDT', amount: plan.amount, remark: input.remark ?? '' },
    at,
  );
  return { flow: (await flowByRequest(tx, input.orgId, input.requestId))!, created: true };
}
