/**
 * A client that keeps OKX's books channel by OKX's documented procedure (snapshot, then updates checked by
 * prevSeqId and CRC32; resubscribe on a gap or a checksum mismatch, reconnect when cut) holds the true book
 * (/_control/book?venue=okx, in OKX's units: a swap in contracts) after minutes of simulated market with scripted
 * faults on its socket: gap, duplicate, checksum, reorder, cut (the run: checksum-run.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectChecksumBook, STEPS } from './checksum-run.ts';
import { OkxLocalBook, startOkxSim, type OkxHarness } from './okx-harness.ts';

let h: OkxHarness;

beforeAll(async () => {
  h = await startOkxSim({ seed: 23, rate: 40 });
});

afterAll(async () => {
  await h.close();
});

describe.each([
  { market: 'spot', symbol: 'BTCUSDT', instId: 'BTC-USDT' },
  { market: 'usdm', symbol: 'BTCUSDT', instId: 'BTC-USDT-SWAP' },
] as const)('OKX books $instId', ({ market, symbol, instId }) => {
  it('a local book kept by OKX procedure equals the true book after faults', async () => {
    const book = new OkxLocalBook();
    // OKX closes a connection that sent nothing for 30 s; the last changes go out with the next 100 ms push.
    const run = { venue: 'okx', market, symbol, ws: h.wsPublic, arg: { channel: 'books', instId }, pingEvery: 200, drainMs: 200, updateId: () => book.seqId };
    await expectChecksumBook(h, book, run, ({ truth, resyncs }) => {
      expect(truth.instId).toBe(instId);
      // Every fault was seen and survived, and nothing else broke the chain or the checksum: 3 gapped updates and a
      // reordered pair (one may fall while resyncing), 3 wrong checksums (likewise).
      expect(book.gaps).toBeGreaterThanOrEqual(2);
      expect(book.gaps).toBeLessThanOrEqual(4);
      expect(book.checksumFailures).toBeGreaterThanOrEqual(2);
      expect(book.checksumFailures).toBeLessThanOrEqual(3);
      expect(resyncs).toBe(book.gaps + book.checksumFailures);
      expect(book.applied).toBeGreaterThan(STEPS / 2);
    });
  }, 120_000);
});
