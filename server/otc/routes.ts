import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { COIN_NETWORKS } from '../../contract/chains.ts';
import { convertKind } from '../../contract/convert.ts';
import { OTC_ASSETS, OTC_TERMS, otcAddressCalls, otcCalls, otcDevCalls, otcEnquiryCalls, type OtcOrder } from '../../contract/otc.ts';
import { KYC_LEVEL_FOR } from '../../contract/rules.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { serveCalls } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { kycState } from '../identity/kyc.ts';
import { takeRate } from '../platform/rates.ts';
import { checkEmail } from '../platform/rules.ts';
import type { UserRow } from '../identity/users.ts';
import { convertAsset, DeskPricer, fixedSide, NoLiquidity, priceConvert, type Priced, type QuoteRequest } from '../convert/index.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { notify } from '../platform/notify.ts';
import { D, db, out } from '../platform/decimal.ts';
import type { MarketView } from '../trade/index.ts';
import { balances } from '../ledger/balances.ts';
import { Account } from '../ledger/ledger.ts';
import { assetHandlers } from '../wallet/index.ts';
import { pageQuery } from '../platform/records.ts';
import { timeWindow } from '../platform/time-window.ts';
import { deskHours, settlementTime } from './hours.ts';

type Order = Static<typeof OtcOrder>;

/** The desk's OTC settings (the sandbox's; spec §9 gives the minimum, hours and promises in OTC_TERMS). */
export const OTC_DESK = {
  /** Tighter than convert's: block size. */
  spread: new D('0.0005'),
  /** The largest order the desk quotes a user without the operations manager (spec §8 'Quote limit exceeded'). */
  quoteLimitUsd: new D('10000000'),
  /** A delegated order may wait at most this long. */
  maxLimitDays: 30,
};

const MINUTE = 60_000;
const DAY = 86_400_000;

interface OrderRow {
  id: string;
  user_id: number;
  mode: 'quote' | 'limit';
  quote_id: string | null;
  request_id: string;
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
  price: string;
  usd_value: string;
  status: Order['status'];
  requested_at: Date;
  quoted_at: Date | null;
  accepted_at: Date | null;
  settles_at: Date | null;
  settled_at: Date | null;
  closed_at: Date | null;
  expires_at: Date | null;
}

const ORDER_COLUMNS = `id::text as id, user_id, mode, quote_id, request_id, from_asset, to_asset, from_amount::text as from_amount,
  to_amount::text as to_amount, price::text as price, usd_value::text as usd_value, status, requested_at, quoted_at, accepted_at, settles_at,
  settled_at, closed_at, expires_at`;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const plain = (v: string) => new D(v).toFixed();

function orderView(r: OrderRow): Order {
  return {
    orderId: r.id,
    mode: r.mode,
    fromAsset: r.from_asset,
    toAsset: r.to_asset,
    fromAmount: plain(r.from_amount),
    toAmount: plain(r.to_amount),
    price: plain(r.price),
    usdValue: out(new D(r.usd_value), 2),
    status: r.status,
    quoteId: r.quote_id,
    expiresAt: iso(r.expires_at),
    timeline: {
      requestedAt: r.requested_at.toISOString(),
      quotedAt: iso(r.quoted_at),
      acceptedAt: iso(r.accepted_at),
      settledAt: iso(r.settled_at),
      resultBy: new Date(r.requested_at.getTime() + OTC_TERMS.resultMinutes * MINUTE).toISOString(),
      settlesAt: iso(r.settles_at),
      closedAt: iso(r.closed_at),
    },
  };
}

/** spec §6: OTC needs advanced KYC; a frozen account may not exchange (§4). */
async function checkMayTrade(ctx: ApiContext, user: UserRow): Promise<void> {
  const kyc = await kycState(ctx.db, user.id);
  if (kyc[KYC_LEVEL_FOR.otc].status !== 'Certified') throw new ApiError(Code.kycState, { level: KYC_LEVEL_FOR.otc });
  if (user.frozen_at) throw new ApiError(Code.frozen);
}

function checkOpen(now: Date): void {
  const hours = deskHours(now);
  if (!hours.open) throw new ApiError(Code.otcClosed, { nextOpenAt: hours.nextOpenAt.toISOString() });
}

