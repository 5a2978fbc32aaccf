import type { FastifyInstance } from 'fastify';
import { futuresCalls } from '../../../contract/futures.ts';
import { nowDate } from '../../platform/context.ts';
import { serveCalls } from '../../platform/contract.ts';
import { badInput } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { accountView, futuresAccount, positionView } from '../account.ts';
import { adlQuantiles } from '../adl.ts';
import { out, parseAmount } from '../../platform/decimal.ts';
import { TradeCode, tradeError } from '../../platform/refusals.ts';
import { FEES, checkFilterMaxima, futuresPair, maxLeverage } from '../markets.ts';
import { orderView, queryOrders } from '../orders.ts';
import { rowIdOf } from '../paging.ts';
import { fundingPayments, pagePositionHistory } from '../position-history.ts';
import { balances, positions, setAccountMode, setSymbolSettings, settings, symbolSettings } from '../store.ts';
import { ledgerAccounts, type TradeAcct } from '../venue-accounts.ts';
import { acting, checkNotFrozen, type Acting, openOrders, orderFills, orderIdOf, pageFills, pageOrders, type TradeContext } from './common.ts';

interface PairBody {
  baseCurrency?: string;
  quoteCurrency?: string;
  instrumentId?: string;
  exchangeKeyId?: string | number;
}

