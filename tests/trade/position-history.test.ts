import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

/**
 * Position history and funding (server/trade/README.md "Position history and funding"): one history row per
 * position from the fill that opens it to the fill that ends it, with what it held at most, its entry, its average
 * close, realised PnL, fees and funding; funding paid or received at each 8 h boundary of the simulator's clock,
 * once per position and boundary, moved by one balanced ledger entry (tradeSuite checks the ledger after each test).
 */

interface Order {
  orderId: string;
  status: string;
}
interface Deal {
  orderId: string;
  direction: string;
  price: string;
  volume: string;
  fee: string;
  realizedProfitLoss: string;
}
interface History {
  id: string;
  instrumentId: string;
  positionSide: string;
  side: string;
  marginType: string;
  status: string;
  closedAt: string | null;
  maxSize: string;
  closedSize: string;
  entryPrice: string;
  closePrice: string | null;
  realizedProfitLoss: string;
  fees: string;
  funding: string;
  netProfitLoss: string;
}
interface Funding {
  instrumentId: string;
  fundingTime: string;
  fundingRate: string;
  markPrice: string;
  positionAmt: string;
  amount: string;
}
interface Page<T> {
  dataList: T[];
  cursorInfo: { nextCursor: string | null };
}

let api: TradeApi;
const FUNDING_MS = 8 * 3_600_000;

tradeSuite(async (started) => {
  api = started;
  expect((await api.post('/broker/lightning/transfer/submit', { asset: 'USDT', type: 'FUNDING_UMFUTURE', amount: '50000' })).code).toBe(200);
}, { seed: 23 });

const market = async (instrumentId: string, direction: 'buy' | 'sell', volume: string) => {
  const reply = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId, direction, priceType: 'market', volume });
  expect(reply.code, JSON.stringify(reply)).toBe(200);
  return reply.data.orderId;
};
const deals = async (orderIds: string[]) =>
  (await api.post<Page<Deal>>('/lightning/futures/trade/queryTrade', { cursorCondition: { pageSize: 100 } })).data.dataList.filter((d) => orderIds.includes(d.orderId));
const history = async (instrumentId: string) =>
  (await api.post<Page<History>>('/broker/futures/position/history', { cursorCondition: { pageSize: 100 }, queryCondition: { instrumentId } })).data.dataList;
const sum = (list: Deal[], pick: (d: Deal) => Decimal.Value) => list.reduce((a, d) => a.add(pick(d)), dec(0));
const wire = (d: Decimal) => d.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();

