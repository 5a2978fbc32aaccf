/**
 * A client that keeps Bitget's books channel by Bitget's documented procedure (snapshot, then updates merged and
 * checked by CRC32 over the original strings, seq never backwards; resubscribe on a mismatch, reconnect when cut)
 * holds the true book (/_control/book?venue=bitget) after minutes of simulated market with scripted faults on its
 * socket: gap (a lost update: only the checksum can tell), duplicate, checksum, reorder, cut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, postJson, settle } from './harness.ts';
import { BitgetLocalBook, startBitgetSim, type BitgetHarness, type BooksPush } from './bitget-harness.ts';

let h: BitgetHarness;

beforeAll(async () => {
  h = await startBitgetSim({ seed: 29, rate: 40 });
});

afterAll(async () => {
  await h.close();
});

interface Truth {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

const STEPS = 1800; // 3 simulated minutes in 100 ms steps
const FAULTS: Record<number, Record<string, unknown>> = {
  200: { type: 'gap' },
  400: { type: 'duplicate', count: 3 },
  600: { type: 'checksum', count: 2 },
  800: { type: 'reorder' },
  1000: { type: 'cut' },
  1200: { type: 'gap', count: 2 },
  1400: { type: 'checksum' },
};

describe.each([
  { market: 'spot', instType: 'SPOT' },
  { market: 'usdm', instType: 'USDT-FUTURES' },
])('Bitget books $instType BTCUSDT', ({ market, instType }) => {
  it('a local book kept by Bitget procedure equals the true book after faults', async () => {
    const book = new BitgetLocalBook();
    let client: Client | undefined;
    let seen = 0;
    let resyncing = false;
    let resyncs = 0;
    let reconnects = 0;
    let malformed = 0;
    const arg = { instType, channel: 'books', instId: 'BTCUSDT' };
    const connect = async (): Promise<void> => {
      client = new Client(h.ws);
      await client.opened;
      seen = 0;
      resyncing = true;
      client.send({ op: 'subscribe', args: [arg] });
    };
    const drain = (): void => {
      const c = client!;
      for (; seen < c.frames.length; seen++) {
        const text = c.frames[seen]!;
        if (text === 'pong') continue;
        let msg: Record<string, unknown>;
        try {
          msg = JSON.parse(text) as Record<string, unknown>;
        } catch {
          malformed++;
          continue;
        }
        if (msg['event'] !== undefined || msg['action'] === undefined) continue;
        const push = msg as unknown as BooksPush;
        if (push.action === 'snapshot') resyncing = false;
        if (resyncing) continue;
        if (!book.onPush(push)) {
          resyncing = true;
          resyncs++;
          c.send({ op: 'unsubscribe', args: [arg] });
          c.send({ op: 'subscribe', args: [arg] });
        }
      }
    };
    await connect();
    await client!.until((f) => f.some((x) => x.includes('"snapshot"')));
    drain();
    for (let step = 1; step <= STEPS; step++) {
      const fault = FAULTS[step];
      if (fault) await postJson(`${h.base}/_control/faults`, { venue: 'bitget', ...fault });
      h.clock.advance(100);
      // Bitget closes a connection that sent no ping for 2 minutes; it asks for one every 30 s.
      if (step % 300 === 0) client!.send('ping');
      await settle(1);
      if (client!.closeCode !== undefined || client!.ws.readyState > 1) {
        reconnects++;
        await connect();
        await client!.until((f) => f.some((x) => x.includes('"snapshot"')));
      }
      drain();
    }
    await postJson(`${h.base}/_control/pause`, { venue: 'bitget' });
    try {
      h.clock.advance(400);
      await settle(50);
      drain();
      const truth = (await getJson<Truth>(`${h.base}/_control/book?venue=bitget&market=${market}&symbol=BTCUSDT&limit=400`)).body;
      expect(book.synced).toBe(true);
      expect(book.seq).toBe(truth.lastUpdateId);
      expect(book.sorted(book.bids, true)).toEqual(truth.bids);
      expect(book.sorted(book.asks, false)).toEqual(truth.asks);
      // Every fault was seen and survived: 3 lost updates and a reordered pair show as wrong checksums or an
      // out-of-order seq (one may fall while resyncing), and 3 wrong checksums (likewise).
      expect(book.checksumFailures + book.outOfOrder).toBeGreaterThanOrEqual(5);
      expect(book.checksumFailures + book.outOfOrder).toBeLessThanOrEqual(7);
      expect(book.duplicates).toBeGreaterThanOrEqual(1);
      expect(reconnects).toBe(1);
      expect(resyncs).toBe(book.checksumFailures + book.outOfOrder);
      expect(book.applied).toBeGreaterThan(STEPS / 4);
      expect(malformed).toBe(0);
    } finally {
      await postJson(`${h.base}/_control/resume`, { venue: 'bitget' });
      client!.close();
    }
  }, 120_000);
});