/** Minimum (spec §9) and the user's quote limit (spec §8), on the from side's USD value at the books. */
function checkSize(usdValue: Decimal): void {
  if (usdValue.lt(OTC_TERMS.minUsd)) throw new ApiError(Code.otcBelowMinimum, { minUsd: OTC_TERMS.minUsd, usdValue: out(usdValue, 2) });
  if (usdValue.gt(OTC_DESK.quoteLimitUsd)) throw new ApiError(Code.quoteLimitExceeded, { quoteLimitUsd: OTC_DESK.quoteLimitUsd.toFixed() });
}

function otcPair(fromAsset: string, toAsset: string) {
  const isOtc = (a: string) => (OTC_ASSETS as readonly string[]).includes(a);
  if (!isOtc(fromAsset)) throw badInput('fromAsset', 'unsupported', `${fromAsset} is not traded OTC`);
  if (!isOtc(toAsset)) throw badInput('toAsset', 'unsupported', `${toAsset} is not traded OTC`);
  // The same pairs as convert: two different assets, not two fiat currencies.
  if (!convertKind(fromAsset, toAsset)) throw badInput('toAsset', 'pair', `${fromAsset} does not trade against ${toAsset}`);
  return { from: convertAsset(fromAsset)!, to: convertAsset(toAsset)! };
}

function decimalsOk(field: string, amount: Decimal, decimals: number): void {
  if (amount.lte(0)) throw badInput(field, 'positive', `${field} must be greater than zero`);
  if (amount.decimalPlaces() > decimals) throw badInput(field, 'decimals', `${field} has more than ${decimals} decimals`);
}

/**
 * OTC block trading (contract/otc.ts; server/README.md "OTC"). The from side is held in the capital
 * account from acceptance (a delegated order: from placement) until settlement T+1, when the ledger entry
 * `otc_settle` pays it to the desk and credits the to side; a cancelled, rejected or expired order releases it.
 * The desk's clock work (settlement, delegated fills at the limit, expiry) runs with the sandbox's sweep.
 */
