import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { instrument } from '../../server/sim/instruments.ts';
import { D } from '../../server/platform/decimal.ts';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

interface Order {
  orderId: string;
  status: string;
  filledVolume: string;
  filledAmount: string;
  fee: string;
  positionSide: string;
}
interface Position {
  instrumentId: string;
  positionSide: string;
  positionAmt: string;
  entryPrice: string;
  margin: string;
  marginType: string;
  liquidationPrice: string;
}
interface Page<T> {
  dataList: T[];
}

let api: TradeApi;

tradeSuite((started) => {
  api = started;
}, { seed: 23 });

const send = (body: Record<string, unknown>) => api.post<Order>('/broker/lightning/futures/order/sendOrder', body);
const positions = async () => (await api.post<Position[]>('/broker/futures/position/query', {})).data;
const openOrders = async () => (await api.post<Order[]>('/lightning/futures/order/queryOpenOrder', {})).data;

describe('USD-M bad input: a clear refusal and nothing created', () => {
  const btc = { baseCurrency: 'BTC', quoteCurrency: 'USDT' };
  const cases: Array<[string, Record<string, unknown>, number, string | null]> = [
    ['negative volume', { ...btc, direction: 'buy', priceType: 'market', volume: '-0.01' }, 400, 'positive'],
    ['volume finer than the step (0.001)', { ...btc, direction: 'buy', priceType: 'market', volume: '0.0105' }, 400, 'stepSize'],
    ['price finer than the tick (0.1)', { ...btc, direction: 'buy', priceType: 'limit', price: '60000.05', volume: '0.01' }, 400, 'tickSize'],
    ['below the minimum notional (100 USDT)', { ...btc, direction: 'buy', priceType: 'limit', price: '60000', volume: '0.001' }, 400, 'minNotional'],
    ['non-numeric price', { ...btc, direction: 'buy', priceType: 'limit', price: 'NaN', volume: '0.01' }, 400, 'numeric'],
    ['unknown pair', { baseCurrency: 'NOPE', quoteCurrency: 'USDT', direction: 'buy', priceType: 'market', volume: '1' }, 400, 'symbol'],
    ['hedge side in one-way mode', { ...btc, direction: 'buy', priceType: 'market', volume: '0.01', positionSide: 'LONG' }, 400, 'oneWay'],
    ['unknown direction', { ...btc, direction: 'up', priceType: 'market', volume: '0.01' }, 400, null],
    ['above the balance (margin of 10 BTC at 20×)', { ...btc, direction: 'buy', priceType: 'market', volume: '10' }, 10101, null],
    ['above MARKET_LOT_SIZE maxQty (100 BTC at market)', { ...btc, direction: 'buy', priceType: 'market', volume: '100' }, 400, 'maxQty'],
    ['reduce-only with no position', { ...btc, direction: 'sell', priceType: 'market', volume: '0.01', reduceOnly: true }, 10105, null],
  ];

  it.each(cases)('%s', async (_name, body, code, rule) => {
    const swap = await api.balances(3);
    const history = await api.post<Page<Order>>('/lightning/futures/order/pageOrder', { cursorCondition: { pageSize: 100 } });
    const reply = await send(body);
    expect(reply.code).toBe(code);
    if (rule) expect((reply.data as unknown as { rule: string }).rule).toBe(rule);
    if (code === 10101) expect(reply.msg).toBe('Insufficient Balance');
    expect(await openOrders()).toEqual([]);
    expect(await positions()).toEqual([]);
    expect((await api.post<Page<Order>>('/lightning/futures/order/pageOrder', { cursorCondition: { pageSize: 100 } })).data.dataList.length).toBe(
      history.data.dataList.length,
    );
    const after = await api.balances(3);
    expect(after('USDT').free.eq(swap('USDT').free)).toBe(true);
    expect(after('USDT').locked.eq(swap('USDT').locked)).toBe(true);
  });
});

