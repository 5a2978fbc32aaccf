import type Decimal from 'decimal.js';
import type { BrokerWallet } from '../../../contract/broker-rules.ts';
import { type AllotMode, PROFIT_ASSET, PROFIT_DECIMALS, PROFIT_OPERATION_KIND_OF, PROFIT_WALLET, type ProfitApplicationType, splitAllocation } from '../../../contract/broker-profit-rules.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { ApiError, badInput, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D, db as dbAmount } from '../../platform/decimal.ts';
import { accountOf, type AccountRow, checkIdRange } from '../accounts.ts';
import type { ProfitApplicationRow } from './applications.ts';
import { lockedProject, projectAccountIds, projectOf, type ProjectRow } from './project.ts';

/** What a profit application moves, checked against its project, and the operation log row of each of its steps. */

export interface Leg {
  account: AccountRow;
  amount: Decimal;
  percent: string | null;
}

export interface Planned {
  project: ProjectRow;
  type: ProfitApplicationType;
  fromAccountId: string;
  fromWallet: BrokerWallet;
  amount: Decimal;
  allotMode: AllotMode | null;
  legs: Leg[];
}

export function checkAmount(value: string, field: string): Decimal {
  const amount = new D(value);
  if (amount.lte(0)) throw badInput(field, 'positive', 'The amount must be above zero');
  if (amount.decimalPlaces() > PROFIT_DECIMALS) throw badInput(field, 'decimals', `At most ${PROFIT_DECIMALS} decimals`);
  return amount;
}

/** Same request: the fields that define what an application moves (a requestId reused with others is 10209). */
export function sameRequest(row: ProfitApplicationRow, legs: readonly { account_id: string; amount: string }[], plan: Planned): boolean {
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

/** Where the project's profit may go: a live sub-account of the organisation on the project's exchange that belongs to no project. */
export const destination = async (db: Queryable, project: ProjectRow, accountId: string, field: string): Promise<AccountRow> => {
  checkIdRange(accountId, field);
  const account = await accountOf(db, project.org_id, accountId).catch(() => {
    throw new ApiError(Code.notFound, { field });
  });
  const taken = await projectAccountIds(db, project.org_id);
  if (account.exchange_code !== project.exchange_code || taken.has(account.id)) throw new ApiError(Code.brokerProfitDestination, { field });
  return account;
};

/** A withdrawal or allocation checked against the project (read outside and again inside the transaction). */
export const planOut = async (ctx: ApiContext, db: Queryable, orgId: string, projectNo: string, type: 'withdraw' | 'allot', amountText: string, legs: { toAccountId: string; amount?: string; percent?: string }[], mode: AllotMode | null, lock = false): Promise<Planned> => {
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

/** The operation log's counterparty of a profit application: the project and where the money goes (or comes from). */
export function counterpartyOf(plan: Planned): string {
  if (plan.type === 'transfer_in') return plan.project.project_no;
  return `${plan.project.project_no} → ${plan.legs.map((l) => `${l.account.name}/${PROFIT_WALLET}`).join(', ')}`;
}
export function counterpartyOfRow(row: ProfitApplicationRow, legs: readonly { name: string; wallet: string }[]): string {
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
export async function logProfit(tx: Queryable, op: ProfitOperation, suffix: 'apply' | 'approved' | 'rejected', operatorId: number, at: Date): Promise<void> {
  await tx.query(
    `insert into broker_operations (org_id, operation_type, profit_application_id, operator_id, account_id, counterparty, asset, amount, remark, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [op.orgId, `${PROFIT_OPERATION_KIND_OF[op.type]}_${suffix}`, op.id, operatorId, op.fromAccountId, op.counterparty, PROFIT_ASSET, dbAmount(op.amount), op.remark, at],
  );
}
