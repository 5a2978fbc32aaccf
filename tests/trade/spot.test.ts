import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

interface Order {
  orderId: string;
  status: string;
  price: string | null;
  volume: string;
  filledVolume: string;
  filledAmount: string;
  averagePrice: string | null;
  fee: string;
  feeAsset: string;
}
interface Fill {
  orderId: string;
  price: string;
  volume: string;
  amount: string;
  fee: string;
  role: string;
}
interface Page<T> {
  dataList: T[];
  cursorInfo: { nextCursor: string | null; prevCursor: string | null };
}

let api: TradeApi;

tradeSuite((started) => {
  api = started;
});

const send = (body: Record<string, unknown>) => api.post<Order>('/broker/spot/order/sendOrder', { instrumentId: 'ETHUSDT', ...body });

describe('spot market orders walk the simulator book', () => {
  it('a market buy takes the best asks level by level, pays the quote and receives base less the 0.1 % fee', async () => {
    const book = await api.book('spot', 'ETHUSDT', 5);
    const [a0, a1] = [book.asks[0]!, book.asks[1]!];
    // Larger than the best level, smaller than the first two: two fills.
    const qty = dec(a0[1]).add(dec(a1[1]).div(2).toDecimalPlaces(4, 1));
    const before = await api.balances(2);
    const reply = await send({ direction: 'buy', priceType: 'market', volume: qty.toFixed() });
    expect(reply.code).toBe(200);
    expect(reply.data.status).toBe('filled');
    const expectedQuote = dec(a0[0]).mul(a0[1]).add(dec(a1[0]).mul(qty.sub(a0[1])));
    expect(dec(reply.data.filledAmount).eq(expectedQuote.toDecimalPlaces(8))).toBe(true);
    expect(dec(reply.data.fee).eq(qty.mul('0.001').toDecimalPlaces(8, Decimal.ROUND_UP))).toBe(true);
    expect(reply.data.feeAsset).toBe('ETH');

    const fills = await api.post<Fill[]>('/broker/spot/trade/queryTradeDetail', { orderId: reply.data.orderId });
    expect(fills.data.map((f) => [f.price, f.role])).toEqual([
      [dec(a0[0]).toFixed(), 'taker'],
      [dec(a1[0]).toFixed(), 'taker'],
    ]);

    const after = await api.balances(2);
    expect(before('USDT').free.sub(after('USDT').free).eq(expectedQuote)).toBe(true);
    expect(after('ETH').free.sub(before('ETH').free).eq(qty.sub(reply.data.fee))).toBe(true);
  });

  it('a market sell pays the fee in the quote asset', async () => {
    const book = await api.book('spot', 'ETHUSDT', 5);
    const b0 = book.bids[0]!;
    const qty = dec(b0[1]).div(2).toDecimalPlaces(4, 1);
    const before = await api.balances(2);
    const reply = await send({ direction: 'sell', priceType: 'market', volume: qty.toFixed() });
    expect(reply.data.status).toBe('filled');
    const quote = qty.mul(b0[0]);
    expect(reply.data.feeAsset).toBe('USDT');
    const after = await api.balances(2);
    expect(after('USDT').free.sub(before('USDT').free).eq(quote.sub(reply.data.fee))).toBe(true);
    expect(before('ETH').free.sub(after('ETH').free).eq(qty)).toBe(true);
  });
});