describe('USD-M limit orders: resting, partial fill by the market, partial_canceled', () => {
  it('a large buy at the best bid fills partly as the simulator trades through it; the cancel ends it partial_canceled', async () => {
    const book = await api.book('usdm', 'ETHUSDT', 3);
    const price = book.bids[0]![0];
    const swapBefore = await api.balances(3);
    const placed = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'limit', price, volume: '100' });
    expect(placed.code).toBe(200);
    expect(placed.data.status).toBe('running');
    const held = await api.balances(3);
    // Holds initial margin at 20× plus the taker fee: 100 × price / 20 + 100 × price × 0.0005.
    const notional = dec(price).mul(100);
    expect(held('USDT').locked.sub(swapBefore('USDT').locked).eq(notional.div(20).add(notional.mul('0.0005').toDecimalPlaces(8, 0)))).toBe(true);

    let order: Order | undefined = placed.data;
    for (let i = 0; i < 200 && order?.status === 'running'; i++) {
      await api.step('usdm', 'ETHUSDT', 5);
      order = (await openOrders()).find((o) => o.orderId === placed.data.orderId);
    }
    expect(order?.status).toBe('partial_filled');
    const filled = dec(order!.filledVolume);
    expect(filled.gt(0) && filled.lt(100)).toBe(true);
    expect(dec(order!.filledAmount).eq(filled.mul(price))).toBe(true);
    // Maker fee 0.02 %.
    expect(dec(order!.fee).eq(filled.mul(price).mul('0.0002').toDecimalPlaces(8, 0))).toBe(true);
    const position = (await positions()).find((p) => p.instrumentId === 'ETHUSDT')!;
    expect(dec(position.positionAmt).eq(filled)).toBe(true);
    expect(dec(position.entryPrice).eq(price)).toBe(true);

    const cancelled = await api.post<Order>('/broker/lightning/futures/order/cancelOrder', { orderId: placed.data.orderId });
    expect(cancelled.data.status).toBe('partial_canceled');
    expect(await openOrders()).toEqual([]);
    const after = await api.balances(3);
    expect(after('USDT').locked.eq(swapBefore('USDT').locked)).toBe(true);
    // Fills after the cancel do not happen: step on and the order stays as it was.
    await api.step('usdm', 'ETHUSDT', 50);
    const detail = await api.post<unknown[]>('/lightning/futures/trade/queryTradeDetail', { orderId: placed.data.orderId });
    const again = await api.post<Page<Order>>('/lightning/futures/order/pageOrder', { queryCondition: { status: 'partial_canceled' } });
    expect(again.data.dataList[0]?.filledVolume).toBe(order!.filledVolume);
    expect(detail.data.length).toBeGreaterThan(0);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'ETHUSDT' });
    expect(await positions()).toEqual([]);
  });

  it('cancelAllOrder cancels every open order of the pair', async () => {
    const book = await api.book('usdm', 'BTCUSDT', 3);
    const below = dec(book.bids[0]![0]).sub(500).toFixed();
    for (const volume of ['0.01', '0.02']) expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'limit', price: below, volume })).data.status).toBe('running');
    expect((await openOrders()).length).toBe(2);
    const reply = await api.post<{ cancelled: number }>('/broker/lightning/futures/order/cancelAllOrder', { instrumentId: 'BTCUSDT' });
    expect(reply.data.cancelled).toBe(2);
    expect(await openOrders()).toEqual([]);
    expect((await api.balances(3))('USDT').locked.isZero()).toBe(true);
  });
});

describe('margin type, position side and multi-assets modes', () => {
  it('isolated margin moves the initial margin into the position; the liquidation price uses it', async () => {
    const change = await api.post<{ marginType: string }>('/broker/lightning/account/changeMarginType', { instrumentId: 'ETHUSDT', marginType: 'isolated' });
    expect(change.data.marginType).toBe('isolated');
    expect((await api.post<{ marginType: string }>('/broker/lightning/account/queryMarginType', { instrumentId: 'ETHUSDT' })).data.marginType).toBe('isolated');
    await api.post('/broker/lightning/futures/leverage/changeLeverage', { instrumentId: 'ETHUSDT', leverage: 10 });
    const before = await api.balances(3);
    const order = await send({ instrumentId: 'ETHUSDT', direction: 'sell', priceType: 'market', volume: '2' });
    expect(order.data.status).toBe('filled');
    const p = (await positions())[0]!;
    expect(p.marginType).toBe('isolated');
    const entry = dec(order.data.filledAmount).div(2);
    const margin = entry.mul(2).div(10);
    expect(dec(p.margin).eq(margin.toDecimalPlaces(8))).toBe(true);
    const after = await api.balances(3);
    expect(before('USDT').free.sub(after('USDT').free).eq(margin.add(order.data.fee))).toBe(true);
    // Isolated short, first tier of the ETH table (0.4 %): (margin + 2 × entry) / (2 × 0.004 + 2), by hand, at the
    // pair's tick rounded down for a short.
    expect(entry.mul(2).lt(50000)).toBe(true);
    const tick = new D(10).pow(-instrument('usdm', 'ETHUSDT')!.tickDecimals);
    const raw = new D(margin.toFixed()).add(new D(entry.toFixed()).mul(2)).div(new D('2.008'));
    expect(p.liquidationPrice).toBe(raw.div(tick).toDecimalPlaces(0, Decimal.ROUND_DOWN).mul(tick).toFixed());
    expect(dec(p.liquidationPrice).gt(entry)).toBe(true);
    const closed = await api.post<Order>('/broker/lightning/futures/order/closePosition', { instrumentId: 'ETHUSDT' });
    expect(closed.data.status).toBe('filled');
    expect(await positions()).toEqual([]);
  });

  it('multi-assets mode needs every pair on cross, and then refuses isolated', async () => {
    expect((await api.post('/broker/lightning/account/changeMultiAssetsMargin', { multiAssetsMargin: true })).code).toBe(10104);
    await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'ETHUSDT', marginType: 'cross' });
    expect((await api.post('/broker/lightning/account/changeMultiAssetsMargin', { multiAssetsMargin: true })).code).toBe(200);
    expect((await api.post<{ multiAssetsMargin: boolean }>('/broker/lightning/account/queryMultiAssetsMargin', {})).data.multiAssetsMargin).toBe(true);
    expect((await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'ETHUSDT', marginType: 'isolated' })).code).toBe(10104);
    expect((await api.post('/broker/lightning/account/changeMultiAssetsMargin', { multiAssetsMargin: false })).code).toBe(200);
  });

  it('hedge mode keeps a long and a short of one pair apart', async () => {
    expect((await api.post<{ dualSidePosition: boolean }>('/broker/lightning/account/changePositionSide', { positionSide: 'hedge' })).data.dualSidePosition).toBe(true);
    expect((await api.post<{ positionSide: string }>('/broker/lightning/account/queryPositionSide', {})).data.positionSide).toBe('hedge');
    const base = { instrumentId: 'SOLUSDT', priceType: 'market' };
    expect((await send({ ...base, direction: 'buy', volume: '10' })).code).toBe(400);
    expect((await send({ ...base, direction: 'buy', volume: '10', positionSide: 'LONG' })).data.status).toBe('filled');
    expect((await send({ ...base, direction: 'sell', volume: '4', positionSide: 'SHORT' })).data.status).toBe('filled');
    // Closing more than the long holds is refused.
    expect((await send({ ...base, direction: 'sell', volume: '11', positionSide: 'LONG' })).code).toBe(10105);
    const held = await positions();
    expect(held.map((p) => [p.positionSide, p.positionAmt])).toEqual([
      ['LONG', '10'],
      ['SHORT', '-4'],
    ]);
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'oneWay' })).code).toBe(10104);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'SOLUSDT', positionSide: 'LONG' });
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'SOLUSDT', positionSide: 'SHORT' });
    expect(await positions()).toEqual([]);
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'oneWay' })).code).toBe(200);
  });
});

