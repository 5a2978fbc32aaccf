/**
 * What real Binance clients call at start-up besides what ccxt uses (issue 20): the REST endpoints, the streams
 * and the unknown-path error, over real loopback sockets, in Binance's documented shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, settle, startSim, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startSim({ seed: 17, rate: 40 });
});
afterAll(async () => {
  await h.close();
});

const spot = (p: string): string => `${h.base}/api.binance.com/api/v3/${p}`;
const fapi = (p: string): string => `${h.base}/fapi.binance.com/fapi/v1/${p}`;
type Obj = Record<string, unknown>;
const PRICE8 = /^\d+\.\d{8}$/;

async function advance(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) h.clock.advance(step);
  await settle(30);
}

async function open(path: string): Promise<Client> {
  const c = new Client(`${h.wsBase}/${path}`);
  await c.opened;
  return c;
}

interface ControlBook {
  bids: [string, string][];
  asks: [string, string][];
}

describe('spot REST start-up calls', () => {
  beforeAll(async () => {
    await getJson(spot('depth?symbol=BTCUSDT&limit=5'));
    await getJson(spot('depth?symbol=ETHUSDT&limit=5'));
    // More than the 5 minutes avgPrice looks back, so it covers live trades only.
    await advance(320_000, 200);
  });

  it('ticker/price and ticker/bookTicker: one symbol, a list, all', async () => {
    h.sim.paused = true;
    const price = (await getJson<Obj>(spot('ticker/price?symbol=BTCUSDT'))).body;
    expect(Object.keys(price)).toEqual(['symbol', 'price']);
    expect(price['price']).toMatch(PRICE8);
    expect(price['price']).toBe((await getJson<Obj[]>(spot('trades?symbol=BTCUSDT&limit=1'))).body[0]!['price']);
    const list = (await getJson<Obj[]>(spot('ticker/price?symbols=["ETHUSDT","BTCUSDT"]'))).body;
    expect(list.map((x) => x['symbol'])).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect((await getJson<Obj[]>(spot('ticker/price'))).body.length).toBeGreaterThanOrEqual(20);

    const bt = (await getJson<Obj>(spot('ticker/bookTicker?symbol=BTCUSDT'))).body;
    expect(Object.keys(bt)).toEqual(['symbol', 'bidPrice', 'bidQty', 'askPrice', 'askQty']);
    const truth = (await getJson<ControlBook>(`${h.base}/_control/book?market=spot&symbol=BTCUSDT&limit=1`)).body;
    expect([bt['bidPrice'], bt['bidQty'], bt['askPrice'], bt['askQty']]).toEqual([...truth.bids[0]!, ...truth.asks[0]!]);
    expect((await getJson<Obj[]>(spot('ticker/bookTicker'))).body.length).toBeGreaterThanOrEqual(20);
    h.sim.paused = false;
  });

  it('avgPrice: the last 5 minutes of trades', async () => {
    const avg = (await getJson<Obj>(spot('avgPrice?symbol=BTCUSDT'))).body;
    expect(Object.keys(avg)).toEqual(['mins', 'price', 'closeTime']);
    expect(avg['mins']).toBe(5);
    const trades = (await getJson<Obj[]>(spot('trades?symbol=BTCUSDT&limit=1000'))).body;
    const prices = trades.map((t) => Number(t['price']));
    expect(Number(avg['price'])).toBeGreaterThanOrEqual(Math.min(...prices));
    expect(Number(avg['price'])).toBeLessThanOrEqual(Math.max(...prices));
    expect(avg['closeTime']).toBe(trades[trades.length - 1]!['time']);
  });

  it('uiKlines equal klines; historicalTrades from an id', async () => {
    h.sim.paused = true;
    const k = (await getJson(spot('klines?symbol=BTCUSDT&interval=1m&limit=20'))).body;
    expect((await getJson(spot('uiKlines?symbol=BTCUSDT&interval=1m&limit=20'))).body).toEqual(k);
    const recent = (await getJson<Obj[]>(spot('trades?symbol=BTCUSDT&limit=100'))).body;
    const from = recent[10]!['id'] as number;
    const old = (await getJson<Obj[]>(spot(`historicalTrades?symbol=BTCUSDT&fromId=${from}&limit=5`))).body;
    expect(old).toEqual(recent.slice(10, 15));
    expect((await getJson<Obj[]>(spot('historicalTrades?symbol=BTCUSDT&limit=7'))).body).toEqual(recent.slice(-7));
    h.sim.paused = false;
  });

  it('ticker (rolling window): symbol or symbols, windowSize, FULL and MINI, errors', async () => {
    const full = (await getJson<Obj>(spot('ticker?symbol=BTCUSDT&windowSize=1h'))).body;
    expect(Object.keys(full)).toEqual([
      'symbol', 'priceChange', 'priceChangePercent', 'weightedAvgPrice', 'openPrice', 'highPrice', 'lowPrice', 'lastPrice',
      'volume', 'quoteVolume', 'openTime', 'closeTime', 'firstId', 'lastId', 'count',
    ]);
    // Binance: the window opens on a minute, closes now.
    expect(full['closeTime']).toBe(h.clock.now());
    expect(full['openTime']).toBe(Math.floor((h.clock.now() - 3_600_000) / 60_000) * 60_000);
    expect(full['count']).toBeGreaterThan(0);
    const day = (await getJson<Obj>(spot('ticker?symbol=BTCUSDT'))).body;
    expect(Number(day['volume'])).toBeGreaterThan(Number(full['volume']));
    const week = (await getJson<Obj>(spot('ticker?symbol=BTCUSDT&windowSize=7d'))).body;
    expect(Number(week['volume'])).toBeGreaterThan(Number(day['volume']));
    const mini = (await getJson<Obj[]>(spot('ticker?symbols=["BTCUSDT","ETHUSDT"]&type=MINI&windowSize=15m'))).body;
    expect(mini.map((x) => x['symbol'])).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(Object.keys(mini[0]!)).toEqual(['symbol', 'openPrice', 'highPrice', 'lowPrice', 'lastPrice', 'volume', 'quoteVolume', 'openTime', 'closeTime', 'firstId', 'lastId', 'count']);
    const miniDay = (await getJson<Obj>(spot('ticker/24hr?symbol=BTCUSDT&type=MINI'))).body;
    expect(Object.keys(miniDay)).toEqual(Object.keys(mini[0]!));

    expect((await getJson(spot('ticker'))).body).toEqual({ code: -1102, msg: "Param 'symbol' or 'symbols' must be sent, but both were empty/null!" });
    expect((await getJson(spot('ticker?symbol=BTCUSDT&windowSize=60m'))).body).toEqual({ code: -1130, msg: "Data sent for parameter 'windowSize' is not valid." });
    expect((await getJson(spot('ticker?symbol=BTCUSDT&windowSize=1d2h'))).status).toBe(400);
    expect((await getJson(spot('ticker?symbol=BTCUSDT&type=FOO'))).body).toEqual({ code: -1139, msg: 'Invalid ticker type.' });
  });
});

describe('USD-M REST start-up calls', () => {
  beforeAll(async () => {
    await getJson(fapi('depth?symbol=BTCUSDT&limit=5'));
    await advance(10_000);
  });

  it('ticker/price (v1 and v2) and ticker/bookTicker carry a time', async () => {
    for (const url of [fapi('ticker/price?symbol=BTCUSDT'), `${h.base}/fapi.binance.com/fapi/v2/ticker/price?symbol=BTCUSDT`]) {
      const p = (await getJson<Obj>(url)).body;
      expect(Object.keys(p)).toEqual(['symbol', 'price', 'time']);
      expect(p['price']).toMatch(/^\d+\.\d$/);
    }
    expect((await getJson<Obj[]>(fapi('ticker/price'))).body).toHaveLength(22);
    const bt = (await getJson<Obj>(fapi('ticker/bookTicker?symbol=BTCUSDT'))).body;
    expect(Object.keys(bt)).toEqual(['symbol', 'bidPrice', 'bidQty', 'askPrice', 'askQty', 'time']);
    expect(Number(bt['bidPrice'])).toBeLessThan(Number(bt['askPrice']));
  });

  it('fundingRate: seeded history, then a record every 8 h on the simulator clock with the mark price then', async () => {
    type Rate = { symbol: string; fundingRate: string; fundingTime: number; markPrice: string };
    const before = (await getJson<Rate[]>(fapi('fundingRate?symbol=BTCUSDT'))).body;
    expect(before).toHaveLength(100);
    expect(Object.keys(before[0]!)).toEqual(['symbol', 'fundingRate', 'fundingTime', 'markPrice']);
    for (const [k, r] of before.entries()) {
      expect(r.fundingTime % 28_800_000).toBe(0);
      if (k > 0) expect(r.fundingTime - before[k - 1]!.fundingTime).toBe(28_800_000);
      expect(r.markPrice).toMatch(PRICE8);
      expect(Math.abs(Number(r.fundingRate))).toBeLessThanOrEqual(0.003);
    }
    expect(before[99]!.fundingTime).toBeLessThanOrEqual(h.clock.now());
    // Run the clock through the next funding time with the generator paused (a frozen mark price).
    h.sim.paused = true;
    const next = before[99]!.fundingTime + 28_800_000;
    const mark = ((await getJson<Obj>(fapi('premiumIndex?symbol=BTCUSDT'))).body['markPrice']) as string;
    h.clock.advance(next - h.clock.now() + 1000);
    const after = (await getJson<Rate[]>(fapi('fundingRate?symbol=BTCUSDT&limit=2'))).body;
    expect(after.map((r) => r.fundingTime)).toEqual([next - 28_800_000, next]);
    expect(after[1]!.markPrice).toBe(mark);
    const ranged = (await getJson<Rate[]>(fapi(`fundingRate?symbol=BTCUSDT&startTime=${next - 5 * 28_800_000}&limit=3`))).body;
    expect(ranged.map((r) => r.fundingTime)).toEqual([next - 5 * 28_800_000, next - 4 * 28_800_000, next - 3 * 28_800_000]);
    const all = (await getJson<Rate[]>(fapi('fundingRate?limit=1000'))).body;
    expect(new Set(all.map((r) => r.symbol)).size).toBe(22);
    h.sim.paused = false;
  });

  it('fundingInfo and openInterest', async () => {
    const info = (await getJson<Obj[]>(fapi('fundingInfo'))).body;
    expect(info).toHaveLength(22);
    expect(info[0]).toEqual({ symbol: 'BTCUSDT', adjustedFundingRateCap: '0.00300000', adjustedFundingRateFloor: '-0.00300000', fundingIntervalHours: 8, disclaimer: false });
    const oi = (await getJson<Obj>(fapi('openInterest?symbol=ETHUSDT'))).body;
    expect(Object.keys(oi)).toEqual(['openInterest', 'symbol', 'time']);
    expect(oi['openInterest']).toMatch(/^\d+\.\d{3}$/);
    expect(Number(oi['openInterest'])).toBeGreaterThan(0);
  });

  it('mark, index and premium-index klines; continuous klines of the perpetual equal the klines', async () => {
    h.sim.paused = true;
    const kl = (await getJson<unknown[][]>(fapi('klines?symbol=BTCUSDT&interval=1m&limit=3'))).body;
    const cont = (await getJson<unknown[][]>(fapi('continuousKlines?pair=BTCUSDT&contractType=PERPETUAL&interval=1m&limit=3'))).body;
    expect(cont).toEqual(kl);
    for (const path of ['markPriceKlines?symbol=BTCUSDT', 'indexPriceKlines?pair=BTCUSDT', 'premiumIndexKlines?symbol=BTCUSDT']) {
      const rows = (await getJson<unknown[][]>(fapi(`${path}&interval=1m&limit=3`))).body;
      expect(rows).toHaveLength(3);
      for (const [k, row] of rows.entries()) {
        expect(row).toHaveLength(12);
        expect(row[0]).toBe(kl[k]![0]);
        expect(row[6]).toBe(kl[k]![6]);
        const [o, hi, lo, c] = row.slice(1, 5).map(Number) as [number, number, number, number];
        expect(hi).toBeGreaterThanOrEqual(Math.max(o, c));
        expect(lo).toBeLessThanOrEqual(Math.min(o, c));
        expect(row[5]).toBe('0');
      }
      if (path.startsWith('mark')) expect(Number(rows[0]![4])).toBeCloseTo(Number(kl[0]![4]), 6);
      if (path.startsWith('index')) expect(Math.abs(Number(rows[0]![4]) / Number(kl[0]![4]) - 1)).toBeLessThan(0.001);
      if (path.startsWith('premium')) expect(Math.abs(Number(rows[0]![4]))).toBeLessThan(0.001);
    }
    expect((await getJson(fapi('continuousKlines?pair=BTCUSDT&interval=1m'))).body).toEqual({ code: -1102, msg: "Mandatory parameter 'contractType' was not sent, was empty/null, or malformed." });
    expect((await getJson(fapi('continuousKlines?pair=BTCUSDT&contractType=CURRENT_QUARTER&interval=1m'))).body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect((await getJson(fapi('indexPriceKlines?symbol=BTCUSDT&interval=1m'))).body).toEqual({ code: -1102, msg: "Mandatory parameter 'pair' was not sent, was empty/null, or malformed." });
    h.sim.paused = false;
  });
});

describe('streams clients subscribe to at start-up', () => {
  it('spot @avgPrice, @ticker_<1h|4h|1d> and !ticker_<window>@arr', async () => {
    const c = await open('stream.binance.com/stream?streams=btcusdt@avgPrice/btcusdt@ticker_1h/btcusdt@ticker_4h/!ticker_1d@arr');
    await advance(3500);
    const frames = c.json<{ stream: string; data: Obj & Obj[] }>();
    const avg = frames.filter((f) => f.stream === 'btcusdt@avgPrice').map((f) => f.data);
    expect(avg.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(avg[0]!)).toEqual(['e', 'E', 's', 'i', 'w', 'T']);
    expect(avg[0]).toMatchObject({ e: 'avgPrice', s: 'BTCUSDT', i: '5m' });
    const t1h = frames.filter((f) => f.stream === 'btcusdt@ticker_1h').map((f) => f.data);
    expect(t1h.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(t1h[0]!)).toEqual(['e', 'E', 's', 'p', 'P', 'o', 'h', 'l', 'c', 'w', 'v', 'q', 'O', 'C', 'F', 'L', 'n']);
    expect(t1h[0]!['e']).toBe('1hTicker');
    expect(t1h[0]!['O']).toBe(Math.floor(((t1h[0]!['C'] as number) - 3_600_000) / 60_000) * 60_000);
    expect(frames.find((f) => f.stream === 'btcusdt@ticker_4h')!.data['e']).toBe('4hTicker');
    const arr = frames.filter((f) => f.stream === '!ticker_1d@arr').map((f) => f.data);
    expect(arr.length).toBeGreaterThanOrEqual(1);
    expect(arr[0]!.every((x) => x['e'] === '1dTicker')).toBe(true);
    c.close();
  });

  it('USD-M @forceOrder and !forceOrder@arr carry liquidation orders; continuousKline follows the klines', async () => {
    const c = await open('fstream.binance.com/market/stream?streams=btcusdt@forceOrder/!forceOrder@arr/btcusdt_perpetual@continuousKline_1m/btcusdt@kline_1m/btcusdt_current_quarter@continuousKline_1m');
    await advance(120_000, 100);
    const frames = c.json<{ stream: string; data: Obj }>();
    const one = frames.filter((f) => f.stream === 'btcusdt@forceOrder').map((f) => f.data);
    expect(one.length).toBeGreaterThan(0);
    expect(Object.keys(one[0]!)).toEqual(['e', 'E', 'o']);
    const o = one[0]!['o'] as Obj;
    expect(Object.keys(o)).toEqual(['s', 'S', 'o', 'f', 'q', 'p', 'ap', 'X', 'l', 'z', 'T']);
    expect(o).toMatchObject({ s: 'BTCUSDT', o: 'LIMIT', f: 'IOC', X: 'FILLED' });
    expect(['BUY', 'SELL']).toContain(o['S']);
    expect(o['l']).toBe(o['q']);
    // The limit price is on the far side of the average fill (the bankruptcy price of the liquidated position).
    if (o['S'] === 'SELL') expect(Number(o['p'])).toBeLessThan(Number(o['ap']));
    else expect(Number(o['p'])).toBeGreaterThan(Number(o['ap']));
    // At most one per symbol per second.
    const times = one.map((d) => d['E'] as number);
    for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(1000);
    const arr = frames.filter((f) => f.stream === '!forceOrder@arr').map((f) => f.data);
    expect(arr.length).toBeGreaterThanOrEqual(one.length);
    expect(arr.every((d) => d['e'] === 'forceOrder' && !Array.isArray(d))).toBe(true);
    expect(arr.some((d) => (d['o'] as Obj)['s'] !== 'BTCUSDT')).toBe(true);

    const cont = frames.filter((f) => f.stream === 'btcusdt_perpetual@continuousKline_1m').map((f) => f.data);
    const kl = frames.filter((f) => f.stream === 'btcusdt@kline_1m').map((f) => f.data);
    expect(cont.length).toBe(kl.length);
    expect(Object.keys(cont[0]!)).toEqual(['e', 'E', 'ps', 'ct', 'k']);
    expect(cont[0]).toMatchObject({ e: 'continuous_kline', ps: 'BTCUSDT', ct: 'PERPETUAL' });
    const { s: _s, ...klineK } = kl[kl.length - 1]!['k'] as Obj;
    expect(cont[cont.length - 1]!['k']).toEqual(klineK);
    expect(frames.some((f) => f.stream === 'btcusdt_current_quarter@continuousKline_1m')).toBe(false);
    c.close();
  });
});

describe('unknown paths under a Binance host', () => {
  it("answer Binance's error body, not the web framework's", async () => {
    const r = await fetch(spot('nope?symbol=BTCUSDT'));
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ code: -5000, msg: 'Path /api/v3/nope, Method GET is invalid' });
    const p = await fetch(fapi('depth?symbol=BTCUSDT'), { method: 'POST' });
    expect(p.status).toBe(404);
    expect(await p.json()).toEqual({ code: -5000, msg: 'Path /fapi/v1/depth, Method POST is invalid' });
    expect((await getJson(`${h.base}/fapi.binance.com/fapi/v3/ticker/price`)).body).toEqual({ code: -5000, msg: 'Path /fapi/v3/ticker/price, Method GET is invalid' });
  });
});
