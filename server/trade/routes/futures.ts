import type { FastifyInstance } from 'fastify';
import { futuresCalls } from '../../../contract/futures.ts';
import { nowDate } from '../../api/context.ts';
import { serveCalls } from '../../api/contract.ts';
import { badInput } from '../../api/envelope.ts';
import type { Queryable } from '../../db/client.ts';
import { accountView, futuresAccount, positionView } from '../account.ts';
import { parseAmount } from '../decimal.ts';
import { TradeCode, tradeError } from '../errors.ts';
import { FEES, allPairs, checkFilterMaxima, futuresPair, maxLeverage } from '../markets.ts';
import { orderView } from '../orders.ts';
import { Account, balances, positions, setSetting, setSymbolSettings, settings, symbolSettings } from '../store.ts';
import { checkKey, checkNotFrozen, openOrders, orderFills, orderIdOf, pageFills, pageOrders, type TradeContext } from './common.ts';

interface PairBody {
  baseCurrency?: string;
  quoteCurrency?: string;
  instrumentId?: string;
  exchangeKeyId?: string | number;
}

/** USD-M calls of spec §7 "Lightning futures" and the futures data tabs of spec §3, declared in contract/futures.ts. */
export function futuresRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx, engine } = t;

  // spec §7 leverage: baseCurrency, quoteCurrency, exchangeKeyId → leverage (queryMaxLeverage: the top one).
  const leverageOf = async (body: PairBody, userId: number, top: boolean) => {
    const pair = futuresPair(body);
    const current = await symbolSettings(ctx.db, userId, pair.inst.symbol);
    const max = maxLeverage(pair.inst);
    return { leverage: top ? max : current.leverage, maxLeverage: max, instrumentId: pair.inst.symbol };
  };

  serveCalls(ctx, app, futuresCalls, {
    // ---- leverage ----
    '/broker/lightning/futures/leverage/queryLeverage': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return leverageOf(body, auth.user.id, false);
    },

    '/broker/lightning/futures/leverage/queryMaxLeverage': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return leverageOf(body, auth.user.id, true);
    },

    '/broker/lightning/futures/leverage/changeLeverage': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const pair = futuresPair(body);
      const top = maxLeverage(pair.inst);
      if (body.leverage < 1 || body.leverage > top) throw badInput('leverage', 'range', `Leverage must be 1 to ${top}`);
      return engine.run(async (tx) => {
        const current = await symbolSettings(tx, auth.user.id, pair.inst.symbol);
        await setSymbolSettings(tx, auth.user.id, pair.inst.symbol, { ...current, leverage: body.leverage });
        return { leverage: body.leverage, maxLeverage: top, instrumentId: pair.inst.symbol };
      });
    },

    // ---- orders ----
    '/broker/lightning/futures/order/sendOrder': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      checkNotFrozen(auth, body.reduceOnly === true);
      const pair = futuresPair(body);
      const quantity = parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      const price = body.priceType === 'limit' ? parseAmount('price', body.price, pair.inst.tickDecimals, 'tickSize') : null;
      checkFilterMaxima(pair, body.priceType, price, quantity);
      const order = await engine.placeFutures(auth.user.id, {
        pair,
        side: body.direction,
        priceType: body.priceType,
        price,
        quantity,
        positionSide: body.positionSide ?? null,
        reduceOnly: body.reduceOnly ?? false,
        clientOrderId: body.clientOrderId,
      });
      return orderView(order);
    },

    '/broker/lightning/futures/order/cancelOrder': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return orderView(await engine.cancel(auth.user.id, 'usdm', orderIdOf(body.orderId)));
    },

    '/broker/lightning/futures/order/cancelAllOrder': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const symbol = body.instrumentId || body.baseCurrency ? futuresPair(body).inst.symbol : null;
      const cancelled = await engine.cancelAll(auth.user.id, 'usdm', symbol);
      return { cancelled: cancelled.length, dataList: cancelled.map(orderView) };
    },

    '/broker/lightning/futures/order/closePosition': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      // Closing reduces risk: allowed to a frozen account (checkNotFrozen).
      const pair = futuresPair(body);
      const volume = body.volume === undefined ? null : parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      checkFilterMaxima(pair, 'market', null, volume);
      return orderView(await engine.closePosition(auth.user.id, pair, body.positionSide ?? null, volume));
    },

    // ---- positions, orders and deals (spec §3 futures data tabs) ----
    '/broker/futures/position/query': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const symbol = body.instrumentId ? futuresPair(body).inst.symbol : null;
      await engine.settled();
      const account = await futuresAccount(ctx.db, engine.view, auth.user.id);
      return account.positions.filter((f) => symbol === null || f.row.symbol === symbol).map((f) => positionView(account, f));
    },

    '/lightning/futures/order/queryOpenOrder': async ({ body, auth }) => {
      checkKey(auth, body.keyId ?? body.exchangeKeyId, 'keyId');
      await engine.settled();
      return openOrders(ctx.db, 'usdm', auth.user.id, body);
    },

    '/lightning/futures/order/pageOrder': async ({ body, auth }) => {
      checkKey(auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageOrders(ctx.db, 'usdm', auth.user.id, body.cursorCondition, body.queryCondition);
    },

    '/lightning/futures/trade/queryTrade': async ({ body, auth }) => {
      checkKey(auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageFills(ctx.db, 'usdm', auth.user.id, body.cursorCondition, body.queryCondition);
    },

    '/lightning/futures/trade/queryTradeDetail': async ({ body, auth }) => {
      checkKey(auth, body.keyId, 'keyId');
      await engine.settled();
      return orderFills(ctx.db, 'usdm', auth.user.id, orderIdOf(body.orderId));
    },

    '/broker/futures/account/query': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const list = body.assetSymbolList ?? ['USDT'];
      if (list.some((asset) => asset !== 'USDT')) throw badInput('assetSymbolList', 'asset', 'The USD-M account holds USDT only');
      await engine.settled();
      return accountView(await futuresAccount(ctx.db, engine.view, auth.user.id));
    },

    // Asset manager tab (spec §3: exchangeKeyId, filterZero): the swap account's assets.
    '/broker/futures/asset/query': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      await engine.settled();
      const account = await futuresAccount(ctx.db, engine.view, auth.user.id);
      const rows = await balances(ctx.db, auth.user.id, Account.swap);
      return rows
        .map((row) => {
          const usdt = row.asset === 'USDT';
          return {
            asset: row.asset,
            walletBalance: usdt ? accountView(account).balance : row.free.add(row.locked).toFixed(),
            availableBalance: usdt ? accountView(account).availableBalance : row.free.toFixed(),
            unrealizedProfitLoss: usdt ? accountView(account).unrealizedProfitLoss : '0',
          };
        })
        .filter((row) => !body.filterZero || row.walletBalance !== '0');
    },

    '/broker/lightning/futures/fee/query': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const symbols = body.instrumentId || body.baseCurrency ? [futuresPair(body).inst.symbol] : allPairs('usdm').map((i) => i.symbol);
      return symbols.map((symbol) => ({ instrumentId: symbol, makerFeeRate: FEES.usdm.maker.toFixed(), takerFeeRate: FEES.usdm.taker.toFixed() }));
    },

    // ---- account modes ----
    '/broker/lightning/account/queryMarginType': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const pair = futuresPair(body);
      const current = await symbolSettings(ctx.db, auth.user.id, pair.inst.symbol);
      return { instrumentId: pair.inst.symbol, marginType: current.marginType, crossed: current.marginType === 'cross' };
    },

    '/broker/lightning/account/changeMarginType': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const pair = futuresPair(body);
      const symbol = pair.inst.symbol;
      return engine.run(async (tx) => {
        const mode = await settings(tx, auth.user.id);
        if (body.marginType === 'isolated' && mode.multiAssets) {
          throw tradeError(TradeCode.modeState, null, 'Multi-assets mode allows cross margin only');
        }
        await assertIdle(tx, auth.user.id, symbol);
        const current = await symbolSettings(tx, auth.user.id, symbol);
        await setSymbolSettings(tx, auth.user.id, symbol, { ...current, marginType: body.marginType });
        return { instrumentId: symbol, marginType: body.marginType, crossed: body.marginType === 'cross' };
      });
    },

    '/broker/lightning/account/queryMultiAssetsMargin': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return { multiAssetsMargin: (await settings(ctx.db, auth.user.id)).multiAssets };
    },

    '/broker/lightning/account/changeMultiAssetsMargin': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return engine.run(async (tx) => {
        if (body.multiAssetsMargin) {
          const isolated = await tx.query('select 1 from futures_symbol_settings where user_id = $1 and margin_type = $2 limit 1', [auth.user.id, 'isolated']);
          if (isolated.length > 0) throw tradeError(TradeCode.modeState, null, 'Switch every pair to cross margin first');
        }
        await setSetting(tx, auth.user.id, 'multi_assets', body.multiAssetsMargin, nowDate(ctx));
        return { multiAssetsMargin: body.multiAssetsMargin };
      });
    },

    '/broker/lightning/account/queryPositionSide': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const mode = (await settings(ctx.db, auth.user.id)).positionSide;
      return { positionSide: mode, dualSidePosition: mode === 'hedge' };
    },

    '/broker/lightning/account/changePositionSide': async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return engine.run(async (tx) => {
        await assertIdle(tx, auth.user.id, null);
        await setSetting(tx, auth.user.id, 'position_side', body.positionSide, nowDate(ctx));
        return { positionSide: body.positionSide, dualSidePosition: body.positionSide === 'hedge' };
      });
    },
  });
}

/** Binance refuses mode changes while positions or open orders exist (of the pair, or of any pair). */
async function assertIdle(tx: Queryable, userId: number, symbol: string | null): Promise<void> {
  const held = await positions(tx, userId, symbol ?? undefined);
  const open = await tx.query(
    `select 1 from trade_orders where user_id = $1 and market = 'usdm' and status in ('submitted', 'running', 'partial_filled')
     ${symbol ? 'and symbol = $2' : ''} limit 1`,
    symbol ? [userId, symbol] : [userId],
  );
  if (held.length > 0 || open.length > 0) throw tradeError(TradeCode.modeState);
}
