import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import {
  type CollateralAsset,
  LOAN_OPEN_STATUSES,
  LOAN_STATUS,
  LOAN_STATUS_NAMES,
  LOAN_STRESS_DROPS,
  LOAN_TERMS,
  type LoanAction,
  type LoanAsset,
  type LoanStatus,
  type LoanTerm,
} from '../../contract/loan-rules.ts';
import { type Liquidation, type Loan, type LoanActionRecord, type LoanCalls, loanCalls, loanDevCalls } from '../../contract/loans.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import type { UserRow } from '../identity/users.ts';
import { DESK, DeskPricer, NoLiquidity } from '../convert/index.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { notify } from '../platform/notify.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { instrument } from '../sim/index.ts';
import type { Simulator } from '../sim/index.ts';
import { D, db, ZERO } from '../platform/decimal.ts';
import { MarketView } from '../trade/index.ts';
import { pageQuery } from '../platform/records.ts';
import { COLLATERAL_CONFIG, LOAN_ASSET_CONFIG, LOAN_DESK } from './config.ts';
import {
  accrue,
  allocate,
  collateralValue,
  dailyInterest,
  liquidationPrice,
  liquidationTarget,
  ltvOf,
  maxLoan,
  settleLiquidation,
  zoneOf,
} from './math.ts';

/**
 * Crypto-backed loans (issue 13; contract/loans.ts; server/README.md "Loans"). The provider's lending book
 * is the ledger account `loans`: it pays the principal out and holds the pledged collateral. Every action runs
 * in one transaction that locks the loan row, charges the interest due up to now, checks, posts one ledger
 * entry and records the action under the client's requestId, so a retry (even a parallel one) returns the
 * first result and the ledger never moves twice. The sweep on the sandbox clock moves loans through the
 * states of spec §4 and liquidates through the simulator's book.
 */

type LoanView = Static<typeof Loan>;
type ActionView = Static<typeof LoanActionRecord>;
type LiquidationView = Static<typeof Liquidation>;