export function otcRoutes(ctx: ApiContext, app: FastifyInstance, view: MarketView, devRoutes: boolean): void {
  const pricer = new DeskPricer(view);
  const assetRows = () => OTC_ASSETS.map((asset) => ({ asset, type: convertAsset(asset)!.type, decimals: convertAsset(asset)!.decimals }));

  const quoteFor = (body: QuoteRequest, now: Date) => {
    const { from, to } = otcPair(body.fromAsset, body.toAsset);
    const { side, amount } = fixedSide(body, from, to);
    let priced: Priced;
    try {
      priced = priceConvert(pricer, OTC_DESK.spread, from, to, { side, amount });
    } catch (error) {
      if (error instanceof NoLiquidity) throw new ApiError(Code.quoteUnavailable, { fromAsset: from.asset, toAsset: to.asset });
      throw error;
    }
    checkSize(priced.usdValue);
    return {
      fields: {
        fromAsset: from.asset,
        toAsset: to.asset,
        fromAmount: priced.fromAmount.toFixed(),
        toAmount: priced.toAmount.toFixed(),
        price: priced.price.toFixed(),
        inversePrice: priced.inversePrice.toFixed(),
        marketPrice: priced.marketPrice.toFixed(),
        spread: priced.spread.toFixed(),
        usdValue: out(priced.usdValue, 2),
        fixed: side,
        serverTime: now.toISOString(),
      },
      priced,
    };
  };

  const freeOf = async (q: Queryable, userId: number) => new Map((await balances(q, userId, Account.capital)).map((b) => [b.asset, b]));

  /** Creates an order once per request id (a retry returns the first), holding its from side. */
  const createOrder = async (
    userId: number,
    requestId: string,
    sameRequest: (row: OrderRow) => boolean,
    insert: (tx: Queryable) => Promise<OrderRow | null>,
  ): Promise<Order> => {
    const replay = async (q: Queryable) => {
      const row = (await q.query<OrderRow>(`select ${ORDER_COLUMNS} from otc_orders where user_id = $1 and request_id = $2`, [userId, requestId]))[0];
      if (!row) return null;
      if (!sameRequest(row)) throw new ApiError(Code.requestIdReused);
      return orderView(row);
    };
    const first = await replay(ctx.db);
    if (first) return first;
    try {
      return await ctx.db.transaction(async (tx) => {
        const row = await insert(tx);
        if (!row) return (await replay(tx)) ?? Promise.reject(new Error('order neither created nor found'));
        await post(tx, new Entry('otc_hold', `otc:${row.id}`, userId).hold(userId, Account.capital, row.from_asset, new D(row.from_amount)), nowDate(ctx));
        return orderView(row);
      });
    } catch (error) {
      // A parallel retry of the same request won the unique (user, request id): its order is the answer.
      const again = await replay(ctx.db);
      if (again) return again;
      throw error;
    }
  };

  /** Ends an order that still holds (cancel, reject, expiry): releases its hold once. */
  const close = async (id: string, to: 'cancelled' | 'rejected' | 'expired', from: readonly Order['status'][], userId: number | null): Promise<OrderRow | null> =>
    ctx.db.transaction(async (tx) => {
      const now = nowDate(ctx);
      const row = (await tx.query<OrderRow>(
        `update otc_orders set status = $2, closed_at = $3 where id = $1 and status = any($4::text[]) and ($5::integer is null or user_id = $5)
         returning ${ORDER_COLUMNS}`,
        [id, to, now, from, userId],
      ))[0];
      if (!row) return null;
      await post(tx, new Entry('otc_release', `otc:${row.id}`, row.user_id).release(row.user_id, Account.capital, row.from_asset, new D(row.from_amount)), now);
      // The desk's answer is a message; the user's own cancel is not news to them.
      if (to === 'rejected') await notifyOtc(tx, 'otcRejected', row, now);
      if (to === 'expired') await notifyOtc(tx, 'otcExpired', row, now);
      return row;
    });

  /** A delegated order reached (or filled by operations): at exactly its limit, settling T+1 from now. */
  const fillLimit = async (id: string): Promise<OrderRow | null> => {
    const now = nowDate(ctx);
    return ctx.db.transaction(async (tx) => {
      const row = (await tx.query<OrderRow>(
        `update otc_orders set status = 'pendingSettlement', quoted_at = $2, accepted_at = $2, settles_at = $3 where id = $1 and status = 'open'
         returning ${ORDER_COLUMNS}`,
        [id, now, settlementTime(now)],
      ))[0];
      if (row) await notifyOtc(tx, 'otcFilled', row, now);
      return row ?? null;
    });
  };

  /** The desk's work on the sandbox clock: settlement of what is due, delegated orders' fills and expiry. */
  ctx.timed.push(async () => {
    const now = nowDate(ctx);
    const due = await ctx.db.query<{ id: string }>(
      `select id::text as id from otc_orders where status = 'pendingSettlement' and settles_at <= $1 order by id limit 500`,
      [now],
    );
    for (const { id } of due) {
      await ctx.db.transaction(async (tx) => {
        const row = (await tx.query<OrderRow>(
          `update otc_orders set status = 'settled', settled_at = $2 where id = $1 and status = 'pendingSettlement' returning ${ORDER_COLUMNS}`,
          [id, now],
        ))[0];
        if (!row) return;
        const fromAmount = new D(row.from_amount);
        const toAmount = new D(row.to_amount);
        await post(
          tx,
          new Entry('otc_settle', `otc:${row.id}`, row.user_id)
            .user(row.user_id, Account.capital, row.from_asset, fromAmount.neg(), 'locked')
            .provider('desk', row.from_asset, fromAmount)
            .user(row.user_id, Account.capital, row.to_asset, toAmount)
            .provider('desk', row.to_asset, toAmount.neg()),
          now,
        );
        await notifyOtc(tx, 'otcSettled', row, now);
      });
    }
    const open = await ctx.db.query<OrderRow>(`select ${ORDER_COLUMNS} from otc_orders where status = 'open' order by id limit 500`);
    for (const row of open) {
      if (row.expires_at && row.expires_at <= now) {
        await close(row.id, 'expired', ['open'], null);
        continue;
      }
      // The desk fills while it is open, when its own price for this size is at least the limit.
      if (!deskHours(now).open) continue;
      try {
        const { from, to } = otcPair(row.from_asset, row.to_asset);
        const priced = priceConvert(pricer, OTC_DESK.spread, from, to, { side: 'from', amount: new D(row.from_amount) });
        if (priced.price.gte(row.price)) await fillLimit(row.id);
      } catch (error) {
        if (!(error instanceof NoLiquidity)) throw error;
      }
    }
  });

  serveCalls(ctx, app, otcCalls, {
    '/institution/block/listBlockTradeConfigure': async () => {
      const now = nowDate(ctx);
      const hours = deskHours(now);
      return {
        minUsd: OTC_TERMS.minUsd,
        resultMinutes: OTC_TERMS.resultMinutes,
        settlementDays: OTC_TERMS.settlementDays,
        quoteTtlMs: OTC_TERMS.quoteTtlMs,
        spread: OTC_DESK.spread.toFixed(),
        hours: {
          days: [...OTC_TERMS.days],
          openUtcHour: OTC_TERMS.openUtcHour,
          closeUtcHour: OTC_TERMS.closeUtcHour,
          open: hours.open,
          nextOpenAt: hours.nextOpenAt.toISOString(),
          nextCloseAt: hours.nextCloseAt.toISOString(),
          serverTime: now.toISOString(),
        },
      };
    },
    '/institution/block/listUserBlockTradeConfigure': async () => ({ minUsd: OTC_TERMS.minUsd, quoteLimitUsd: OTC_DESK.quoteLimitUsd.toFixed() }),
    '/institution/block/listBlockAsset': async () => assetRows(),
    '/institution/block/listAsset': async () =>
      assetRows().map((row) => ({ ...row, networks: [...new Set(COIN_NETWORKS.filter((n) => n.asset === row.asset).map((n) => n.network))] })),
    '/institution/block/listBlockAssetBalance': async ({ auth }) => {
      const held = await freeOf(ctx.db, auth.user.id);
      return OTC_ASSETS.map((asset) => {
        const row = held.get(asset);
        const available = row?.free ?? new D(0);
        return { asset, available: out(available), held: out(row?.locked ?? new D(0)), usdValue: out(pricer.holdingUsd(asset, available), 2) };
      });
    },
    '/institution/block/listUserAvailableMoney': async ({ auth }) => {
      const rows = await freeOf(ctx.db, auth.user.id);
      let total = new D(0);
      const list = OTC_ASSETS.map((asset) => {
        const available = rows.get(asset)?.free ?? new D(0);
        const usdValue = pricer.holdingUsd(asset, available);
        total = total.add(usdValue);
        return { asset, available: out(available), usdValue: out(usdValue, 2) };
      });
      return { list, totalUsd: out(total, 2) };
    },

    '/institution/block/getQuote': async ({ body }) => quoteFor(body, nowDate(ctx)).fields,

    '/institution/block/quote': async ({ body, auth }) => {
      await checkMayTrade(ctx, auth.user);
      const now = nowDate(ctx);
      checkOpen(now);
      const { fields, priced } = quoteFor(body, now);
      const free = (await freeOf(ctx.db, auth.user.id)).get(fields.fromAsset)?.free ?? new D(0);
      if (free.lt(priced.fromAmount)) throw new ApiError(Code.insufficientBalance, { asset: fields.fromAsset, available: out(free) });
      const quoteId = randomBytes(18).toString('base64url');
      const expiresAt = new Date(now.getTime() + OTC_TERMS.quoteTtlMs);
      await ctx.db.query(
        `insert into otc_quotes (quote_id, user_id, from_asset, to_asset, from_amount, to_amount, price, usd_value, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [quoteId, auth.user.id, fields.fromAsset, fields.toAsset, fields.fromAmount, fields.toAmount, db(priced.price), db(priced.usdValue), now, expiresAt],
      );
      return { ...fields, quoteId, expiresAt: expiresAt.toISOString() };
    },

    '/institution/block/order': async ({ body, auth }) => {
      const userId = auth.user.id;
      await checkMayTrade(ctx, auth.user);
      const now = nowDate(ctx);
      return createOrder(userId, body.requestId, (row) => row.quote_id === body.quoteId, async (tx) => {
        const q = (await tx.query<{ quote_id: string; from_asset: string; to_asset: string; from_amount: string; to_amount: string; price: string; usd_value: string; created_at: Date }>(
          `update otc_quotes set status = 'filled' where quote_id = $1 and user_id = $2 and status = 'open' and expires_at > $3
           returning quote_id, from_asset, to_asset, from_amount::text as from_amount, to_amount::text as to_amount, price::text as price,
             usd_value::text as usd_value, created_at`,
          [body.quoteId, userId, now],
        ))[0];
        if (!q) {
          const current = (await tx.query<{ status: string; expires_at: Date; user_id: number }>('select status, expires_at, user_id from otc_quotes where quote_id = $1', [body.quoteId]))[0];
          if (!current || current.user_id !== userId) throw badInput('quoteId', 'unknown', 'No quote with this id');
          if (current.status === 'filled') {
            // This same request filled it in parallel: createOrder answers with its order.
            const mine = await tx.query('select 1 from otc_orders where user_id = $1 and request_id = $2', [userId, body.requestId]);
            if (mine.length > 0) return null;
            throw new ApiError(Code.quoteUsed, { quoteId: body.quoteId });
          }
          throw new ApiError(Code.quoteExpired, { quoteId: body.quoteId, expiredAt: current.expires_at.toISOString() });
        }
        // Accepted within the quote's life is the desk's commitment, even if the session closes meanwhile.
        const rows = await tx.query<OrderRow>(
          `insert into otc_orders (user_id, request_id, mode, quote_id, from_asset, to_asset, from_amount, to_amount, price, usd_value, status,
             requested_at, quoted_at, accepted_at, settles_at)
           values ($1, $2, 'quote', $3, $4, $5, $6, $7, $8, $9, 'pendingSettlement', $10, $10, $11, $12) returning ${ORDER_COLUMNS}`,
          [userId, body.requestId, q.quote_id, q.from_asset, q.to_asset, q.from_amount, q.to_amount, q.price, q.usd_value, q.created_at, now, settlementTime(now)],
        );
        return rows[0]!;
      });
    },

    '/institution/block/addLimitOrder': async ({ body, auth }) => {
      const userId = auth.user.id;
      const now = nowDate(ctx);
      const same = (row: OrderRow) =>
        row.mode === 'limit' && row.from_asset === body.fromAsset && row.to_asset === body.toAsset && new D(row.from_amount).eq(body.fromAmount) && new D(row.price).eq(body.limitPrice);
      const known = (await ctx.db.query<OrderRow>(`select ${ORDER_COLUMNS} from otc_orders where user_id = $1 and request_id = $2`, [userId, body.requestId]))[0];
      if (known) {
        if (!same(known)) throw new ApiError(Code.requestIdReused);
        return orderView(known);
      }
      await checkMayTrade(ctx, auth.user);
      checkOpen(now);
      const { from, to } = otcPair(body.fromAsset, body.toAsset);
      const fromAmount = new D(body.fromAmount);
      decimalsOk('fromAmount', fromAmount, from.decimals);
      const limitPrice = new D(body.limitPrice);
      if (limitPrice.lte(0)) throw badInput('limitPrice', 'positive', 'limitPrice must be greater than zero');
      if (limitPrice.decimalPlaces() > 18) throw badInput('limitPrice', 'decimals', 'limitPrice has more than 18 decimals');
      const toAmount = fromAmount.mul(limitPrice).toDecimalPlaces(to.decimals, Decimal.ROUND_DOWN);
      if (toAmount.lte(0)) throw badInput('limitPrice', 'tooSmall', 'The order would receive nothing at this price');
      const expiresAt = new Date(body.expiresAt);
      if (expiresAt <= now) throw badInput('expiresAt', 'future', 'expiresAt must be in the future');
      if (expiresAt.getTime() - now.getTime() > OTC_DESK.maxLimitDays * DAY) throw badInput('expiresAt', 'range', `At most ${OTC_DESK.maxLimitDays} days ahead`);
      let usdValue: Decimal;
      try {
        usdValue = pricer.usdValue(from.asset, fromAmount);
      } catch (error) {
        if (error instanceof NoLiquidity) throw new ApiError(Code.quoteUnavailable, { fromAsset: from.asset, toAsset: to.asset });
        throw error;
      }
      checkSize(usdValue);
      return createOrder(userId, body.requestId, same, async (tx) => {
        const rows = await tx.query<OrderRow>(
          `insert into otc_orders (user_id, request_id, mode, from_asset, to_asset, from_amount, to_amount, price, usd_value, status, requested_at, expires_at)
           values ($1, $2, 'limit', $3, $4, $5, $6, $7, $8, 'open', $9, $10) on conflict (user_id, request_id) do nothing returning ${ORDER_COLUMNS}`,
          [userId, body.requestId, from.asset, to.asset, fromAmount.toFixed(), toAmount.toFixed(), limitPrice.toFixed(), db(usdValue), now, expiresAt],
        );
        return rows[0] ?? null;
      });
    },

    '/institution/block/cancelLimitOrder': async ({ body, auth }) => {
      const row = await close(body.orderId, 'cancelled', ['open'], auth.user.id);
      if (row) return orderView(row);
      const current = (await ctx.db.query<OrderRow>(`select ${ORDER_COLUMNS} from otc_orders where id = $1 and user_id = $2`, [body.orderId, auth.user.id]))[0];
      if (!current) throw badInput('orderId', 'unknown', 'No OTC order with this id');
      throw new ApiError(Code.otcOrderState, { status: current.status });
    },

    '/institution/block/pageBlockOrderRecord': async ({ body, auth }) => {
      const q = body.queryCondition ?? {};
      const { since, until } = timeWindow(q, nowDate(ctx));
      const where = `user_id = $1 and requested_at >= $2 and requested_at < $3 and ($4::text is null or mode = $4) and ($5::text is null or status = $5)`;
      const { pageNum, pageSize } = body.pageCondition;
      const { rows, total } = await pageQuery<OrderRow>(
        ctx.db,
        { select: ORDER_COLUMNS, from: 'otc_orders', where, order: 'requested_at desc, id desc', params: [auth.user.id, since, until, q.mode ?? null, q.status ?? null] },
        body.pageCondition,
      );
      return { list: rows.map(orderView), total, pageNum, pageSize };
    },
  });

  serveCalls(ctx, app, otcEnquiryCalls, {
    '/institution/block/enquiry': async ({ body, request }) => {
      checkEmail('email', body.email);
      otcPair(body.fromAsset, body.toAsset);
      const now = nowDate(ctx);
      const id = await ctx.db.transaction(async (tx) => {
        await takeRate(ctx, tx, 'otcEnquiry', request.ip, ctx.limits.otcEnquiry);
        const rows = await tx.query<{ id: string }>('insert into otc_enquiries (form, ip, created_at) values ($1, $2, $3) returning id::text as id', [
          JSON.stringify(body),
          request.ip,
          now,
        ]);
        return rows[0]!.id;
      });
      // spec §9 "result within 30 min", counted from the desk's open session.
      const hours = deskHours(now);
      const from = hours.open ? now : hours.nextOpenAt;
      return { enquiryId: id, resultBy: new Date(from.getTime() + OTC_TERMS.resultMinutes * MINUTE).toISOString() };
    },
  });

  const deposit = assetHandlers(ctx)['/account/wallet/getDepositAddress'];
  serveCalls(ctx, app, otcAddressCalls, { '/block/trade/getAddress': deposit });

  if (!devRoutes) return;
  serveCalls(ctx, app, otcDevCalls, {
    '/_dev/otc/limit/decide': async ({ body }) => {
      const row = body.fill ? await fillLimit(body.orderId) : await close(body.orderId, 'rejected', ['open'], null);
      if (!row) throw new ApiError(Code.otcOrderState);
      return { orderId: row.id, status: row.status };
    },
  });
}

/** An OTC order's result as a message (issue 16), keyed by order and outcome: each outcome tells once. */
async function notifyOtc(tx: Queryable, kind: 'otcFilled' | 'otcSettled' | 'otcRejected' | 'otcExpired', row: OrderRow, now: Date): Promise<void> {
  const params = {
    orderId: row.id,
    fromAsset: row.from_asset,
    toAsset: row.to_asset,
    fromAmount: new D(row.from_amount).toFixed(),
    toAmount: new D(row.to_amount).toFixed(),
  };
  await notify(tx, row.user_id, kind, params, `otc:${row.id}:${kind}`, now);
}
