/**
 * A local book kept by Gate's documented procedure (tests/sim/gate-local-book.ts: REST base book with_id, then
 * `*.order_book_update` by U/u) over real sockets equals the simulator's true book (/_control/book?venue=gate) after a
 * long run with faults: lost pushes (gap → a new base book), repeated pushes (dropped by u) and cut sockets
 * (reconnect), on spot and USDT futures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GateLocalBook } from './gate-local-book.ts';
import { getJson, postJson, settle, startSim, type Harness } from './harness.ts';
import type { ControlBook } from './ccxt-harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startSim({ seed: 23, rate: 50 });
});
afterAll(async () => h.close());

const FAULTS = ['gap', 'duplicate', 'gap', 'cut', 'duplicate', 'gap', 'cut', 'duplicate'] as const;
const DEPTH = 100;

describe.each([
  { market: 'spot' as const, ws: 'api.gateio.ws/ws/v4/', channel: 'spot.order_book_update', payload: ['BTC_USDT', '100ms'], book: 'spot/order_book?currency_pair=BTC_USDT&limit=1000', symbol: 'BTCUSDT' },
  { market: 'usdm' as const, ws: 'fx-ws.gateio.ws/v4/ws/usdt', channel: 'futures.order_book_update', payload: ['ETH_USDT', '100ms', '100'], book: 'futures/usdt/order_book?contract=ETH_USDT&limit=300', symbol: 'ETHUSDT' },
])('Gate local book on $market', ({ market, ws, channel, payload, book: bookPath, symbol }) => {
  it('equals the true book after thousands of updates and every fault', async () => {
    const book = new GateLocalBook(`${h.wsBase}/${ws}`, channel, payload, `${h.base}/api.gateio.ws/api/v4/${bookPath}&with_id=true`);
    await book.start();
    try {
      let round = 0;
      // Simulated time in steps of 50 ms; a fault every 150 steps, and a while after the last one.
      while (book.applied < 1500 || round < FAULTS.length * 150 + 100) {
        h.clock.advance(50);
        await settle(1);
        round++;
        if (round % 200 === 0) book.ping(); // every 10 s of simulated time
        if (round % 150 === 0 && round / 150 <= FAULTS.length) {
          const type = FAULTS[round / 150 - 1]!;
          const r = await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue: 'gate', type, market, ...(type === 'duplicate' ? { count: 3 } : {}) });
          expect(r.body.applied.length).toBe(1);
          for (let k = 0; k < 200 && !book.synced; k++) {
            h.clock.advance(20);
            await settle(5);
          }
        }
        if (round > 20_000) throw new Error(`stuck: ${JSON.stringify({ applied: book.applied, synced: book.synced })}`);
      }
      await postJson(`${h.base}/_control/pause`, { venue: 'gate' });
      let truth: ControlBook | undefined;
      for (let k = 0; k < 100; k++) {
        h.clock.advance(250);
        await settle(10);
        truth = (await getJson<ControlBook>(`${h.base}/_control/book?venue=gate&market=${market}&symbol=${symbol}&limit=${DEPTH}`)).body;
        if (book.synced && book.u === truth.lastUpdateId) break;
      }
      expect(book.u).toBe(truth!.lastUpdateId);
      const local = book.top(DEPTH);
      expect(local.bids).toEqual(truth!.bids);
      expect(local.asks).toEqual(truth!.asks);
      expect(book.applied).toBeGreaterThanOrEqual(1500);
      expect(book.gaps).toBeGreaterThanOrEqual(3);
      expect(book.dropped).toBeGreaterThanOrEqual(3);
      expect(book.reconnects).toBe(2);
      expect(book.snapshots).toBeGreaterThanOrEqual(6);
    } finally {
      await postJson(`${h.base}/_control/resume`, { venue: 'gate' });
      book.stop();
    }
  }, 120_000);
});
