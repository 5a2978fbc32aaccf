import type { FastifyInstance } from 'fastify';
import { spotCalls } from '../../../contract/trade.ts';
import { serveCalls } from '../../platform/contract.ts';
import { out, parseAmount } from '../../platform/decimal.ts';
import { badInput } from '../../platform/envelope.ts';
import { checkFilterMaxima, FEES, pairOf, type Pair } from '../markets.ts';
import { orderView } from '../orders.ts';
import { Account, balances, settings } from '../store.ts';
import { checkNotFrozen, openOrders, orderFills, orderIdOf, pageFills, pageOrders, type TradeContext } from './common.ts';

interface SpotPairBody {
  instrumentId?: string;
  baseCurrency?: string;
  quoteCurrency?: string;
}

function spotPair(body: SpotPairBody): Pair {
  if (body.instrumentId) return pairOf('spot', body.instrumentId.replace('/', ''), 'instrumentId');
  return pairOf('spot', `${body.baseCurrency ?? ''}${body.quoteCurrency ?? ''}`, 'baseCurrency');
}

/**
 * Spot order calls of the sandbox's design, in the style of the lightning futures calls (spec §7 names the
 * screens, not these paths), declared in contract/trade.ts: the user's trade account (spec §3 type 2), spot
 * status spelling of spec §4.
 */
export function spotRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx, engine } = t;

  serveCalls(ctx, app, spotCalls, {
    '/broker/spot/order/sendOrder': async ({ body, auth }) => {
      checkNotFrozen(auth);
      const pair = spotPair(body);
      const quantity = parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      const stop = body.priceType === 'stop_limit';
      const price = body.priceType !== 'market' ? parseAmount('price', body.price, pair.inst.tickDecimals, 'tickSize') : null;
      // server/trade/README.md "Order types": only a stop-limit order takes a stopPrice (on the last price).
      if (!stop && body.stopPrice !== undefined) throw badInput('stopPrice', 'priceType', 'Only stop-limit orders take a stopPrice');
      const stopPrice = stop ? parseAmount('stopPrice', body.stopPrice, pair.inst.tickDecimals, 'tickSize') : null;
      checkFilterMaxima(pair, body.priceType === 'market' ? 'market' : 'limit', price, quantity);
      if (stopPrice && stopPrice.gt(pair.maxPrice)) throw badInput('stopPrice', 'maxPrice', "stopPrice is above the pair's maximum price");
      const order = await engine.placeSpot(auth.user.id, {
        pair,
        side: body.direction,
        priceType: body.priceType,
        price,
        stopPrice,
        quantity,
        clientOrderId: body.clientOrderId,
      });
      return orderView(order);
    },

    '/broker/spot/order/sendOcoOrder': async ({ body, auth }) => {
      checkNotFrozen(auth);
      const pair = spotPair(body);
      const tick = pair.inst.tickDecimals;
      const quantity = parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      const price = parseAmount('price', body.price, tick, 'tickSize');
      const stopPrice = parseAmount('stopPrice', body.stopPrice, tick, 'tickSize');
      const stopLimitPrice = parseAmount('stopLimitPrice', body.stopLimitPrice, tick, 'tickSize');
      checkFilterMaxima(pair, 'limit', price, quantity);
      checkFilterMaxima(pair, 'limit', stopLimitPrice, quantity);
      if (stopPrice.gt(pair.maxPrice)) throw badInput('stopPrice', 'maxPrice', "stopPrice is above the pair's maximum price");
      const legs = await engine.placeSpotOco(auth.user.id, { pair, side: body.direction, quantity, price, stopPrice, stopLimitPrice });
      return { ocoGroupId: String(legs[0]!.id), dataList: legs.map(orderView) };
    },

    '/broker/spot/order/cancelOrder': async ({ body, auth }) => orderView(await engine.cancel(auth.user.id, 'spot', orderIdOf(body.orderId))),

    '/broker/spot/order/cancelAllOrder': async ({ body, auth }) => {
      const symbol = body.instrumentId || body.baseCurrency ? spotPair(body).inst.symbol : null;
      const cancelled = await engine.cancelAll(auth.user.id, 'spot', symbol);
      return { cancelled: cancelled.length, dataList: cancelled.map(orderView) };
    },

    '/broker/spot/order/queryOpenOrder': async ({ body, auth }) => {
      await engine.settled();
      return openOrders(ctx.db, 'spot', auth.user.id, body);
    },

    '/broker/spot/order/pageOrder': async ({ body, auth }) => {
      await engine.settled();
      return pageOrders(ctx.db, 'spot', auth.user.id, body.cursorCondition, body.queryCondition);
    },

    '/broker/spot/trade/queryTrade': async ({ body, auth }) => {
      await engine.settled();
      return pageFills(ctx.db, 'spot', auth.user.id, body.cursorCondition, body.queryCondition);
    },

    '/broker/spot/trade/queryTradeDetail': async ({ body, auth }) => {
      await engine.settled();
      return orderFills(ctx.db, 'spot', auth.user.id, orderIdOf(body.orderId));
    },

    '/broker/spot/account/query': async ({ auth }) => {
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