describe('position history', () => {
  it('keeps one row from open to close: added to and reduced, its entry, average close, realised PnL and fees are the fills’ own', async () => {
    const open = [await market('ETHUSDT', 'buy', '0.1'), await market('ETHUSDT', 'buy', '0.2')];
    const rows = await history('ETHUSDT');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ side: 'long', positionSide: 'BOTH', status: 'open', maxSize: '0.3', closedSize: '0', closePrice: null, marginType: 'cross' });
    const opening = await deals(open);
    // Entry = Σ price × qty / Σ qty over the opening fills.
    const entry = sum(opening, (d) => dec(d.price).mul(d.volume)).div('0.3');
    expect(rows[0]!.entryPrice).toBe(wire(entry));

    const close = [await market('ETHUSDT', 'sell', '0.1'), await market('ETHUSDT', 'sell', '0.2')];
    const closing = await deals(close);
    const [row] = await history('ETHUSDT');
    expect(row).toMatchObject({ status: 'closed', maxSize: '0.3', closedSize: '0.3', funding: '0' });
    expect(row!.closedAt).not.toBeNull();
    expect(row!.closePrice).toBe(wire(sum(closing, (d) => dec(d.price).mul(d.volume)).div('0.3')));
    // Realised PnL is the closing fills'; fees are every fill's, opening and closing.
    expect(row!.realizedProfitLoss).toBe(wire(sum(closing, (d) => d.realizedProfitLoss)));
    expect(row!.fees).toBe(wire(sum([...opening, ...closing], (d) => d.fee)));
    expect(row!.netProfitLoss).toBe(wire(dec(row!.realizedProfitLoss).sub(row!.fees)));
    // A position opened again is a new row on top.
    await market('ETHUSDT', 'buy', '0.1');
    const again = await history('ETHUSDT');
    expect(again.map((r) => r.status)).toEqual(['open', 'closed']);
    await market('ETHUSDT', 'sell', '0.1');
  });

  it('a fill that turns a long into a short ends the long’s row and opens the short’s, the fee split by quantity', async () => {
    const long = await market('SOLUSDT', 'buy', '1');
    const flip = await market('SOLUSDT', 'sell', '3');
    const [short, ended] = await history('SOLUSDT');
    expect(ended).toMatchObject({ side: 'long', status: 'closed', maxSize: '1', closedSize: '1' });
    expect(short).toMatchObject({ side: 'short', status: 'open', maxSize: '2', closedSize: '0' });
    const flipFills = await deals([flip]);
    const flipFee = sum(flipFills, (d) => d.fee);
    const longFee = sum(await deals([long]), (d) => d.fee);
    // The flip's fee: a third (1 of 3 closed) to the long, two thirds to the short (to the stored 18 decimals).
    expect(dec(ended!.fees).sub(longFee).sub(flipFee.div(3)).abs().lte('0.00000001')).toBe(true);
    expect(dec(short!.fees).sub(flipFee.mul(2).div(3)).abs().lte('0.00000001')).toBe(true);
    await market('SOLUSDT', 'buy', '2');
    expect((await history('SOLUSDT')).every((r) => r.status === 'closed')).toBe(true);
  });

  it('refuses a bad history id and pages with the cursor', async () => {
    expect((await api.post('/broker/futures/position/funding', { historyId: 99999999999 })).code).toBe(400);
    const page = await api.post<Page<History>>('/broker/futures/position/history', { cursorCondition: { pageSize: 10 } });
    expect(page.code).toBe(200);
    expect(page.data.dataList.length).toBeGreaterThanOrEqual(4);
    expect((await api.post('/broker/futures/position/history', { queryCondition: { status: 'gone' } })).code).toBe(400);
  });
});