/** USD-M calls of spec §7 "Lightning futures" and the futures data tabs of spec §3, declared in contract/futures.ts. */
export function futuresRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx } = t;

  // spec §7 leverage: baseCurrency, quoteCurrency, exchangeKeyId → leverage (queryMaxLeverage: the top one).
  const leverageOf = async (body: PairBody, { a, engine }: Acting, top: boolean) => {
    const pair = futuresPair(body, engine.view.listing);
    const current = await symbolSettings(ctx.db, a, pair.inst.symbol);
    const max = maxLeverage(pair.inst, a.venue);
    return { leverage: top ? max : current.leverage, maxLeverage: max, instrumentId: pair.inst.symbol };
  };

  serveCalls(ctx, app, futuresCalls, {
    // ---- leverage ----
    '/broker/lightning/futures/leverage/queryLeverage': async ({ body, auth }) => {
      return leverageOf(body, await acting(t, auth, body.exchangeKeyId), false);
    },

    '/broker/lightning/futures/leverage/queryMaxLeverage': async ({ body, auth }) => {
      return leverageOf(body, await acting(t, auth, body.exchangeKeyId), true);
    },

    '/broker/lightning/futures/leverage/changeLeverage': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      checkNotFrozen(auth);
      const pair = futuresPair(body, engine.view.listing);
      const top = maxLeverage(pair.inst, a.venue);
      // The contract takes only the integers 1 … TOP_LEVERAGE (contract/futures.ts LeverageInput); checked again here
      // against the pair's own top, and as an integer whatever the validator let through.
      if (!Number.isSafeInteger(body.leverage) || body.leverage < 1 || body.leverage > top) throw badInput('leverage', 'range', `Leverage must be 1 to ${top}`);
      return engine.run(async (tx) => {
        const current = await symbolSettings(tx, a, pair.inst.symbol);
        await setSymbolSettings(tx, a, pair.inst.symbol, { ...current, leverage: body.leverage });
        return { leverage: body.leverage, maxLeverage: top, instrumentId: pair.inst.symbol };
      });
    },

    // ---- orders ----
    '/broker/lightning/futures/order/sendOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      checkNotFrozen(auth, body.reduceOnly === true);
      const pair = futuresPair(body, engine.view.listing);
      const tick = pair.inst.tickDecimals;
      const type = body.priceType;
      const limitLike = type === 'limit' || type === 'stop_limit';
      const stop = type === 'stop_limit' || type === 'stop_market';
      const quantity = parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      const price = limitLike ? parseAmount('price', body.price, tick, 'tickSize') : null;
      // The order types (server/trade/README.md "Order types"): each extra belongs to some types only.
      if (!stop && body.stopPrice !== undefined) throw badInput('stopPrice', 'priceType', 'Only stop orders take a stopPrice');
      if (!stop && type !== 'trailing_stop_market' && body.workingType !== undefined && body.takeProfitPrice === undefined && body.stopLossPrice === undefined) {
        throw badInput('workingType', 'priceType', 'Only stop orders and take-profit / stop-loss take a workingType');
      }
      const stopPrice = stop ? parseAmount('stopPrice', body.stopPrice, tick, 'tickSize') : null;
      // Trailing stop (Binance TRAILING_STOP_MARKET): callbackRate 0.1–10 percent in steps of 0.1, optional activationPrice.
      const trailing = type === 'trailing_stop_market';
      if (!trailing && (body.callbackRate !== undefined || body.activationPrice !== undefined)) {
        throw badInput(body.callbackRate !== undefined ? 'callbackRate' : 'activationPrice', 'priceType', 'Only trailing stops take a callbackRate and an activationPrice');
      }
      const callbackRate = trailing ? parseAmount('callbackRate', body.callbackRate, 1, 'callbackRate') : null;
      if (callbackRate && (callbackRate.lt('0.1') || callbackRate.gt(10))) throw badInput('callbackRate', 'callbackRate', 'callbackRate must be 0.1 to 10 (percent)');
      const activationPrice = trailing && body.activationPrice !== undefined ? parseAmount('activationPrice', body.activationPrice, tick, 'tickSize') : null;
      if (activationPrice && activationPrice.gt(pair.maxPrice)) throw badInput('activationPrice', 'maxPrice', "activationPrice is above the pair's maximum price");
      if (!limitLike && body.timeInForce !== undefined && body.timeInForce !== 'GTC') {
        throw badInput('timeInForce', 'priceType', 'Time in force applies to limit and stop-limit orders');
      }
      if (body.postOnly && (type !== 'limit' || (body.timeInForce ?? 'GTC') !== 'GTC')) {
        throw badInput('postOnly', 'priceType', 'Post-only applies to GTC limit orders');
      }
      if ((body.takeProfitPrice !== undefined || body.stopLossPrice !== undefined) && body.reduceOnly) {
        throw badInput('reduceOnly', 'tpsl', 'A reduce-only order takes no take-profit / stop-loss');
      }
      const takeProfit = body.takeProfitPrice === undefined ? null : parseAmount('takeProfitPrice', body.takeProfitPrice, tick, 'tickSize');
      const stopLoss = body.stopLossPrice === undefined ? null : parseAmount('stopLossPrice', body.stopLossPrice, tick, 'tickSize');
      checkFilterMaxima(pair, limitLike ? 'limit' : 'market', price ?? stopPrice, quantity);
      for (const [field, value] of [['takeProfitPrice', takeProfit], ['stopLossPrice', stopLoss]] as const) {
        if (value && value.gt(pair.maxPrice)) throw badInput(field, 'maxPrice', `${field} is above the pair's maximum price`);
      }
      const order = await engine.placeFutures(a, {
        pair,
        side: body.direction,
        priceType: type,
        price,
        quantity,
        positionSide: body.positionSide ?? null,
        reduceOnly: body.reduceOnly ?? false,
        clientOrderId: body.clientOrderId,
        stopPrice,
        workingType: body.workingType ?? 'MARK_PRICE',
        timeInForce: body.timeInForce ?? 'GTC',
        postOnly: body.postOnly ?? false,
        takeProfit,
        stopLoss,
        callbackRate,
        activationPrice,
      });
      return orderView(order);
    },

    '/broker/lightning/futures/position/tpsl': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      // Setting a take-profit / stop-loss only reduces risk: allowed to a frozen account.
      const pair = futuresPair(body, engine.view.listing);
      const tick = pair.inst.tickDecimals;
      // Left out or null: none (the body schema's type coercion may hand a JSON null over as '').
      const priceOf = (field: string, value: unknown) => (value === undefined || value === null || value === '' ? null : parseAmount(field, value, tick, 'tickSize'));
      const placed = await engine.setPositionTpSl(
        a,
        pair,
        body.positionSide ?? null,
        { takeProfit: priceOf('takeProfitPrice', body.takeProfitPrice), stopLoss: priceOf('stopLossPrice', body.stopLossPrice) },
        body.workingType ?? 'MARK_PRICE',
      );
      return placed.map(orderView);
    },

    '/broker/lightning/futures/position/margin': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const pair = futuresPair(body, engine.view.listing);
      // Adding margin lowers the position's risk; removing frees money and raises it: not for a frozen account.
      if (body.type === 2) checkNotFrozen(auth);
      const amount = parseAmount('amount', body.amount, 8, 'decimals');
      const kind = body.type === 1 ? 'add' : 'remove';
      const result = await engine.adjustMargin(a, { pair, positionSide: body.positionSide ?? null, amount, kind, requestId: body.requestId });
      return { instrumentId: pair.inst.symbol, positionSide: result.positionSide, type: body.type, amount: out(amount), margin: out(result.margin) };
    },

    '/broker/lightning/futures/order/cancelOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      return orderView(await engine.cancel(a, 'usdm', orderIdOf(body.orderId)));
    },

    '/broker/lightning/futures/order/cancelAllOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const symbol = body.instrumentId || body.baseCurrency ? futuresPair(body, engine.view.listing).inst.symbol : null;
      const cancelled = await engine.cancelAll(a, 'usdm', symbol);
      return { cancelled: cancelled.length, dataList: cancelled.map(orderView) };
    },

    '/broker/lightning/futures/order/closePosition': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      // Closing reduces risk: allowed to a frozen account (checkNotFrozen).
      const pair = futuresPair(body, engine.view.listing);
      const volume = body.volume === undefined ? null : parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      checkFilterMaxima(pair, 'market', null, volume);
      return orderView(await engine.closePosition(a, pair, body.positionSide ?? null, volume));
    },

    // ---- positions, orders and deals (spec §3 futures data tabs) ----
    '/broker/futures/position/query': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const symbol = body.instrumentId ? futuresPair(body, engine.view.listing).inst.symbol : null;
      await engine.settled();
      const account = await futuresAccount(ctx.db, engine.view, a);
      // The trigger prices of each position's open take-profit / stop-loss orders.
      const tpsl = await queryOrders(
        ctx.db,
        `select * from trade_orders where user_id = $1 and venue = $2 and market = 'usdm' and close_position and triggered_at is null
           and status in ('running', 'partial_filled') order by id`,
        [a.userId, a.venue],
      );
      const triggerOf = (symbol: string, side: string, kind: 'take_profit' | 'stop_loss') => {
        const order = tpsl.find((o) => o.symbol === symbol && o.positionSide === side && o.tpsl === kind && o.parentOrderId === null)
          ?? tpsl.find((o) => o.symbol === symbol && o.positionSide === side && o.tpsl === kind);
        return order?.stopPrice ? out(order.stopPrice) : null;
      };
      const adl = await adlQuantiles(ctx.db, engine.view, a, account);
      return account.positions
        .filter((f) => symbol === null || f.row.symbol === symbol)
        .map((f) => ({
          ...positionView(account, f),
          takeProfitPrice: triggerOf(f.row.symbol, f.row.positionSide, 'take_profit'),
          stopLossPrice: triggerOf(f.row.symbol, f.row.positionSide, 'stop_loss'),
          adlQuantile: adl.get(`${f.row.symbol}:${f.row.positionSide}`) ?? 0,
        }));
    },

    '/lightning/futures/order/queryOpenOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.keyId ?? body.exchangeKeyId, 'keyId');
      await engine.settled();
      return openOrders(ctx.db, 'usdm', a, body);
    },

    '/lightning/futures/order/pageOrder': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageOrders(ctx.db, 'usdm', a, body.cursorCondition, body.queryCondition);
    },

    '/lightning/futures/trade/queryTrade': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageFills(ctx.db, 'usdm', a, body.cursorCondition, body.queryCondition);
    },

    '/broker/futures/position/history': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pagePositionHistory(ctx.db, a, body.cursorCondition, body.queryCondition);
    },

    '/broker/futures/position/funding': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.keyId, 'keyId');
      await engine.settled();
      return fundingPayments(ctx.db, a, {
        ...(body.historyId !== undefined ? { historyId: rowIdOf('historyId', body.historyId) } : {}),
        ...(body.instrumentId ? { instrumentId: body.instrumentId } : {}),
      });
    },

    '/lightning/futures/trade/queryTradeDetail': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.keyId, 'keyId');
      await engine.settled();
      return orderFills(ctx.db, 'usdm', a, orderIdOf(body.orderId));
    },

    '/broker/futures/account/query': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const list = body.assetSymbolList ?? ['USDT'];
      if (list.some((asset) => asset !== 'USDT')) throw badInput('assetSymbolList', 'asset', 'The USD-M account holds USDT only');
      await engine.settled();
      return accountView(await futuresAccount(ctx.db, engine.view, a));
    },

    // Asset manager tab (spec §3: exchangeKeyId, filterZero): the swap account's assets.
    '/broker/futures/asset/query': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      await engine.settled();
      const account = await futuresAccount(ctx.db, engine.view, a);
      const rows = await balances(ctx.db, a.userId, ledgerAccounts(a.venue).swap);
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
      const { engine } = await acting(t, auth, body.exchangeKeyId);
      const symbols = body.instrumentId || body.baseCurrency ? [futuresPair(body, engine.view.listing).inst.symbol] : engine.view.listings('usdm').map((i) => i.symbol);
      return symbols.map((symbol) => ({ instrumentId: symbol, makerFeeRate: FEES.usdm.maker.toFixed(), takerFeeRate: FEES.usdm.taker.toFixed() }));
    },

    // ---- account modes ----
    '/broker/lightning/account/queryMarginType': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      const pair = futuresPair(body, engine.view.listing);
      const current = await symbolSettings(ctx.db, a, pair.inst.symbol);
      return { instrumentId: pair.inst.symbol, marginType: current.marginType, crossed: current.marginType === 'cross' };
    },

    '/broker/lightning/account/changeMarginType': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      checkNotFrozen(auth);
      const pair = futuresPair(body, engine.view.listing);
      const symbol = pair.inst.symbol;
      return engine.run(async (tx) => {
        const mode = await settings(tx, a);
        if (body.marginType === 'isolated' && mode.multiAssets) {
          throw tradeError(TradeCode.modeState, null, 'Multi-assets mode allows cross margin only');
        }
        await assertIdle(tx, a, symbol);
        const current = await symbolSettings(tx, a, symbol);
        await setSymbolSettings(tx, a, symbol, { ...current, marginType: body.marginType });
        return { instrumentId: symbol, marginType: body.marginType, crossed: body.marginType === 'cross' };
      });
    },

    '/broker/lightning/account/queryMultiAssetsMargin': async ({ body, auth }) => {
      const { a } = await acting(t, auth, body.exchangeKeyId);
      return { multiAssetsMargin: (await settings(ctx.db, a)).multiAssets };
    },

    '/broker/lightning/account/changeMultiAssetsMargin': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      checkNotFrozen(auth);
      return engine.run(async (tx) => {
        if (body.multiAssetsMargin) {
          const isolated = await tx.query('select 1 from futures_symbol_settings where user_id = $1 and venue = $2 and margin_type = $3 limit 1', [a.userId, a.venue, 'isolated']);
          if (isolated.length > 0) throw tradeError(TradeCode.modeState, null, 'Switch every pair to cross margin first');
        }
        await setAccountMode(tx, a, 'multi_assets', body.multiAssetsMargin, nowDate(ctx));
        return { multiAssetsMargin: body.multiAssetsMargin };
      });
    },

    '/broker/lightning/account/queryPositionSide': async ({ body, auth }) => {
      const { a } = await acting(t, auth, body.exchangeKeyId);
      const mode = (await settings(ctx.db, a)).positionSide;
      return { positionSide: mode, dualSidePosition: mode === 'hedge' };
    },

    '/broker/lightning/account/changePositionSide': async ({ body, auth }) => {
      const { a, engine } = await acting(t, auth, body.exchangeKeyId);
      checkNotFrozen(auth);
      return engine.run(async (tx) => {
        await assertIdle(tx, a, null);
        await setAccountMode(tx, a, 'position_side', body.positionSide, nowDate(ctx));
        return { positionSide: body.positionSide, dualSidePosition: body.positionSide === 'hedge' };
      });
    },
  });
}

/** Binance refuses mode changes while positions or open orders exist (of the pair, or of any pair). */
async function assertIdle(tx: Queryable, a: TradeAcct, symbol: string | null): Promise<void> {
  const held = await positions(tx, a, symbol ?? undefined);
  const open = await tx.query(
    `select 1 from trade_orders where user_id = $1 and venue = $2 and market = 'usdm' and status in ('submitted', 'running', 'partial_filled')
     ${symbol ? 'and symbol = $3' : ''} limit 1`,
    symbol ? [a.userId, a.venue, symbol] : [a.userId, a.venue],
  );
  if (held.length > 0 || open.length > 0) throw tradeError(TradeCode.modeState);
}
