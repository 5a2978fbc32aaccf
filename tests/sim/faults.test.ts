import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, postJson, settle, startSim, type Harness } from './harness.ts';
import { LocalBook, type DepthEvent, type Snapshot } from './local-book.ts';

let h: Harness;
beforeAll(async () => {
  h = await startSim({ seed: 11, rate: 40 });
});
afterAll(async () => {
  await h.close();
});

async function advance(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) h.clock.advance(step);
  await settle(30);
}

async function open(path: string): Promise<{ c: Client; id: number }> {
  const before = new Set((await getJson<{ id: number }[]>(`${h.base}/_control/connections`)).body.map((x) => x.id));
  const c = new Client(`${h.wsBase}/${path}`);
  await c.opened;
  const after = (await getJson<{ id: number }[]>(`${h.base}/_control/connections`)).body;
  const id = after.find((x) => !before.has(x.id))!.id;
  return { c, id };
}

async function fault(body: Record<string, unknown>): Promise<number[]> {
  const res = await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, body);
  expect(res.status).toBe(200);
  return res.body.applied;
}

/** A local book following Binance's procedure, fed from a raw depth stream. */
async function syncedBook(market: 'spot' | 'usdm', path: string, rest: string): Promise<{ c: Client; id: number; book: LocalBook; pump: () => void }> {
  const { c, id } = await open(path);
  const book = new LocalBook(market);
  let seen = 0;
  const pump = (): void => {
    for (; seen < c.frames.length; seen++) book.onEvent(JSON.parse(c.frames[seen]!) as DepthEvent);
  };
  await advance(500);
  pump();
  book.applySnapshot((await getJson<Snapshot>(`${h.base}/${rest}`)).body);
  await advance(500);
  pump();
  expect(book.broken).toBeUndefined();
  return { c, id, book, pump };
}