interface LoanRow {
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

const LOAN_COLUMNS = `id::text as id, user_id, request_id, loan_asset, collateral_asset, term_days, status, principal::text as principal,
  principal_outstanding::text as principal_outstanding, interest_outstanding::text as interest_outstanding, interest_total::text as interest_total,
  collateral_amount::text as collateral_amount, hourly_rate::text as hourly_rate, late_hourly_rate::text as late_hourly_rate,
  initial_ltv::text as initial_ltv, margin_call_ltv::text as margin_call_ltv, liquidation_ltv::text as liquidation_ltv, hours_charged,
  margin_call_at, liquidation_reason, borrowed_at, due_at, closed_at`;

interface ActionRow {
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
const ACTION_COLUMNS = `id::text as id, request_id, loan_id::text as loan_id, action, amount::text as amount, proceeds::text as proceeds,
  interest_paid::text as interest_paid, principal_paid::text as principal_paid, refund::text as refund, ltv_after::text as ltv_after, created_at`;

interface LiquidationRow {
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

const HOUR_MS = 3_600_000;
/** PostgreSQL bigint's largest value: the ids of loans. */
const MAX_ID = 9_223_372_036_854_775_807n;
const DAY_MS = 24 * HOUR_MS;
const plain = (value: Decimal | string) => {
  const d = new D(value);
  return d.isZero() ? '0' : d.toFixed();
};

/** The numbers of a loan as they stand at `price`. */
interface Figures {
  principal: Decimal;
  interest: Decimal;
  debt: Decimal;
  collateral: Decimal;
  value: Decimal;
  ltv: Decimal;
  liquidationPrice: Decimal;
}

function figures(row: LoanRow, price: Decimal): Figures {
  const principal = new D(row.principal_outstanding);
  const interest = new D(row.interest_outstanding);
  const debt = principal.add(interest);
  const collateral = new D(row.collateral_amount);
  const value = collateralValue(collateral, price);
  return { principal, interest, debt, collateral, value, ltv: ltvOf(debt, value), liquidationPrice: liquidationPrice(debt, collateral, new D(row.liquidation_ltv)) };
}

function currentRate(row: LoanRow, now: Date): Decimal {
  return new D(now >= row.due_at ? row.late_hourly_rate : row.hourly_rate);
}

/** spec §6: operations can switch loans off ("contact the provider"); a frozen account may not take money out. */
function checkMayLoan(user: UserRow, outgoing: boolean): void {
  if (user.disabled_features.includes('loan')) throw new ApiError(Code.serviceSuspended, { feature: 'loan' });
  if (outgoing && user.frozen_at) throw new ApiError(Code.frozen);
}

function decimalsAllowed(field: string, amount: Decimal, decimals: number): void {
  if (amount.lte(0)) throw badInput(field, 'positive', `${field} must be greater than zero`);
  if (amount.decimalPlaces() > decimals) throw badInput(field, 'decimals', `${field} has more than ${decimals} decimals`);
}

export interface LoanDesk {
  /** Runs the loans' clock work now (the sweep also runs it every 2 s). */
  sweep(): Promise<void>;
}

export function loanRoutes(ctx: ApiContext, app: FastifyInstance, sim: Simulator, devRoutes: boolean): LoanDesk {
  const view = new MarketView(sim);
  const pricer = new DeskPricer(view);

  /** The collateral's price now: the best bid of its `<coin>USDT` spot book (what a sale would get first). */
  const priceOf = (asset: CollateralAsset): Decimal => {
    const inst = instrument('spot', `${asset}USDT`);
    if (!inst) throw new Error(`no spot book for ${asset}`);
    const best = view.opposite(inst, 'sell').next();
    if (best.done) throw new ApiError(Code.quoteUnavailable, { asset });
    return best.value.price;
  };

  const loanView = (row: LoanRow, now: Date, price = priceOf(row.collateral_asset)): LoanView => {
    const f = figures(row, price);
    const decimals = LOAN_ASSET_CONFIG[row.loan_asset].decimals;
    const rate = currentRate(row, now);
    const open = LOAN_OPEN_STATUSES.includes(row.status);
    const marginCallLtv = new D(row.margin_call_ltv);
    return {
      orderId: row.id,
      loanAsset: row.loan_asset,
      collateralAsset: row.collateral_asset,
      termDays: row.term_days,
      status: row.status,
      statusName: LOAN_STATUS_NAMES[row.status],
      principal: plain(row.principal),
      principalOutstanding: plain(f.principal),
      interestOutstanding: plain(f.interest),
      interestTotal: plain(row.interest_total),
      debt: plain(f.debt),
      collateralAmount: plain(f.collateral),
      hourlyRate: plain(rate),
      dailyInterest: plain(open ? dailyInterest(f.principal, rate, decimals) : ZERO),
      price: plain(price),
      collateralValue: plain(f.value),
      ltv: plain(f.ltv),
      initialLtv: plain(row.initial_ltv),
      marginCallLtv: plain(marginCallLtv),
      liquidationLtv: plain(row.liquidation_ltv),
      liquidationPrice: plain(f.liquidationPrice),
      marginCall: open && f.ltv.gte(marginCallLtv),
      marginCallAt: row.margin_call_at?.toISOString() ?? null,
      stress: LOAN_STRESS_DROPS.map((drop) => {
        const dropped = price.mul(new D(1).sub(drop)).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        return { drop, price: plain(dropped), ltv: plain(ltvOf(f.debt, collateralValue(f.collateral, dropped))) };
      }),
      borrowedAt: row.borrowed_at.toISOString(),
      dueAt: row.due_at.toISOString(),
      closedAt: row.closed_at?.toISOString() ?? null,
    };
  };

  const actionView = (row: ActionRow, loan: LoanView): ActionView => ({
    actionId: row.id,
    orderId: row.loan_id,
    action: row.action,
    amount: plain(row.amount),
    proceeds: row.proceeds === null ? null : plain(row.proceeds),
    interestPaid: plain(row.interest_paid),
    principalPaid: plain(row.principal_paid),
    refund: plain(row.refund),
    ltvAfter: plain(row.ltv_after),
    createdAt: row.created_at.toISOString(),
    loan,
  });

  const liquidationView = (r: LiquidationRow): LiquidationView => ({
    liquidationId: r.id,
    orderId: r.loan_id,
    loanAsset: r.loan_asset,
    collateralAsset: r.collateral_asset,
    reason: r.reason,
    ltv: plain(r.ltv),
    collateralSold: plain(r.collateral_sold),
    averagePrice: plain(r.average_price),
    proceeds: plain(r.proceeds),
    principalRepaid: plain(r.principal_repaid),
    interestRepaid: plain(r.interest_repaid),
    fee: plain(r.fee),
    collateralReturned: plain(r.collateral_returned),
    refund: plain(r.refund),
    shortfall: plain(r.shortfall),
    createdAt: r.created_at.toISOString(),
  });

  const loadLoan = async (q: Queryable, id: string, userId: number | null, lock: boolean): Promise<LoanRow | undefined> =>
    // An id beyond the column's range (19 digits pass the contract's pattern) names no loan.
    BigInt(id) > MAX_ID ? undefined : (await q.query<LoanRow>(
      `select ${LOAN_COLUMNS} from loans where id = $1 and ($2::integer is null or user_id = $2)${lock ? ' for update' : ''}`,
      [id, userId],
    ))[0];

  /**
   * Charges the interest due up to `now` and moves an accruing loan past its due time to overdue (spec §4 3).
   * Inside the caller's transaction, on a locked row; returns the row as it now stands.
   */
  const bringUpToDate = async (tx: Queryable, row: LoanRow, now: Date): Promise<LoanRow> => {
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

  // ---- borrow ------------------------------------------------------------------------------

  interface BorrowInput {
    loanAsset: LoanAsset;
    loanAmount: string;
    collateralAsset: CollateralAsset;
    collateralAmount: string;
    termDays: LoanTerm;
  }

  const previewBorrow = (body: BorrowInput, now: Date) => {
    const asset = LOAN_ASSET_CONFIG[body.loanAsset];
    const coll = COLLATERAL_CONFIG[body.collateralAsset];
    const amount = new D(body.loanAmount);
    const collateral = new D(body.collateralAmount);
    decimalsAllowed('loanAmount', amount, asset.decimals);
    decimalsAllowed('collateralAmount', collateral, coll.decimals);
    if (!(LOAN_TERMS as readonly number[]).includes(body.termDays)) throw badInput('termDays', 'enum', 'Unknown term');
    const price = priceOf(body.collateralAsset);
    const value = collateralValue(collateral, price);
    const ltv = ltvOf(amount, value);
    const daily = dailyInterest(amount, asset.hourlyRate, asset.decimals);
    const inRange = amount.gte(asset.minAmount) && amount.lte(asset.maxAmount);
    return {
      amount,
      collateral,
      ltv,
      inRange,
      asset,
      coll,
      reply: {
        loanAsset: body.loanAsset,
        collateralAsset: body.collateralAsset,
        loanAmount: plain(amount),
        collateralAmount: plain(collateral),
        price: plain(price),
        collateralValue: plain(value),
        ltv: plain(ltv),
        initialLtv: plain(coll.initialLtv),
        marginCallLtv: plain(coll.marginCallLtv),
        liquidationLtv: plain(coll.liquidationLtv),
        liquidationPrice: plain(liquidationPrice(amount, collateral, coll.liquidationLtv)),
        hourlyRate: plain(asset.hourlyRate),
        dailyInterest: plain(daily),
        termInterest: plain(daily.mul(body.termDays)),
        maxLoanAmount: plain(D.min(asset.maxAmount, maxLoan(collateral, price, coll.initialLtv, asset.decimals))),
        dueAt: new Date(now.getTime() + body.termDays * DAY_MS).toISOString(),
        allowed: inRange && ltv.lte(coll.initialLtv),
      },
    };
  };

  // ---- actions -----------------------------------------------------------------------------

  interface Outcome {
    /** The loan's new numbers (null: unchanged). */
    principal: Decimal;
    interest: Decimal;
    collateral: Decimal;
    proceeds: Decimal | null;
    interestPaid: Decimal;
    principalPaid: Decimal;
    refund: Decimal;
    /** Collateral sold through the book (repay with collateral). */
    sold: Decimal;
    ended: boolean;
    ltvAfter: Decimal;
    liquidationPriceAfter: Decimal;
  }

  /** What `action` of `amount` would do to the loan at `price`; throws the refusal when it may not. */
  const plan = (row: LoanRow, action: LoanAction, amount: Decimal, price: Decimal): { outcome: Outcome; refusal: ApiError | null; reason: string | null } => {
    const f = figures(row, price);
    const asset = LOAN_ASSET_CONFIG[row.loan_asset];
    const coll = COLLATERAL_CONFIG[row.collateral_asset];
    const initialLtv = new D(row.initial_ltv);
    const liqLtv = new D(row.liquidation_ltv);
    let principal = f.principal;
    let interest = f.interest;
    let collateral = f.collateral;
    let proceeds: Decimal | null = null;
    let paid = { interest: ZERO, principal: ZERO, rest: ZERO };
    let sold = ZERO;
    let refusal: ApiError | null = null;
    let reason: string | null = null;
    const outOfRange = (field: string, max: Decimal, why: string) => {
      refusal = new ApiError(Code.amountOutOfRange, { field, min: '0', max: plain(max) });
      reason = why;
    };
    switch (action) {
      case 'addCollateral':
        decimalsAllowed('amount', amount, coll.decimals);
        collateral = collateral.add(amount);
        break;
      case 'removeCollateral':
        decimalsAllowed('amount', amount, coll.decimals);
        if (amount.gt(collateral)) outOfRange('amount', collateral, 'exceedsCollateral');
        collateral = D.max(ZERO, collateral.sub(amount));
        break;
      case 'repay':
        decimalsAllowed('amount', amount, asset.decimals);
        if (amount.gt(f.debt)) outOfRange('amount', f.debt, 'exceedsDebt');
        paid = allocate(amount, interest, principal);
        break;
      case 'repayWithCollateral': {
        decimalsAllowed('amount', amount, coll.decimals);
        if (amount.gt(collateral)) {
          outOfRange('amount', collateral, 'exceedsCollateral');
          break;
        }
        try {
          // Sold through the book less the desk's coin spread, as a convert to the loan asset would (USDC at par).
          proceeds = pricer.usdtForSelling(row.collateral_asset, amount).mul(new D(1).sub(DESK.spread.coin)).toDecimalPlaces(asset.decimals, Decimal.ROUND_DOWN);
        } catch (error) {
          if (error instanceof NoLiquidity) throw new ApiError(Code.quoteUnavailable, { fromAsset: row.collateral_asset, toAsset: row.loan_asset });
          throw error;
        }
        sold = amount;
        collateral = collateral.sub(amount);
        paid = allocate(proceeds, interest, principal);
        break;
      }
    }
    interest = interest.sub(paid.interest);
    principal = principal.sub(paid.principal);
    const debt = principal.add(interest);
    const ended = debt.isZero();
    const ltvAfter = ltvOf(debt, collateralValue(collateral, price));
    if (!refusal && action === 'removeCollateral' && !ended && ltvAfter.gt(initialLtv)) {
      refusal = new ApiError(Code.loanLtvTooHigh, { ltv: plain(ltvAfter), initialLtv: plain(initialLtv) });
      reason = 'ltv';
    }
    return {
      outcome: {
        principal,
        interest,
        collateral,
        proceeds,
        interestPaid: paid.interest,
        principalPaid: paid.principal,
        refund: paid.rest,
        sold,
        ended,
        ltvAfter,
        liquidationPriceAfter: liquidationPrice(debt, collateral, liqLtv),
      },
      refusal,
      reason,
    };
  };

  /** The ledger entry of an action (kind `loan_<action>`); when the debt is cleared the collateral goes back too. */
  const actionEntry = (row: LoanRow, action: LoanAction, amount: Decimal, o: Outcome, ref: string): Entry => {
    const user = row.user_id;
    const c = row.collateral_asset;
    const a = row.loan_asset;
    const entry = new Entry(`loan_${action.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`, ref, user);
    if (action === 'addCollateral') entry.user(user, Account.capital, c, amount.neg()).provider('loans', c, amount);
    if (action === 'removeCollateral') entry.provider('loans', c, amount.neg()).user(user, Account.capital, c, amount);
    if (action === 'repay') {
      entry.user(user, Account.capital, a, o.interestPaid.add(o.principalPaid).neg()).provider('fees', a, o.interestPaid).provider('loans', a, o.principalPaid);
    }
    if (action === 'repayWithCollateral') {
      const proceeds = o.proceeds!;
      entry
        .provider('loans', c, o.sold.neg())
        .provider('desk', c, o.sold)
        .provider('desk', a, proceeds.neg())
        .provider('fees', a, o.interestPaid)
        .provider('loans', a, o.principalPaid)
        .user(user, Account.capital, a, o.refund);
    }
    if (o.ended && o.collateral.gt(0)) entry.provider('loans', c, o.collateral.neg()).user(user, Account.capital, c, o.collateral);
    return entry;
  };

  const runAction = async (user: UserRow, action: LoanAction, body: { orderId: string; amount: string; requestId: string }): Promise<ActionView> => {
    checkMayLoan(user, action === 'removeCollateral');
    const userId = user.id;
    const replay = async (q: Queryable): Promise<ActionView | null> => {
      const found = (await q.query<ActionRow>(`select ${ACTION_COLUMNS} from loan_actions where user_id = $1 and request_id = $2`, [userId, body.requestId]))[0];
      if (!found) return null;
      if (found.loan_id !== body.orderId || found.action !== action || !new D(found.amount).eq(body.amount)) throw new ApiError(Code.requestIdReused);
      const loan = (await loadLoan(q, found.loan_id, userId, false))!;
      return actionView(found, loanView(loan, nowDate(ctx)));
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
        const price = priceOf(row.collateral_asset);
        const { outcome: o, refusal } = plan(row, action, amount, price);
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
        return actionView(actionRow, loanView(updated[0]!, now, price));
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

  // ---- the sweep ---------------------------------------------------------------------------

  /**
   * Sells the collateral of a loan in state 4 through the simulator's book: enough to raise the debt and the
   * liquidation fee (all of it when that is not enough), proceeds pay interest, principal and fee, the rest of
   * the proceeds and the unsold collateral go back to the borrower; state 5. One transaction.
   */
  const liquidate = async (id: string, reason: 'ltv' | 'overdue'): Promise<void> => {
    await ctx.db.transaction(async (tx) => {
      const now = nowDate(ctx);
      const row = await loadLoan(tx, id, null, true);
      if (!row || row.status !== LOAN_STATUS.liquidation) return;
      const asset = LOAN_ASSET_CONFIG[row.loan_asset];
      const coll = COLLATERAL_CONFIG[row.collateral_asset];
      const f = figures(row, priceOf(row.collateral_asset));
      const { fee, target } = liquidationTarget(f.debt, LOAN_DESK.liquidationFee, asset.decimals);
      let sold: Decimal;
      try {
        sold = pricer.sellForUsdt(row.collateral_asset, target).toDecimalPlaces(coll.decimals, Decimal.ROUND_UP);
      } catch (error) {
        if (!(error instanceof NoLiquidity)) throw error;
        sold = f.collateral;
      }
      sold = D.min(sold, f.collateral);
      let proceeds: Decimal;
      try {
        proceeds = pricer.usdtForSelling(row.collateral_asset, sold).toDecimalPlaces(asset.decimals, Decimal.ROUND_DOWN);
      } catch (error) {
        // The book cannot take even that: the loan stays in liquidation and the next sweep tries again.
        if (error instanceof NoLiquidity) return;
        throw error;
      }
      const s = settleLiquidation(proceeds, f.interest, f.principal, fee);
      const returned = f.collateral.sub(sold);
      const user = row.user_id;
      const c = row.collateral_asset;
      const a = row.loan_asset;
      await post(
        tx,
        new Entry('loan_liquidation', `loan:${row.id}:liquidation`, user)
          .provider('loans', c, f.collateral.neg())
          .provider('desk', c, sold)
          .provider('desk', a, proceeds.neg())
          .provider('loans', a, s.principal)
          .provider('fees', a, s.interest.add(s.fee))
          .user(user, Account.capital, a, s.refund)
          .user(user, Account.capital, c, returned),
        now,
      );
      await tx.query(
        `insert into loan_liquidations (loan_id, user_id, reason, ltv, collateral_sold, average_price, proceeds, principal_repaid, interest_repaid, fee,
           collateral_returned, refund, shortfall, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          row.id, user, reason, f.ltv.toFixed(), db(sold), db(sold.isZero() ? ZERO : proceeds.div(sold).toDecimalPlaces(8, Decimal.ROUND_HALF_UP)), db(proceeds),
          db(s.principal), db(s.interest), db(s.fee), db(returned), db(s.refund), db(s.shortfall), now,
        ],
      );
      await tx.query(
        `update loans set status = $2, principal_outstanding = 0, interest_outstanding = 0, collateral_amount = 0, closed_at = $3 where id = $1`,
        [row.id, LOAN_STATUS.liquidated, now],
      );
      await notify(
        tx,
        user,
        'loanLiquidated',
        { orderId: row.id, collateralAsset: c, collateralSold: sold.toFixed(), collateralReturned: returned.toFixed(), loanAsset: a, refund: s.refund.toFixed() },
        `loan:${row.id}:liquidated`,
        now,
      );
    });
  };

  const sweep = async (): Promise<void> => {
    const open = await ctx.db.query<{ id: string }>(`select id::text as id from loans where status in (1, 3, 4) order by id limit 500`);
    // One loan's failure (say, a book with no bids) does not hold up the others; the first is reported after.
    let failure: unknown = null;
    for (const { id } of open) {
      try {
        await sweepOne(id);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  };

  const sweepOne = async (id: string): Promise<void> => {
    const reason = await ctx.db.transaction(async (tx): Promise<'ltv' | 'overdue' | null> => {
      const now = nowDate(ctx);
      const locked = await loadLoan(tx, id, null, true);
      if (!locked) return null;
      // Still in liquidation (the book could not take the sale last time): try again for the reason it entered.
      if (locked.status === LOAN_STATUS.liquidation) return locked.liquidation_reason ?? 'ltv';
      const row = await bringUpToDate(tx, locked, now);
      const f = figures(row, priceOf(row.collateral_asset));
      const zone = zoneOf(f.ltv, new D(row.margin_call_ltv), new D(row.liquidation_ltv));
      const overdueTooLong = row.status === LOAN_STATUS.overdue && now.getTime() >= row.due_at.getTime() + LOAN_DESK.overdueGraceHours * HOUR_MS;
      if (zone === 'liquidation' || overdueTooLong) {
        // spec §4 state 4: the collateral is being sold (in its own transaction, just after this one).
        const reason = zone === 'liquidation' ? 'ltv' : 'overdue';
        await tx.query('update loans set status = $2, liquidation_reason = $3 where id = $1', [id, LOAN_STATUS.liquidation, reason]);
        return reason;
      }
      if (zone === 'marginCall' && !row.margin_call_at) {
        // The margin call begins: the page shows it from the loan's `marginCall`, and the message centre is told once
        // per margin call (a loan that recovers and falls again is told again: its margin_call_at was cleared).
        await tx.query('update loans set margin_call_at = $2 where id = $1', [id, now]);
        const percent = (x: Decimal) => x.mul(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
        await notify(
          tx,
          row.user_id,
          'loanMarginCall',
          {
            orderId: row.id,
            collateralAsset: row.collateral_asset,
            ltv: percent(f.ltv),
            marginCallLtv: percent(new D(row.margin_call_ltv)),
            liquidationLtv: percent(new D(row.liquidation_ltv)),
            liquidationPrice: f.liquidationPrice.toFixed(),
          },
          `loan:${row.id}:marginCall:${now.toISOString()}`,
          now,
        );
      } else if (zone === 'safe' && row.margin_call_at) {
        await tx.query('update loans set margin_call_at = null where id = $1', [id]);
      }
      return null;
    });
    if (reason) await liquidate(id, reason);
  };
  ctx.timed.push(sweep);

  serveCalls<LoanCalls>(ctx, app, loanCalls, {
    '/loan/config': async () => ({
      loanAssets: Object.values(LOAN_ASSET_CONFIG).map((a) => ({
        asset: a.asset,
        decimals: a.decimals,
        minAmount: plain(a.minAmount),
        maxAmount: plain(a.maxAmount),
        hourlyRate: plain(a.hourlyRate),
        lateHourlyRate: plain(a.lateHourlyRate),
      })),
      collaterals: Object.values(COLLATERAL_CONFIG).map((c) => ({
        asset: c.asset,
        decimals: c.decimals,
        initialLtv: plain(c.initialLtv),
        marginCallLtv: plain(c.marginCallLtv),
        liquidationLtv: plain(c.liquidationLtv),
        price: plain(priceOf(c.asset)),
      })),
      terms: [...LOAN_TERMS],
      liquidationFee: plain(LOAN_DESK.liquidationFee),
      overdueGraceHours: LOAN_DESK.overdueGraceHours,
    }),

    '/loan/preview': async ({ body, auth }) => {
      checkMayLoan(auth.user, false);
      return previewBorrow(body, nowDate(ctx)).reply;
    },

    '/loan/borrow': async ({ body, auth }) => {
      checkMayLoan(auth.user, true);
      const userId = auth.user.id;
      const replay = async (q: Queryable): Promise<LoanView | null> => {
        const found = (await q.query<LoanRow>(`select ${LOAN_COLUMNS} from loans where user_id = $1 and request_id = $2`, [userId, body.requestId]))[0];
        if (!found) return null;
        const same =
          found.loan_asset === body.loanAsset &&
          found.collateral_asset === body.collateralAsset &&
          found.term_days === body.termDays &&
          new D(found.principal).eq(body.loanAmount);
        if (!same) throw new ApiError(Code.requestIdReused);
        return loanView(found, nowDate(ctx));
      };
      const first = await replay(ctx.db);
      if (first) return first;
      const now = nowDate(ctx);
      const p = previewBorrow(body, now);
      if (!p.inRange) {
        throw new ApiError(Code.amountOutOfRange, { field: 'loanAmount', asset: body.loanAsset, min: plain(p.asset.minAmount), max: plain(p.asset.maxAmount) });
      }
      if (p.ltv.gt(p.coll.initialLtv)) throw new ApiError(Code.loanLtvTooHigh, { ltv: plain(p.ltv), initialLtv: plain(p.coll.initialLtv) });
      try {
        return await ctx.db.transaction(async (tx) => {
          const rows = await tx.query<LoanRow>(
            `insert into loans (user_id, request_id, loan_asset, collateral_asset, term_days, status, principal, principal_outstanding, collateral_amount,
               hourly_rate, late_hourly_rate, initial_ltv, margin_call_ltv, liquidation_ltv, borrowed_at, due_at)
             values ($1, $2, $3, $4, $5, 1, $6, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning ${LOAN_COLUMNS}`,
            [
              userId, body.requestId, body.loanAsset, body.collateralAsset, body.termDays, p.amount.toFixed(), p.collateral.toFixed(),
              p.asset.hourlyRate.toFixed(), p.asset.lateHourlyRate.toFixed(), p.coll.initialLtv.toFixed(), p.coll.marginCallLtv.toFixed(),
              p.coll.liquidationLtv.toFixed(), now, new Date(now.getTime() + body.termDays * DAY_MS),
            ],
          );
          const row = rows[0]!;
          // The collateral is pledged to the provider's lending book, which pays the loan out (ledger `loan_borrow`).
          await post(
            tx,
            new Entry('loan_borrow', `loan:${row.id}`, userId)
              .user(userId, Account.capital, body.collateralAsset, p.collateral.neg())
              .provider('loans', body.collateralAsset, p.collateral)
              .provider('loans', body.loanAsset, p.amount.neg())
              .user(userId, Account.capital, body.loanAsset, p.amount),
            now,
          );
          return loanView(row, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const again = await replay(ctx.db);
          if (again) return again;
        }
        throw error;
      }
    },

    '/loan/detail': async ({ body, auth }) => {
      const row = await loadLoan(ctx.db, body.orderId, auth.user.id, false);
      if (!row) throw badInput('orderId', 'unknown', 'No loan with this id');
      return loanView(row, nowDate(ctx));
    },

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
      const price = priceOf(row.collateral_asset);
      const before = figures(row, price);
      const { outcome, refusal, reason } = plan(row, body.action, new D(body.amount), price);
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

    '/loan/addCollateral': async ({ body, auth }) => runAction(auth.user, 'addCollateral', body),
    '/loan/removeCollateral': async ({ body, auth }) => runAction(auth.user, 'removeCollateral', body),
    '/loan/repay': async ({ body, auth }) => runAction(auth.user, 'repay', body),
    '/loan/repayWithCollateral': async ({ body, auth }) => runAction(auth.user, 'repayWithCollateral', body),

    '/loan/pageLoanOrder': async ({ body, auth }) => {
      const q = body.queryCondition ?? {};
      const where = `user_id = $1 and ($2::smallint is null or status = $2) and ($3::text is null or loan_asset = $3) and ($4::text is null or collateral_asset = $4)`;
      const params = [auth.user.id, q.status ?? null, q.loanAsset ?? null, q.collateralAsset ?? null];
      const { rows, total } = await pageQuery<LoanRow>(ctx.db, { select: LOAN_COLUMNS, from: 'loans', where, order: 'id desc', params }, body.pageCondition);
      const now = nowDate(ctx);
      const prices = new Map<CollateralAsset, Decimal>();
      const price = (asset: CollateralAsset) => prices.get(asset) ?? prices.set(asset, priceOf(asset)).get(asset)!;
      return { list: rows.map((r) => loanView(r, now, price(r.collateral_asset))), total, pageNum: body.pageCondition.pageNum, pageSize: body.pageCondition.pageSize };
    },

    '/loan/pageLiquidationRecord': async ({ body, auth }) => {
      const asked = body.queryCondition?.orderId;
      const orderId = asked === undefined ? null : BigInt(asked) > MAX_ID ? '0' : asked;
      const { rows, total } = await pageQuery<LiquidationRow>(
        ctx.db,
        {
          select: `l.id::text as id, l.loan_id::text as loan_id, o.loan_asset, o.collateral_asset, l.reason, l.ltv::text as ltv,
            l.collateral_sold::text as collateral_sold, l.average_price::text as average_price, l.proceeds::text as proceeds,
            l.principal_repaid::text as principal_repaid, l.interest_repaid::text as interest_repaid, l.fee::text as fee,
            l.collateral_returned::text as collateral_returned, l.refund::text as refund, l.shortfall::text as shortfall, l.created_at`,
          from: 'loan_liquidations l join loans o on o.id = l.loan_id',
          where: 'l.user_id = $1 and ($2::bigint is null or l.loan_id = $2)',
          order: 'l.id desc',
          params: [auth.user.id, orderId],
        },
        body.pageCondition,
      );
      return { list: rows.map(liquidationView), total, pageNum: body.pageCondition.pageNum, pageSize: body.pageCondition.pageSize };
    },
  });

  if (devRoutes) {
    serveCalls(ctx, app, loanDevCalls, {
      '/_dev/market/move': async ({ body }) => {
        const inst = instrument('spot', body.symbol);
        if (!inst) throw badInput('symbol', 'unknown', `${body.symbol} is not a listed spot symbol`);
        const ticks = sim.jump('spot', body.symbol, 1 + body.changePercent / 100)!;
        // The loans see the new price at once: margin calls and liquidations before the reply.
        await sweep();
        return { symbol: body.symbol, price: plain(new D(ticks).mul(new D(10).pow(-inst.tickDecimals))) };
      },
    });
  }
  return { sweep };
}
