/**
 * A client that keeps Bitget's books channel by Bitget's documented procedure (snapshot, then updates merged and
 * checked by CRC32 over the original strings, seq never backwards; resubscribe on a mismatch, reconnect when cut)
 * holds the true book (/_control/book?venue=bitget) after minutes of simulated market with scripted faults on its
 * socket: gap (a lost update: only the checksum can tell), duplicate, checksum, reorder, cut (the run: checksum-run.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitgetLocalBook, startBitgetSim, type BitgetHarness } from './bitget-harness.ts';
import { expectChecksumBook, STEPS } from './checksum-run.ts';

let h: BitgetHarness;

beforeAll(async () => {
  h = await startBitgetSim({ seed: 29, rate: 40 });
});

afterAll(async () => {
  await h.close();
});

describe.each([
  { market: 'spot', instType: 'SPOT' },
  { market: 'usdm', instType: 'USDT-FUTURES' },
] as const)('Bitget books $instType BTCUSDT', ({ market, instType }) => {
  it('a local book kept by Bitget procedure equals the true book after faults', async () => {
    const book = new BitgetLocalBook();
    // Bitget closes a connection that sent no ping for 2 minutes; it asks for one every 30 s.
    const arg = { instType, channel: 'books', instId: 'BTCUSDT' };
    const run = { venue: 'bitget', market, symbol: 'BTCUSDT', ws: h.ws, arg, pingEvery: 300, drainMs: 400, updateId: () => book.seq };
    await expectChecksumBook(h, book, run, ({ resyncs }) => {
      // Every fault was seen and survived: 3 lost updates and a reordered pair show as wrong checksums or an
      // out-of-order seq (one may fall while resyncing), and 3 wrong checksums (likewise).
      expect(book.checksumFailures + book.outOfOrder).toBeGreaterThanOrEqual(5);
      expect(book.checksumFailures + book.outOfOrder).toBeLessThanOrEqual(7);
      expect(resyncs).toBe(book.checksumFailures + book.outOfOrder);
      expect(book.applied).toBeGreaterThan(STEPS / 4);
    });
  }, 120_000);
});
