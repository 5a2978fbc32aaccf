import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { Client, settle, startSim, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startSim({ seed: 5, rate: 40 });
});
afterAll(async () => {
  await h.close();
});

async function open(path: string): Promise<Client> {
  const c = new Client(`${h.wsBase}/${path}`);
  await c.opened;
  return c;
}

async function advance(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) h.clock.advance(step);
  await settle(30);
}

describe('live subscribing (Binance "Live Subscribing/Unsubscribing to streams")', () => {
  it('SUBSCRIBE, LIST_SUBSCRIPTIONS and UNSUBSCRIBE reply {result, id}', async () => {
    const c = await open('stream.binance.com/ws/btcusdt@trade');
    expect(await c.request({ method: 'SUBSCRIBE', params: ['btcusdt@aggTrade', 'btcusdt@depth'], id: 1 })).toEqual({ result: null, id: 1 });
    expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 3 })).toEqual({ result: ['btcusdt@trade', 'btcusdt@aggTrade', 'btcusdt@depth'], id: 3 });
    expect(await c.request({ method: 'UNSUBSCRIBE', params: ['btcusdt@depth'], id: 312 })).toEqual({ result: null, id: 312 });
    expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 'abc-1' })).toEqual({ result: ['btcusdt@trade', 'btcusdt@aggTrade'], id: 'abc-1' });
    expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: null })).toEqual({ result: ['btcusdt@trade', 'btcusdt@aggTrade'], id: null });
    c.close();
  });

  it('raw streams send the payload; combined streams wrap it as {stream, data}; SET_PROPERTY switches', async () => {
    const raw = await open('stream.binance.com/ws/ethusdt@trade');
    const combined = await open('stream.binance.com/stream?streams=ethusdt@trade');
    await advance(2000);
    const r = JSON.parse(raw.frames[0]!) as Record<string, unknown>;
    const w = JSON.parse(combined.frames[0]!) as { stream: string; data: Record<string, unknown> };
    expect(Object.keys(r)).toEqual(['e', 'E', 's', 't', 'p', 'q', 'T', 'm', 'M']);
    expect(r['e']).toBe('trade');
    expect(w.stream).toBe('ethusdt@trade');
    expect(w.data).toEqual(r);

    expect(await raw.request({ method: 'GET_PROPERTY', params: ['combined'], id: 2 })).toEqual({ result: false, id: 2 });
    expect(await raw.request({ method: 'SET_PROPERTY', params: ['combined', true], id: 5 })).toEqual({ result: null, id: 5 });
    expect(await raw.request({ method: 'GET_PROPERTY', params: ['combined'], id: 6 })).toEqual({ result: true, id: 6 });
    const before = raw.frames.length;
    await advance(2000);
    const later = raw.frames.slice(before).map((f) => JSON.parse(f) as Record<string, unknown>);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((m) => m['stream'] === 'ethusdt@trade')).toBe(true);
    raw.close();
    combined.close();
  });

  it.each([
    ['{"method":"SUBSCRIBE",', 3, 'Invalid JSON: expected value at line 1 column 23', null],
    [{ params: ['btcusdt@trade'], id: 7 }, 2, 'Invalid request: missing field `method` at line 1 column 35', 7],
    [{ method: 'SUBSCRIBES', params: [], id: 8 }, 2, 'Invalid request: unknown variant `SUBSCRIBES`, expected one of `SUBSCRIBE`, `UNSUBSCRIBE`, `LIST_SUBSCRIPTIONS`, `SET_PROPERTY`, `GET_PROPERTY` at line 1 column 22', 8],
    [{ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 1.5 }, 2, 'Invalid request: request ID must be an unsigned integer', null],
    [{ method: 'SUBSCRIBE', params: ['btcusdt@trade'] }, 2, 'Invalid request: request ID must be an unsigned integer', null],
    [{ method: 'SUBSCRIBE', params: ['btcusdt@nonsense'], id: 9 }, 2, 'Invalid request: invalid stream', 9],
    [{ method: 'SUBSCRIBE', params: ['BTCUSDT@trade'], id: 10 }, 2, 'Invalid request: invalid stream', 10],
    [{ method: 'SUBSCRIBE', params: ['btcusdt@depth7'], id: 11 }, 2, 'Invalid request: invalid stream', 11],
    [{ method: 'SUBSCRIBE', params: ['btcusdt@kline_2m'], id: 12 }, 2, 'Invalid request: invalid stream', 12],
    [{ method: 'SUBSCRIBE', params: ['btcusdt@markPrice'], id: 13 }, 2, 'Invalid request: invalid stream', 13],
    [{ method: 'LIST_SUBSCRIPTIONS', params: ['x'], id: 14 }, 2, 'Invalid request: too many parameters', 14],
    [{ method: 'SET_PROPERTY', params: ['combined', true, 1], id: 15 }, 2, 'Invalid request: too many parameters', 15],
    [{ method: 'SET_PROPERTY', params: [true, true], id: 16 }, 2, 'Invalid request: property name must be a string', 16],
    [{ method: 'GET_PROPERTY', params: [], id: 17 }, 2, 'Invalid request: property name must be a string', 17],
    [{ method: 'SET_PROPERTY', params: ['compressed', true], id: 18 }, 0, 'Unknown property', 18],
    [{ method: 'SET_PROPERTY', params: ['combined', 'yes'], id: 19 }, 1, 'Invalid value type: expected Boolean', 19],
  ])('error reply for %j', async (request, code, msg, id) => {
    const c = await open('stream.binance.com/ws');
    c.send(request);
    await c.until((f) => f.length > 0);
    expect(JSON.parse(c.frames[0]!)).toEqual({ error: { code, msg }, id });
    c.close();
  });

  it('a valid stream of an unlisted symbol is accepted and stays silent', async () => {
    const c = await open('stream.binance.com/ws');
    expect(await c.request({ method: 'SUBSCRIBE', params: ['zzzusdt@trade'], id: 1 })).toEqual({ result: null, id: 1 });
    await advance(1000);
    expect(c.frames).toHaveLength(1);
    c.close();
  });
});

