import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { BILL_QUOTE_TTL_MS, type BillCurrency, type BillStatus } from '../../contract/electricity-rules.ts';
import { type Bill, electricityCalls, electricityDevCalls, type ElectricityCalls } from '../../contract/electricity.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { findUserByEmail } from '../identity/users.ts';
import { convertAsset, DESK, DeskPricer, NoLiquidity, priceConvert } from '../convert/index.ts';
import { isUniqueViolation, type Queryable } from '../platform/db/client.ts';
import { Account, Entry, post } from '../ledger/ledger.ts';
import type { Simulator } from '../sim/index.ts';
import { D, db } from '../platform/decimal.ts';
import { MarketView } from '../trade/index.ts';
import { pageQuery } from '../platform/records.ts';
import { columns } from '../platform/rows.ts';
import { refuseIfFrozen } from '../identity/freeze-guard.ts';

/**
 * Electricity payment for miners (spec §1; contract/electricity.ts; server/README.md "Electricity payment").
 * Bills of the miner's hosting sites; a bill is paid from a digital asset of the capital account at a firm quote
 * of the convert desk's engine (priceConvert: the simulator's books, less the coin spread, the paid side rounded
 * up), once: the quote's open → used and the bill's unpaid → paid are conditional updates in the transaction of
 * the ledger entry `electricity_pay` (capital −X of the asset to the desk; the desk pays the site through
 * `bank:<currency>`).
 */

type BillView = Static<typeof Bill>;

interface BillRow {
  id: string;
  user_id: number;
  site: string;
  period_start: string;
  period_end: string;
  kwh: string;
  rate: string;
  amount: string;
  currency: BillCurrency;
  due_at: Date;
  paid: boolean;
  receipt_no: string | null;
  pay_asset: string | null;
  pay_amount: string | null;
  price: string | null;
  paid_at: Date | null;
  request_id: string | null;
  created_at: Date;
}

const BILL_COLUMNS = `id::text as id, user_id, site, to_char(period_start, 'YYYY-MM-DD') as period_start, to_char(period_end, 'YYYY-MM-DD') as period_end,
  kwh::text as kwh, rate::text as rate, amount::text as amount, currency, due_at, paid, receipt_no, pay_asset, pay_amount::text as pay_amount,
  price::text as price, paid_at, request_id, created_at`;

interface QuoteRow {
  quote_id: string;
  bill_id: string;
  pay_asset: string;
  pay_amount: string;
  price: string;
  status: 'open' | 'used';
  expires_at: Date;
}

const DAY_MS = 86_400_000;
const MAX_ID = 9_223_372_036_854_775_807n;
const plain = (value: Decimal | string) => new D(value).toFixed();

function statusOf(row: BillRow, now: Date): BillStatus {
  if (row.paid) return 'paid';
  return row.due_at <= now ? 'overdue' : 'unpaid';
}

