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
  averagePrice: string | null;
  fee: string;
  leverage: number;
}
interface Position {
  instrumentId: string;
  positionSide: string;
  direction: string;
  positionAmt: string;
  entryPrice: string;
  markPrice: string;
  unrealizedProfitLoss: string;
  margin: string;
  leverage: number;
  maintMargin: string;
  liquidationPrice: string;
  marginType: string;
}
interface Snapshot {
  marginRatio: string;
  balance: string;
  availableBalance: string;
  unrealizedProfitLoss: string;
  maintMargin: string;
}
interface Deal {
  tradeId: string;
  orderId: string;
  direction: string;
  price: string;
  volume: string;
  fee: string;
  realizedProfitLoss: string;
  role: string;
  liquidationType: string | null;
}
interface Page<T> {
  dataList: T[];
  cursorInfo: { nextCursor: string | null; prevCursor: string | null; hasMore: boolean };
}

let api: TradeApi;
let keyId = '';
const pair = { baseCurrency: 'BTC', quoteCurrency: 'USDT' };

tradeSuite(async (started) => {
  api = started;
  const options = await api.post<{ accountList: Array<{ keyId: string }>; topLeverage: number }>('/broker/lightning/queryBrokerOptions');
  keyId = options.data.accountList[0]!.keyId;
  expect(options.data.topLeverage).toBe(100);
}, { seed: 11 });

const mid = (book: { bids: [string, string][]; asks: [string, string][] }) => dec(book.bids[0]![0]).add(book.asks[0]![0]).div(2);

describe('transfers between account types (spec §3 types, §4 direction codes)', () => {
  it('capital → swap with FUNDING_UMFUTURE moves the amount; the available amount is the free balance', async () => {
    const available = await api.post<{ available: string }>('/broker/lightning/transfer/queryTransferAvailable', { asset: 'USDT', type: 'FUNDING_UMFUTURE' });
    const capital = await api.balances(1);
    expect(dec(available.data.available).eq(capital('USDT').free)).toBe(true);
    const swapBefore = await api.balances(3);
    const reply = await api.post<{ from: number; to: number }>('/broker/lightning/transfer/submit', { asset: 'USDT', type: 'FUNDING_UMFUTURE', amount: '30000.5' });
    expect(reply.code).toBe(200);
    expect([reply.data.from, reply.data.to]).toEqual([1, 3]);
    const capitalAfter = await api.balances(1);
    const swapAfter = await api.balances(3);
    expect(capital('USDT').free.sub(capitalAfter('USDT').free).toFixed()).toBe('30000.5');
    expect(swapAfter('USDT').free.sub(swapBefore('USDT').free).toFixed()).toBe('30000.5');
    const history = await api.post<Page<{ type: string; amount: string }>>('/broker/lightning/transfer/pageTransfer', {});
    expect(history.data.dataList[0]).toMatchObject({ type: 'FUNDING_UMFUTURE', amount: '30000.5' });
  });

  it('every direction code moves between the right pair of accounts', async () => {
    const codes: Array<[string, 1 | 2 | 3, 1 | 2 | 3]> = [
      ['FUNDING_MAIN', 1, 2],
      ['MAIN_FUNDING', 2, 1],
      ['MAIN_UMFUTURE', 2, 3],
      ['UMFUTURE_MAIN', 3, 2],
      ['UMFUTURE_FUNDING', 3, 1],
    ];
    for (const [type, from, to] of codes) {
      const a = await api.balances(from);
      const b = await api.balances(to);
      const reply = await api.post('/broker/lightning/transfer/submit', { asset: 'USDT', type, amount: 1.25 });
      expect(reply.code, type).toBe(200);
      expect(a('USDT').free.sub((await api.balances(from))('USDT').free).toFixed(), type).toBe('1.25');
      expect((await api.balances(to))('USDT').free.sub(b('USDT').free).toFixed(), type).toBe('1.25');
    }
  });

  it('refuses bad amounts and more than is available, moving nothing', async () => {
    const before = [await api.balances(1), await api.balances(3)];
    const bad: Array<[unknown, number, string | null]> = [
      ['-5', 400, 'positive'],
      ['abc', 400, 'numeric'],
      ['1.123456789', 400, 'decimals'],
      ['99999999', 10101, null],
    ];
    for (const [amount, code, rule] of bad) {
      const reply = await api.post('/broker/lightning/transfer/submit', { asset: 'USDT', type: 'UMFUTURE_FUNDING', amount });
      expect(reply.code, String(amount)).toBe(code);
      if (rule) expect((reply.data as { rule: string }).rule).toBe(rule);
    }
    expect((await api.post('/broker/lightning/transfer/submit', { asset: 'USDT', type: 'SIDEWAYS', amount: '1' })).code).toBe(400);
    expect((await api.post('/broker/lightning/transfer/submit', { asset: 'BTC', type: 'FUNDING_UMFUTURE', amount: '1' })).code).toBe(400);
    const after = [await api.balances(1), await api.balances(3)];
    expect(after[0]!('USDT').free.eq(before[0]!('USDT').free)).toBe(true);
    expect(after[1]!('USDT').free.eq(before[1]!('USDT').free)).toBe(true);
  });
});

