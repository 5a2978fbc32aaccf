import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, postJson, settle, startSim, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startSim({ seed: 21, rate: 40 });
});
afterAll(async () => {
  await h.close();
});

const spot = (p: string): string => `${h.base}/api.binance.com/api/v3/${p}`;
const fapi = (p: string): string => `${h.base}/fapi.binance.com/fapi/v1/${p}`;
type Obj = Record<string, unknown>;

async function advance(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) h.clock.advance(step);
  await settle(30);
}

describe('REST (spot /api/v3, USD-M /fapi/v1)', () => {
  it('ping and time', async () => {
    expect((await getJson(spot('ping'))).body).toEqual({});
    expect((await getJson(fapi('time'))).body).toEqual({ serverTime: h.clock.now() });
  });

  it('exchangeInfo: ≥ 20 symbols per market, filters in Binance order, PRICE_FILTER first', async () => {
    const s = (await getJson<{ symbols: Obj[] }>(spot('exchangeInfo'))).body;
    const f = (await getJson<{ symbols: Obj[] }>(fapi('exchangeInfo'))).body;
    expect(s.symbols.length).toBeGreaterThanOrEqual(20);
    expect(f.symbols.length).toBeGreaterThanOrEqual(20);
    const types = (x: Obj): string[] => (x['filters'] as Obj[]).map((y) => y['filterType'] as string);
    expect(types(s.symbols[0]!).slice(0, 4)).toEqual(['PRICE_FILTER', 'LOT_SIZE', 'ICEBERG_PARTS', 'MARKET_LOT_SIZE']);
    expect(types(f.symbols[0]!).slice(0, 3)).toEqual(['PRICE_FILTER', 'LOT_SIZE', 'MARKET_LOT_SIZE']);
    const btc = s.symbols.find((x) => x['symbol'] === 'BTCUSDT')!;
    expect((btc['filters'] as Obj[])[0]).toEqual({ filterType: 'PRICE_FILTER', minPrice: '0.01000000', maxPrice: '65000000.00000000', tickSize: '0.01000000' });
    const fbtc = f.symbols.find((x) => x['symbol'] === 'BTCUSDT')!;
    expect(fbtc).toMatchObject({ contractType: 'PERPETUAL', pricePrecision: 1, quantityPrecision: 3, marginAsset: 'USDT' });
    expect((await getJson<{ symbols: Obj[] }>(spot('exchangeInfo?symbol=ETHBTC'))).body.symbols.map((x) => x['symbol'])).toEqual(['ETHBTC']);
    expect((await getJson<{ symbols: Obj[] }>(spot('exchangeInfo?symbols=["BNBUSDT","ETHUSDT"]'))).body.symbols.map((x) => x['symbol'])).toEqual(['BNBUSDT', 'ETHUSDT']);
  });

  it.each([
    [() => spot('depth?symbol=NOPE'), 400, { code: -1121, msg: 'Invalid symbol.' }],
    [() => spot('depth'), 400, { code: -1102, msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed." }],
    [() => spot('depth?symbol=BTCUSDT&limit=abc'), 400, { code: -1100, msg: "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'." }],
    [() => spot('depth?symbol=BTCUSDT&limit=0'), 400, { code: -1100, msg: "Illegal characters found in parameter 'limit'; legal range is '1' to '5000'." }],
    [() => fapi('depth?symbol=BTCUSDT&limit=7'), 400, { code: -1130, msg: "Data sent for parameter 'limit' is not valid." }],
    [() => spot('klines?symbol=BTCUSDT&interval=2m'), 400, { code: -1120, msg: 'Invalid interval.' }],
    [() => fapi('klines?symbol=BTCUSDT&interval=1s'), 400, { code: -1120, msg: 'Invalid interval.' }],
    [() => spot('klines?symbol=BTCUSDT'), 400, { code: -1102, msg: "Mandatory parameter 'interval' was not sent, was empty/null, or malformed." }],
    [() => fapi('ticker/24hr?symbol=XYZUSDT'), 400, { code: -1121, msg: 'Invalid symbol.' }],
    [() => spot('exchangeInfo?symbol=NOPE'), 400, { code: -1121, msg: 'Invalid symbol.' }],
    [() => fapi('premiumIndex?symbol=ETHBTC'), 400, { code: -1121, msg: 'Invalid symbol.' }],
  ])('error body %#', async (url, status, body) => {
    const res = await getJson(url());
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it('depth: spot default 100 levels, limit honoured and capped at 5000; USD-M carries E and T', async () => {
    const d = (await getJson<{ lastUpdateId: number; bids: string[][]; asks: string[][] }>(spot('depth?symbol=BTCUSDT'))).body;
    expect(Object.keys(d)).toEqual(['lastUpdateId', 'bids', 'asks']);
    expect(d.bids).toHaveLength(100);
    expect(d.bids[0]![0]).toMatch(/^\d+\.\d{8}$/);
    expect(Number(d.bids[0]![0])).toBeLessThan(Number(d.asks[0]![0]));
    expect((await getJson<{ bids: unknown[] }>(spot('depth?symbol=BTCUSDT&limit=5'))).body.bids).toHaveLength(5);
    const all = (await getJson<{ bids: unknown[]; asks: unknown[] }>(spot('depth?symbol=BTCUSDT&limit=9000'))).body;
    expect(all.bids.length).toBeGreaterThanOrEqual(1000);
    expect(all.bids.length).toBeLessThanOrEqual(5000);
    const f = (await getJson<Obj>(fapi('depth?symbol=BTCUSDT&limit=1000'))).body;
    expect(Object.keys(f)).toEqual(['lastUpdateId', 'E', 'T', 'bids', 'asks']);
    expect((f['bids'] as unknown[]).length).toBe(1000);
    expect((f['bids'] as string[][])[0]![0]).toMatch(/^\d+\.\d$/);
  });

  it('trades, aggTrades, klines and 24 h tickers are derived from the same trades', async () => {
    await getJson(spot('depth?symbol=SOLUSDT')); // a REST request makes the symbol live
    await advance(3000);
    const trades = (await getJson<Obj[]>(spot('trades?symbol=SOLUSDT&limit=1000'))).body;
    const aggs = (await getJson<Obj[]>(spot('aggTrades?symbol=SOLUSDT&limit=1000'))).body;
    expect(trades.length).toBeGreaterThan(10);
    expect(Object.keys(trades[0]!)).toEqual(['id', 'price', 'qty', 'quoteQty', 'time', 'isBuyerMaker', 'isBestMatch']);
    expect(Object.keys(aggs[0]!)).toEqual(['a', 'p', 'q', 'f', 'l', 'T', 'm', 'M']);
    const sum = (xs: Obj[], k: string): number => xs.reduce((s, x) => s + Number(x[k]), 0);
    expect(sum(aggs, 'q')).toBeCloseTo(sum(trades, 'qty'), 6);
    const kl = (await getJson<unknown[][]>(spot('klines?symbol=SOLUSDT&interval=1m&limit=2'))).body;
    expect(kl).toHaveLength(2);
    const live = kl[1]!;
    expect(live).toHaveLength(12);
    expect(live[8]).toBe(trades.filter((t) => (t['time'] as number) >= (live[0] as number)).length);
    const t = (await getJson<Obj>(spot('ticker/24hr?symbol=SOLUSDT'))).body;
    expect(t['lastPrice']).toBe(trades[trades.length - 1]!['price']);
    expect(t['lastId']).toBe(trades[trades.length - 1]!['id']);
    const all = (await getJson<Obj[]>(fapi('ticker/24hr'))).body;
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(all[0]!)).not.toContain('bidPrice');
    const pi = (await getJson<Obj>(fapi('premiumIndex?symbol=BTCUSDT'))).body;
    expect(Object.keys(pi)).toEqual(['symbol', 'markPrice', 'indexPrice', 'estimatedSettlePrice', 'lastFundingRate', 'interestRate', 'nextFundingTime', 'time']);
  });
});

describe('stream payloads', () => {
  it('spot: kline, tickers, bookTicker, partial depth', async () => {
    const c = new Client(`${h.wsBase}/stream.binance.com/stream?streams=xrpusdt@kline_1m/xrpusdt@miniTicker/!miniTicker@arr/xrpusdt@ticker/xrpusdt@bookTicker/xrpusdt@depth5@100ms`);
    await c.opened;
    await advance(2500);
    const by = new Map<string, Obj>();
    for (const m of c.json<{ stream: string; data: Obj }>()) by.set(m.stream, m.data);
    expect(by.get('xrpusdt@kline_1m')).toMatchObject({ e: 'kline', s: 'XRPUSDT', k: { i: '1m', s: 'XRPUSDT', x: false } });
    expect(by.get('xrpusdt@miniTicker')).toMatchObject({ e: '24hrMiniTicker', s: 'XRPUSDT' });
    expect(Array.isArray(by.get('!miniTicker@arr'))).toBe(true);
    expect(Object.keys(by.get('xrpusdt@ticker')!)).toEqual(['e', 'E', 's', 'p', 'P', 'w', 'x', 'c', 'Q', 'b', 'B', 'a', 'A', 'o', 'h', 'l', 'v', 'q', 'O', 'C', 'F', 'L', 'n']);
    expect(Object.keys(by.get('xrpusdt@bookTicker')!)).toEqual(['u', 's', 'b', 'B', 'a', 'A']);
    const partial = by.get('xrpusdt@depth5@100ms')!;
    expect(Object.keys(partial)).toEqual(['lastUpdateId', 'bids', 'asks']);
    expect(partial['bids']).toHaveLength(5);
    c.close();
  });

  it('USD-M: depth diff fields, partial depth, bookTicker, markPrice@1s, aggTrade', async () => {
    const c = new Client(`${h.wsBase}/fstream.binance.com/stream?streams=adausdt@depth@100ms/adausdt@depth10/adausdt@bookTicker/adausdt@markPrice@1s/adausdt@aggTrade/!markPrice@arr`);
    await c.opened;
    await advance(3500);
    const by = new Map<string, Obj>();
    for (const m of c.json<{ stream: string; data: Obj }>()) by.set(m.stream, m.data);
    expect(Object.keys(by.get('adausdt@depth@100ms')!)).toEqual(['e', 'E', 'T', 's', 'U', 'u', 'pu', 'b', 'a']);
    expect(by.get('adausdt@depth10')!['b']).toHaveLength(10);
    expect(Object.keys(by.get('adausdt@bookTicker')!)).toEqual(['e', 'u', 's', 'b', 'B', 'a', 'A', 'T', 'E']);
    expect(by.get('adausdt@markPrice@1s')).toMatchObject({ e: 'markPriceUpdate', s: 'ADAUSDT' });
    expect(Object.keys(by.get('adausdt@aggTrade')!)).toEqual(['e', 'E', 's', 'a', 'p', 'q', 'nq', 'f', 'l', 'T', 'm']);
    expect((by.get('!markPrice@arr') as unknown as unknown[]).length).toBeGreaterThanOrEqual(20);
    c.close();
  });
});

describe('control plane', () => {
  it('pause stops the generator; step runs exact events; book and depth agree', async () => {
    await getJson(spot('depth?symbol=LTCUSDT'));
    expect((await postJson(`${h.base}/_control/pause`, {})).body).toEqual({ paused: true });
    const before = (await getJson<{ lastUpdateId: number }>(`${h.base}/_control/book?market=spot&symbol=LTCUSDT`)).body.lastUpdateId;
    await advance(2000);
    expect((await getJson<{ lastUpdateId: number }>(`${h.base}/_control/book?market=spot&symbol=LTCUSDT`)).body.lastUpdateId).toBe(before);
    const stepped = (await postJson<{ lastUpdateId: number }>(`${h.base}/_control/step`, { market: 'spot', symbol: 'LTCUSDT', count: 50 })).body;
    expect(stepped.lastUpdateId).toBeGreaterThan(before + 50);
    const truth = (await getJson<{ lastUpdateId: number; bids: string[][] }>(`${h.base}/_control/book?market=spot&symbol=LTCUSDT&limit=20`)).body;
    const depth = (await getJson<{ lastUpdateId: number; bids: string[][] }>(spot('depth?symbol=LTCUSDT&limit=20'))).body;
    expect(depth).toEqual({ lastUpdateId: truth.lastUpdateId, bids: truth.bids, asks: (truth as unknown as { asks: string[][] }).asks });
    await postJson(`${h.base}/_control/resume`, {});
  });

  it('mark: the premium index mark without REST weight; a symbol outside USD-M is refused', async () => {
    const used = async () => Number((await fetch(fapi('time'))).headers.get('x-mbx-used-weight-1m'));
    await postJson(`${h.base}/_control/pause`, {});
    const before = await used();
    for (let i = 0; i < 5; i++) await getJson(`${h.base}/_control/mark?symbol=BTCUSDT`);
    // Only the second /time request counts (the manual clock stays in the same minute).
    expect(await used()).toBe(before + 1);
    const mark = (await getJson<{ symbol: string; markPrice: string }>(`${h.base}/_control/mark?symbol=BTCUSDT`)).body;
    expect(mark).toEqual({ symbol: 'BTCUSDT', markPrice: (await getJson<Obj>(fapi('premiumIndex?symbol=BTCUSDT'))).body['markPrice'] });
    expect((await getJson(`${h.base}/_control/mark?symbol=LTCBTC`)).status).toBe(400);
    expect((await getJson(`${h.base}/_control/mark`)).status).toBe(400);
    await postJson(`${h.base}/_control/resume`, {});
  });

  it('jump: the book is laid again around the moved price at once; bad input is refused', async () => {
    await postJson(`${h.base}/_control/pause`, {});
    const book = async () => (await getJson<{ lastUpdateId: number; bids: string[][]; asks: string[][] }>(`${h.base}/_control/book?market=usdm&symbol=BTCUSDT&limit=1`)).body;
    const before = await book();
    const moved = (await postJson<{ lastUpdateId: number }>(`${h.base}/_control/jump`, { market: 'usdm', symbol: 'BTCUSDT', factor: 0.99 })).body;
    const after = await book();
    expect(after.lastUpdateId).toBe(moved.lastUpdateId);
    expect(after.lastUpdateId).toBeGreaterThan(before.lastUpdateId);
    // About 1 % lower: the new best ask sits under the old best bid.
    expect(Number(after.asks[0]![0])).toBeLessThan(Number(before.bids[0]![0]));
    expect(Number(after.bids[0]![0]) / Number(before.bids[0]![0])).toBeCloseTo(0.99, 2);
    for (const body of [{ market: 'usdm', symbol: 'BTCUSDT', factor: 0.1 }, { market: 'usdm', symbol: 'BTCUSDT', factor: '0.99' }, { market: 'usdm', symbol: 'NOPE', factor: 0.99 }, { market: 'x', symbol: 'BTCUSDT', factor: 1 }]) {
      expect((await postJson(`${h.base}/_control/jump`, body)).status).toBe(400);
    }
    await postJson(`${h.base}/_control/resume`, {});
  });

  it('rate and load mode', async () => {
    expect((await postJson(`${h.base}/_control/rate`, { rate: -1 })).status).toBe(400);
    expect((await postJson(`${h.base}/_control/rate`, { rate: 25, load: true })).body).toEqual({ rate: 25, load: true });
    const state = (await getJson<{ live: string[]; rate: number }>(`${h.base}/_control/state`)).body;
    expect(state.live.length).toBeGreaterThanOrEqual(40);
    await postJson(`${h.base}/_control/rate`, { rate: 40, load: false });
    expect((await getJson(`${h.base}/_control/book?market=spot&symbol=NOPE`)).status).toBe(400);
  });
});
