import Decimal from 'decimal.js';
import type { OtcCalls } from '../../contract/otc.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { type DeskPricer, NoLiquidity, priceConvert, type Priced } from '../convert/index.ts';
import { limitBand } from '../../contract/otc-limit-rules.ts';
import { D, db } from '../platform/decimal.ts';
import { checkMayTrade, checkOpen, checkSize, DAY, decimalsOk, OTC_DESK, otcPair } from './desk.ts';
import { close, createOrder, ORDER_COLUMNS, orderView, type OrderRow } from './orders.ts';

/**
 * A limit more than OTC_LIMIT_BAND from the desk's price for the size (compared in the trader's unit, quote per
 * base) is refused: 400, `data` naming limitPrice, the rule `priceBand`, the band and the reference and bounds in
 * that unit (spec §1 delegated mode; contract/otc-limit-rules.ts, the app's check too).
 */
function checkBand(limitPrice: Decimal, deskPrice: Decimal, fromAsset: string, toAsset: string): void {
  const band = limitBand(limitPrice, deskPrice, fromAsset, toAsset);
  if (band.within) return;
  const { bandPercent, reference, lowest, highest, unit } = band;
  throw new ApiError(
    Code.badRequest,
    { field: 'limitPrice', rule: 'priceBand', bandPercent, reference, lowest, highest, base: unit.base, quote: unit.quote },
    `limitPrice is more than ${bandPercent}% from the desk's price: ${lowest} to ${highest} ${unit.quote} per ${unit.base}`,
  );
}

/** Delegated orders at a limit price, held from placement until filled, cancelled, rejected or expired. */
export function limitOrderHandlers(ctx: ApiContext, pricer: DeskPricer): Pick<Handlers<OtcCalls>, '/institution/block/addLimitOrder' | '/institution/block/cancelLimitOrder'> {
  return {
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
      // The desk's own price for this size (the one its sweep fills at) is the band's reference: never the client's.
      let priced: Priced;
      try {
        priced = priceConvert(pricer, OTC_DESK.spread, from, to, { side: 'from', amount: fromAmount });
      } catch (error) {
        if (error instanceof NoLiquidity) throw new ApiError(Code.quoteUnavailable, { fromAsset: from.asset, toAsset: to.asset });
        throw error;
      }
      const usdValue = priced.usdValue;
      checkSize(usdValue);
      checkBand(limitPrice, priced.price, from.asset, to.asset);
      return createOrder(ctx, userId, body.requestId, same, async (tx) => {
        const rows = await tx.query<OrderRow>(
          `insert into otc_orders (user_id, request_id, mode, from_asset, to_asset, from_amount, to_amount, price, usd_value, status, requested_at, expires_at)
           values ($1, $2, 'limit', $3, $4, $5, $6, $7, $8, 'open', $9, $10) on conflict (user_id, request_id) do nothing returning ${ORDER_COLUMNS}`,
          [userId, body.requestId, from.asset, to.asset, fromAmount.toFixed(), toAmount.toFixed(), limitPrice.toFixed(), db(usdValue), now, expiresAt],
        );
        return rows[0] ?? null;
      });
    },

    '/institution/block/cancelLimitOrder': async ({ body, auth }) => {
      const row = await close(ctx, body.orderId, 'cancelled', ['open'], auth.user.id);
      if (row) return orderView(row);
      const current = (await ctx.db.query<OrderRow>(`select ${ORDER_COLUMNS} from otc_orders where id = $1 and user_id = $2`, [body.orderId, auth.user.id]))[0];
      if (!current) throw badInput('orderId', 'unknown', 'No OTC order with this id');
      throw new ApiError(Code.otcOrderState, { status: current.status });
    },
  };
}
