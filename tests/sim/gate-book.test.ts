/**
 * A local book kept by Gate's documented procedure (tests/sim/gate-local-book.ts: REST base book with_id, then
 * `*.order_book_update` by U/u) over real sockets equals the simulator's true book (/_control/book?venue=gate) after a
 * long run with faults: lost pushes (gap → a new base book), repeated pushes (dropped by u) and cut sockets
 * (reconnect), on spot and USDT futures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBookThroughFaults } from './book-run.ts';
import { GateLocalBook } from './gate-local-book.ts';
import { startSim, type Harness } from './harness.ts';

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
    await expectBookThroughFaults(h, book, {
      venue: 'gate',
      market,
      symbol,
      depth: DEPTH,
      faults: FAULTS,
      applied: 1500,
      extra: (type) => (type === 'duplicate' ? { count: 3 } : {}),
      resyncStepMs: 20,
      step: (round) => {
        if (round % 200 === 0) book.ping(); // every 10 s of simulated time
      },
    });
    expect(book.snapshots).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
