/**
 * The run OKX's and Bitget's books tests make alike: a client on the venue's books channel (snapshot, then updates
 * checked by the book; a failed check resubscribes for a new snapshot, a cut socket reconnects) through 3 simulated
 * minutes in 100 ms steps with scripted faults on its socket (gap, duplicate, checksum, reorder, cut); then the venue
 * paused, and the local book must equal the simulator's true book. The venue's own counters are the caller's to check.
 */
import { expect } from 'vitest';
import type { MarketKind } from '../../server/sim/instruments.ts';
import { Client, getJson, postJson, settle, type Harness } from './harness.ts';
import type { LevelBook } from './level-book.ts';

export const STEPS = 1800;
const FAULTS: Record<number, Record<string, unknown>> = {
  200: { type: 'gap' },
  400: { type: 'duplicate', count: 3 },
  600: { type: 'checksum', count: 2 },
  800: { type: 'reorder' },
  1000: { type: 'cut' },
  1200: { type: 'gap', count: 2 },
  1400: { type: 'checksum' },
};

export interface Truth {
  lastUpdateId: number;
  instId?: string;
  bids: [string, string][];
  asks: [string, string][];
}

export interface ChecksumBook<P> extends LevelBook {
  synced: boolean;
  applied: number;
  duplicates: number;
  /** false when the book must be resynced (resubscribe). */
  onPush(push: P): boolean;
}

export interface ChecksumRun {
  venue: string;
  market: MarketKind;
  symbol: string;
  ws: string;
  arg: Record<string, string>;
  /** steps between the client's pings (the venue's idle limit) */
  pingEvery: number;
  /** simulated ms after the pause for the last push to carry the paused book */
  drainMs: number;
  /** the book's last update id, against the true book's */
  updateId(): number;
}

/** What the run saw, for the caller's venue-specific checks (made before the venue is resumed). */
export interface RunSeen {
  truth: Truth;
  resyncs: number;
}

export async function expectChecksumBook<P>(h: Pick<Harness, 'base' | 'clock'>, book: ChecksumBook<P>, run: ChecksumRun, check: (seen: RunSeen) => void): Promise<void> {
  let client: Client | undefined;
  let seen = 0;
  let resyncing = false;
  let resyncs = 0;
  let reconnects = 0;
  let malformed = 0;
  const connect = async (): Promise<void> => {
    client = new Client(run.ws);
    await client.opened;
    seen = 0;
    resyncing = true;
    client.send({ op: 'subscribe', args: [run.arg] });
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
      const push = msg as unknown as P & { action: string };
      if (push.action === 'snapshot') resyncing = false;
      if (resyncing) continue;
      if (!book.onPush(push)) {
        // a fresh snapshot: resubscribe
        resyncing = true;
        resyncs++;
        c.send({ op: 'unsubscribe', args: [run.arg] });
        c.send({ op: 'subscribe', args: [run.arg] });
      }
    }
  };
  await connect();
  await client!.until((f) => f.some((x) => x.includes('"snapshot"')));
  drain();
  for (let step = 1; step <= STEPS; step++) {
    const fault = FAULTS[step];
    if (fault) await postJson(`${h.base}/_control/faults`, { venue: run.venue, ...fault });
    h.clock.advance(100);
    if (step % run.pingEvery === 0) client!.send('ping');
    await settle(1);
    if (client!.closeCode !== undefined || client!.ws.readyState > 1) {
      reconnects++;
      await connect();
      await client!.until((f) => f.some((x) => x.includes('"snapshot"')));
    }
    drain();
  }
  await postJson(`${h.base}/_control/pause`, { venue: run.venue });
  try {
    h.clock.advance(run.drainMs);
    await settle(50);
    drain();
    const truth = (await getJson<Truth>(`${h.base}/_control/book?venue=${run.venue}&market=${run.market}&symbol=${run.symbol}&limit=400`)).body;
    expect(book.synced).toBe(true);
    expect(run.updateId()).toBe(truth.lastUpdateId);
    expect(book.sorted(book.bids, true)).toEqual(truth.bids);
    expect(book.sorted(book.asks, false)).toEqual(truth.asks);
    expect(book.duplicates).toBeGreaterThanOrEqual(1);
    expect(reconnects).toBe(1);
    expect(malformed).toBe(0);
    check({ truth, resyncs });
  } finally {
    await postJson(`${h.base}/_control/resume`, { venue: run.venue });
    client!.close();
  }
}
