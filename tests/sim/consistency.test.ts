import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, settle, startSim, type Harness } from './harness.ts';
import { LocalBook, type DepthEvent, type Snapshot } from './local-book.ts';

interface ControlBook {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

let h: Harness;
beforeAll(async () => {
  h = await startSim({ seed: 42, rate: 50 });
});
afterAll(async () => {
  await h.close();
});

/** Advances simulated time in small steps and lets the frames reach the client. */
async function run(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    h.clock.advance(step);
    if (t % 500 === 0) await settle(2);
  }
  await settle(30);
}

interface Case {
  market: 'spot' | 'usdm';
  host: string;
  rest: string;
  symbol: string;
  stream: string;
  snapshotLimit: number;
  compareLevels: number;
}

const cases: Case[] = [
  { market: 'spot', host: 'stream.binance.com', rest: 'api.binance.com/api/v3', symbol: 'BTCUSDT', stream: 'btcusdt@depth@100ms', snapshotLimit: 5000, compareLevels: Infinity },
  { market: 'spot', host: 'stream.binance.com', rest: 'api.binance.com/api/v3', symbol: 'DOGEUSDT', stream: 'dogeusdt@depth', snapshotLimit: 5000, compareLevels: Infinity },
  { market: 'usdm', host: 'fstream.binance.com/public', rest: 'fapi.binance.com/fapi/v1', symbol: 'ETHUSDT', stream: 'ethusdt@depth@100ms', snapshotLimit: 1000, compareLevels: 500 },
  { market: 'usdm', host: 'fstream.binance.com', rest: 'fapi.binance.com/fapi/v1', symbol: 'SOLUSDT', stream: 'solusdt@depth', snapshotLimit: 1000, compareLevels: 500 },
  { market: 'usdm', host: 'fstream.binance.com/public', rest: 'fapi.binance.com/fapi/v1', symbol: 'BTCUSDT', stream: 'btcusdt@depth@500ms', snapshotLimit: 1000, compareLevels: 500 },
];

describe('local order book procedure against the simulator', () => {
  it.each(cases)('$market $stream: the local book ends equal to /_control/book', async (c) => {
    h.sim.paused = false;
    const client = new Client(`${h.wsBase}/${c.host}/ws/${c.stream}`);
    await client.opened;
    const book = new LocalBook(c.market);
    let seen = 0;
    const pump = (): void => {
      for (; seen < client.frames.length; seen++) book.onEvent(JSON.parse(client.frames[seen]!) as DepthEvent);
    };
    // Step 1–2: open the stream and buffer; snapshot in the middle of a diff window.
    await run(1330);
    pump();
    expect(book.firstBufferedU).toBeDefined();
    const snap = await getJson<Snapshot>(`${h.base}/${c.rest}/depth?symbol=${c.symbol}&limit=${c.snapshotLimit}`);
    expect(snap.status).toBe(200);
    expect(book.applySnapshot(snap.body)).toBe(true);
    // Thousands of updates: 60 s at 50 events/s.
    for (let k = 0; k < 12; k++) {
      await run(5000);
      pump();
      expect(book.broken).toBeUndefined();
    }
    h.sim.paused = true;
    await run(1100);
    pump();
    const truth = (await getJson<ControlBook>(`${h.base}/_control/book?market=${c.market}&symbol=${c.symbol}`)).body;
    expect(book.broken).toBeUndefined();
    expect(book.applied).toBeGreaterThan(c.stream.endsWith('@depth') && c.market === 'spot' ? 50 : 100);
    expect(book.lastUpdateId).toBe(truth.lastUpdateId);
    expect(truth.bids.length).toBeGreaterThanOrEqual(1000);
    expect(truth.asks.length).toBeGreaterThanOrEqual(1000);
    const n = Math.min(c.compareLevels, truth.bids.length, truth.asks.length);
    const mine = book.top(c.compareLevels === Infinity ? 100_000 : n);
    if (c.compareLevels === Infinity) {
      expect(mine.bids).toEqual(truth.bids);
      expect(mine.asks).toEqual(truth.asks);
    } else {
      expect(mine.bids).toEqual(truth.bids.slice(0, n));
      expect(mine.asks).toEqual(truth.asks.slice(0, n));
    }
    client.close();
    await client.closed;
  });

  it('the same seed gives the same frames', async () => {
    const frames: string[][] = [];
    for (let run2 = 0; run2 < 2; run2++) {
      const other = await startSim({ seed: 99, rate: 40 });
      const c = new Client(`${other.wsBase}/stream.binance.com/stream?streams=bnbusdt@depth@100ms/bnbusdt@trade/bnbusdt@aggTrade`);
      await c.opened;
      for (let k = 0; k < 40; k++) {
        other.clock.advance(50);
        await settle(1);
      }
      await settle(30);
      // Event times depend on the manual clock only; both runs start at the same instant.
      frames.push([...c.frames]);
      c.close();
      await other.close();
    }
    expect(frames[0]!.length).toBeGreaterThan(20);
    expect(frames[1]).toEqual(frames[0]);
  });
});
