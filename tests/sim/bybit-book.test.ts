/**
 * A local book kept by Bybit's documented procedure (tests/sim/bybit-local-book.ts) over real sockets equals the
 * simulator's true book (/_control/book?venue=bybit) after a long run with faults: lost pushes (gap → resubscribe),
 * repeated pushes (dropped by u), service restarts (u = 1 snapshot replaces) and cut sockets (reconnect), on spot
 * and linear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBookThroughFaults } from './book-run.ts';
import { BybitLocalBook } from './bybit-local-book.ts';
import { startSim, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startSim({ seed: 21, rate: 50 });
});
afterAll(async () => h.close());

const FAULTS = ['gap', 'duplicate', 'restart', 'gap', 'cut', 'duplicate', 'gap', 'restart', 'cut', 'duplicate'] as const;

describe.each([
  { market: 'spot' as const, path: 'spot', topic: 'orderbook.50.BTCUSDT', symbol: 'BTCUSDT', depth: 50 },
  { market: 'usdm' as const, path: 'linear', topic: 'orderbook.200.ETHUSDT', symbol: 'ETHUSDT', depth: 200 },
])('Bybit local book on $path', ({ market, path, topic, symbol, depth }) => {
  it('equals the true book after thousands of deltas and every fault', async () => {
    const book = new BybitLocalBook(`${h.wsBase}/stream.bybit.com/v5/public/${path}`, topic);
    await expectBookThroughFaults(h, book, { venue: 'bybit', market, symbol, depth, faults: FAULTS, applied: 2000, resyncStepMs: 0 });
    expect(book.bids.size).toBe(depth);
    expect(book.asks.size).toBe(depth);
    expect(book.restarts).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
