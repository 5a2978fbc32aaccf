/**
 * OKX's websocket protocol on real sockets (127.0.0.1): subscribe / unsubscribe answers, errors, the books snapshot
 * and its updates (seqId chain, CRC32 checksum, 400 levels, heartbeat), ping/pong, the 30 s idle close and the
 * connection limits, on the simulator's manual clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, postJson, settle } from './harness.ts';
import { OkxLocalBook, startOkxSim, type BooksPush, type OkxHarness } from './okx-harness.ts';

let h: OkxHarness;

beforeAll(async () => {
  h = await startOkxSim({ seed: 11, rate: 40, okxLimits: { requestsPerHour: 6, connectionsPerSecond: 50 } });
});

afterAll(async () => {
  await h.close();
});

type Msg = Record<string, unknown>;
const parsed = (c: Client): Msg[] => c.frames.filter((f) => f !== 'pong').map((f) => JSON.parse(f) as Msg);

async function open(url = h.wsPublic): Promise<Client> {
  const c = new Client(url);
  await c.opened;
  return c;
}

/** Advances the manual clock in 100 ms steps, letting the sockets deliver. */
async function run(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 100) {
    h.clock.advance(100);
    await settle(2);
  }
  await settle(20);
}

async function waitFor(c: Client, pred: (m: Msg) => boolean): Promise<Msg> {
  let found: Msg | undefined;
  await c.until(() => {
    found = parsed(c).find(pred);
    return found !== undefined;
  });
  return found!;
}

