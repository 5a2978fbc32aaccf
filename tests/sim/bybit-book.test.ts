/**
 * A local book kept by Bybit's documented procedure (tests/sim/bybit-local-book.ts) over real sockets equals the
 * simulator's true book (/_control/book?venue=bybit) after a long run with faults: lost pushes (gap → resubscribe),
 * repeated pushes (dropped by u), service restarts (u = 1 snapshot replaces) and cut sockets (reconnect), on spot
 * and linear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BybitLocalBook } from './bybit-local-book.ts';
import { getJson, postJson, settle, startSim, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startSim({ seed: 21, rate: 50 });
});
afterAll(async () => h.close());

interface ControlBook {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

const FAULTS = ['gap', 'duplicate', 'restart', 'gap', 'cut', 'duplicate', 'gap', 'restart', 'cut', 'duplicate'] as const;

describe.each([
  { market: 'spot' as const, path: 'spot', topic: 'orderbook.50.BTCUSDT', symbol: 'BTCUSDT', depth: 50 },
  { market: 'usdm' as const, path: 'linear', topic: 'orderbook.200.ETHUSDT', symbol: 'ETHUSDT', depth: 200 },
])('Bybit local book on $path', ({ market, path, topic, symbol, depth }) => {
  it('equals the true book after thousands of deltas and every fault', async () => {
    const book = new BybitLocalBook(`${h.wsBase}/stream.bybit.com/v5/public/${path}`, topic);
    await book.start();
    try {
      let round = 0;
      // Simulated time in steps of 50 ms; a fault every 150 steps.
      // A while past the last fault, so the last one shows before the end.
      while (book.applied < 2000 || round < FAULTS.length * 150 + 100) {
        h.clock.advance(50);
        await settle(1);
        round++;
        if (round % 150 === 0 && round / 150 <= FAULTS.length) {
          const type = FAULTS[round / 150 - 1]!;
          const r = await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue: 'bybit', type, market });
          expect(r.body.applied.length).toBe(1);
          // a cut socket reconnects and subscribes again before the run goes on
          for (let k = 0; k < 200 && !book.synced; k++) await settle(5);
        }
        if (round > 20_000) throw new Error(`stuck: ${JSON.stringify({ applied: book.applied, synced: book.synced })}`);
      }
      await postJson(`${h.base}/_control/pause`, { venue: 'bybit' });
      // One more period: the last push carries the paused book.
      let truth: ControlBook | undefined;
      for (let k = 0; k < 100; k++) {
        h.clock.advance(250);
        await settle(10);
        truth = (await getJson<ControlBook>(`${h.base}/_control/book?venue=bybit&market=${market}&symbol=${symbol}&limit=${depth}`)).body;
        if (book.synced && book.u === truth.lastUpdateId) break;
      }
      expect(book.u).toBe(truth!.lastUpdateId);
      const local = book.top(depth);
      expect(local.bids).toEqual(truth!.bids);
      expect(local.asks).toEqual(truth!.asks);
      expect(book.bids.size).toBe(depth);
      expect(book.asks.size).toBe(depth);
      expect(book.applied).toBeGreaterThanOrEqual(2000);
      expect(book.gaps).toBeGreaterThanOrEqual(3);
      expect(book.dropped).toBeGreaterThanOrEqual(3);
      expect(book.restarts).toBeGreaterThanOrEqual(2);
      expect(book.reconnects).toBe(2);
    } finally {
      await postJson(`${h.base}/_control/resume`, { venue: 'bybit' });
      book.stop();
    }
  }, 120_000);
});