describe('limits', () => {
  it('spot: 5 incoming messages per second pass, the 6th disconnects (1008)', async () => {
    const ok = await open('stream.binance.com/ws');
    for (let k = 0; k < 5; k++) await ok.request({ method: 'LIST_SUBSCRIPTIONS', id: k });
    h.clock.advance(1001);
    for (let k = 0; k < 5; k++) await ok.request({ method: 'LIST_SUBSCRIPTIONS', id: 10 + k });
    expect(ok.closeCode).toBeUndefined();
    ok.send({ method: 'LIST_SUBSCRIPTIONS', id: 99 });
    await ok.closed;
    expect(ok.closeCode).toBe(1008);
    expect(ok.closeReason).toBe('Too many requests');
  });

  it('USD-M: 10 incoming messages per second pass, the 11th disconnects; pings count', async () => {
    const c = await open('fstream.binance.com/market/ws');
    for (let k = 0; k < 5; k++) await c.request({ method: 'LIST_SUBSCRIPTIONS', id: k });
    for (let k = 0; k < 5; k++) c.ws.ping();
    await settle(30);
    expect(c.closeCode).toBeUndefined();
    c.ws.ping();
    await c.closed;
    expect(c.closeCode).toBe(1008);
  });

  it('1024 streams per connection: the 1025th is refused with an error, on SUBSCRIBE and in the URL', async () => {
    const c = await open('stream.binance.com/ws');
    const names = Array.from({ length: 1024 }, (_, k) => `s${k}usdt@trade`);
    expect(await c.request({ method: 'SUBSCRIBE', params: names, id: 1 })).toEqual({ result: null, id: 1 });
    expect(await c.request({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 2 })).toEqual({ error: { code: 4, msg: 'Too many subscriptions' }, id: 2 });
    expect(await c.request({ method: 'SUBSCRIBE', params: ['s5usdt@trade'], id: 3 })).toEqual({ result: null, id: 3 });
    c.close();
    const tooMany = new Client(`${h.wsBase}/stream.binance.com/stream?streams=${[...names, 'btcusdt@trade'].join('/')}`);
    await expect(tooMany.opened).rejects.toThrow('HTTP 400');
  });

  it('spot pings every 20 s and drops a client that does not pong within a minute', async () => {
    const good = await open('stream.binance.com/ws');
    const mute = new Client(`${h.wsBase}/stream.binance.com/ws`, { autoPong: false });
    await mute.opened;
    let pings = 0;
    good.ws.on('ping', () => pings++);
    for (let k = 0; k < 3; k++) {
      h.clock.advance(20_000);
      await settle(20);
    }
    expect(pings).toBe(3);
    expect(mute.closeCode).toBeUndefined();
    h.clock.advance(20_000);
    await mute.closed;
    expect(mute.closeCode).toBe(1006);
    expect(good.closeCode).toBeUndefined();
    good.close();
  });

  it('an unsolicited pong does not keep a client alive', async () => {
    const mute = new Client(`${h.wsBase}/stream.binance.com/ws`, { autoPong: false });
    await mute.opened;
    h.clock.advance(20_000);
    await settle(20);
    mute.ws.pong('not-the-payload');
    await settle(20);
    h.clock.advance(60_000);
    await mute.closed;
    expect(mute.closeCode).toBe(1006);
  });

  it('USD-M pings every 3 minutes', async () => {
    const c = await open('fstream.binance.com/ws');
    let pings = 0;
    c.ws.on('ping', () => pings++);
    h.clock.advance(179_000);
    await settle(20);
    expect(pings).toBe(0);
    h.clock.advance(1000);
    await settle(20);
    expect(pings).toBe(1);
    c.close();
  });

  it('unknown paths under a stream host are 404; other upgrade paths are left alone', async () => {
    const bad = new Client(`${h.wsBase}/stream.binance.com/nope`);
    await expect(bad.opened).rejects.toThrow('HTTP 404');
    const other = new WebSocketServer({ noServer: true });
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      if (req.url === '/elsewhere') other.handleUpgrade(req, socket, head, (ws) => ws.send('hello'));
    };
    h.app.server.on('upgrade', onUpgrade);
    const c = new Client(`${h.wsBase.replace('/sim', '')}/elsewhere`);
    await c.until((f) => f.length > 0);
    expect(c.frames).toEqual(['hello']);
    c.close();
    h.app.server.off('upgrade', onUpgrade);
    other.close();
  });
});