describe('OKX websocket: subscribe, unsubscribe, errors', () => {
  it('answers a books subscription, then a 400-level snapshot and updates that chain by seqId with right checksums', async () => {
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] });
    const ack = await waitFor(c, (m) => m['event'] === 'subscribe');
    expect(ack['arg']).toEqual({ channel: 'books', instId: 'BTC-USDT' });
    expect(ack['connId']).toMatch(/^[0-9a-f]{8}$/);
    const snap = (await waitFor(c, (m) => m['action'] === 'snapshot')) as unknown as BooksPush;
    // The answer comes before the snapshot.
    expect(c.frames.findIndex((f) => f.includes('"event":"subscribe"'))).toBeLessThan(c.frames.findIndex((f) => f.includes('"snapshot"')));
    const d = snap.data[0]!;
    expect(d.bids).toHaveLength(400);
    expect(d.asks).toHaveLength(400);
    expect(d.prevSeqId).toBe(-1);
    for (const row of [...d.bids.slice(0, 50), ...d.asks.slice(0, 50)]) {
      expect(row).toHaveLength(4);
      expect(row[2]).toBe('0');
      // OKX's number format: no trailing zeros, no exponent.
      expect(row[0]).toMatch(/^\d+(\.\d*[1-9])?$/);
      expect(row[1]).toMatch(/^\d+(\.\d*[1-9])?$/);
    }
    const book = new OkxLocalBook();
    expect(book.onPush(snap)).toBe(true);
    await run(3000);
    const pushes = parsed(c).filter((m) => m['action'] === 'update') as unknown as BooksPush[];
    expect(pushes.length).toBeGreaterThan(10);
    for (const p of pushes) expect(book.onPush(p)).toBe(true);
    expect(book.applied).toBeGreaterThan(10);
    expect(book.bids.size).toBe(400);
    expect(book.asks.size).toBe(400);
    c.close();
  });

  it('when the book does not move, pushes an empty update with seqId = prevSeqId', async () => {
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'ETH-USDT' }] });
    await waitFor(c, (m) => m['action'] === 'snapshot');
    h.okx.paused = true;
    try {
      await run(1000);
      c.frames.length = 0;
      await run(6000);
      const beats = parsed(c).filter((m) => m['action'] === 'update') as unknown as BooksPush[];
      expect(beats.length).toBeGreaterThanOrEqual(1);
      for (const b of beats) {
        expect(b.data[0]!.bids).toEqual([]);
        expect(b.data[0]!.asks).toEqual([]);
        expect(b.data[0]!.seqId).toBe(b.data[0]!.prevSeqId);
      }
    } finally {
      h.okx.paused = false;
      c.close();
    }
  });

  it('unsubscribe answers and stops the pushes', async () => {
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] });
    await waitFor(c, (m) => m['action'] === 'snapshot');
    c.send({ op: 'unsubscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] });
    const ack = await waitFor(c, (m) => m['event'] === 'unsubscribe');
    expect(ack['arg']).toEqual({ channel: 'books', instId: 'BTC-USDT' });
    await settle(20);
    const before = c.frames.length;
    await run(1000);
    expect(c.frames.length).toBe(before);
    c.close();
  });

  it('pushes a swap\'s mark price and funding rate, and the index of its pair (index-tickers, named like the spot pair)', async () => {
    const c = await open();
    c.send({
      op: 'subscribe',
      args: [
        { channel: 'mark-price', instId: 'BTC-USDT-SWAP' },
        { channel: 'funding-rate', instId: 'BTC-USDT-SWAP' },
        { channel: 'index-tickers', instId: 'BTC-USDT' },
        { channel: 'index-tickers', instId: 'BTC-USDT-SWAP' },
      ],
    });
    const row = async (channel: string) => ((await waitFor(c, (m) => (m['arg'] as Msg | undefined)?.['channel'] === channel && 'data' in m))['data'] as Msg[])[0]!;
    const mark = await row('mark-price');
    const funding = await row('funding-rate');
    const index = await row('index-tickers');
    expect(mark['instId']).toBe('BTC-USDT-SWAP');
    expect(index['instId']).toBe('BTC-USDT');
    expect(Number(funding['fundingTime'])).toBeGreaterThan(h.clock.now());
    // The index is near the mark (the simulator's index is the mark's price offset by a small basis).
    const ratio = Number(index['idxPx']) / Number(mark['markPx']);
    expect(ratio).toBeGreaterThan(0.99);
    expect(ratio).toBeLessThan(1.01);
    // An index is named like the spot pair: the swap's name is no index.
    const refused = await waitFor(c, (m) => m['event'] === 'error');
    expect(refused['code']).toBe('60018');
    c.close();
  });

  it('refuses unknown channels and instruments (60018), bad JSON (60012), a bad op (60019) and empty args (60013)', async () => {
    const c = await open();
    const cases: [unknown, string][] = [
      [{ op: 'subscribe', args: [{ channel: 'books7', instId: 'BTC-USDT' }] }, '60018'],
      [{ op: 'subscribe', args: [{ channel: 'books', instId: 'NOPE-USDT' }] }, '60018'],
      // candles are on the business URL; mark price and funding are swaps' only
      [{ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT' }] }, '60018'],
      [{ op: 'subscribe', args: [{ channel: 'mark-price', instId: 'BTC-USDT' }] }, '60018'],
      ['{"op":"subscribe",', '60012'],
      [{ op: 'subscribe-all', args: [{ channel: 'books', instId: 'BTC-USDT' }] }, '60019'],
      [{ op: 'subscribe', args: [] }, '60013'],
    ];
    for (const [req, code] of cases) {
      c.frames.length = 0;
      c.send(req);
      const err = await waitFor(c, (m) => m['event'] === 'error');
      expect(err['code'], JSON.stringify(req)).toBe(code);
      expect(typeof err['msg']).toBe('string');
      expect(err['connId']).toMatch(/^[0-9a-f]{8}$/);
    }
    const b = await open(h.wsBusiness);
    b.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] });
    expect((await waitFor(b, (m) => m['event'] === 'error'))['code']).toBe('60018');
    b.send({ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT-SWAP' }] });
    expect((await waitFor(b, (m) => m['event'] === 'subscribe'))['arg']).toEqual({ channel: 'candle1m', instId: 'BTC-USDT-SWAP' });
    await run(1000);
    const candle = await waitFor(b, (m) => (m['arg'] as Msg | undefined)?.['channel'] === 'candle1m' && 'data' in m);
    const row = (candle['data'] as string[][])[0]!;
    expect(row).toHaveLength(9);
    expect(Number(row[0]) % 60_000).toBe(0);
    expect(['0', '1']).toContain(row[8]);
    b.close();
    c.close();
  });

  it('stops taking subscribe requests past the hourly limit (60014)', async () => {
    const c = await open();
    // The harness allows 6 an hour (OKX: 480).
    for (let k = 0; k < 6; k++) c.send({ op: k % 2 ? 'unsubscribe' : 'subscribe', args: [{ channel: 'trades', instId: 'BTC-USDT' }] });
    await c.until((f) => f.filter((x) => x.includes('"event":"subscribe"') || x.includes('"event":"unsubscribe"')).length === 6);
    c.send({ op: 'subscribe', args: [{ channel: 'trades', instId: 'BTC-USDT' }] });
    expect((await waitFor(c, (m) => m['event'] === 'error'))['code']).toBe('60014');
    c.close();
  });
});

