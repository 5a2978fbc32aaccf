/**
 * Binance's REST accounting and errors (issue 20): the used weight on every reply, the documented weight per
 * endpoint and limit, 429 with Retry-After beyond the limit, 418 for an IP that keeps going, and the error
 * codes clients branch on. Real sockets on loopback; the minute windows run on the simulator's clock.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startSim, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startSim({ seed: 8, rate: 20 });
  h.sim.paused = true;
});
afterAll(async () => {
  await h.close();
});

const spot = (p: string): string => `${h.base}/api.binance.com/api/v3/${p}`;
const fapi = (p: string): string => `${h.base}/fapi.binance.com/fapi/v1/${p}`;

/** Status, body and the raw response headers (names as sent). */
function get(url: string): Promise<{ status: number; body: unknown; raw: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          const raw: Record<string, string> = {};
          for (let k = 0; k < res.rawHeaders.length; k += 2) raw[res.rawHeaders[k]!] = res.rawHeaders[k + 1]!;
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown, raw });
        });
      })
      .on('error', reject);
  });
}

/** Moves the clock to the start of the next minute: a fresh weight window. */
function nextMinute(): void {
  h.clock.advance(60_000 - (h.clock.now() % 60_000));
}

describe('used weight on every reply', () => {
  it('spot sends x-mbx-used-weight and x-mbx-used-weight-1m, USD-M X-MBX-USED-WEIGHT-1M, errors included', async () => {
    nextMinute();
    const a = await get(spot('ping'));
    expect(a.raw['x-mbx-used-weight']).toBe('1');
    expect(a.raw['x-mbx-used-weight-1m']).toBe('1');
    const b = await get(spot('depth?symbol=NOPE'));
    expect(b.status).toBe(400);
    expect(b.raw['x-mbx-used-weight-1m']).toBe('6');
    const c = await get(fapi('time'));
    expect(c.raw['X-MBX-USED-WEIGHT-1M']).toBe('1');
    const d = await get(fapi('nope'));
    expect(d.status).toBe(404);
    expect(d.raw['X-MBX-USED-WEIGHT-1M']).toBe('1');
  });

  const cases: [string, () => string, number][] = [
    ['spot ping', () => spot('ping'), 1],
    ['spot exchangeInfo', () => spot('exchangeInfo'), 20],
    ['spot depth default', () => spot('depth?symbol=BTCUSDT'), 5],
    ['spot depth 500', () => spot('depth?symbol=BTCUSDT&limit=500'), 25],
    ['spot depth 1000', () => spot('depth?symbol=BTCUSDT&limit=1000'), 50],
    ['spot depth 5000', () => spot('depth?symbol=BTCUSDT&limit=5000'), 250],
    ['spot trades', () => spot('trades?symbol=BTCUSDT'), 25],
    ['spot historicalTrades', () => spot('historicalTrades?symbol=BTCUSDT'), 25],
    ['spot aggTrades', () => spot('aggTrades?symbol=BTCUSDT'), 4],
    ['spot klines', () => spot('klines?symbol=BTCUSDT&interval=1m&limit=1000'), 2],
    ['spot uiKlines', () => spot('uiKlines?symbol=BTCUSDT&interval=1m'), 2],
    ['spot avgPrice', () => spot('avgPrice?symbol=BTCUSDT'), 2],
    ['spot ticker/24hr one', () => spot('ticker/24hr?symbol=BTCUSDT'), 2],
    ['spot ticker/24hr all', () => spot('ticker/24hr'), 80],
    ['spot ticker/24hr 2 symbols', () => spot('ticker/24hr?symbols=["BTCUSDT","ETHUSDT"]'), 2],
    ['spot ticker/24hr 24 symbols', () => spot(`ticker/24hr?symbols=${JSON.stringify(['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'ADAUSDT', 'DOGEUSDT', 'TRXUSDT', 'AVAXUSDT', 'DOTUSDT', 'LINKUSDT', 'LTCUSDT', 'BCHUSDT', 'ATOMUSDT', 'NEARUSDT', 'UNIUSDT', 'ETCUSDT', 'FILUSDT', 'APTUSDT', 'ARBUSDT', 'OPUSDT', 'SUIUSDT', 'ETHBTC', 'BNBBTC'])}`), 40],
    ['spot ticker/price one', () => spot('ticker/price?symbol=BTCUSDT'), 2],
    ['spot ticker/price all', () => spot('ticker/price'), 4],
    ['spot ticker/bookTicker list', () => spot('ticker/bookTicker?symbols=["BTCUSDT"]'), 4],
    ['spot ticker (rolling) 3 symbols', () => spot('ticker?symbols=["BTCUSDT","ETHUSDT","BNBUSDT"]'), 12],
    ['USD-M exchangeInfo', () => fapi('exchangeInfo'), 1],
    ['USD-M depth 5', () => fapi('depth?symbol=BTCUSDT&limit=5'), 2],
    ['USD-M depth 100', () => fapi('depth?symbol=BTCUSDT&limit=100'), 5],
    ['USD-M depth default (500)', () => fapi('depth?symbol=BTCUSDT'), 10],
    ['USD-M depth 1000', () => fapi('depth?symbol=BTCUSDT&limit=1000'), 20],
    ['USD-M trades', () => fapi('trades?symbol=BTCUSDT'), 5],
    ['USD-M historicalTrades', () => fapi('historicalTrades?symbol=BTCUSDT'), 20],
    ['USD-M aggTrades', () => fapi('aggTrades?symbol=BTCUSDT'), 20],
    ['USD-M klines 99', () => fapi('klines?symbol=BTCUSDT&interval=1m&limit=99'), 1],
    ['USD-M klines 100', () => fapi('klines?symbol=BTCUSDT&interval=1m&limit=100'), 2],
    ['USD-M klines default (500)', () => fapi('klines?symbol=BTCUSDT&interval=1m'), 5],
    ['USD-M klines 1500', () => fapi('klines?symbol=BTCUSDT&interval=1m&limit=1500'), 10],
    ['USD-M markPriceKlines 1000', () => fapi('markPriceKlines?symbol=BTCUSDT&interval=1m&limit=1000'), 5],
    ['USD-M continuousKlines', () => fapi('continuousKlines?pair=BTCUSDT&contractType=PERPETUAL&interval=1m&limit=10'), 1],
    ['USD-M ticker/24hr one', () => fapi('ticker/24hr?symbol=BTCUSDT'), 1],
    ['USD-M ticker/24hr all', () => fapi('ticker/24hr'), 40],
    ['USD-M ticker/price all', () => fapi('ticker/price'), 2],
    ['USD-M ticker/bookTicker one', () => fapi('ticker/bookTicker?symbol=BTCUSDT'), 2],
    ['USD-M ticker/bookTicker all', () => fapi('ticker/bookTicker'), 5],
    ['USD-M premiumIndex one', () => fapi('premiumIndex?symbol=BTCUSDT'), 1],
    ['USD-M openInterest', () => fapi('openInterest?symbol=BTCUSDT'), 1],
    ['USD-M fundingRate (its own limit)', () => fapi('fundingRate?symbol=BTCUSDT'), 0],
    ['USD-M fundingInfo (its own limit)', () => fapi('fundingInfo'), 0],
  ];
  it.each(cases)('%s weighs %i', async (_name, url, weight) => {
    nextMinute();
    const header = url().includes('/api.binance.com/') ? 'x-mbx-used-weight-1m' : 'X-MBX-USED-WEIGHT-1M';
    const base = url().includes('/api.binance.com/') ? spot('ping') : fapi('ping');
    await get(base);
    const r = await get(url());
    expect(r.status).toBe(200);
    expect(Number(r.raw[header])).toBe(1 + weight);
  });
});

