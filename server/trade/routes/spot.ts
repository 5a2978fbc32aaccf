import type { FastifyInstance } from 'fastify';
import { spotCalls } from '../../../contract/trade.ts';
import { serveCalls } from '../../platform/contract.ts';
import { out, parseAmount } from '../../platform/decimal.ts';
import { badInput } from '../../platform/envelope.ts';
import { checkFilterMaxima, FEES, type MarketView, type Pair } from '../markets.ts';
import { orderView } from '../orders.ts';
import { Account, balances, settings } from '../store.ts';
import { ledgerAccounts } from '../venue-accounts.ts';
import { acting, checkNotFrozen, openOrders, orderFills, orderIdOf, pageFills, pageOrders, type TradeContext } from './common.ts';

interface SpotPairBody {
  instrumentId?: string;
  baseCurrency?: string;
  quoteCurrency?: string;
}

/** A spot pair of the account's venue (its own tick and step). */
function spotPair(body: SpotPairBody, view: MarketView): Pair {
  if (body.instrumentId) return view.pair('spot', body.instrumentId.replace('/', ''), 'instrumentId');
  return view.pair('spot', `${body.baseCurrency ?? ''}${body.quoteCurrency ?? ''}`, 'baseCurrency');
}

/**
 * Spot order calls of the sandbox's design, in the style of the lightning futures calls (spec §7 names the
 * screens, not these paths), declared in contract/trade.ts: the user's trade account (spec §3 type 2), spot
 * status spelling of spec §4.
 */
export function spotRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx } = t;

  serveCalls(ctx, app, spotCalls, {
    '/broker/spot/order/sendOrder': async ({ body, auth }) => {
      checkNotFrozen(auth);
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const pair = spotPair(body, engine.view);
      const quantity = parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      const stop = body.priceType === 'stop_limit';
      const price = body.priceType !== 'market' ? parseAmount('price', body.price, pair.inst.tickDecimals, 'tickSize') : null;
      // server/trade/README.md "Order types": only a stop-limit order takes a stopPrice (on the last price).
      if (!stop && body.stopPrice !== undefined) throw badInput('stopPrice', 'priceType', 'Only stop-limit orders take a stopPrice');
      const stopPrice = stop ? parseAmount('stopPrice', body.stopPrice, pair.inst.tickDecimals, 'tickSize') : null;
      checkFilterMaxima(pair, body.priceType === 'market' ? 'market' : 'limit', price, quantity);
      if (stopPrice && stopPrice.gt(pair.maxPrice)) throw badInput('stopPrice', 'maxPrice', "stopPrice is above the pair's maximum price");
      const order = await engine.placeSpot(a, {
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
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const pair = spotPair(body, engine.view);
      const tick = pair.inst.tickDecimals;
      const quantity = parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      const price = parseAmount('price', body.price, tick, 'tickSize');
      const stopPrice = parseAmount('stopPrice', body.stopPrice, tick, 'tickSize');
      const stopLimitPrice = parseAmount('stopLimitPrice', body.stopLimitPrice, tick, 'tickSize');
      checkFilterMaxima(pair, 'limit', price, quantity);
      checkFilterMaxima(pair, 'limit', stopLimitPrice, quantity);
      if (stopPrice.gt(pair.maxPrice)) throw badInput('stopPrice', 'maxPrice', "stopPrice is above the pair's maximum price");
      const legs = await engine.placeSpotOco(a, { pair, side: body.direction, quantity, price, stopPrice, stopLimitPrice });
      return { ocoGroupId: String(legs[0]!.id), dataList: legs.map(orderView) };
    },

    '/broker/spot/order/cancelOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      return orderView(await engine.cancel(a, 'spot', orderIdOf(body.orderId)));
    },

    '/broker/spot/order/cancelAllOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const symbol = body.instrumentId || body.baseCurrency ? spotPair(body, engine.view).inst.symbol : null;
      const cancelled = await engine.cancelAll(a, 'spot', symbol);
      return { cancelled: cancelled.length, dataList: cancelled.map(orderView) };
    },

    '/broker/spot/order/queryOpenOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.keyId ?? body.exchangeKeyId, 'keyId');
      await engine.settled();
      return openOrders(ctx.db, 'spot', a, body);
    },

    '/broker/spot/order/pageOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageOrders(ctx.db, 'spot', a, body.cursorCondition, body.queryCondition);
    },

    '/broker/spot/trade/queryTrade': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageFills(ctx.db, 'spot', a, body.cursorCondition, body.queryCondition);
    },

    '/broker/spot/trade/queryTradeDetail': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      await engine.settled();
      return orderFills(ctx.db, 'spot', a, orderIdOf(body.orderId));
    },

    '/broker/spot/account/query': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      await engine.settled();
      const rows = await balances(ctx.db, a.userId, ledgerAccounts(a.venue).trade);
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