describe('spot limit orders: rest, partial fill, cancel', () => {
  it('a limit buy below the market rests (running), holds price × volume, and cancels to cancelled', async () => {
    const book = await api.book('spot', 'ETHUSDT', 5);
    const price = dec(book.bids[0]![0]).sub('5');
    const before = await api.balances(2);
    const placed = await send({ direction: 'buy', priceType: 'limit', price: price.toFixed(), volume: '0.5' });
    expect(placed.data.status).toBe('running');
    const held = await api.balances(2);
    expect(held('USDT').locked.sub(before('USDT').locked).eq(price.mul('0.5'))).toBe(true);
    const open = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', {});
    expect(open.data.map((o) => o.orderId)).toContain(placed.data.orderId);

    const cancelled = await api.post<Order>('/broker/spot/order/cancelOrder', { orderId: placed.data.orderId });
    expect(cancelled.data.status).toBe('cancelled');
    const after = await api.balances(2);
    expect(after('USDT').free.eq(before('USDT').free)).toBe(true);
    expect(after('USDT').locked.eq(before('USDT').locked)).toBe(true);
    // A second cancel is refused: the order is no longer open.
    expect((await api.post('/broker/spot/order/cancelOrder', { orderId: placed.data.orderId })).code).toBe(10103);
  });

  it('a marketable limit buy fills what crosses, rests the rest (partial-filled), and a cancel ends it partial-canceled', async () => {
    const book = await api.book('spot', 'ETHUSDT', 5);
    const [a0, a1] = [book.asks[0]!, book.asks[1]!];
    const crossing = dec(a0[1]).add(a1[1]);
    const qty = crossing.add('1');
    const before = await api.balances(2);
    const placed = await send({ direction: 'buy', priceType: 'limit', price: a1[0], volume: qty.toFixed() });
    expect(placed.data.status).toBe('partial-filled');
    expect(dec(placed.data.filledVolume).eq(crossing)).toBe(true);
    const cancelled = await api.post<Order>('/broker/spot/order/cancelOrder', { orderId: placed.data.orderId });
    expect(cancelled.data.status).toBe('partial-canceled');
    const after = await api.balances(2);
    // Nothing stays held; the quote paid is exactly what filled (the level below the limit improved the price).
    expect(after('USDT').locked.eq(before('USDT').locked)).toBe(true);
    const paid = dec(a0[0]).mul(a0[1]).add(dec(a1[0]).mul(a1[1]));
    expect(before('USDT').free.sub(after('USDT').free).eq(paid)).toBe(true);
    const history = await api.post<Page<Order>>('/broker/spot/order/pageOrder', { queryCondition: { status: 'partial-canceled' } });
    expect(history.data.dataList.map((o) => o.orderId)).toContain(placed.data.orderId);
  });

  it('a resting limit order fills, as maker at its own price, when the simulator market crosses it', async () => {
    const book = await api.book('spot', 'ETHUSDT', 5);
    const price = book.bids[0]![0];
    const placed = await send({ direction: 'buy', priceType: 'limit', price, volume: '0.01' });
    expect(placed.data.status).toBe('running');
    let status = 'running';
    for (let i = 0; i < 400 && (status === 'running' || status === 'partial-filled'); i++) {
      await api.step('spot', 'ETHUSDT', 5);
      const open = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', { instrumentId: 'ETHUSDT' });
      status = open.data.find((o) => o.orderId === placed.data.orderId)?.status ?? 'closed';
    }
    expect(status).toBe('closed');
    const fills = await api.post<Fill[]>('/broker/spot/trade/queryTradeDetail', { orderId: placed.data.orderId });
    expect(fills.data.length).toBeGreaterThan(0);
    expect(fills.data.every((f) => f.role === 'maker' && dec(f.price).eq(price))).toBe(true);
    expect(fills.data.reduce((a, f) => a.add(f.volume), dec(0)).toFixed()).toBe('0.01');
    const page = await api.post<Page<Order>>('/broker/spot/order/pageOrder', { queryCondition: { instrumentId: 'ETHUSDT', status: 'filled' } });
    expect(page.data.dataList.find((o) => o.orderId === placed.data.orderId)?.fee).toBe(dec('0.01').mul('0.001').toFixed());
  });
});

