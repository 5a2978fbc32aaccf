/**
 * Bybit's public topics other than the deep order book, and the control plane's faults on Bybit sockets, over real
 * sockets on 127.0.0.1: tickers (spot snapshots; linear a snapshot then deltas of the changed fields), depth 1
 * (snapshots only, the same u again after 3 s unchanged), kline (confirm on close), publicTrade, unsubscribe, and the
 * faults malformed, silence / clear, latency, oversized and close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, postJson, settle, startSim, type Harness } from './harness.ts';

let h: Harness;
let ws: string;

beforeAll(async () => {
  h = await startSim({ seed: 13, rate: 40 });
  ws = `${h.wsBase}/stream.bybit.com/v5/public`;
});
afterAll(async () => h.close());

type Msg = Record<string, unknown> & { topic?: string; type?: string; data?: unknown };

async function subscribed(market: 'spot' | 'linear', args: string[]): Promise<Client> {
  const c = new Client(`${ws}/${market}`);
  await c.opened;
  c.send({ op: 'subscribe', args, req_id: 's' });
  await c.until((f) => f.some((x) => x.includes('"op":"subscribe"')));
  return c;
}

async function run(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    h.clock.advance(step);
    await settle(1);
  }
}

const pushes = (c: Client, topic: string): Msg[] => c.json<Msg>().filter((m) => m.topic === topic);

describe('Bybit topics', () => {
  it('linear tickers: a snapshot with mark, index and funding, then deltas of the changed fields only', async () => {
    const c = await subscribed('linear', ['tickers.BTCUSDT']);
    try {
      await run(3000);
      await c.until((f) => f.filter((x) => x.includes('"type":"delta"')).length >= 3);
      const p = pushes(c, 'tickers.BTCUSDT');
      expect(p[0]!.type).toBe('snapshot');
      const snap = p[0]!.data as Record<string, string>;
      for (const k of ['symbol', 'lastPrice', 'markPrice', 'indexPrice', 'fundingRate', 'nextFundingTime', 'bid1Price', 'ask1Price', 'openInterest']) expect(typeof snap[k], k).toBe('string');
      expect(Number(snap['nextFundingTime']) % (8 * 3_600_000)).toBe(0);
      const deltas = p.slice(1);
      expect(deltas.every((d) => d.type === 'delta')).toBe(true);
      for (const d of deltas) {
        const data = d.data as Record<string, string>;
        expect(data['symbol']).toBe('BTCUSDT');
        expect(Object.keys(data).length).toBeLessThan(Object.keys(snap).length);
        expect(typeof d['cs']).toBe('number');
      }
    } finally {
      c.close();
    }
  });

  it('spot tickers are snapshots every time', async () => {
    const c = await subscribed('spot', ['tickers.ETHUSDT']);
    try {
      await run(2000);
      await c.until((f) => f.filter((x) => x.includes('"topic":"tickers.ETHUSDT"')).length >= 3);
      const p = pushes(c, 'tickers.ETHUSDT');
      expect(p.every((m) => m.type === 'snapshot')).toBe(true);
      expect((p[0]!.data as Record<string, string>)['usdIndexPrice']).toBeDefined();
      expect((p[0]!.data as Record<string, string>)['bid1Price']).toBeUndefined(); // spot's stream has no best bid
    } finally {
      c.close();
    }
  });

  it('orderbook.1: snapshots only; after 3 s without a change the same snapshot again with the same u', async () => {
    const c = await subscribed('linear', ['orderbook.1.SOLUSDT']);
    try {
      await run(1000, 10);
      const before = pushes(c, 'orderbook.1.SOLUSDT');
      expect(before.length).toBeGreaterThan(2);
      expect(before.every((m) => m.type === 'snapshot')).toBe(true);
      await postJson(`${h.base}/_control/pause`, { venue: 'bybit' });
      await run(200, 10);
      const n = pushes(c, 'orderbook.1.SOLUSDT').length;
      const lastU = (pushes(c, 'orderbook.1.SOLUSDT').at(-1)!.data as { u: number }).u;
      await run(3100, 100);
      await c.until((f) => f.filter((x) => x.includes('"topic":"orderbook.1.SOLUSDT"')).length > n);
      const again = pushes(c, 'orderbook.1.SOLUSDT').slice(n);
      expect(again.length).toBe(1);
      expect(again[0]!.type).toBe('snapshot');
      expect((again[0]!.data as { u: number }).u).toBe(lastU);
    } finally {
      await postJson(`${h.base}/_control/resume`, { venue: 'bybit' });
      c.close();
    }
  });

  it('kline: the open candle every second, the closed one with confirm true when the minute ends', async () => {
    const c = await subscribed('spot', ['kline.1.BTCUSDT', 'publicTrade.BTCUSDT']);
    try {
      await run(65_000, 250);
      await c.until((f) => f.some((x) => x.includes('"confirm":true')));
      const k = pushes(c, 'kline.1.BTCUSDT');
      const closed = k.flatMap((m) => m.data as Record<string, unknown>[]).find((e) => e['confirm'] === true)!;
      expect(closed['interval']).toBe('1');
      expect((closed['start'] as number) % 60_000).toBe(0);
      expect(closed['end']).toBe((closed['start'] as number) + 59_999);
      const trades = pushes(c, 'publicTrade.BTCUSDT');
      expect(trades.length).toBeGreaterThan(0);
      const t = (trades[0]!.data as Record<string, unknown>[])[0]!;
      expect(t).toMatchObject({ s: 'BTCUSDT', BT: false });
      expect(['Buy', 'Sell']).toContain(t['S']);
      expect(t['p']).toMatch(/^\d+\.\d{2}$/);
      expect(t['v']).toMatch(/^\d+\.\d{6}$/);
    } finally {
      c.close();
    }
  });

  it('unsubscribe: the topic stops, the socket stays', async () => {
    const c = await subscribed('linear', ['orderbook.50.ETHUSDT']);
    try {
      await run(500, 20);
      c.send({ op: 'unsubscribe', args: ['orderbook.50.ETHUSDT'], req_id: 'u' });
      await c.until((f) => f.some((x) => x.includes('"op":"unsubscribe"')));
      const n = pushes(c, 'orderbook.50.ETHUSDT').length;
      await run(1000, 20);
      await settle(50);
      expect(pushes(c, 'orderbook.50.ETHUSDT').length).toBe(n);
      expect(c.closeCode).toBeUndefined();
    } finally {
      c.close();
    }
  });
});

describe('faults on Bybit sockets', () => {
  const fault = async (body: Record<string, unknown>): Promise<number[]> => (await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue: 'bybit', ...body })).body.applied;

  it('malformed, silence and clear, latency, oversized, close', async () => {
    const c = await subscribed('spot', ['orderbook.50.BNBUSDT']);
    try {
      const conns = (await getJson<{ id: number; topics: string[]; route: string }[]>(`${h.base}/_control/connections?venue=bybit`)).body;
      const me = conns.find((x) => x.topics.includes('orderbook.50.BNBUSDT'))!;
      expect(me.route).toBe('stream.bybit.com/v5/public/spot');

      expect(await fault({ type: 'malformed', connection: me.id })).toEqual([me.id]);
      const n0 = c.frames.length;
      await run(500, 20);
      await c.until((f) => f.length > n0 + 1);
      expect(() => JSON.parse(c.frames[n0]!)).toThrow();

      await fault({ type: 'silence', connection: me.id });
      await settle(30);
      const n1 = c.frames.length;
      c.send({ op: 'ping' });
      await run(500, 20);
      await settle(30);
      expect(c.frames.length).toBe(n1);
      await fault({ type: 'clear', connection: me.id });
      c.send({ op: 'ping', req_id: 'p' });
      await c.until((f) => f.slice(n1).some((x) => x.includes('"ret_msg":"pong"')));

      await fault({ type: 'latency', connection: me.id, ms: 5000 });
      const n2 = c.frames.length;
      c.send({ op: 'ping' });
      await settle(50);
      h.clock.advance(4000);
      await settle(50);
      expect(c.frames.slice(n2).some((x) => x.includes('"ret_msg":"pong"'))).toBe(false);
      h.clock.advance(1500);
      await c.until((f) => f.slice(n2).some((x) => x.includes('"ret_msg":"pong"')));
      await fault({ type: 'clear', connection: me.id });

      await fault({ type: 'oversized', connection: me.id, bytes: 100_000 });
      await c.until((f) => f.some((x) => x.length >= 100_000));

      expect(await fault({ type: 'close', connection: me.id, code: 4001, reason: 'bye' })).toEqual([me.id]);
      await c.closed;
      expect(c.closeCode).toBe(4001);
      expect(c.closeReason).toBe('bye');
    } finally {
      c.close();
    }
  });
});
