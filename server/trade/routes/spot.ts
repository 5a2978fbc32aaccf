import type { FastifyInstance } from 'fastify';
import { s, userRoute } from '../../api/http.ts';
import { out, parseAmount } from '../decimal.ts';
import { checkFilterMaxima, FEES, pairOf, type Pair } from '../markets.ts';
import type { Side } from '../matching.ts';
import { orderView } from '../orders.ts';
import { cursorSchema, type CursorCondition } from '../paging.ts';
import { Account, balances, settings } from '../store.ts';
import {
  amount,
  checkNotFrozen,
  openOrders,
  orderFills,
  orderFilterProps,
  orderIdField,
  orderIdOf,
  pageFills,
  pageOrders,
  symbolField,
  type OrderFilter,
  type TradeContext,
} from './common.ts';

interface SpotPairBody {
  instrumentId?: string;
  baseCurrency?: string;
  quoteCurrency?: string;
}

const pairProps = { instrumentId: symbolField, baseCurrency: s.str(1, 20), quoteCurrency: s.str(1, 20) };

function spotPair(body: SpotPairBody): Pair {
  if (body.instrumentId) return pairOf('spot', body.instrumentId.replace('/', ''), 'instrumentId');
  return pairOf('spot', `${body.baseCurrency ?? ''}${body.quoteCurrency ?? ''}`, 'baseCurrency');
}

/**
 * Spot order calls of the sandbox's design, in the style of the lightning futures calls (spec §7 names the
 * screens, not these paths): the user's trade account (spec §3 type 2), spot status spelling of spec §4.
 */
export function spotRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx, engine } = t;

  userRoute<SpotPairBody & { direction: Side; priceType: 'limit' | 'market'; price?: string | number; volume: string | number; clientOrderId?: string }>(ctx, app, {
    method: 'POST',
    url: '/broker/spot/order/sendOrder',
    body: s.obj(
      {
        ...pairProps,
        direction: { type: 'string', enum: ['buy', 'sell'] },
        priceType: { type: 'string', enum: ['limit', 'market'] },
        price: amount,
        volume: amount,
        // A retry with the same id returns the first order (issue 11 idempotency).
        clientOrderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
      },
      ['direction', 'priceType', 'volume'],
    ),
    handler: async ({ body, auth }) => {
      checkNotFrozen(auth);
      const pair = spotPair(body);
      const quantity = parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      const price = body.priceType === 'limit' ? parseAmount('price', body.price, pair.inst.tickDecimals, 'tickSize') : null;
      checkFilterMaxima(pair, body.priceType, price, quantity);
      const order = await engine.placeSpot(auth.user.id, { pair, side: body.direction, priceType: body.priceType, price, quantity, clientOrderId: body.clientOrderId });
      return orderView(order);
    },
  });

  userRoute<{ orderId: string | number }>(ctx, app, {
    method: 'POST',
    url: '/broker/spot/order/cancelOrder',
    body: s.obj({ orderId: orderIdField, instrumentId: symbolField }, ['orderId']),
    handler: async ({ body, auth }) => orderView(await engine.cancel(auth.user.id, 'spot', orderIdOf(body.orderId))),
  });

  userRoute<SpotPairBody>(ctx, app, {
    method: 'POST',
    url: '/broker/spot/order/cancelAllOrder',
    body: s.obj(pairProps),
    handler: async ({ body, auth }) => {
      const symbol = body.instrumentId || body.baseCurrency ? spotPair(body).inst.symbol : null;
      const cancelled = await engine.cancelAll(auth.user.id, 'spot', symbol);
      return { cancelled: cancelled.length, dataList: cancelled.map(orderView) };
    },
  });

  userRoute<OrderFilter>(ctx, app, {
    method: 'POST',
    url: '/broker/spot/order/queryOpenOrder',
    body: s.obj(orderFilterProps),
    handler: async ({ body, auth }) => {
      await engine.settled();
      return openOrders(ctx.db, 'spot', auth.user.id, body);
    },
  });

  const pageBody = s.obj({ cursorCondition: cursorSchema, queryCondition: s.obj(orderFilterProps) });

  userRoute<{ cursorCondition?: CursorCondition; queryCondition?: OrderFilter }>(ctx, app, {
    method: 'POST',
    url: '/broker/spot/order/pageOrder',
    body: pageBody,
    handler: async ({ body, auth }) => {
      await engine.settled();
      return pageOrders(ctx.db, 'spot', auth.user.id, body.cursorCondition, body.queryCondition);
    },
  });

  userRoute<{ cursorCondition?: CursorCondition; queryCondition?: OrderFilter }>(ctx, app, {
    method: 'POST',
    url: '/broker/spot/trade/queryTrade',
    body: pageBody,
    handler: async ({ body, auth }) => {
      await engine.settled();
      return pageFills(ctx.db, 'spot', auth.user.id, body.cursorCondition, body.queryCondition);
    },
  });

  userRoute<{ orderId: string | number }>(ctx, app, {
    method: 'POST',
    url: '/broker/spot/trade/queryTradeDetail',
    body: s.obj({ orderId: orderIdField }, ['orderId']),
    handler: async ({ body, auth }) => {
      await engine.settled();
      return orderFills(ctx.db, 'spot', auth.user.id, orderIdOf(body.orderId));
    },
  });

  userRoute(ctx, app, {
    method: 'POST',
    url: '/broker/spot/account/query',
    handler: async ({ auth }) => {
      await engine.settled();
      const rows = await balances(ctx.db, auth.user.id, Account.trade);
      return {
        accountType: Account.trade,
        spotTradingForbidden: (await settings(ctx.db, auth.user.id)).spotForbidden,
        makerFeeRate: FEES.spot.maker.toFixed(),
        takerFeeRate: FEES.spot.taker.toFixed(),
        balances: rows.map((r) => ({ asset: r.asset, free: out(r.free), locked: out(r.locked) })),
      };
    },
  });
}