describe('leverage (spec §7: baseCurrency, quoteCurrency, exchangeKeyId)', () => {
  it('defaults to 20, changes within queryMaxLeverage, refuses beyond it', async () => {
    const max = await api.post<{ leverage: number }>('/broker/lightning/futures/leverage/queryMaxLeverage', { ...pair, exchangeKeyId: keyId });
    expect(max.data.leverage).toBe(100);
    expect((await api.post<{ leverage: number }>('/broker/lightning/futures/leverage/queryLeverage', { ...pair, exchangeKeyId: keyId })).data.leverage).toBe(20);
    expect((await api.post('/broker/lightning/futures/leverage/changeLeverage', { ...pair, exchangeKeyId: keyId, leverage: 101 })).code).toBe(400);
    expect((await api.post('/broker/lightning/futures/leverage/changeLeverage', { ...pair, exchangeKeyId: keyId, leverage: 0 })).code).toBe(400);
    expect((await api.post('/broker/lightning/futures/leverage/changeLeverage', { ...pair, exchangeKeyId: 'someone-else', leverage: 10 })).code).toBe(400);
    const changed = await api.post<{ leverage: number }>('/broker/lightning/futures/leverage/changeLeverage', { ...pair, exchangeKeyId: keyId, leverage: 10 });
    expect(changed.data.leverage).toBe(10);
    expect((await api.post<{ leverage: number }>('/broker/lightning/futures/leverage/queryLeverage', { ...pair, exchangeKeyId: keyId })).data.leverage).toBe(10);
    const small = await api.post<{ leverage: number }>('/broker/lightning/futures/leverage/queryMaxLeverage', { baseCurrency: 'DOGE', quoteCurrency: 'USDT' });
    expect(small.data.leverage).toBe(50);
  });
});

