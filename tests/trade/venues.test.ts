import { describe, expect, it } from 'vitest';
import { MarketView } from '../../server/trade/index.ts';
import type { SimVenue } from '../../server/sim/index.ts';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

/**
 * Accounts per venue (server/trade/README.md "Accounts per venue"): the user's Binance, OKX and Bybit accounts, each
 * trading against its own venue's simulated book, with its own balances, positions and records.
 */

let api: TradeApi;
tradeSuite((a) => {
  api = a;
});

interface Listing {
  keyId: string;
  brokerAccountId: string;
  exchangeCode: string;
  sortIndex: number;
}
interface Order {
  orderId: string;
  status: string;
  averagePrice: string | null;
  filledVolume: string;
  clientOrderId: string | null;
}
interface Fill {
  price: string;
  volume: string;
  fee: string;
}
interface Position {
  symbol: string;
  positionAmt: string;
}

async function accounts(token = api.userToken): Promise<Listing[]> {
  const reply = await api.call<{ accountList: Listing[] }>('POST', '/broker/lightning/queryBrokerOptions', { token, body: {} });
  expect(reply.code).toBe(200);
  return reply.data.accountList;
}

async function keyOf(venue: SimVenue): Promise<string> {
  return (await accounts()).find((a) => a.exchangeCode === venue)!.keyId;
}

/** The venue's ask and bid prices (best first), read from its simulator as the engine reads them. */
function levels(venue: SimVenue, market: 'spot' | 'usdm', side: 'buy' | 'sell'): string[] {
  const view = new MarketView(api.venues.get(venue));
  return [...view.opposite(view.pair(market, 'BTCUSDT').inst, side)].map((l) => l.price.toFixed());
}

const positionsOf = async (exchangeKeyId?: string) =>
  (await api.post<Position[]>('/broker/futures/position/query', exchangeKeyId === undefined ? {} : { exchangeKeyId })).data;

