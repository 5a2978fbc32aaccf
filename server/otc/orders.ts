import type { Static } from 'typebox';
import { OTC_TERMS, type OtcOrder } from '../../contract/otc.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { notify } from '../platform/notify.ts';
import { D, out } from '../platform/decimal.ts';
import { Account } from '../ledger/ledger.ts';
import { MINUTE } from './desk.ts';
import { settlementTime } from './hours.ts';

export type Order = Static<typeof OtcOrder>;

export interface OrderRow {
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

export const ORDER_COLUMNS = `id::text as id, user_id, mode, quote_id, request_id, from_asset, to_asset, from_amount::text as from_amount,
  to_amount::text as to_amount, price::text as price, usd_value::text as usd_value, status, requested_at, quoted_at, accepted_at, settles_at,
  settled_at, closed_at, expires_at`;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const plain = (v: string) => new D(v).toFixed();

export function orderView(r: OrderRow): Order {
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

/** Creates an order once per request id (a retry returns the first), holding its from side. */
export const createOrder = async (
  ctx: ApiContext,
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
export const close = async (ctx: ApiContext, id: string, to: 'cancelled' | 'rejected' | 'expired', from: readonly Order['status'][], userId: number | null): Promise<OrderRow | null> =>
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
export const fillLimit = async (ctx: ApiContext, id: string): Promise<OrderRow | null> => {
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

/** An OTC order's result as a message, keyed by order and outcome: each outcome tells once. */
export async function notifyOtc(tx: Queryable, kind: 'otcFilled' | 'otcSettled' | 'otcRejected' | 'otcExpired', row: OrderRow, now: Date): Promise<void> {
  const params = {
    orderId: row.id,
    fromAsset: row.from_asset,
    toAsset: row.to_asset,
    fromAmount: new D(row.from_amount).toFixed(),
    toAmount: new D(row.to_amount).toFixed(),
  };
  await notify(tx, row.user_id, kind, params, `otc:${row.id}:${kind}`, now);
}