describe('funding', () => {
  it('at the 8 h boundary a long pays size × mark × rate (a positive rate), once; the row and the wallet show the same amount', async () => {
    await market('BTCUSDT', 'buy', '0.05');
    const before = (await api.balances(3))('USDT').free;
    const now = api.scheduler.now();
    const boundary = Math.floor(now / FUNDING_MS) * FUNDING_MS + FUNDING_MS;
    api.scheduler.advance(boundary - now + 1);
    // The payment is queued by the boundary; a query waits for the queue.
    const payments = (await api.post<Funding[]>('/broker/futures/position/funding', { instrumentId: 'BTCUSDT' })).data;
    expect(payments).toHaveLength(1);
    const p = payments[0]!;
    expect(new Date(p.fundingTime).getTime()).toBe(boundary);
    // The same record the exchange publishes for that boundary.
    const published = (await (await fetch(`${api.root}/sim/fapi.binance.com/fapi/v1/fundingRate?symbol=BTCUSDT&startTime=${boundary}&endTime=${boundary}`)).json()) as Array<{
      fundingRate: string;
      markPrice: string;
    }>;
    expect(dec(p.fundingRate).eq(published[0]!.fundingRate)).toBe(true);
    expect(dec(p.markPrice).eq(published[0]!.markPrice)).toBe(true);
    // amount = −size × mark × rate, 8 decimals
    const due = dec('0.05').mul(p.markPrice).mul(p.fundingRate).neg().toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
    expect(dec(p.amount).eq(due)).toBe(true);
    expect(dec(p.positionAmt).eq('0.05')).toBe(true);
    const after = (await api.balances(3))('USDT').free;
    expect(after.sub(before).eq(due)).toBe(true);
    const [row] = await history('BTCUSDT');
    expect(dec(row!.funding).eq(due)).toBe(true);

    // The boundary settled again, twice at once: nothing more is paid.
    const again = await Promise.all(
      [0, 1].map(async () => (await (await fetch(`${api.base}/_dev/trade/settleFunding`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ time: boundary }) })).json()) as { data: { settled: number } }),
    );
    expect(again.map((r) => r.data.settled)).toEqual([0, 0]);
    expect((await api.balances(3))('USDT').free.eq(after)).toBe(true);
    expect((await api.post<Funding[]>('/broker/futures/position/funding', { instrumentId: 'BTCUSDT' })).data).toHaveLength(1);
    await market('BTCUSDT', 'sell', '0.05');
    const [closed] = await history('BTCUSDT');
    expect(dec(closed!.netProfitLoss).eq(dec(closed!.realizedProfitLoss).sub(closed!.fees).add(closed!.funding))).toBe(true);
  });

  it('an isolated position pays from (or is paid into) its margin, which stays equal to the margin bucket', async () => {
    expect((await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'ETHUSDT', marginType: 'isolated' })).code).toBe(200);
    await market('ETHUSDT', 'sell', '0.5');
    const marginOf = async () => dec((await api.post<Array<{ instrumentId: string; margin: string }>>('/broker/futures/position/query', { instrumentId: 'ETHUSDT' })).data[0]!.margin);
    const free = (await api.balances(3))('USDT').free;
    const marginBefore = await marginOf();
    const now = api.scheduler.now();
    const boundary = Math.floor(now / FUNDING_MS) * FUNDING_MS + FUNDING_MS;
    api.scheduler.advance(boundary - now + 1);
    const p = (await api.post<Funding[]>('/broker/futures/position/funding', { instrumentId: 'ETHUSDT' })).data.find((f) => new Date(f.fundingTime).getTime() === boundary)!;
    // A short: amount = −(−0.5) × mark × rate = +0.5 × mark × rate
    expect(dec(p.amount).eq(dec('0.5').mul(p.markPrice).mul(p.fundingRate).toDecimalPlaces(8, Decimal.ROUND_HALF_UP))).toBe(true);
    expect((await marginOf()).sub(marginBefore).eq(p.amount)).toBe(true);
    expect((await api.balances(3))('USDT').free.eq(free)).toBe(true);
    await market('ETHUSDT', 'buy', '0.5');
    expect((await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'ETHUSDT', marginType: 'cross' })).code).toBe(200);
  });
});

describe('ADL indicator', () => {
  it('ranks a position in profit first when it is alone on its side, and one at a loss last', async () => {
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'hedge' })).code).toBe(200);
    await api.post('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01', positionSide: 'LONG' });
    await api.post('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'sell', priceType: 'market', volume: '0.01', positionSide: 'SHORT' });
    type Row = { positionSide: string; unrealizedProfitLoss: string; adlQuantile: number };
    const rows = async () => (await api.post<Row[]>('/broker/futures/position/query', { instrumentId: 'BTCUSDT' })).data;
    // Step the market until one side is in profit (the other then is at a loss: one mark, the spread paid).
    let now = await rows();
    for (let i = 0; i < 3000 && !now.some((r) => dec(r.unrealizedProfitLoss).gt(0)); i++) {
      await api.step('usdm', 'BTCUSDT', 1);
      now = await rows();
    }
    const winner = now.find((r) => dec(r.unrealizedProfitLoss).gt(0))!;
    const loser = now.find((r) => r !== winner)!;
    expect(winner.adlQuantile).toBe(4);
    expect(dec(loser.unrealizedProfitLoss).lte(0)).toBe(true);
    expect(loser.adlQuantile).toBe(0);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', positionSide: 'LONG' });
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', positionSide: 'SHORT' });
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'oneWay' })).code).toBe(200);
  });
});