describe('spot bad input: a clear refusal and nothing created', () => {
  const cases: Array<[string, Record<string, unknown>, number, string | null]> = [
    ['negative volume', { direction: 'buy', priceType: 'limit', price: '3000', volume: '-1' }, 400, 'positive'],
    ['zero price', { direction: 'buy', priceType: 'limit', price: '0', volume: '1' }, 400, 'positive'],
    ['volume finer than the step (ETHUSDT 0.0001)', { direction: 'buy', priceType: 'limit', price: '3000', volume: '0.00001' }, 400, 'stepSize'],
    ['price finer than the tick (0.01)', { direction: 'buy', priceType: 'limit', price: '3000.001', volume: '0.01' }, 400, 'tickSize'],
    ['below the minimum notional (5 USDT)', { direction: 'buy', priceType: 'limit', price: '100', volume: '0.01' }, 400, 'minNotional'],
    ['non-numeric volume', { direction: 'buy', priceType: 'limit', price: '3000', volume: 'abc' }, 400, 'numeric'],
    ['exponent notation', { direction: 'buy', priceType: 'limit', price: '3e3', volume: '1' }, 400, 'numeric'],
    ['missing price on a limit order', { direction: 'buy', priceType: 'limit', volume: '1' }, 400, 'numeric'],
    ['unknown symbol', { instrumentId: 'NOPEUSDT', direction: 'buy', priceType: 'market', volume: '1' }, 400, 'symbol'],
    ['above the balance', { direction: 'buy', priceType: 'limit', price: '3000', volume: '100' }, 10101, null],
    ['market sell above the balance', { direction: 'sell', priceType: 'market', volume: '5000' }, 10101, null],
  ];

  it.each(cases)('%s', async (_name, body, code, rule) => {
    const ordersBefore = await api.post<Page<Order>>('/broker/spot/order/pageOrder', { cursorCondition: { pageSize: 100 } });
    const openBefore = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', {});
    const before = await api.balances(2);
    const reply = await send(body);
    expect(reply.code).toBe(code);
    if (rule) expect((reply.data as unknown as { rule: string }).rule).toBe(rule);
    if (code === 10101) expect(reply.msg).toBe('Insufficient Balance');
    const ordersAfter = await api.post<Page<Order>>('/broker/spot/order/pageOrder', { cursorCondition: { pageSize: 100 } });
    const openAfter = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', {});
    expect(ordersAfter.data.dataList.length).toBe(ordersBefore.data.dataList.length);
    expect(openAfter.data.length).toBe(openBefore.data.length);
    const after = await api.balances(2);
    for (const asset of ['USDT', 'ETH']) {
      expect(after(asset).free.eq(before(asset).free)).toBe(true);
      expect(after(asset).locked.eq(before(asset).locked)).toBe(true);
    }
  });

  it('the spot-trading-forbidden flag (spec §3) blocks spot orders', async () => {
    const set = await api.call('POST', '/_dev/trade/spotForbidden', { body: { email: 'demo@tradingdesk.test', spotTradingForbidden: true } });
    expect(set.code).toBe(200);
    const account = await api.post<{ spotTradingForbidden: boolean }>('/broker/spot/account/query');
    expect(account.data.spotTradingForbidden).toBe(true);
    const reply = await send({ direction: 'buy', priceType: 'market', volume: '0.01' });
    expect(reply.code).toBe(10102);
    await api.call('POST', '/_dev/trade/spotForbidden', { body: { email: 'demo@tradingdesk.test', spotTradingForbidden: false } });
    expect((await send({ direction: 'buy', priceType: 'market', volume: '0.01' })).code).toBe(200);
  });

  it('refuses without a token', async () => {
    const reply = await api.call('POST', '/broker/spot/order/sendOrder', { body: { instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '1' } });
    expect(reply.status).toBe(401);
  });
});

describe('idempotent placing and transfers (issue 11: a client-chosen request id)', () => {
  it('10 parallel copies of one order with one clientOrderId place one order and hold once; the id with another order is refused', async () => {
    const before = (await api.balances(2))('USDT');
    const body = { clientOrderId: 'idem-order-0001', direction: 'buy', priceType: 'limit', price: '100', volume: '0.5' };
    const replies = await Promise.all(Array.from({ length: 10 }, () => send(body)));
    expect(new Set(replies.map((r) => r.data.orderId)).size).toBe(1);
    expect(replies.every((r) => r.code === 200)).toBe(true);
    const after = (await api.balances(2))('USDT');
    expect(after.locked.minus(before.locked).toFixed()).toBe('50');
    const reused = await send({ ...body, price: '101' });
    expect(reused.code).toBe(10209);
    await api.post('/broker/spot/order/cancelOrder', { orderId: replies[0]!.data.orderId });
  });

  it('10 parallel copies of one transfer with one requestId move the amount once', async () => {
    const before = (await api.balances(1))('USDT');
    const body = { requestId: 'idem-transfer-01', asset: 'USDT', type: 'FUNDING_MAIN', amount: '7' };
    const replies = await Promise.all(Array.from({ length: 10 }, () => api.post<{ transferId: string }>('/broker/lightning/transfer/submit', body)));
    expect(new Set(replies.map((r) => r.data.transferId)).size).toBe(1);
    expect(before.free.minus((await api.balances(1))('USDT').free).toFixed()).toBe('7');
    expect((await api.post('/broker/lightning/transfer/submit', { ...body, amount: '8' })).code).toBe(10209);
  });
});
