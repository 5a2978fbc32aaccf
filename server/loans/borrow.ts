import { LOAN_TERMS, type CollateralAsset, type LoanAsset, type LoanTerm } from '../../contract/loan-rules.ts';
import type { LoanCalls } from '../../contract/loans.ts';
import { nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import { D } from '../platform/decimal.ts';
import { COLLATERAL_CONFIG, LOAN_ASSET_CONFIG, LOAN_DESK } from './config.ts';
import { type LoanMarket, checkMayLoan, decimalsAllowed, plain } from './market.ts';
import { collateralValue, dailyInterest, liquidationPrice, ltvOf, maxLoan } from './math.ts';
import { DAY_MS, LOAN_COLUMNS, type LoanRow } from './rows.ts';
import { type LoanView, loanView } from './views.ts';

interface BorrowInput {
  loanAsset: LoanAsset;
  loanAmount: string;
  collateralAsset: CollateralAsset;
  collateralAmount: string;
  termDays: LoanTerm;
}

export const previewBorrow = (m: LoanMarket, body: BorrowInput, now: Date) => {
  const asset = LOAN_ASSET_CONFIG[body.loanAsset];
  const coll = COLLATERAL_CONFIG[body.collateralAsset];
  const amount = new D(body.loanAmount);
  const collateral = new D(body.collateralAmount);
  decimalsAllowed('loanAmount', amount, asset.decimals);
  decimalsAllowed('collateralAmount', collateral, coll.decimals);
  if (!(LOAN_TERMS as readonly number[]).includes(body.termDays)) throw badInput('termDays', 'enum', 'Unknown term');
  const price = m.priceOf(body.collateralAsset);
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

/** The desk's terms, the preview of a loan and the borrowing itself (idempotent on the requestId). */
export function borrowHandlers(m: LoanMarket): Pick<Handlers<LoanCalls>, '/loan/config' | '/loan/preview' | '/loan/borrow'> {
  const { ctx } = m;
  return {
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
        price: plain(m.priceOf(c.asset)),
      })),
      terms: [...LOAN_TERMS],
      liquidationFee: plain(LOAN_DESK.liquidationFee),
      overdueGraceHours: LOAN_DESK.overdueGraceHours,
    }),

    '/loan/preview': async ({ body, auth }) => {
      checkMayLoan(auth.user, false);
      return previewBorrow(m, body, nowDate(ctx)).reply;
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
        return loanView(m, found, nowDate(ctx));
      };
      const first = await replay(ctx.db);
      if (first) return first;
      const now = nowDate(ctx);
      const p = previewBorrow(m, body, now);
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
          return loanView(m, row, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const again = await replay(ctx.db);
          if (again) return again;
        }
        throw error;
      }
    },
  };
}