describe('scripted faults (POST /sim/_control/faults)', () => {
  it('lists connections with route, streams and counters', async () => {
    const { c, id } = await open('fstream.binance.com/public/stream?streams=bnbusdt@depth@100ms');
    await advance(500);
    const list = (await getJson<Record<string, unknown>[]>(`${h.base}/_control/connections`)).body;
    const me = list.find((x) => x['id'] === id)!;
    expect(me).toMatchObject({ host: 'fstream.binance.com', route: 'fstream.binance.com/public/stream', market: 'usdm', tier: 'public', combined: true, streams: ['bnbusdt@depth@100ms'] });
    expect(me['messagesSent']).toBe(c.frames.length);
    c.close();
  });

  it('rejects an unknown fault type', async () => {
    const res = await postJson<{ error: string }>(`${h.base}/_control/faults`, { type: 'meteor' });
    expect(res.status).toBe(400);
  });

  it('cut: the socket drops without a close frame (1006), only the targeted one', async () => {
    const a = await open('stream.binance.com/ws');
    const b = await open('stream.binance.com/ws');
    expect(await fault({ type: 'cut', connection: a.id })).toEqual([a.id]);
    await a.c.closed;
    expect(a.c.closeCode).toBe(1006);
    await settle(20);
    expect(b.c.closeCode).toBeUndefined();
    b.c.close();
  });

  it('close: the socket closes with the given code and reason', async () => {
    const a = await open('stream.binance.com/ws');
    await fault({ type: 'close', connection: a.id, code: 4001, reason: 'bye' });
    await a.c.closed;
    expect(a.c.closeCode).toBe(4001);
    expect(a.c.closeReason).toBe('bye');
  });

  it('gap (spot): a dropped diff breaks the U == u + 1 chain', async () => {
    const s = await syncedBook('spot', 'stream.binance.com/ws/btcusdt@depth@100ms', 'api.binance.com/api/v3/depth?symbol=BTCUSDT&limit=5000');
    await fault({ type: 'gap', connection: s.id });
    await advance(1000);
    s.pump();
    expect(s.book.broken).toMatch(/^gap: U=/);
    s.c.close();
  });

  it('gap (USD-M): a dropped diff breaks the pu chain', async () => {
    const s = await syncedBook('usdm', 'fstream.binance.com/public/ws/ethusdt@depth@100ms', 'fapi.binance.com/fapi/v1/depth?symbol=ETHUSDT&limit=1000');
    await fault({ type: 'gap', connection: s.id });
    await advance(1000);
    s.pump();
    expect(s.book.broken).toMatch(/^gap: pu=/);
    s.c.close();
  });

  it('duplicate: the next frame arrives twice (USD-M books see pu != u)', async () => {
    const s = await syncedBook('usdm', 'fstream.binance.com/public/ws/solusdt@depth@100ms', 'fapi.binance.com/fapi/v1/depth?symbol=SOLUSDT&limit=1000');
    const from = s.c.frames.length;
    await fault({ type: 'duplicate', connection: s.id });
    await advance(300);
    expect(s.c.frames[from + 1]).toBe(s.c.frames[from]);
    s.pump();
    expect(s.book.broken).toMatch(/^duplicate or old event/);
    s.c.close();
  });

  it('reorder: two frames arrive swapped', async () => {
    const { c, id } = await open('stream.binance.com/ws/ethusdt@depth@100ms');
    await advance(300);
    const from = c.frames.length;
    await fault({ type: 'reorder', connection: id });
    await advance(500);
    const [x, y] = [JSON.parse(c.frames[from]!) as DepthEvent, JSON.parse(c.frames[from + 1]!) as DepthEvent];
    expect(x.U).toBe(y.u + 1);
    c.close();
  });

  it('latency: frames are held back by the given time, in order', async () => {
    const { c, id } = await open('stream.binance.com/ws/ethusdt@depth@100ms');
    await advance(300);
    await fault({ type: 'latency', connection: id, ms: 2000 });
    const from = c.frames.length;
    await advance(1500);
    expect(c.frames.length).toBe(from);
    await advance(1000);
    expect(c.frames.length).toBeGreaterThan(from);
    const us = c.frames.slice(from).map((f) => (JSON.parse(f) as DepthEvent).U);
    expect([...us].sort((p, q) => p - q)).toEqual(us);
    c.close();
  });

  it('malformed: the next frame is not valid JSON', async () => {
    const { c, id } = await open('stream.binance.com/ws/ethusdt@depth@100ms');
    await fault({ type: 'malformed', connection: id });
    await advance(300);
    expect(() => JSON.parse(c.frames[0]!)).toThrow();
    expect(() => JSON.parse(c.frames[1]!)).not.toThrow();
    c.close();
  });

  it('oversized: one frame of the given size; a client with a smaller limit fails on it', async () => {
    const big = await open('stream.binance.com/ws');
    await fault({ type: 'oversized', connection: big.id, bytes: 300_000 });
    await big.c.until((f) => f.length > 0);
    expect(big.c.frames[0]!.length).toBe(300_000);
    big.c.close();
    const small = new Client(`${h.wsBase}/stream.binance.com/ws`, { maxPayload: 100_000 });
    await small.opened;
    const errors: string[] = [];
    small.ws.on('error', (e: Error & { code?: string }) => errors.push(e.code ?? e.message));
    await fault({ type: 'oversized', market: 'spot' });
    await small.closed;
    expect(errors).toEqual(['WS_ERR_UNSUPPORTED_MESSAGE_LENGTH']);
  });

  it('silence: nothing is sent, nothing answered, no pong; clear restores', async () => {
    const { c, id } = await open('stream.binance.com/ws/ethusdt@depth@100ms');
    await fault({ type: 'silence', connection: id });
    const from = c.frames.length;
    let pongs = 0;
    c.ws.on('pong', () => pongs++);
    c.ws.ping();
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 1 });
    await advance(1000);
    expect(c.frames.length).toBe(from);
    expect(pongs).toBe(0);
    await fault({ type: 'clear', connection: id });
    await advance(300);
    expect(c.frames.length).toBeGreaterThan(from);
    c.ws.ping();
    await settle(30);
    expect(pongs).toBe(1);
    c.close();
  });

  it('serverShutdown: the event, then the server closes the socket', async () => {
    const { c, id } = await open('fstream.binance.com/market/ws');
    await fault({ type: 'serverShutdown', connection: id, ms: 500 });
    await c.until((f) => f.length > 0);
    const ev = JSON.parse(c.frames[0]!) as Record<string, unknown>;
    expect(ev['e']).toBe('serverShutdown');
    expect(typeof ev['E']).toBe('number');
    expect(c.closeCode).toBeUndefined();
    h.clock.advance(500);
    await c.closed;
    expect(c.closeCode).toBe(1001);
  });

  it('serverShutdown on a combined stream is wrapped like every other frame, as `!serverShutdown`', async () => {
    const { c, id } = await open('stream.binance.com/stream?streams=btcusdt@depth');
    await fault({ type: 'serverShutdown', connection: id, ms: 500 });
    await c.until((f) => f.some((x) => x.includes('serverShutdown')));
    const ev = JSON.parse(c.frames.find((x) => x.includes('serverShutdown'))!) as { stream: string; data: Record<string, unknown> };
    expect(Object.keys(ev)).toEqual(['stream', 'data']);
    expect(ev.stream).toBe('!serverShutdown');
    expect(ev.data['e']).toBe('serverShutdown');
    expect(ev.data['E']).toBe(h.clock.now());
    h.clock.advance(500);
    await c.closed;
    expect(c.closeCode).toBe(1001);
  });

  it('without faults the stream stays consistent (control for the tests above)', async () => {
    const s = await syncedBook('spot', 'stream.binance.com/ws/btcusdt@depth@100ms', 'api.binance.com/api/v3/depth?symbol=BTCUSDT&limit=5000');
    await advance(3000);
    s.pump();
    expect(s.book.broken).toBeUndefined();
    expect(s.book.applied).toBeGreaterThan(20);
    s.c.close();
  });
});