describe('limits', () => {
  let small: Harness;
  beforeAll(async () => {
    small = await startSim({ seed: 8, rate: 20, weights: { spot: 60, usdm: 30, banAfter: 2 } });
    small.sim.paused = true;
  });
  afterAll(async () => {
    await small.close();
  });
  const s = (p: string): string => `${small.base}/api.binance.com/api/v3/${p}`;
  const f = (p: string): string => `${small.base}/fapi.binance.com/fapi/v1/${p}`;
  const toMinute = (): void => small.clock.advance(60_000 - (small.clock.now() % 60_000));

  it('429 with Retry-After (seconds to the next minute) beyond the limit; the next minute starts afresh', async () => {
    toMinute();
    small.clock.advance(15_000);
    for (let k = 0; k < 12; k++) expect((await get(s('depth?symbol=BTCUSDT'))).status).toBe(200);
    const over = await get(s('depth?symbol=BTCUSDT'));
    expect(over.status).toBe(429);
    expect(over.raw['Retry-After']).toBe('45');
    expect(over.raw['x-mbx-used-weight-1m']).toBe('60');
    expect(over.body).toEqual({ code: -1003, msg: 'Too much request weight used; current limit is 60 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.' });
    // A lighter request that still fits goes through; USD-M has its own count.
    expect((await get(s('ping'))).status).toBe(429);
    expect((await get(f('ping'))).status).toBe(200);
    toMinute();
    const fresh = await get(s('depth?symbol=BTCUSDT'));
    expect(fresh.status).toBe(200);
    expect(fresh.raw['x-mbx-used-weight-1m']).toBe('5');
  });

  it('418 for a client that keeps going after its 429s: banned 2 minutes, then twice as long', async () => {
    toMinute();
    for (let k = 0; k < 3; k++) await get(f('depth?symbol=BTCUSDT'));
    const answers: number[] = [];
    for (let k = 0; k < 4; k++) answers.push((await get(f('depth?symbol=BTCUSDT'))).status);
    expect(answers).toEqual([429, 429, 429, 418]);
    const banned = await get(f('ping'));
    expect(banned.status).toBe(418);
    expect(banned.raw['Retry-After']).toBe('120');
    const until = small.clock.now() + 120_000;
    expect(banned.body).toEqual({ code: -1003, msg: `Way too much request weight used; IP banned until ${until}. Please use WebSocket Streams for live updates to avoid bans.` });
    // The ban outlasts the minute window; spot is another limit.
    toMinute();
    expect((await get(f('ping'))).status).toBe(418);
    expect((await get(s('ping'))).status).toBe(200);
    small.clock.advance(until - small.clock.now());
    expect((await get(f('ping'))).status).toBe(200);
    for (let k = 0; k < 8; k++) await get(f('depth?symbol=BTCUSDT'));
    const again = await get(f('ping'));
    expect(again.status).toBe(418);
    expect(again.raw['Retry-After']).toBe('240');
    const state = (await getJson<{ weights: Record<string, { rejected: number; banned: number; limit: number }> }>(`${small.base}/_control/state`)).body;
    expect(state.weights['usdm']).toMatchObject({ limit: 30 });
    expect(state.weights['usdm']!.rejected).toBeGreaterThan(0);
    expect(state.weights['usdm']!.banned).toBeGreaterThan(0);
  });

  it('defaults to Binance: 6000 (spot) and 2400 (USD-M) a minute, as exchangeInfo says', async () => {
    const state = (await getJson<{ weights: Record<string, { limit: number; windowMs: number }> }>(`${h.base}/_control/state`)).body;
    expect(state.weights).toMatchObject({ spot: { limit: 6000, windowMs: 60_000 }, usdm: { limit: 2400, windowMs: 60_000 }, funding: { limit: 500, windowMs: 300_000 } });
    const limits = async (url: string) => ((await getJson<{ rateLimits: { rateLimitType: string; limit: number }[] }>(url)).body.rateLimits.find((r) => r.rateLimitType === 'REQUEST_WEIGHT'))!.limit;
    expect(await limits(spot('exchangeInfo'))).toBe(6000);
    expect(await limits(fapi('exchangeInfo'))).toBe(2400);
  });
});