function billView(row: BillRow, now: Date): BillView {
  return {
    billId: row.id,
    ...columns(row, ['site', 'period_start', 'period_end']),
    ...columns(row, ['kwh', 'rate'], plain),
    amount: new D(row.amount).toFixed(2),
    currency: row.currency,
    dueAt: row.due_at.toISOString(),
    status: statusOf(row, now),
    payment:
      row.paid && row.receipt_no && row.pay_asset && row.pay_amount && row.price && row.paid_at
        ? { receiptNo: row.receipt_no, payAsset: row.pay_asset, payAmount: plain(row.pay_amount), price: plain(row.price), paidAt: row.paid_at.toISOString() }
        : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** A bill as a site issues it: kWh × rate, rounded half up to the cent. */
async function issueBill(
  q: Queryable,
  userId: number,
  bill: { site: string; periodStart: string; periodEnd: string; kwh: Decimal; rate: Decimal; currency: BillCurrency; dueAt: Date },
  now: Date,
): Promise<BillRow> {
  const amount = bill.kwh.mul(bill.rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (amount.lte(0)) throw badInput('kwh', 'positive', 'The bill comes to nothing');
  const rows = await q.query<BillRow>(
    `insert into electricity_bills (user_id, site, period_start, period_end, kwh, rate, amount, currency, due_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${BILL_COLUMNS}`,
    [userId, bill.site, bill.periodStart, bill.periodEnd, bill.kwh.toFixed(), bill.rate.toFixed(), amount.toFixed(), bill.currency, bill.dueAt, now],
  );
  return rows[0]!;
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** An account's first bills: last month's power at three hosting sites, one of them already past due. */
async function seedBills(q: Queryable, userId: number, now: Date): Promise<void> {
  const claimed = await q.query('insert into electricity_seeded (user_id) values ($1) on conflict do nothing returning user_id', [userId]);
  if (claimed.length === 0) return;
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const period = { periodStart: isoDay(first), periodEnd: isoDay(last) };
  const seeds = [
    { site: 'Sichuan Hydro A', kwh: '120000', rate: '0.045', currency: 'USD', days: 10 },
    { site: 'Inner Mongolia B', kwh: '85000', rate: '0.38', currency: 'HKD', days: 20 },
    { site: 'Texas C', kwh: '60000', rate: '0.05', currency: 'USD', days: -3 },
  ] as const;
  for (const s of seeds) {
    await issueBill(q, userId, { ...period, site: s.site, kwh: new D(s.kwh), rate: new D(s.rate), currency: s.currency, dueAt: new Date(now.getTime() + s.days * DAY_MS) }, now);
  }
}

export function electricityRoutes(ctx: ApiContext, app: FastifyInstance, sim: Simulator, devRoutes: boolean): void {
  const pricer = new DeskPricer(new MarketView(sim));

  const loadBill = async (q: Queryable, billId: string, userId: number): Promise<BillRow | undefined> =>
    BigInt(billId) > MAX_ID ? undefined : (await q.query<BillRow>(`select ${BILL_COLUMNS} from electricity_bills where id = $1 and user_id = $2`, [billId, userId]))[0];

  serveCalls<ElectricityCalls>(ctx, app, electricityCalls, {
    '/electricity/bill/page': async ({ body, auth }) => {
      const now = nowDate(ctx);
      await seedBills(ctx.db, auth.user.id, now);
      const status = body.queryCondition?.status ?? null;
      const where = `user_id = $1 and ($2::text is null or ($2 = 'paid' and paid) or ($2 = 'unpaid' and not paid and due_at > $3) or ($2 = 'overdue' and not paid and due_at <= $3))`;
      const { rows, total } = await pageQuery<BillRow>(
        ctx.db,
        { select: BILL_COLUMNS, from: 'electricity_bills', where, order: 'paid asc, due_at asc, id desc', params: [auth.user.id, status, now], key: 'id' },
        body.pageCondition,
      );
      return { list: rows.map((r) => billView(r, now)), total, pageNum: body.pageCondition.pageNum, pageSize: body.pageCondition.pageSize };
    },

    '/electricity/bill/quote': async ({ body, auth }) => {
      refuseIfFrozen(auth.user);
      const bill = await loadBill(ctx.db, body.billId, auth.user.id);
      if (!bill) throw badInput('billId', 'unknown', 'No bill with this id');
      if (bill.paid) throw new ApiError(Code.billPaid, { billId: bill.id });
      const from = convertAsset(body.payAsset)!;
      let priced;
      try {
        priced = priceConvert(pricer, DESK.spread.coin, from, { asset: bill.currency, decimals: 2 }, { side: 'to', amount: new D(bill.amount) });
      } catch (error) {
        if (error instanceof NoLiquidity) throw new ApiError(Code.quoteUnavailable, { fromAsset: body.payAsset, toAsset: bill.currency });
        throw error;
      }
      const now = nowDate(ctx);
      const expiresAt = new Date(now.getTime() + BILL_QUOTE_TTL_MS);
      const quoteId = randomBytes(18).toString('base64url');
      await ctx.db.query(
        `insert into electricity_quotes (quote_id, user_id, bill_id, pay_asset, pay_amount, price, spread, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [quoteId, auth.user.id, bill.id, body.payAsset, priced.fromAmount.toFixed(), db(priced.price), priced.spread.toFixed(), now, expiresAt],
      );
      return {
        quoteId,
        billId: bill.id,
        payAsset: body.payAsset,
        payAmount: priced.fromAmount.toFixed(),
        amount: new D(bill.amount).toFixed(2),
        currency: bill.currency,
        price: priced.price.toFixed(),
        spread: priced.spread.toFixed(),
        serverTime: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
    },

    '/electricity/bill/pay': async ({ body, auth }) => {
      const userId = auth.user.id;
      const replay = async (q: Queryable): Promise<BillView | null> => {
        const row = (await q.query<BillRow>(`select ${BILL_COLUMNS} from electricity_bills where user_id = $1 and request_id = $2`, [userId, body.requestId]))[0];
        if (!row) return null;
        const quote = (await q.query<{ bill_id: string }>('select bill_id::text as bill_id from electricity_quotes where quote_id = $1 and user_id = $2', [body.quoteId, userId]))[0];
        if (quote?.bill_id !== row.id) throw new ApiError(Code.requestIdReused);
        return billView(row, nowDate(ctx));
      };
      const first = await replay(ctx.db);
      if (first) return first;
      refuseIfFrozen(auth.user);
      try {
        return await ctx.db.transaction(async (tx) => {
          const now = nowDate(ctx);
          const taken = (await tx.query<QuoteRow>(
            `update electricity_quotes set status = 'used' where quote_id = $1 and user_id = $2 and status = 'open' and expires_at > $3
             returning quote_id, bill_id::text as bill_id, pay_asset, pay_amount::text as pay_amount, price::text as price, status, expires_at`,
            [body.quoteId, userId, now],
          ))[0];
          if (!taken) {
            const again = await replay(tx);
            if (again) return again;
            const current = (await tx.query<QuoteRow>('select status, expires_at from electricity_quotes where quote_id = $1 and user_id = $2', [body.quoteId, userId]))[0];
            if (!current) throw badInput('quoteId', 'unknown', 'No quote with this id');
            if (current.status === 'used') throw new ApiError(Code.quoteUsed, { quoteId: body.quoteId });
            throw new ApiError(Code.quoteExpired, { quoteId: body.quoteId, expiredAt: current.expires_at.toISOString() });
          }
          const receiptNo = `EP${now.toISOString().slice(0, 10).replaceAll('-', '')}${taken.bill_id.padStart(6, '0')}`;
          const paid = (await tx.query<BillRow>(
            `update electricity_bills set paid = true, receipt_no = $3, pay_asset = $4, pay_amount = $5, price = $6, paid_at = $7, request_id = $8
             where id = $1 and user_id = $2 and not paid returning ${BILL_COLUMNS}`,
            [taken.bill_id, userId, receiptNo, taken.pay_asset, taken.pay_amount, taken.price, now, body.requestId],
          ))[0];
          if (!paid) throw new ApiError(Code.billPaid, { billId: taken.bill_id });
          const payAmount = new D(taken.pay_amount);
          const amount = new D(paid.amount);
          await post(
            tx,
            new Entry('electricity_pay', `electricity:${paid.id}`, userId)
              .user(userId, Account.capital, taken.pay_asset, payAmount.neg())
              .provider('desk', taken.pay_asset, payAmount)
              .provider('desk', paid.currency, amount.neg())
              .provider(`bank:${paid.currency}`, paid.currency, amount),
            now,
          );
          return billView(paid, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const again = await replay(ctx.db);
          if (again) return again;
        }
        throw error;
      }
    },
  });

  if (!devRoutes) return;
  serveCalls(ctx, app, electricityDevCalls, {
    '/_dev/electricity/bill': async ({ body }) => {
      const user = await findUserByEmail(ctx.db, body.email);
      if (!user) throw new ApiError(Code.notFound);
      if (body.periodEnd < body.periodStart) throw badInput('periodEnd', 'order', 'The period ends before it starts');
      const now = nowDate(ctx);
      const kwh = new D(body.kwh);
      const rate = new D(body.rate);
      if (kwh.lte(0)) throw badInput('kwh', 'positive', 'kwh must be greater than zero');
      if (rate.lte(0)) throw badInput('rate', 'positive', 'rate must be greater than zero');
      const row = await issueBill(
        ctx.db,
        user.id,
        { site: body.site, periodStart: body.periodStart, periodEnd: body.periodEnd, kwh, rate, currency: body.currency, dueAt: new Date(now.getTime() + body.dueInDays * DAY_MS) },
        now,
      );
      return billView(row, now);
    },
  });
}