describe('USD-M market order → position with PnL from the mark → close → history deal', () => {
  let openedOrder = '';

  it('a market buy opens a long at the walk average; margin, PnL, margin ratio and liquidation price follow the mark', async () => {
    const book = await api.book('usdm', 'BTCUSDT', 10);
    const a0 = book.asks[0]!;
    const qty = dec(a0[1]).add('0.5');
    const reply = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { ...pair, exchangeKeyId: keyId, direction: 'buy', priceType: 'market', volume: qty.toFixed() });
    expect(reply.code).toBe(200);
    expect(reply.data.status).toBe('filled');
    expect(reply.data.leverage).toBe(10);
    openedOrder = reply.data.orderId;
    // Expected walk over the book as it was.
    let left = qty;
    let quote = dec(0);
    for (const [price, size] of book.asks) {
      const take = Decimal.min(left, size);
      quote = quote.add(take.mul(price));
      left = left.sub(take);
      if (left.isZero()) break;
    }
    expect(dec(reply.data.filledAmount).eq(quote)).toBe(true);
    expect(dec(reply.data.fee).eq(quote.mul('0.0005').toDecimalPlaces(8, Decimal.ROUND_UP))).toBe(true);

    const positions = await api.post<Position[]>('/broker/futures/position/query', { exchangeKeyId: keyId, instrumentId: 'BTCUSDT' });
    const p = positions.data[0]!;
    const entry = quote.div(qty);
    const mark = mid(book);
    expect(p).toMatchObject({ instrumentId: 'BTCUSDT', positionSide: 'BOTH', direction: 'long', marginType: 'cross', leverage: 10 });
    expect(dec(p.positionAmt).eq(qty)).toBe(true);
    expect(dec(p.entryPrice).eq(entry.toDecimalPlaces(8))).toBe(true);
    expect(dec(p.markPrice).eq(mark)).toBe(true);
    const upnl = qty.mul(mark.sub(entry));
    expect(dec(p.unrealizedProfitLoss).eq(upnl.toDecimalPlaces(8))).toBe(true);
    expect(dec(p.margin).eq(qty.mul(mark).div(10).toDecimalPlaces(8))).toBe(true);
    // Binance's BTCUSDT brackets: below 50 000 notional 0.4 %, then 0.5 % less 50 (up to 250 000)
    const tiers = [
      { floor: 0, cap: 50000, mmr: '0.004', cum: '0' },
      { floor: 50000, cap: 250000, mmr: '0.005', cum: '50' },
    ];
    const tierOf = (n: Decimal) => tiers.find((t) => n.gte(t.floor) && n.lt(t.cap))!;
    const notionalNow = qty.mul(mark);
    expect(notionalNow.lt(250000)).toBe(true);
    const mm = notionalNow.mul(tierOf(notionalNow).mmr).sub(tierOf(notionalNow).cum);
    expect(dec(p.maintMargin).eq(mm.toDecimalPlaces(8))).toBe(true);

    const snapshot = await api.post<Snapshot>('/broker/futures/account/query', { exchangeKeyId: keyId, assetSymbolList: ['USDT'] });
    const swap = await api.balances(3);
    const wallet = swap('USDT').free.add(swap('USDT').locked);
    expect(dec(snapshot.data.balance).eq(wallet.toDecimalPlaces(8))).toBe(true);
    expect(dec(snapshot.data.unrealizedProfitLoss).eq(upnl.toDecimalPlaces(8))).toBe(true);
    expect(dec(snapshot.data.maintMargin).eq(mm.toDecimalPlaces(8))).toBe(true);
    expect(dec(snapshot.data.marginRatio).eq(mm.div(wallet.add(upnl)).toDecimalPlaces(4))).toBe(true);
    expect(dec(snapshot.data.availableBalance).eq(swap('USDT').free.add(upnl).sub(qty.mul(mark).div(10)).toDecimalPlaces(8))).toBe(true);
    // Cross: the whole wallet backs the single position. Binance's formula by hand with each tier, kept where the
    // notional at the price lies in that tier, at the pair's tick rounded up for a long; 0 when the wallet covers
    // the position outright.
    const tick = new D(10).pow(-instrument('usdm', 'BTCUSDT')!.tickDecimals);
    const candidates = tiers
      .map((t) => ({ t, price: wallet.add(t.cum).sub(qty.mul(entry)).div(qty.mul(t.mmr).sub(qty)) }))
      .filter(({ t, price }) => price.gt(0) && tierOf(qty.mul(price)) === t);
    const raw = candidates[0] ? new D(candidates[0].price.toFixed()) : new D(0);
    const liq = raw.gt(0) ? raw.div(tick).toDecimalPlaces(0, Decimal.ROUND_UP).mul(tick) : new D(0);
    expect(p.liquidationPrice).toBe(liq.isZero() ? '0' : liq.toFixed());
  });

  it('the PnL moves with the mark price when the simulator moves', async () => {
    const before = (await api.post<Position[]>('/broker/futures/position/query', { exchangeKeyId: keyId })).data[0]!;
    let after = before;
    for (let i = 0; i < 50 && after.markPrice === before.markPrice; i++) {
      await api.step('usdm', 'BTCUSDT', 3);
      after = (await api.post<Position[]>('/broker/futures/position/query', { exchangeKeyId: keyId })).data[0]!;
    }
    const book = await api.book('usdm', 'BTCUSDT', 1);
    expect(dec(after.markPrice).eq(mid(book))).toBe(true);
    expect(after.markPrice).not.toBe(before.markPrice);
    const expected = dec(after.positionAmt).mul(dec(after.markPrice).sub(after.entryPrice));
    expect(dec(after.unrealizedProfitLoss).sub(expected).abs().lte('0.00000001')).toBe(true);
  });

  it('margin type and position mode cannot change while the position is open', async () => {
    const margin = await api.post('/broker/lightning/account/changeMarginType', { ...pair, exchangeKeyId: keyId, marginType: 'isolated' });
    expect(margin.code).toBe(10104);
    const mode = await api.post('/broker/lightning/account/changePositionSide', { exchangeKeyId: keyId, positionSide: 'hedge' });
    expect(mode.code).toBe(10104);
  });

  it('closePosition sells the whole long at market; the deal is listed with its realised PnL', async () => {
    const position = (await api.post<Position[]>('/broker/futures/position/query', { exchangeKeyId: keyId })).data[0]!;
    const before = await api.balances(3);
    const closed = await api.post<Order>('/broker/lightning/futures/order/closePosition', { ...pair, exchangeKeyId: keyId });
    expect(closed.code).toBe(200);
    expect(closed.data.status).toBe('filled');
    expect(dec(closed.data.filledVolume).eq(position.positionAmt)).toBe(true);
    expect((await api.post<Position[]>('/broker/futures/position/query', { exchangeKeyId: keyId })).data).toEqual([]);
    const deals = await api.post<Page<Deal>>('/lightning/futures/trade/queryTrade', { cursorCondition: { pageSize: 100 }, queryCondition: { keyId } });
    const closing = deals.data.dataList.filter((d) => d.orderId === closed.data.orderId);
    expect(closing.length).toBeGreaterThan(0);
    expect(closing.every((d) => d.direction === 'sell' && d.liquidationType === null)).toBe(true);
    const realized = closing.reduce((a, d) => a.add(d.realizedProfitLoss), dec(0));
    const expected = dec(closed.data.filledAmount).sub(dec(position.entryPrice).mul(position.positionAmt));
    expect(realized.sub(expected).abs().lte('0.0000001')).toBe(true);
    // The wallet gets the realised PnL less the fee.
    const after = await api.balances(3);
    expect(after('USDT').free.sub(before('USDT').free).sub(realized.sub(closed.data.fee)).abs().lte('0.0000001')).toBe(true);
    // History orders list both orders; the opening order's fills are its trade detail.
    const history = await api.post<Page<Order>>('/lightning/futures/order/pageOrder', { queryCondition: { keyId, instrumentId: 'BTCUSDT' } });
    expect(history.data.dataList.map((o) => o.orderId)).toEqual(expect.arrayContaining([openedOrder, closed.data.orderId]));
    const detail = await api.post<Deal[]>('/lightning/futures/trade/queryTradeDetail', { orderId: openedOrder });
    expect(detail.data.every((d) => d.role === 'taker' && d.direction === 'buy')).toBe(true);
    // Nothing left to close.
    expect((await api.post('/broker/lightning/futures/order/closePosition', { ...pair, exchangeKeyId: keyId })).code).toBe(10105);
  });

  it('deals page with cursors (spec §3: after pages to older rows, before comes back)', async () => {
    // A market order across 12 levels of DOGEUSDT makes 12 deals.
    const book = await api.book('usdm', 'DOGEUSDT', 12);
    const qty = book.asks.reduce((a, [, size]) => a.add(size), dec(0));
    const order = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'DOGEUSDT', direction: 'buy', priceType: 'market', volume: qty.toFixed() });
    expect(order.code).toBe(200);
    const query = (cursorCondition: Record<string, unknown>) =>
      api.post<Page<Deal>>('/lightning/futures/trade/queryTrade', { cursorCondition, queryCondition: { keyId, instrumentId: 'DOGEUSDT' } });
    const page1 = await query({ pageSize: 10, searchDirection: 'after' });
    expect(page1.data.dataList.length).toBe(10);
    expect(page1.data.cursorInfo.nextCursor).not.toBeNull();
    const page2 = await query({ pageSize: 10, searchDirection: 'after', cursor: page1.data.cursorInfo.nextCursor });
    expect(page2.data.dataList.length).toBe(2);
    expect(page2.data.cursorInfo.nextCursor).toBeNull();
    const ids = [...page1.data.dataList, ...page2.data.dataList].map((d) => Number(d.tradeId));
    expect(new Set(ids).size).toBe(12);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const back = await query({ pageSize: 10, searchDirection: 'before', cursor: page2.data.cursorInfo.prevCursor });
    expect(back.data.dataList).toEqual(page1.data.dataList);
    expect((await query({ pageSize: 7 })).code).toBe(400);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'DOGEUSDT' });
  });
});

