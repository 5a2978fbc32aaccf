import { randomBytes } from 'node:crypto';
import { OTC_TERMS, type OtcCalls } from '../../contract/otc.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { type DeskPricer, fixedSide, NoLiquidity, priceConvert, type Priced, type QuoteRequest } from '../convert/index.ts';
import { D, db, out } from '../platform/decimal.ts';
import { checkMayTrade, checkOpen, checkSize, freeOf, OTC_DESK, otcPair } from './desk.ts';
import { settlementTime } from './hours.ts';
import { createOrder, ORDER_COLUMNS, type OrderRow } from './orders.ts';

/** The desk's price for a request: the quote's fields and the pricing behind them (minimum and quote limit checked). */
export function quoteFor(pricer: DeskPricer, body: QuoteRequest, now: Date) {
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
}

/** An indicative price, a firm quote (held for its time to live) and the order that accepts it. */
export function quoteHandlers(ctx: ApiContext, pricer: DeskPricer): Pick<Handlers<OtcCalls>, '/institution/block/getQuote' | '/institution/block/quote' | '/institution/block/order'> {
  return {
    '/institution/block/getQuote': async ({ body }) => quoteFor(pricer, body, nowDate(ctx)).fields,

    '/institution/block/quote': async ({ body, auth }) => {
      await checkMayTrade(ctx, auth.user);
      const now = nowDate(ctx);
      checkOpen(now);
      const { fields, priced } = quoteFor(pricer, body, now);
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
      return createOrder(ctx, userId, body.requestId, (row) => row.quote_id === body.quoteId, async (tx) => {
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
  };
}