describe('accounts per venue', () => {
  it('queryBrokerOptions lists the three venues and an account on each, Binance’s (keyId = the old one) the default', async () => {
    const reply = await api.post<{ exchangeList: { exchangeCode: string; exchangeName: string }[]; accountList: Listing[] }>('/broker/lightning/queryBrokerOptions');
    expect(reply.data.exchangeList).toEqual([
      { exchangeCode: 'binance', exchangeName: 'Binance' },
      { exchangeCode: 'okx', exchangeName: 'OKX' },
      { exchangeCode: 'bybit', exchangeName: 'Bybit' },
    ]);
    const list = reply.data.accountList;
    expect(list.map((a) => [a.exchangeCode, a.sortIndex])).toEqual([
      ['binance', 1],
      ['okx', 2],
      ['bybit', 3],
    ]);
    // Binance's keyId is the trader's keyId as before (the user id); the others are their own, and stable.
    const trader = await api.post<{ keyId: string }>('/broker/lightning/trader/query');
    expect(list[0]!.keyId).toBe(trader.data.keyId);
    expect(new Set(list.map((a) => a.keyId)).size).toBe(3);
    expect((await accounts()).map((a) => a.keyId)).toEqual(list.map((a) => a.keyId));
    for (const a of list) expect(a.brokerAccountId).toBe(a.keyId);
  });

  it('the demo user’s OKX and Bybit accounts are funded with USDT on spot and futures', async () => {
    for (const venue of ['okx', 'bybit'] as const) {
      const key = await keyOf(venue);
      expect((await api.balances(2, key))('USDT').free.gte(10_000), venue).toBe(true);
      expect((await api.balances(3, key))('USDT').free.gte(10_000), venue).toBe(true);
    }
  });

  it('a spot limit buy on the OKX account takes OKX’s asks (not Binance’s) and only the OKX account holds it', async () => {
    const okx = await keyOf('okx');
    const okxAsks = levels('okx', 'spot', 'buy');
    const binanceAsks = levels('binance', 'spot', 'buy');
    expect(okxAsks[0]).not.toBe(binanceAsks[0]);
    const binanceBefore = (await api.balances(2))('BTC').free;
    const okxBefore = (await api.balances(2, okx))('BTC').free;
    // At OKX's best ask: takes that level at once (OKX sizes BTC-USDT spot in 1e-7 of a BTC here).
    const order = await api.post<Order>('/broker/spot/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: okx, direction: 'buy', priceType: 'limit', price: okxAsks[0], volume: '0.0012345' });
    expect(order.code, JSON.stringify(order)).toBe(200);
    const fills = await api.post<Fill[]>('/broker/spot/trade/queryTradeDetail', { orderId: order.data.orderId, exchangeKeyId: okx });
    expect(fills.data.length).toBeGreaterThan(0);
    for (const f of fills.data) {
      expect(okxAsks).toContain(dec(f.price).toFixed());
      expect(dec(f.price).eq(binanceAsks[0]!)).toBe(false);
    }
    const bought = fills.data.reduce((s, f) => s.add(f.volume).sub(f.fee), dec(0));
    expect(bought.gt(0)).toBe(true);
    // What the fills gave, less their fee (taken from the BTC received), is the OKX account's; the Binance account is untouched.
    expect((await api.balances(2, okx))('BTC').free.sub(okxBefore).eq(bought)).toBe(true);
    expect((await api.balances(2))('BTC').free.eq(binanceBefore)).toBe(true);
    // The order is the OKX account's: not in the Binance account's records, and not cancellable through it.
    const binanceFills = await api.post<{ dataList: { orderId: string }[] }>('/broker/spot/trade/queryTrade', {});
    expect(binanceFills.data.dataList.map((f) => f.orderId)).not.toContain(order.data.orderId);
    const okxFills = await api.post<{ dataList: { orderId: string }[] }>('/broker/spot/trade/queryTrade', { queryCondition: { keyId: okx } });
    expect(okxFills.data.dataList.map((f) => f.orderId)).toContain(order.data.orderId);
  });

  it('a perpetual market order on the OKX account fills at OKX’s book; the position shows on the OKX account only', async () => {
    const okx = await keyOf('okx');
    const okxAsks = levels('okx', 'usdm', 'buy');
    const binanceAsks = levels('binance', 'usdm', 'buy');
    expect(okxAsks[0]).not.toBe(binanceAsks[0]);
    // 0.0123 BTC: 1.23 contracts of ctVal 0.01 (OKX's lot is 0.01 contracts = 0.0001 BTC; Binance's step is 0.001).
    const order = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: okx, direction: 'buy', priceType: 'market', volume: '0.0123' });
    expect(order.code, JSON.stringify(order)).toBe(200);
    expect(order.data.status).toBe('filled');
    const fills = await api.post<Fill[]>('/lightning/futures/trade/queryTradeDetail', { orderId: order.data.orderId, keyId: okx });
    for (const f of fills.data) expect(okxAsks).toContain(dec(f.price).toFixed());
    expect(dec(order.data.averagePrice!).eq(binanceAsks[0]!)).toBe(false);
    expect((await positionsOf(okx)).map((p) => [p.symbol, p.positionAmt])).toEqual([['BTCUSDT', '0.0123']]);
    expect(await positionsOf()).toEqual([]);
    expect(await positionsOf(await keyOf('bybit'))).toEqual([]);
    // Binance's own step refuses the same quantity on the default account.
    const binance = await api.post('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.0123' });
    expect([binance.status, (binance.data as { rule?: string } | null)?.rule]).toEqual([400, 'stepSize']);
    // Closing it on the OKX account leaves nothing open there.
    const close = await api.post<Order>('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', exchangeKeyId: okx });
    expect(close.code).toBe(200);
    expect(await positionsOf(okx)).toEqual([]);
  });

  it('OKX’s lot rule: a quantity that is not a whole number of lots (LTC-USDT-SWAP: 1 contract = 1 LTC) is refused with 400 stepSize, nothing placed', async () => {
    const okx = await keyOf('okx');
    const refused = await api.post('/broker/lightning/futures/order/sendOrder', { instrumentId: 'LTCUSDT', exchangeKeyId: okx, direction: 'buy', priceType: 'market', volume: '0.5' });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ field: 'volume', rule: 'stepSize' });
    const open = await api.post<unknown[]>('/lightning/futures/order/queryOpenOrder', { keyId: okx });
    expect(open.data).toEqual([]);
    // 0.5 LTC is a valid Binance quantity (step 0.001): the rule is OKX's, not the sandbox's.
    const binance = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'LTCUSDT', direction: 'buy', priceType: 'market', volume: '0.5' });
    expect(binance.code).toBe(200);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'LTCUSDT' });
  });

  it('Bybit: a perpetual market order fills at Bybit’s book, its position is Bybit’s alone; its step refuses 0.0005 BTC', async () => {
    const bybit = await keyOf('bybit');
    const asks = levels('bybit', 'usdm', 'buy');
    expect(asks[0]).not.toBe(levels('binance', 'usdm', 'buy')[0]);
    expect(asks[0]).not.toBe(levels('okx', 'usdm', 'buy')[0]);
    const order = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: bybit, direction: 'sell', priceType: 'market', volume: '0.002' });
    expect(order.code, JSON.stringify(order)).toBe(200);
    const bids = levels('bybit', 'usdm', 'sell');
    const fills = await api.post<Fill[]>('/lightning/futures/trade/queryTradeDetail', { orderId: order.data.orderId, keyId: bybit });
    for (const f of fills.data) expect(bids).toContain(dec(f.price).toFixed());
    expect((await positionsOf(bybit)).map((p) => p.positionAmt)).toEqual(['-0.002']);
    expect(await positionsOf(await keyOf('okx'))).toEqual([]);
    expect(await positionsOf()).toEqual([]);
    const refused = await api.post('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: bybit, direction: 'buy', priceType: 'market', volume: '0.0005' });
    expect(refused.status).toBe(400);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', exchangeKeyId: bybit });
    // Bybit's leverage limit of a small coin (25×) caps changeLeverage; BTC's is 100×.
    expect((await api.post<{ leverage: number }>('/broker/lightning/futures/leverage/queryMaxLeverage', { instrumentId: 'LTCUSDT', exchangeKeyId: bybit })).data.leverage).toBe(25);
    expect((await api.post<{ leverage: number }>('/broker/lightning/futures/leverage/queryMaxLeverage', { instrumentId: 'BTCUSDT', exchangeKeyId: bybit })).data.leverage).toBe(100);
    expect((await api.post('/broker/lightning/futures/leverage/changeLeverage', { instrumentId: 'LTCUSDT', exchangeKeyId: bybit, leverage: 30 })).status).toBe(400);
  });

  it('a stranger’s keyId (or one that is nobody’s) answers 400 unknownKey on every kind of call, and shows nothing of theirs', async () => {
    const email = await api.register();
    const stranger = await api.token(email, 'Passw0rd!x');
    const theirs = await accounts(stranger);
    const theirOkx = theirs.find((a) => a.exchangeCode === 'okx')!.keyId;
    expect((await accounts()).map((a) => a.keyId)).not.toContain(theirOkx);
    const calls: [string, Record<string, unknown>][] = [
      ['/broker/futures/position/query', { exchangeKeyId: theirOkx }],
      ['/broker/futures/account/query', { exchangeKeyId: theirOkx }],
      ['/lightning/futures/order/queryOpenOrder', { keyId: theirOkx }],
      ['/lightning/futures/order/pageOrder', { queryCondition: { keyId: theirOkx } }],
      ['/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: theirOkx, direction: 'buy', priceType: 'market', volume: '0.001' }],
      ['/broker/spot/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: theirOkx, direction: 'buy', priceType: 'market', volume: '0.001' }],
      ['/broker/spot/account/query', { exchangeKeyId: theirOkx }],
      ['/broker/account/balance/query', { exchangeKeyId: theirOkx }],
      ['/broker/lightning/transfer/submit', { exchangeKeyId: theirOkx, asset: 'USDT', type: 'FUNDING_UMFUTURE', amount: '1' }],
      ['/broker/lightning/futures/leverage/changeLeverage', { instrumentId: 'BTCUSDT', exchangeKeyId: theirOkx, leverage: 5 }],
      ['/broker/futures/position/query', { exchangeKeyId: '999999999' }],
      ['/broker/futures/position/query', { exchangeKeyId: 'okx' }],
    ];
    for (const [path, body] of calls) {
      const reply = await api.post(path, body);
      expect([reply.status, (reply.data as { rule?: string } | null)?.rule], path).toEqual([400, 'unknownKey']);
    }
  });

  it('transfers: wallet → the OKX account’s futures and its spot → futures move only that account’s balances', async () => {
    const okx = await keyOf('okx');
    const wallet = (await api.balances(1))('USDT').free;
    const okxSwap = (await api.balances(3, okx))('USDT').free;
    const okxSpot = (await api.balances(2, okx))('USDT').free;
    const binanceSwap = (await api.balances(3))('USDT').free;
    const available = await api.post<{ available: string }>('/broker/lightning/transfer/queryTransferAvailable', { exchangeKeyId: okx, asset: 'USDT', type: 'MAIN_UMFUTURE' });
    expect(dec(available.data.available).eq(okxSpot)).toBe(true);
    expect((await api.post('/broker/lightning/transfer/submit', { exchangeKeyId: okx, asset: 'USDT', type: 'FUNDING_UMFUTURE', amount: '1000' })).code).toBe(200);
    expect((await api.post('/broker/lightning/transfer/submit', { exchangeKeyId: okx, asset: 'USDT', type: 'MAIN_UMFUTURE', amount: '250.5' })).code).toBe(200);
    expect((await api.balances(1))('USDT').free.eq(wallet.sub(1000))).toBe(true);
    expect((await api.balances(3, okx))('USDT').free.eq(okxSwap.add('1250.5'))).toBe(true);
    expect((await api.balances(2, okx))('USDT').free.eq(okxSpot.sub('250.5'))).toBe(true);
    expect((await api.balances(3))('USDT').free.eq(binanceSwap)).toBe(true);
    const okxPage = await api.post<{ dataList: unknown[] }>('/broker/lightning/transfer/pageTransfer', { queryCondition: { keyId: okx } });
    expect(okxPage.data.dataList).toHaveLength(2);
    const binancePage = await api.post<{ dataList: unknown[] }>('/broker/lightning/transfer/pageTransfer', {});
    expect(binancePage.data.dataList).toHaveLength(0);
  });

  it('a parallel burst on the OKX account: one order per client id, one transfer per request id, no balance below zero', async () => {
    const okx = await keyOf('okx');
    const swapBefore = (await api.balances(3, okx))('USDT').free;
    const same = await Promise.all(
      Array.from({ length: 16 }, () =>
        api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: okx, direction: 'buy', priceType: 'market', volume: '0.01', clientOrderId: 'okx-burst-1' }),
      ),
    );
    expect(same.map((r) => r.code)).toEqual(same.map(() => 200));
    expect(new Set(same.map((r) => r.data.orderId)).size).toBe(1);
    expect((await positionsOf(okx)).map((p) => p.positionAmt)).toEqual(['0.01']);
    // The same client id on the Binance account is another account's: its own order.
    const binance = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.002', clientOrderId: 'okx-burst-1' });
    expect(binance.code).toBe(200);
    expect(binance.data.orderId).not.toBe(same[0]!.data.orderId);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT' });

    const transfers = await Promise.all(
      Array.from({ length: 12 }, () => api.post<{ transferId: string }>('/broker/lightning/transfer/submit', { exchangeKeyId: okx, asset: 'USDT', type: 'UMFUTURE_MAIN', amount: '100', requestId: 'okx-burst-t' })),
    );
    expect(new Set(transfers.map((r) => r.data.transferId)).size).toBe(1);
    // Spending more than is there in parallel: some are refused (10101), none goes below zero (the ledger check after each test).
    const swap = (await api.balances(3, okx))('USDT').free;
    const share = swap.div(5).toDecimalPlaces(2, 1).toFixed();
    const spend = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.post('/broker/lightning/transfer/submit', { exchangeKeyId: okx, asset: 'USDT', type: 'UMFUTURE_MAIN', amount: share, requestId: `okx-spend-${i}` })),
    );
    const ok = spend.filter((r) => r.code === 200).length;
    expect(ok).toBeLessThan(8);
    expect(spend.filter((r) => r.code !== 200).every((r) => r.code === 10101)).toBe(true);
    expect((await api.balances(3, okx))('USDT').free.gte(0)).toBe(true);
    expect(swapBefore.gt(0)).toBe(true);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', exchangeKeyId: okx });
  });

  it('a resting OKX limit order fills from OKX’s market events, not Binance’s', async () => {
    const okx = await keyOf('okx');
    const bids = levels('okx', 'spot', 'sell');
    // Just below OKX's best bid: rests; OKX's simulator trading through it fills it.
    const order = await api.post<Order>('/broker/spot/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: okx, direction: 'buy', priceType: 'limit', price: bids[0], volume: '0.0001' });
    expect(order.code, JSON.stringify(order)).toBe(200);
    await api.step('spot', 'BTCUSDT', 400);
    const afterBinance = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', { keyId: okx });
    expect(afterBinance.data.map((o) => o.orderId)).toContain(order.data.orderId);
    for (let i = 0; i < 20; i++) {
      await api.step('spot', 'BTCUSDT', 100, 'okx');
      const open = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', { keyId: okx });
      if (!open.data.some((o) => o.orderId === order.data.orderId)) break;
    }
    const history = await api.post<{ dataList: Order[] }>('/broker/spot/order/pageOrder', { queryCondition: { keyId: okx } });
    const done = history.data.dataList.find((o) => o.orderId === order.data.orderId);
    expect(done?.status).toBe('filled');
  });

  it('funding at the 8 h boundary pays the OKX position at OKX’s own funding record (its mark), the Binance account nothing', async () => {
    const okx = await keyOf('okx');
    const open = await api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', exchangeKeyId: okx, direction: 'buy', priceType: 'market', volume: '0.05' });
    expect(open.code).toBe(200);
    const FUNDING_MS = 8 * 3_600_000;
    const now = api.scheduler.now();
    const boundary = Math.floor(now / FUNDING_MS) * FUNDING_MS + FUNDING_MS;
    api.scheduler.advance(boundary - now + 1);
    const payments = (await api.post<{ fundingTime: string; markPrice: string; fundingRate: string; amount: string }[]>('/broker/futures/position/funding', { keyId: okx })).data;
    expect(payments).toHaveLength(1);
    const record = api.venues.get('okx').fundingRecord('BTCUSDT', boundary)!;
    const binanceRecord = api.venues.get('binance').fundingRecord('BTCUSDT', boundary)!;
    expect(new Date(payments[0]!.fundingTime).getTime()).toBe(boundary);
    expect(dec(payments[0]!.markPrice).eq(record.mark)).toBe(true);
    expect(dec(record.mark).eq(binanceRecord.mark)).toBe(false);
    expect(dec(payments[0]!.amount).eq(dec('0.05').mul(record.mark).mul(record.rate).neg().toDecimalPlaces(8, 4))).toBe(true);
    expect((await api.post<unknown[]>('/broker/futures/position/funding', {})).data).toEqual([]);
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', exchangeKeyId: okx });
  });
});