describe('USD-M routes (/public, /market, /private, plain)', () => {
  it('/private (user data) is accepted and stays silent: Binance\'s connectors open it beside the other two', async () => {
    const priv = await open('fstream.binance.com/private/ws/someListenKey');
    const privStream = await open('fstream.binance.com/private/stream?streams=someListenKey');
    const privQuery = await open('fstream.binance.com/private/ws?listenKey=someListenKey&events=ORDER_TRADE_UPDATE');
    expect(await priv.request({ method: 'SUBSCRIBE', params: ['btcusdt@aggTrade', 'btcusdt@depth@100ms'], id: 1 })).toEqual({ result: null, id: 1 });
    expect(await priv.request({ method: 'LIST_SUBSCRIPTIONS', id: 2 })).toEqual({ result: ['btcusdt@aggTrade', 'btcusdt@depth@100ms'], id: 2 });
    await advance(3000);
    for (const c of [priv, privStream, privQuery]) {
      expect(c.frames.filter((f) => !f.includes('"id"'))).toEqual([]);
      expect(c.closeCode).toBeUndefined();
      c.close();
    }
  });

  it('book data on /public, the rest on /market; the wrong route is silently empty; plain paths carry all', async () => {
    const pub = await open('fstream.binance.com/public/stream?streams=btcusdt@depth@100ms/btcusdt@aggTrade');
    const mkt = await open('fstream.binance.com/market/stream?streams=btcusdt@depth@100ms/btcusdt@aggTrade');
    const plain = await open('fstream.binance.com/stream?streams=btcusdt@depth@100ms/btcusdt@aggTrade');
    await advance(3000);
    const streams = (c: Client): Set<string> => new Set(c.json<{ stream: string }>().map((m) => m.stream));
    expect(streams(pub)).toEqual(new Set(['btcusdt@depth@100ms']));
    expect(streams(mkt)).toEqual(new Set(['btcusdt@aggTrade']));
    expect(streams(plain)).toEqual(new Set(['btcusdt@depth@100ms', 'btcusdt@aggTrade']));
    for (const c of [pub, mkt, plain]) c.close();
  });
});
