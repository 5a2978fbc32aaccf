/**
 * Bybit v5's public protocol as the simulator speaks it, over real sockets on 127.0.0.1: REST envelopes, parameter
 * errors and the IP limit; the websocket ops (subscribe, unsubscribe, ping) in each endpoint's shape, their errors
 * and limits, the idle rule, and the order-book topic's snapshot and deltas.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simPlugin } from '../../server/sim/index.ts';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator } from '../../server/sim/simulator.ts';
import { Client, getJson, postJson, settle, startSim, type Harness } from './harness.ts';

interface Env {
  retCode: number;
  retMsg: string;
  result: Record<string, unknown>;
  retExtInfo: Record<string, unknown>;
  time: number;
}

let h: Harness;
let rest: string;
let ws: string;

beforeAll(async () => {
  h = await startSim({ seed: 11, rate: 40 });
  rest = `${h.base}/api.bybit.com/v5/market`;
  ws = `${h.wsBase}/stream.bybit.com/v5/public`;
});
afterAll(async () => h.close());

const get = async (path: string): Promise<{ status: number; body: Env }> => getJson<Env>(`${rest}/${path}`);

describe('Bybit REST', () => {
  it('answers in Bybit’s envelope with string numbers', async () => {
    const t = await get('time');
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ retCode: 0, retMsg: 'OK', retExtInfo: {}, time: h.clock.now() });
    expect(t.body.result).toEqual({ timeSecond: String(Math.floor(h.clock.now() / 1000)), timeNano: `${h.clock.now()}000000` });

    const spot = await get('instruments-info?category=spot&symbol=BTCUSDT');
    const row = (spot.body.result['list'] as Record<string, unknown>[])[0]!;
    expect(row).toMatchObject({ symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', status: 'Trading', priceFilter: { tickSize: '0.01' } });
    expect((row['lotSizeFilter'] as Record<string, string>)['basePrecision']).toBe('0.000001');

    const lin = await get('instruments-info?category=linear&symbol=BTCUSDT');
    const l = (lin.body.result['list'] as Record<string, unknown>[])[0]!;
    expect(l).toMatchObject({ contractType: 'LinearPerpetual', priceScale: '2', priceFilter: { tickSize: '0.10' }, lotSizeFilter: { qtyStep: '0.001', minOrderQty: '0.001' }, settleCoin: 'USDT' });
    expect(lin.body.result['nextPageCursor']).toBe('');

    const ob = await get('orderbook?category=linear&symbol=BTCUSDT&limit=5');
    const r = ob.body.result as { s: string; b: [string, string][]; a: [string, string][]; u: number; seq: number; ts: number; cts: number };
    expect(r.s).toBe('BTCUSDT');
    expect(r.b).toHaveLength(5);
    expect(r.a).toHaveLength(5);
    // linear BTCUSDT: priceScale 2 with a 0.10 tick ("65000.10"), sizes in 0.001
    expect(r.b[0]![0]).toMatch(/^\d+\.\d0$/);
    expect(r.b[0]![1]).toMatch(/^\d+\.\d{3}$/);
    expect(Number(r.b[0]![0])).toBeLessThan(Number(r.a[0]![0]));
    expect(typeof r.u).toBe('number');
    expect(typeof r.seq).toBe('number');

    const k = await get('kline?category=spot&symbol=BTCUSDT&interval=60&limit=3');
    const list = k.body.result['list'] as string[][];
    expect(list).toHaveLength(3);
    expect(Number(list[0]![0])).toBeGreaterThan(Number(list[1]![0])); // newest first
    expect(list[0]).toHaveLength(7);

    const trades = await get('recent-trade?category=spot&symbol=BTCUSDT');
    expect(trades.body.retCode).toBe(0);
    const tick = await get('tickers?category=linear&symbol=BTCUSDT');
    const tk = (tick.body.result['list'] as Record<string, string>[])[0]!;
    for (const f of ['markPrice', 'indexPrice', 'fundingRate', 'nextFundingTime', 'lastPrice', 'bid1Price', 'ask1Price']) expect(typeof tk[f]).toBe('string');
    const fh = await get('funding/history?category=linear&symbol=BTCUSDT&limit=3');
    expect(fh.body.result['list']).toHaveLength(3);
  });

  it.each([
    ['orderbook?category=spot&symbol=NOPE', 'params error: symbol invalid'],
    ['orderbook?category=spot', 'params error: symbol is required'],
    ['orderbook?category=inverse&symbol=BTCUSD', 'Illegal category'],
    ['orderbook?symbol=BTCUSDT', 'params error: category is required'],
    ['orderbook?category=spot&symbol=BTCUSDT&limit=201', 'params error: limit must be in [1, 200]'],
    ['orderbook?category=linear&symbol=BTCUSDT&limit=501', 'params error: limit must be in [1, 500]'],
    ['kline?category=spot&symbol=BTCUSDT&interval=7', 'params error: interval invalid'],
    ['kline?category=spot&symbol=BTCUSDT&interval=1&limit=1001', 'params error: limit must be in [1, 1000]'],
    ['kline?category=spot&symbol=BTCUSDT&interval=1&start=abc', 'params error: start invalid'],
    ['recent-trade?category=spot&symbol=BTCUSDT&limit=61', 'params error: limit must be in [1, 60]'],
    ['recent-trade?category=linear&symbol=BTCUSDT&limit=1001', 'params error: limit must be in [1, 1000]'],
    ['funding/history?category=spot&symbol=BTCUSDT', 'Illegal category'],
  ])('%s → retCode 10001 %s', async (path, msg) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ retCode: 10001, retMsg: msg, result: {}, retExtInfo: {} });
  });

  it('an unknown path is a 404 in the envelope, never a 5xx', async () => {
    const r = await get('nothing-here?category=spot');
    expect(r.status).toBe(404);
    expect(r.body.retCode).toBe(10001);
  });
});

describe('Bybit REST IP limit', () => {
  it('over the window’s requests answers 403 "access too frequent" until the ban ends', async () => {
    const clock = new ManualScheduler();
    const sim = new Simulator({ seed: 5, scheduler: clock });
    const app = Fastify();
    await app.register(simPlugin, { prefix: '/sim', simulator: sim, bybit: { restLimits: { perWindow: 20, windowMs: 5000, banMs: 600_000 } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}/sim/api.bybit.com/v5/market/time`;
    try {
      for (let k = 0; k < 20; k++) expect((await fetch(url)).status).toBe(200);
      const over = await fetch(url);
      expect(over.status).toBe(403);
      expect(await over.text()).toBe('403, access too frequent');
      clock.advance(599_000);
      expect((await fetch(url)).status).toBe(403);
      clock.advance(2000);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await app.close();
      sim.stop();
    }
  });
});

async function open(market: 'spot' | 'linear'): Promise<Client> {
  const c = new Client(`${ws}/${market}`);
  await c.opened;
  return c;
}

const parsed = (c: Client): Record<string, unknown>[] => c.json();
async function reply(c: Client, pred: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  await c.until((f) => f.some((x) => pred(JSON.parse(x) as Record<string, unknown>)));
  return parsed(c).find(pred)!;
}

describe('Bybit websocket ops', () => {
  it('spot: subscribe, pong and unsubscribe in spot’s shapes', async () => {
    const c = await open('spot');
    try {
      c.send({ op: 'subscribe', args: ['orderbook.50.BTCUSDT'], req_id: 'a1' });
      const ack = await reply(c, (m) => m['op'] === 'subscribe');
      expect(ack).toEqual({ success: true, ret_msg: 'subscribe', conn_id: expect.any(String), req_id: 'a1', op: 'subscribe' });
      c.send({ op: 'ping' });
      const pong = await reply(c, (m) => m['op'] === 'ping');
      expect(pong).toEqual({ success: true, ret_msg: 'pong', conn_id: ack['conn_id'], op: 'ping' });
      c.send({ op: 'unsubscribe', args: ['orderbook.50.BTCUSDT'], req_id: 'a2' });
      const un = await reply(c, (m) => m['op'] === 'unsubscribe');
      expect(un).toMatchObject({ success: true, req_id: 'a2' });
    } finally {
      c.close();
    }
  });

  it('linear: subscribe and pong carry req_id ("" when none was sent), ret_msg ""', async () => {
    const c = await open('linear');
    try {
      c.send({ op: 'subscribe', args: ['publicTrade.BTCUSDT'] });
      const ack = await reply(c, (m) => m['op'] === 'subscribe');
      expect(ack).toEqual({ success: true, ret_msg: '', conn_id: expect.any(String), req_id: '', op: 'subscribe' });
      c.send({ op: 'ping', req_id: '100001' });
      const pong = await reply(c, (m) => m['op'] === 'ping');
      expect(pong).toEqual({ success: true, ret_msg: 'pong', conn_id: ack['conn_id'], req_id: '100001', op: 'ping' });
    } finally {
      c.close();
    }
  });

  it('refuses unknown topics, bad symbols, repeats, and more than 10 args on spot (nothing of the request subscribed)', async () => {
    const s = await open('spot');
    const l = await open('linear');
    try {
      const ask = async (c: Client, id: string, args: unknown): Promise<Record<string, unknown>> => {
        c.send({ op: 'subscribe', args, req_id: id });
        return reply(c, (m) => m['req_id'] === id);
      };
      expect(await ask(s, 'e1', ['orderbook.7.BTCUSDT'])).toMatchObject({ success: false, ret_msg: 'error:handler not found,topic:orderbook.7.BTCUSDT', op: 'subscribe' });
      expect(await ask(l, 'e2', ['orderbook.500.BTCUSDT'])).toMatchObject({ success: false, ret_msg: 'error:handler not found,topic:orderbook.500.BTCUSDT' });
      expect(await ask(s, 'e3', ['publicTrade.NOPEUSDT'])).toMatchObject({ success: false, ret_msg: 'Invalid symbol :[publicTrade.NOPEUSDT]' });
      const eleven = ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'ADA', 'DOGE', 'TRX', 'AVAX', 'DOT', 'LINK'].map((b) => `publicTrade.${b}USDT`);
      expect(await ask(s, 'e4', eleven)).toMatchObject({ success: false, ret_msg: 'args size >10' });
      expect(await ask(l, 'e5', eleven)).toMatchObject({ success: true });
      expect(await ask(s, 'e6', eleven.slice(0, 10))).toMatchObject({ success: true });
      expect(await ask(s, 'e7', ['publicTrade.BTCUSDT'])).toMatchObject({ success: false, ret_msg: 'error:already subscribed,topic:publicTrade.BTCUSDT' });
      s.send({ op: 'nope', req_id: 'e8' });
      expect(await reply(s, (m) => m['req_id'] === 'e8')).toMatchObject({ success: false, ret_msg: 'error:invalid op' });
      const conns = (await getJson<{ id: number; topics: string[] }[]>(`${h.base}/_control/connections?venue=bybit`)).body;
      expect(conns.find((c) => c.topics.length === 10)).toBeDefined();
    } finally {
      s.close();
      l.close();
    }
  });

  it('drops a socket 10 minutes after the client last sent anything; pings keep it', async () => {
    const quiet = await open('spot');
    const pinging = await open('linear');
    for (let t = 0; t < 11 * 60_000; t += 20_000) {
      pinging.send({ op: 'ping' });
      await settle(5);
      h.clock.advance(20_000);
    }
    await quiet.closed;
    expect(pinging.closeCode).toBeUndefined();
    pinging.close();
  });

  it('orderbook: a snapshot of depth levels, then deltas with u + 1 and only changed levels', async () => {
    const c = await open('spot');
    try {
      c.send({ op: 'subscribe', args: ['orderbook.50.ETHUSDT'], req_id: 'b' });
      await c.until((f) => f.some((x) => x.includes('"type":"snapshot"')));
      for (let k = 0; k < 40; k++) {
        h.clock.advance(50);
        await settle(2);
      }
      await c.until((f) => f.filter((x) => x.includes('"type":"delta"')).length >= 5);
      const pushes = parsed(c).filter((m) => m['topic'] === 'orderbook.50.ETHUSDT') as { type: string; ts: number; cts: number; data: { s: string; b: string[][]; a: string[][]; u: number; seq: number } }[];
      expect(pushes[0]!.type).toBe('snapshot');
      expect(pushes[0]!.data.b).toHaveLength(50);
      expect(pushes[0]!.data.a).toHaveLength(50);
      for (let k = 1; k < pushes.length; k++) {
        expect(pushes[k]!.type).toBe('delta');
        expect(pushes[k]!.data.u).toBe(pushes[k - 1]!.data.u + 1);
        expect(pushes[k]!.data.seq).toBeGreaterThan(pushes[k - 1]!.data.seq);
        expect(pushes[k]!.data.b.length + pushes[k]!.data.a.length).toBeGreaterThan(0);
        expect(pushes[k]!.data.b.length + pushes[k]!.data.a.length).toBeLessThan(100);
      }
    } finally {
      c.close();
    }
  });

  it('restart: a snapshot with u = 1 to the topic’s subscribers; checksum applies to none', async () => {
    const c = await open('linear');
    try {
      c.send({ op: 'subscribe', args: ['orderbook.200.BTCUSDT'], req_id: 'r' });
      await c.until((f) => f.some((x) => x.includes('"type":"snapshot"')));
      const r = await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue: 'bybit', type: 'restart', market: 'usdm' });
      expect(r.body.applied.length).toBe(1);
      await c.until((f) => f.some((x) => x.includes('"type":"snapshot"') && x.includes('"u":1,')));
      const cs = await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue: 'bybit', type: 'checksum' });
      expect(cs.body.applied).toEqual([]);
    } finally {
      c.close();
    }
  });

  it('an unknown path under stream.bybit.com is a 404 upgrade', async () => {
    const c = new Client(`${h.wsBase}/stream.bybit.com/v5/public/inverse`);
    await expect(c.opened).rejects.toThrow('HTTP 404');
  });
});