describe('error codes', () => {
  it('-1100 for illegal characters in a symbol', async () => {
    const body = (s: string) => ({ code: -1100, msg: `Illegal characters found in parameter '${s}'; legal range is '^[A-Z0-9-_.]{1,20}$'.` });
    expect((await getJson(spot('depth?symbol=btcusdt'))).body).toEqual(body('symbol'));
    expect((await getJson(spot('ticker/price?symbol=BTC%20USDT'))).body).toEqual(body('symbol'));
    expect((await getJson(fapi('klines?symbol=BTC$USDT&interval=1m'))).body).toEqual(body('symbol'));
    expect((await getJson(fapi('indexPriceKlines?pair=btcusdt&interval=1m'))).body).toEqual(body('pair'));
    // Well formed but not listed: -1121.
    expect((await getJson(spot('depth?symbol=NOPEUSDT'))).body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
  });

  it('-1023 when the start time is after the end time (USD-M; spot finds nothing)', async () => {
    const now = h.clock.now();
    const body = { code: -1023, msg: 'Start time is greater than end time.' };
    const range = `startTime=${now}&endTime=${now - 60_000}`;
    for (const path of ['klines?symbol=BTCUSDT&interval=1m', 'aggTrades?symbol=BTCUSDT', 'fundingRate?symbol=BTCUSDT', 'markPriceKlines?symbol=BTCUSDT&interval=1m', 'continuousKlines?pair=BTCUSDT&contractType=PERPETUAL&interval=1m']) {
      const r = await getJson(fapi(`${path}&${range}`));
      expect(r.status, path).toBe(400);
      expect(r.body, path).toEqual(body);
    }
    expect((await getJson(spot(`klines?symbol=BTCUSDT&interval=1m&${range}`))).body).toEqual([]);
    expect((await getJson(spot(`aggTrades?symbol=BTCUSDT&${range}`))).body).toEqual([]);
  });

  it('unknown parameters are ignored, as Binance ignores them', async () => {
    const r = await getJson<{ bids: unknown[] }>(spot('depth?symbol=BTCUSDT&limit=5&foo=bar&timestamp=1&recvWindow=5000'));
    expect(r.status).toBe(200);
    expect(r.body.bids).toHaveLength(5);
    expect((await getJson<unknown[]>(fapi('klines?symbol=BTCUSDT&interval=1m&limit=3&timeZone=8&whatever'))).body).toHaveLength(3);
  });
});
