import type { CollateralAsset, LoanAction, LoanAsset, LoanStatus, LoanTerm } from '../../contract/loan-rules.ts';
import { LOAN_OPEN_STATUSES, LOAN_STATUS } from '../../contract/loan-rules.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, db } from '../platform/decimal.ts';
import { LOAN_ASSET_CONFIG } from './config.ts';
import { accrue } from './math.ts';

/** The rows of the loans, their actions and liquidations as the queries read them, and the loan's interest catch-up. */

export interface LoanRow {
  id: string;
  user_id: number;
  request_id: string;
  loan_asset: LoanAsset;
  collateral_asset: CollateralAsset;
  term_days: LoanTerm;
  status: LoanStatus;
  principal: string;
  principal_outstanding: string;
  interest_outstanding: string;
  interest_total: string;
  collateral_amount: string;
  hourly_rate: string;
  late_hourly_rate: string;
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  hours_charged: number;
  margin_call_at: Date | null;
  liquidation_reason: 'ltv' | 'overdue' | null;
  borrowed_at: Date;
  due_at: Date;
  closed_at: Date | null;
}

export const LOAN_COLUMNS = `id::text as id, user_id, request_id, loan_asset, collateral_asset, term_days, status, principal::text as principal,
  principal_outstanding::text as principal_outstanding, interest_outstanding::text as interest_outstanding, interest_total::text as interest_total,
  collateral_amount::text as collateral_amount, hourly_rate::text as hourly_rate, late_hourly_rate::text as late_hourly_rate,
  initial_ltv::text as initial_ltv, margin_call_ltv::text as margin_call_ltv, liquidation_ltv::text as liquidation_ltv, hours_charged,
  margin_call_at, liquidation_reason, borrowed_at, due_at, closed_at`;

export interface ActionRow {
  id: string;
  request_id: string;
  loan_id: string;
  action: LoanAction;
  amount: string;
  proceeds: string | null;
  interest_paid: string;
  principal_paid: string;
  refund: string;
  ltv_after: string;
  created_at: Date;
}
export const ACTION_COLUMNS = `id::text as id, request_id, loan_id::text as loan_id, action, amount::text as amount, proceeds::text as proceeds,
  interest_paid::text as interest_paid, principal_paid::text as principal_paid, refund::text as refund, ltv_after::text as ltv_after, created_at`;

export interface LiquidationRow {
  id: string;
  loan_id: string;
  loan_asset: string;
  collateral_asset: string;
  reason: 'ltv' | 'overdue';
  ltv: string;
  collateral_sold: string;
  average_price: string;
  proceeds: string;
  principal_repaid: string;
  interest_repaid: string;
  fee: string;
  collateral_returned: string;
  refund: string;
  shortfall: string;
  created_at: Date;
}

export const HOUR_MS = 3_600_000;
/** PostgreSQL bigint's largest value: the ids of loans. */
export const MAX_ID = 9_223_372_036_854_775_807n;
export const DAY_MS = 24 * HOUR_MS;

export const loadLoan = async (q: Queryable, id: string, userId: number | null, lock: boolean): Promise<LoanRow | undefined> =>
  // An id beyond the column's range (19 digits pass the contract's pattern) names no loan.
  BigInt(id) > MAX_ID ? undefined : (await q.query<LoanRow>(
    `select ${LOAN_COLUMNS} from loans where id = $1 and ($2::integer is null or user_id = $2)${lock ? ' for update' : ''}`,
    [id, userId],
  ))[0];

/**
 * Charges the interest due up to `now` and moves an accruing loan past its due time to overdue (spec §4 3).
 * Inside the caller's transaction, on a locked row; returns the row as it now stands.
 */
export const bringUpToDate = async (tx: Queryable, row: LoanRow, now: Date): Promise<LoanRow> => {
  if (!LOAN_OPEN_STATUSES.includes(row.status)) return row;
  const decimals = LOAN_ASSET_CONFIG[row.loan_asset].decimals;
  const due = accrue(
    {
      borrowedAt: row.borrowed_at,
      dueAt: row.due_at,
      hoursCharged: row.hours_charged,
      principalOutstanding: new D(row.principal_outstanding),
      hourlyRate: new D(row.hourly_rate),
      lateHourlyRate: new D(row.late_hourly_rate),
    },
    now,
    decimals,
  );
  const status: LoanStatus = row.status === LOAN_STATUS.accruing && now >= row.due_at ? LOAN_STATUS.overdue : row.status;
  if (due.hoursCharged === row.hours_charged && status === row.status) return row;
  const updated = await tx.query<LoanRow>(
    `update loans set hours_charged = $2, interest_outstanding = interest_outstanding + $3, interest_total = interest_total + $3, status = $4
     where id = $1 returning ${LOAN_COLUMNS}`,
    [row.id, due.hoursCharged, db(due.interest), status],
  );
  return updated[0]!;
};