describe('OKX websocket: keep-alive and limits', () => {
  it('answers text ping with text pong, and closes a connection silent for 30 s', async () => {
    const c = await open();
    c.send('ping');
    await c.until((f) => f.includes('pong'));
    // Pings keep it open past 30 s …
    for (let k = 0; k < 4; k++) {
      await run(0);
      h.clock.advance(20_000);
      c.send('ping');
      await c.until((f) => f.filter((x) => x === 'pong').length === k + 2);
    }
    expect(c.closeCode).toBeUndefined();
    // … silence does not.
    h.clock.advance(30_001);
    await c.closed;
    expect(c.closeCode).toBe(4004);
  });

  it('refuses a 4th connection in one second from one IP with HTTP 429', async () => {
    const strict = await startOkxSim({ okxLimits: { connectionsPerSecond: 3 } });
    try {
      const clients = [new Client(strict.wsPublic), new Client(strict.wsPublic), new Client(strict.wsBusiness)];
      await Promise.all(clients.map((c) => c.opened));
      const fourth = new Client(strict.wsPublic);
      await expect(fourth.opened).rejects.toThrow('HTTP 429');
      strict.clock.advance(1001);
      const later = new Client(strict.wsPublic);
      await later.opened;
      for (const c of [...clients, later]) c.close();
    } finally {
      await strict.close();
    }
  });

  it('answers an unknown path under ws.okx.com with 404', async () => {
    const c = new Client(`ws://127.0.0.1:${h.port}/sim/ws.okx.com/ws/v5/private`);
    await expect(c.opened).rejects.toThrow('HTTP 404');
  });
});

describe('OKX websocket: the control plane', () => {
  it('lists OKX sockets and applies silence, clear, malformed, duplicate and close to them', async () => {
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'trades', instId: 'BTC-USDT-SWAP' }, { channel: 'books', instId: 'BTC-USDT-SWAP' }] });
    await waitFor(c, (m) => m['action'] === 'snapshot');
    const list = (await getJson<{ id: number; route: string; market: string; streams: string[] }[]>(`${h.base}/_control/connections?venue=okx`)).body;
    const mine = list.find((x) => x.streams.includes('books:BTC-USDT-SWAP'))!;
    expect(mine).toMatchObject({ route: 'ws.okx.com/ws/v5/public', market: 'usdm', streams: ['trades:BTC-USDT-SWAP', 'books:BTC-USDT-SWAP'] });
    const fault = async (body: Record<string, unknown>): Promise<number[]> =>
      (await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue: 'okx', connection: mine.id, ...body })).body.applied;

    expect(await fault({ type: 'silence' })).toEqual([mine.id]);
    await settle(20);
    let before = c.frames.length;
    await run(1000);
    expect(c.frames.length).toBe(before);
    await fault({ type: 'clear' });
    await run(1000);
    expect(c.frames.length).toBeGreaterThan(before);

    await fault({ type: 'malformed' });
    before = c.frames.length;
    await run(500);
    expect(() => JSON.parse(c.frames[before]!)).toThrow();

    await fault({ type: 'duplicate', stream: 'books' });
    before = c.frames.length;
    await run(500);
    const books = c.frames.slice(before).filter((f) => f.includes('"channel":"books"'));
    expect(new Set(books).size).toBe(books.length - 1);

    await fault({ type: 'close', code: 4000, reason: 'scripted' });
    await c.closed;
    expect([c.closeCode, c.closeReason]).toEqual([4000, 'scripted']);
    const after = (await getJson<{ id: number }[]>(`${h.base}/_control/connections?venue=okx`)).body;
    expect(after.some((x) => x.id === mine.id)).toBe(false);
  });
});