describe('lightning terminal calls (spec §7)', () => {
  it('saved configurations: add, list, remember the active one, delete', async () => {
    const a = await api.post<{ id: string }>('/broker/lightning/addLightning', { config: { name: 'BTC scalp', instrumentId: 'BTCUSDT', sizes: ['0.01', '0.05'] } });
    const b = await api.post<{ id: string }>('/broker/lightning/addLightning', { config: { name: 'ETH', instrumentId: 'ETHUSDT' } });
    expect((await api.post('/broker/lightning/memoryLightning', { id: b.data.id })).code).toBe(200);
    const list = await api.post<{ dataList: Array<{ id: string; config: { name: string } }>; activeId: string | null }>('/broker/lightning/queryLightningList');
    expect(list.data.dataList.map((c) => c.config.name)).toEqual(['BTC scalp', 'ETH']);
    expect(list.data.activeId).toBe(b.data.id);
    expect((await api.post('/broker/lightning/delLightning', { id: b.data.id })).code).toBe(200);
    expect((await api.post('/broker/lightning/delLightning', { id: b.data.id })).code).toBe(400);
    const after = await api.post<{ dataList: Array<{ id: string }>; activeId: string | null }>('/broker/lightning/queryLightningList');
    expect(after.data.dataList.map((c) => c.id)).toEqual([a.data.id]);
    expect(after.data.activeId).toBeNull();
    expect((await api.post('/broker/lightning/addLightning', { config: 'not an object' })).code).toBe(400);
  });

  it('keyboard config: null until saved, then the JSON text back; non-JSON refused', async () => {
    expect((await api.call<{ configData: string | null }>('GET', '/user/feConfig/getKeyBoardConfig', { token: api.userToken })).data.configData).toBeNull();
    const config = JSON.stringify({ buy: 'B', sell: 'S', closePosition: 'C', cancelAll: 'X', sizes: { '1': '0.01' } });
    expect((await api.post('/user/feConfig/updateKeyBoardConfig', { configData: config })).code).toBe(200);
    expect((await api.call<{ configData: string }>('GET', '/user/feConfig/getKeyBoardConfig', { token: api.userToken })).data.configData).toBe(config);
    expect((await api.post('/user/feConfig/updateKeyBoardConfig', { configData: '{oops' })).code).toBe(400);
  });

  it('trader register and query; fee list', async () => {
    expect((await api.post<{ registered: boolean }>('/broker/lightning/trader/query')).data.registered).toBe(false);
    const reg = await api.post<{ registered: boolean; keyId: string }>('/broker/lightning/trader/register');
    expect(reg.data.registered).toBe(true);
    expect((await api.post<{ registered: boolean }>('/broker/lightning/trader/query')).data.registered).toBe(true);
    const fees = await api.post<Array<{ instrumentId: string; makerFeeRate: string; takerFeeRate: string }>>('/broker/lightning/futures/fee/query', { instrumentId: 'BTCUSDT' });
    expect(fees.data).toEqual([{ instrumentId: 'BTCUSDT', makerFeeRate: '0.0002', takerFeeRate: '0.0005' }]);
  });
});
