import type { FastifyInstance } from 'fastify';
import { nowDate } from '../../api/context.ts';
import { badInput } from '../../api/envelope.ts';
import { s, userRoute } from '../../api/http.ts';
import type { Queryable } from '../../db/client.ts';
import { accountView, futuresAccount, positionView } from '../account.ts';
import { parseAmount } from '../decimal.ts';
import { TradeCode, tradeError } from '../errors.ts';
import { FEES, allPairs, checkFilterMaxima, futuresPair, maxLeverage } from '../markets.ts';
import type { Side } from '../matching.ts';
import { orderView } from '../orders.ts';
import { cursorSchema, type CursorCondition } from '../paging.ts';
import { Account, balances, positions, setSetting, setSymbolSettings, settings, symbolSettings, type PositionSide } from '../store.ts';
import {
  amount,
  checkKey,
  checkNotFrozen,
  keyField,
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

interface PairBody {
  baseCurrency?: string;
  quoteCurrency?: string;
  instrumentId?: string;
  exchangeKeyId?: string | number;
}

const pairProps = { baseCurrency: s.str(1, 20), quoteCurrency: s.str(1, 20), instrumentId: symbolField, exchangeKeyId: keyField };

interface SendOrderBody extends PairBody {
  direction: Side;
  priceType: 'limit' | 'market';
  price?: string | number;
  volume: string | number;
  positionSide?: PositionSide;
  reduceOnly?: boolean;
  clientOrderId?: string;
}

/** USD-M calls of spec §7 "Lightning futures" and the futures data tabs of spec §3. */
export function futuresRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx, engine } = t;

  // ---- leverage (spec §7: baseCurrency, quoteCurrency, exchangeKeyId → leverage) ----
  for (const name of ['queryLeverage', 'queryMaxLeverage'] as const) {
    userRoute<PairBody>(ctx, app, {
      method: 'POST',
      url: `/broker/lightning/futures/leverage/${name}`,
      body: s.obj(pairProps),
      handler: async ({ body, auth }) => {
        checkKey(auth, body.exchangeKeyId);
        const pair = futuresPair(body);
        const current = await symbolSettings(ctx.db, auth.user.id, pair.inst.symbol);
        const top = maxLeverage(pair.inst);
        return name === 'queryLeverage'
          ? { leverage: current.leverage, maxLeverage: top, instrumentId: pair.inst.symbol }
          : { leverage: top, maxLeverage: top, instrumentId: pair.inst.symbol };
      },
    });
  }

  userRoute<PairBody & { leverage: number }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/futures/leverage/changeLeverage',
    body: s.obj({ ...pairProps, leverage: { type: 'integer' } }, ['leverage']),
    handler: async ({ body, auth }) => {
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
  });

  // ---- orders ----
  userRoute<SendOrderBody>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/futures/order/sendOrder',
    body: s.obj(
      {
        ...pairProps,
        direction: { type: 'string', enum: ['buy', 'sell'] },
        priceType: { type: 'string', enum: ['limit', 'market'] },
        price: amount,
        volume: amount,
        // A retry with the same id returns the first order (issue 11 idempotency).
        clientOrderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
        positionSide: { type: 'string', enum: ['BOTH', 'LONG', 'SHORT'] },
        reduceOnly: { type: 'boolean' },
      },
      ['direction', 'priceType', 'volume'],
    ),
    handler: async ({ body, auth }) => {
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
  });

  userRoute<{ orderId: string | number; exchangeKeyId?: string }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/futures/order/cancelOrder',
    body: s.obj({ orderId: orderIdField, exchangeKeyId: keyField, instrumentId: symbolField }, ['orderId']),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return orderView(await engine.cancel(auth.user.id, 'usdm', orderIdOf(body.orderId)));
    },
  });

  userRoute<PairBody>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/futures/order/cancelAllOrder',
    body: s.obj(pairProps),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const symbol = body.instrumentId || body.baseCurrency ? futuresPair(body).inst.symbol : null;
      const cancelled = await engine.cancelAll(auth.user.id, 'usdm', symbol);
      return { cancelled: cancelled.length, dataList: cancelled.map(orderView) };
    },
  });

  userRoute<PairBody & { positionSide?: PositionSide; volume?: string | number }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/futures/order/closePosition',
    body: s.obj({ ...pairProps, positionSide: { type: 'string', enum: ['BOTH', 'LONG', 'SHORT'] }, volume: amount }),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      // Closing reduces risk: allowed to a frozen account (checkNotFrozen).
      const pair = futuresPair(body);
      const volume = body.volume === undefined ? null : parseAmount('volume', body.volume, pair.inst.stepDecimals, 'stepSize');
      checkFilterMaxima(pair, 'market', null, volume);
      return orderView(await engine.closePosition(auth.user.id, pair, body.positionSide ?? null, volume));
    },
  });

  // ---- positions, orders and deals (spec §3 futures data tabs) ----
  userRoute<{ exchangeKeyId?: string; instrumentId?: string }>(ctx, app, {
    method: 'POST',
    url: '/broker/futures/position/query',
    body: s.obj({ exchangeKeyId: keyField, instrumentId: symbolField }),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const symbol = body.instrumentId ? futuresPair(body).inst.symbol : null;
      await engine.settled();
      const account = await futuresAccount(ctx.db, engine.view, auth.user.id);
      return account.positions.filter((f) => symbol === null || f.row.symbol === symbol).map((f) => positionView(account, f));
    },
  });

  userRoute<OrderFilter & { keyId?: string; exchangeKeyId?: string }>(ctx, app, {
    method: 'POST',
    url: '/lightning/futures/order/queryOpenOrder',
    body: s.obj(orderFilterProps),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.keyId ?? body.exchangeKeyId, 'keyId');
      await engine.settled();
      return openOrders(ctx.db, 'usdm', auth.user.id, body);
    },
  });

  const pageBody = s.obj({ cursorCondition: cursorSchema, queryCondition: s.obj(orderFilterProps) });

  userRoute<{ cursorCondition?: CursorCondition; queryCondition?: OrderFilter & { keyId?: string } }>(ctx, app, {
    method: 'POST',
    url: '/lightning/futures/order/pageOrder',
    body: pageBody,
    handler: async ({ body, auth }) => {
      checkKey(auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageOrders(ctx.db, 'usdm', auth.user.id, body.cursorCondition, body.queryCondition);
    },
  });

  userRoute<{ cursorCondition?: CursorCondition; queryCondition?: OrderFilter & { keyId?: string } }>(ctx, app, {
    method: 'POST',
    url: '/lightning/futures/trade/queryTrade',
    body: pageBody,
    handler: async ({ body, auth }) => {
      checkKey(auth, body.queryCondition?.keyId, 'queryCondition.keyId');
      await engine.settled();
      return pageFills(ctx.db, 'usdm', auth.user.id, body.cursorCondition, body.queryCondition);
    },
  });

  userRoute<{ orderId: string | number; keyId?: string }>(ctx, app, {
    method: 'POST',
    url: '/lightning/futures/trade/queryTradeDetail',
    body: s.obj({ orderId: orderIdField, keyId: keyField }, ['orderId']),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.keyId, 'keyId');
      await engine.settled();
      return orderFills(ctx.db, 'usdm', auth.user.id, orderIdOf(body.orderId));
    },
  });

  userRoute<{ exchangeKeyId?: string; assetSymbolList?: string[] }>(ctx, app, {
    method: 'POST',
    url: '/broker/futures/account/query',
    body: s.obj({ exchangeKeyId: keyField, assetSymbolList: { type: 'array', items: s.str(1, 20), maxItems: 10 } }),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const list = body.assetSymbolList ?? ['USDT'];
      if (list.some((asset) => asset !== 'USDT')) throw badInput('assetSymbolList', 'asset', 'The USD-M account holds USDT only');
      await engine.settled();
      return accountView(await futuresAccount(ctx.db, engine.view, auth.user.id));
    },
  });

  // Asset manager tab (spec §3: exchangeKeyId, filterZero): the swap account's assets.
  userRoute<{ exchangeKeyId?: string; filterZero?: boolean }>(ctx, app, {
    method: 'POST',
    url: '/broker/futures/asset/query',
    body: s.obj({ exchangeKeyId: keyField, filterZero: { type: 'boolean' } }),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      await engine.settled();
      const account = await futuresAccount(ctx.db, engine.view, auth.user.id);
      const rows = await balances(ctx.db, auth.user.id, Account.swap);
      return rows
        .map((row) => {
          const usdt = row.asset === 'USDT';
          return {
            asset: row.asset,
            walletBalance: usdt ? accountView(account)['balance'] : row.free.add(row.locked).toFixed(),
            availableBalance: usdt ? accountView(account)['availableBalance'] : row.free.toFixed(),
            unrealizedProfitLoss: usdt ? accountView(account)['unrealizedProfitLoss'] : '0',
          };
        })
        .filter((row) => !body.filterZero || row.walletBalance !== '0');
    },
  });

  userRoute<PairBody>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/futures/fee/query',
    body: s.obj({ ...pairProps }),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const symbols = body.instrumentId || body.baseCurrency ? [futuresPair(body).inst.symbol] : allPairs('usdm').map((i) => i.symbol);
      return symbols.map((symbol) => ({ instrumentId: symbol, makerFeeRate: FEES.usdm.maker.toFixed(), takerFeeRate: FEES.usdm.taker.toFixed() }));
    },
  });

  // ---- account modes ----
  userRoute<PairBody>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/account/queryMarginType',
    body: s.obj(pairProps),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const pair = futuresPair(body);
      const current = await symbolSettings(ctx.db, auth.user.id, pair.inst.symbol);
      return { instrumentId: pair.inst.symbol, marginType: current.marginType, crossed: current.marginType === 'cross' };
    },
  });

  userRoute<PairBody & { marginType: 'cross' | 'isolated' }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/account/changeMarginType',
    body: s.obj({ ...pairProps, marginType: { type: 'string', enum: ['cross', 'isolated'] } }, ['marginType']),
    handler: async ({ body, auth }) => {
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
  });

  userRoute<{ exchangeKeyId?: string }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/account/queryMultiAssetsMargin',
    body: s.obj({ exchangeKeyId: keyField }),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      return { multiAssetsMargin: (await settings(ctx.db, auth.user.id)).multiAssets };
    },
  });

  userRoute<{ exchangeKeyId?: string; multiAssetsMargin: boolean }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/account/changeMultiAssetsMargin',
    body: s.obj({ exchangeKeyId: keyField, multiAssetsMargin: { type: 'boolean' } }, ['multiAssetsMargin']),
    handler: async ({ body, auth }) => {
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
  });

  userRoute<{ exchangeKeyId?: string }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/account/queryPositionSide',
    body: s.obj({ exchangeKeyId: keyField }),
    handler: async ({ body, auth }) => {
      checkKey(auth, body.exchangeKeyId);
      const mode = (await settings(ctx.db, auth.user.id)).positionSide;
      return { positionSide: mode, dualSidePosition: mode === 'hedge' };
    },
  });

  userRoute<{ exchangeKeyId?: string; positionSide: 'oneWay' | 'hedge' }>(ctx, app, {
    method: 'POST',
    url: '/broker/lightning/account/changePositionSide',
    body: s.obj({ exchangeKeyId: keyField, positionSide: { type: 'string', enum: ['oneWay', 'hedge'] } }, ['positionSide']),
    handler: async ({ body, auth }) => {
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
