import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { makeBrackets, tiersFor } from '../../contract/futures-brackets.ts';
import { estimateOrder, liquidationAtTick, riskAccountFromViews, type PositionFields, type PositionSide } from '../../contract/futures-risk.ts';
import { instrument } from '../../server/sim/instruments.ts';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

/*
 * The order form's estimate and the sandbox's position row come from one function (contract/futures-risk.ts):
 * estimated from the account the app reads before an order (the capital snapshot and position query), filled at the
 * order's average price, the estimate is the liquidation price the position row shows after the fill — one-way
 * added to and reduced, cross with another contract's MM/PnL, isolated, and hedge mode's two sides.
 */

interface Order {
  status: string;
  filledVolume: string;
  filledAmount: string;
  averagePrice: string | null;
}

let api: TradeApi;

tradeSuite((started) => {
  api = started;
}, { seed: 31 });

type PositionView = PositionFields & { markPrice: string; liquidationPrice: string };
const positions = async () => (await api.post<PositionView[]>('/broker/futures/position/query', {})).data;
const capital = async () => (await api.post<{ balance: string }>('/broker/futures/account/query', { assetSymbolList: ['USDT'] })).data;
const send = (body: Record<string, unknown>) => api.post<Order>('/broker/lightning/futures/order/sendOrder', body);

/** Estimates a market order from the views, sends it, and answers the estimate and the position row it left. */
async function estimateThenFill(o: { symbol: string; side: 'buy' | 'sell'; qty: string; positionSide?: PositionSide; leverage: number; marginType: 'cross' | 'isolated' }) {
  // what the form reads (src/features/trading/order-entry/futures-context.ts riskAccountOf)
  const account = riskAccountFromViews((await capital()).balance, await positions());
  const reply = await send({ instrumentId: o.symbol, direction: o.side, priceType: 'market', volume: o.qty, ...(o.positionSide && o.positionSide !== 'BOTH' ? { positionSide: o.positionSide } : {}) });
  expect(reply.data.status).toBe('filled');
  const positionSide = o.positionSide ?? 'BOTH';
  const row = (await positions()).find((p) => p.instrumentId === o.symbol && p.positionSide === positionSide)!;
  const inst = instrument('usdm', o.symbol)!;
  const estimate = estimateOrder(account, {
    symbol: o.symbol,
    side: o.side,
    positionSide,
    qty: new Decimal(o.qty),
    price: dec(reply.data.averagePrice!),
    leverage: o.leverage,
    marginType: o.marginType,
    takerFeeRate: new Decimal('0.0005'),
    brackets: makeBrackets(tiersFor(inst.base)),
    mark: dec(row.markPrice),
  });
  const tick = new Decimal(10).pow(-inst.tickDecimals);
  const shown = estimate.liquidation ? liquidationAtTick(estimate.liquidation, tick, estimate.position.size.isPositive()).toFixed() : '0';
  return { shown, row, tick };
}

describe('the form’s estimate is the position row’s liquidation price', () => {
  it('one-way cross: opened, added to, reduced, with another cross contract held', async () => {
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) await api.post('/broker/lightning/futures/leverage/changeLeverage', { instrumentId: symbol, leverage: 10 });
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '3' })).data.status).toBe('filled');
    for (const [side, qty] of [['buy', '0.5'], ['buy', '0.2'], ['sell', '0.3']] as const) {
      const { shown, row, tick } = await estimateThenFill({ symbol: 'BTCUSDT', side, qty, leverage: 10, marginType: 'cross' });
      expect(dec(row.liquidationPrice).gt(0)).toBe(true);
      // per-fill fee rounding (8 decimals) may move it by at most a tick
      expect(dec(shown).sub(row.liquidationPrice).abs().lte(tick)).toBe(true);
    }
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: symbol });
  });

  it('isolated: opened, added to and reduced on its own margin', async () => {
    expect((await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'BTCUSDT', marginType: 'isolated' })).code).toBe(200);
    for (const [side, qty] of [['sell', '0.4'], ['sell', '0.4'], ['buy', '0.5']] as const) {
      const { shown, row, tick } = await estimateThenFill({ symbol: 'BTCUSDT', side, qty, leverage: 10, marginType: 'isolated' });
      expect(row.marginType).toBe('isolated');
      expect(dec(shown).sub(row.liquidationPrice).abs().lte(tick)).toBe(true);
    }
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT' });
    expect((await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'BTCUSDT', marginType: 'cross' })).code).toBe(200);
  });

  it('hedge mode cross: a SHORT opened beside the LONG liquidates with it', async () => {
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'hedge' })).code).toBe(200);
    const legs = [
      { side: 'buy', qty: '1', positionSide: 'LONG' },
      { side: 'sell', qty: '0.6', positionSide: 'SHORT' },
      { side: 'buy', qty: '0.2', positionSide: 'LONG' },
    ] as const;
    for (const leg of legs) {
      const { shown, row, tick } = await estimateThenFill({ symbol: 'BTCUSDT', ...leg, leverage: 10, marginType: 'cross' });
      expect(dec(shown).sub(row.liquidationPrice).abs().lte(tick)).toBe(true);
    }
    for (const side of ['LONG', 'SHORT']) await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', positionSide: side });
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'oneWay' })).code).toBe(200);
  });
});
