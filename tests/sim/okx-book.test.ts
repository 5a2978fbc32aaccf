/**
 * A client that keeps OKX's books channel by OKX's documented procedure (snapshot, then updates checked by
 * prevSeqId and CRC32; resubscribe on a gap or a checksum mismatch, reconnect when cut) holds the true book
 * (/_control/book?venue=okx, in OKX's units: a swap in contracts) after minutes of simulated market with scripted
 * faults on its socket: gap, duplicate, checksum, reorder, cut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getJson, postJson, settle } from './harness.ts';
import { OkxLocalBook, startOkxSim, type BooksPush, type OkxHarness } from './okx-harness.ts';

let h: OkxHarness;

beforeAll(async () => {
  h = await startOkxSim({ seed: 23, rate: 40 });
});

afterAll(async () => {
  await h.close();
});

interface Truth {
  lastUpdateId: number;
  instId: string;
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
  { market: 'spot', symbol: 'BTCUSDT', instId: 'BTC-USDT' },
  { market: 'usdm', symbol: 'BTCUSDT', instId: 'BTC-USDT-SWAP' },
])('OKX books $instId', ({ market, symbol, instId }) => {
  it('a local book kept by OKX procedure equals the true book after faults', async () => {
    const book = new OkxLocalBook();
    let client: Client | undefined;
    let seen = 0;
    let resyncing = false;
    let resyncs = 0;
    let reconnects = 0;
    let malformed = 0;
    const arg = { channel: 'books', instId };
    const connect = async (): Promise<void> => {
      client = new Client(h.wsPublic);
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
          // OKX: resubscribe for a fresh snapshot.
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
      if (fault) await postJson(`${h.base}/_control/faults`, { venue: 'okx', ...fault });
      h.clock.advance(100);
      // OKX closes a connection that sent nothing for 30 s.
      if (step % 200 === 0) client!.send('ping');
      await settle(1);
      if (client!.closeCode !== undefined || client!.ws.readyState > 1) {
        reconnects++;
        await connect();
        await client!.until((f) => f.some((x) => x.includes('"snapshot"')));
      }
      drain();
    }
    await postJson(`${h.base}/_control/pause`, { venue: 'okx' });
    try {
      // The last changes go out with the next 100 ms push.
      h.clock.advance(200);
      await settle(50);
      drain();
      const truth = (await getJson<Truth>(`${h.base}/_control/book?venue=okx&market=${market}&symbol=${symbol}&limit=400`)).body;
      expect(truth.instId).toBe(instId);
      expect(book.synced).toBe(true);
      expect(book.seqId).toBe(truth.lastUpdateId);
      expect(book.sorted(book.bids, true)).toEqual(truth.bids);
      expect(book.sorted(book.asks, false)).toEqual(truth.asks);
      // Every fault was seen and survived, and nothing else broke the chain or the checksum: 3 gapped updates and a
      // reordered pair (one may fall while resyncing), 3 wrong checksums (likewise).
      expect(book.gaps).toBeGreaterThanOrEqual(2);
      expect(book.gaps).toBeLessThanOrEqual(4);
      expect(book.checksumFailures).toBeGreaterThanOrEqual(2);
      expect(book.checksumFailures).toBeLessThanOrEqual(3);
      expect(book.duplicates).toBeGreaterThanOrEqual(1);
      expect(reconnects).toBe(1);
      expect(resyncs).toBe(book.gaps + book.checksumFailures);
      expect(book.applied).toBeGreaterThan(STEPS / 2);
      expect(malformed).toBe(0);
    } finally {
      await postJson(`${h.base}/_control/resume`, { venue: 'okx' });
      client!.close();
    }
  }, 120_000);
});