describe('hedge mode on cross margin', () => {
  it('a long and a short of one pair show one liquidation price: both sides move with the same mark', async () => {
    expect((await api.post('/broker/lightning/account/changePositionSide', { exchangeKeyId: keyId, positionSide: 'hedge' })).code).toBe(200);
    const long = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '2', positionSide: 'LONG' });
    const short = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'sell', priceType: 'market', volume: '1', positionSide: 'SHORT' });
    expect([long.code, short.code]).toEqual([200, 200]);
    const rows = (await api.post<Position[]>('/broker/futures/position/query', { exchangeKeyId: keyId })).data.filter((p) => p.instrumentId === 'BTCUSDT');
    expect(rows.map((p) => p.positionSide).sort()).toEqual(['LONG', 'SHORT']);
    const tick = new D(10).pow(-instrument('usdm', 'BTCUSDT')!.tickDecimals);
    const [a, b] = rows.map((p) => dec(p.liquidationPrice));
    expect(a!.gt(0)).toBe(true);
    // One price, each side rounded to its own safe side: at most one tick apart.
    expect(a!.sub(b!).abs().lte(tick)).toBe(true);
    // There the wallet plus both sides' PnL meets both sides' maintenance margin (BTCUSDT brackets, first two tiers).
    const swap = await api.balances(3);
    const wallet = swap('USDT').free.add(swap('USDT').locked);
    const at = a!;
    const tierMm = (n: Decimal) => (n.lt(50000) ? n.mul('0.004') : n.mul('0.005').sub(50));
    const equity = rows.reduce((acc, p) => acc.add(dec(p.positionAmt).mul(at.sub(p.entryPrice))), wallet);
    const mm = rows.reduce((acc, p) => acc.add(tierMm(dec(p.positionAmt).abs().mul(at))), dec(0));
    expect(at.mul(3).lt(250000)).toBe(true); // both notionals within the first two tiers
    expect(equity.sub(mm).abs().lte(tick.mul(2))).toBe(true); // the net size is 1 BTC: a tick moves the slack by about 1 USDT
    for (const side of ['LONG', 'SHORT'] as const) await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', positionSide: side });
    expect((await api.post('/broker/lightning/account/changePositionSide', { exchangeKeyId: keyId, positionSide: 'oneWay' })).code).toBe(200);
  });
});
