/**
 * OKX's REST on loopback: the envelope, instruments as OKX lists them (tick, lot, ctVal), books in OKX's units
 * (a swap's sizes in contracts), candles newest first, and OKX's errors and rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './harness.ts';
import { startOkxSim, type OkxHarness } from './okx-harness.ts';

let h: OkxHarness;

beforeAll(async () => {
  h = await startOkxSim({ seed: 5 });
});

afterAll(async () => {
  await h.close();
});

interface Envelope<T = Record<string, string>> {
  code: string;
  msg: string;
  data: T[];
}

const get = <T = Record<string, string>>(path: string) => getJson<Envelope<T>>(`${h.rest}/${path}`);

describe('OKX REST', () => {
  it('lists spot and swap instruments with their tick, lot and contract value', async () => {
    const spot = await get('public/instruments?instType=SPOT');
    expect(spot.status).toBe(200);
    expect(spot.body.code).toBe('0');
    expect(spot.body.msg).toBe('');
    const btc = spot.body.data.find((i) => i['instId'] === 'BTC-USDT')!;
    const inst = h.okx.instrument('spot', 'BTCUSDT')!;
    expect(btc).toMatchObject({ instType: 'SPOT', baseCcy: 'BTC', quoteCcy: 'USDT', state: 'live', tickSz: '0.1', lotSz: (10 ** -inst.stepDecimals).toFixed(inst.stepDecimals) });
    const swap = await get('public/instruments?instType=SWAP&instId=BTC-USDT-SWAP');
    expect(swap.body.data).toHaveLength(1);
    expect(swap.body.data[0]).toMatchObject({ instType: 'SWAP', instId: 'BTC-USDT-SWAP', ctVal: '0.01', ctValCcy: 'BTC', ctType: 'linear', settleCcy: 'USDT', uly: 'BTC-USDT', instFamily: 'BTC-USDT', lotSz: '0.01', state: 'live' });
    expect((await get('public/instruments?instType=FUTURES')).body.data).toEqual([]);
  });

  it('answers the book with rows [px, sz, "0", orders], a swap in contracts', async () => {
    const r = await get<{ bids: string[][]; asks: string[][]; ts: string }>('market/books?instId=BTC-USDT-SWAP&sz=5');
    expect(r.status).toBe(200);
    const book = r.body.data[0]!;
    expect(book.bids).toHaveLength(5);
    expect(book.asks).toHaveLength(5);
    expect(Number(book.ts)).toBe(h.clock.now());
    const m = h.okx.market('usdm', 'BTCUSDT')!;
    const baseQty = m.book.bids.qty[0]! * 10 ** -m.inst.stepDecimals;
    expect(Number(book.bids[0]![1])).toBeCloseTo(baseQty / m.inst.contractValue!, 8);
    expect(book.bids[0]![2]).toBe('0');
    expect(Number(book.bids[0]![0])).toBeGreaterThan(Number(book.bids[1]![0]));
    expect(Number(book.asks[0]![0])).toBeLessThan(Number(book.asks[1]![0]));
    const full = await get<{ bids: string[][] }>('market/books-full?instId=BTC-USDT&sz=1000');
    expect(full.body.data[0]!.bids.length).toBe(1000);
  });

  it('answers candles newest first as [ts,o,h,l,c,vol,volCcy,volCcyQuote,confirm], paged by after/before', async () => {
    const r = await get<string[]>('market/candles?instId=BTC-USDT&bar=1H&limit=5');
    const rows = r.body.data;
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveLength(9);
    for (let k = 1; k < rows.length; k++) expect(Number(rows[k - 1]![0]) - Number(rows[k]![0])).toBe(3_600_000);
    expect(rows[0]![8]).toBe('0');
    expect(rows[1]![8]).toBe('1');
    const older = await get<string[]>(`market/history-candles?instId=BTC-USDT&bar=1H&limit=3&after=${rows[2]![0]}`);
    expect(older.body.data.map((x) => Number(x[0]))).toEqual([Number(rows[3]![0]), Number(rows[4]![0]), Number(rows[4]![0]) - 3_600_000]);
    const between = await get<string[]>(`market/candles?instId=BTC-USDT&bar=1H&after=${rows[0]![0]}&before=${rows[3]![0]}`);
    expect(between.body.data.map((x) => x[0])).toEqual([rows[1]![0], rows[2]![0]]);
    const latest = await get<string[]>(`market/candles?instId=BTC-USDT&bar=1H&before=${rows[2]![0]}`);
    expect(latest.body.data.map((x) => x[0])).toEqual([rows[0]![0], rows[1]![0]]);
    // `before` alone answers the latest, not the records just after it
    const newest = await get<string[]>(`market/candles?instId=BTC-USDT&bar=1H&limit=1&before=${rows[2]![0]}`);
    expect(newest.body.data.map((x) => x[0])).toEqual([rows[0]![0]]);
    const utc = await get<string[]>('market/candles?instId=BTC-USDT-SWAP&bar=1Dutc&limit=2');
    expect(Number(utc.body.data[0]![0]) % 86_400_000).toBe(0);
  });

  it('answers trades, tickers, the mark price, the funding rate and the time', async () => {
    h.clock.advance(3000);
    const trades = await get('market/trades?instId=BTC-USDT&limit=5');
    expect(trades.body.data.length).toBeGreaterThan(0);
    expect(trades.body.data[0]).toMatchObject({ instId: 'BTC-USDT' });
    expect(['buy', 'sell']).toContain(trades.body.data[0]!['side']);
    const ticker = await get('market/ticker?instId=BTC-USDT-SWAP');
    expect(ticker.body.data[0]).toMatchObject({ instType: 'SWAP', instId: 'BTC-USDT-SWAP' });
    for (const f of ['last', 'askPx', 'bidPx', 'open24h', 'high24h', 'low24h', 'vol24h', 'volCcy24h', 'sodUtc0', 'sodUtc8']) expect(ticker.body.data[0]![f]).toMatch(/^\d+(\.\d+)?$/);
    const tickers = await get('market/tickers?instType=SPOT');
    expect(tickers.body.data.length).toBe(h.okx.instruments.spot.length);
    const mark = await get('public/mark-price?instType=SWAP&instId=ETH-USDT-SWAP');
    expect(mark.body.data[0]).toMatchObject({ instType: 'SWAP', instId: 'ETH-USDT-SWAP' });
    const funding = await get('public/funding-rate?instId=BTC-USDT-SWAP');
    expect(Number(funding.body.data[0]!['fundingTime']) % (8 * 3_600_000)).toBe(0);
    expect((await get('public/time')).body.data[0]).toEqual({ ts: String(h.clock.now()) });
  });

  it("answers bad input with OKX's codes and statuses, never a 5xx", async () => {
    const cases: [string, number, string][] = [
      ['public/instruments', 400, '50014'],
      ['public/instruments?instType=PERP', 400, '51000'],
      ['public/instruments?instType=SPOT&instId=NOPE-USDT', 200, '51001'],
      ['public/instruments?instType=SWAP&instId=BTC-USDT', 200, '51001'],
      ['market/books', 400, '50014'],
      ['market/books?instId=NOPE-USDT', 200, '51001'],
      ['market/books?instId=BTC-USDT&sz=401', 400, '51000'],
      ['market/books?instId=BTC-USDT&sz=abc', 400, '51000'],
      ['market/books-full?instId=BTC-USDT&sz=5001', 400, '51000'],
      ['market/candles?instId=BTC-USDT&bar=7m', 400, '51000'],
      ['market/candles?instId=BTC-USDT&limit=301', 400, '51000'],
      ['market/candles?instId=BTC-USDT&after=-5', 400, '51000'],
      ['market/candles?instId=BTC-USDT-SWAP&bar=1s', 400, '51000'],
      ['market/trades?instId=BTC-USDT&limit=501', 400, '51000'],
      ['market/tickers', 400, '50014'],
      ['public/mark-price?instType=SPOT', 400, '51000'],
      ['public/funding-rate?instId=BTC-USDT', 200, '51001'],
      ['public/funding-rate', 400, '50014'],
    ];
    for (const [path, status, code] of cases) {
      const r = await get(path);
      expect([r.status, r.body.code], path).toEqual([status, code]);
      expect(r.body.data).toEqual([]);
      expect(r.body.msg.length).toBeGreaterThan(0);
    }
    const missing = await get('market/nothing');
    expect(missing.status).toBe(404);
  });

  it('limits market/books to 40 requests per 2 s per IP (429, code 50011)', async () => {
    h.clock.advance(2001);
    const statuses: number[] = [];
    for (let k = 0; k < 40; k++) statuses.push((await get('market/books?instId=ETH-USDT')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await get('market/books?instId=ETH-USDT');
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('50011');
    // another endpoint has its own count; the window rolls on the simulator's clock
    expect((await get('market/ticker?instId=ETH-USDT')).status).toBe(200);
    h.clock.advance(2001);
    expect((await get('market/books?instId=ETH-USDT')).status).toBe(200);
  });
});
