/**
 * The long run the venues' local-book tests make alike (Bybit, Gate): simulated time in steps of 50 ms with a
 * scripted fault every 150 steps, until the book applied enough and a while past the last fault; then the venue
 * paused, and the local book's update id and top levels must equal the simulator's true book.
 */
import { expect } from 'vitest';
import type { MarketKind } from '../../server/sim/instruments.ts';
import type { ControlBook } from './ccxt-harness.ts';
import { getJson, postJson, settle, type Harness } from './harness.ts';
import type { SocketBook } from './level-book.ts';

export interface FaultedRun {
  venue: string;
  market: MarketKind;
  symbol: string;
  depth: number;
  faults: readonly string[];
  /** updates the book must have applied */
  applied: number;
  /** the fault request's other fields */
  extra?: (type: string) => Record<string, unknown>;
  /** simulated ms a step while the book resyncs after a fault (Gate's next push triggers its new base book) */
  resyncStepMs: number;
  /** what the client does on a step (its application ping) */
  step?: (round: number) => void;
}

/** Runs the book through the faults and compares it with the true book; the venue is resumed and the book stopped after. */
export async function expectBookThroughFaults(h: Harness, book: SocketBook, run: FaultedRun): Promise<void> {
  const { venue, market, faults } = run;
  await book.start();
  try {
    let round = 0;
    while (book.applied < run.applied || round < faults.length * 150 + 100) {
      h.clock.advance(50);
      await settle(1);
      round++;
      run.step?.(round);
      if (round % 150 === 0 && round / 150 <= faults.length) {
        const type = faults[round / 150 - 1]!;
        const r = await postJson<{ applied: number[] }>(`${h.base}/_control/faults`, { venue, type, market, ...run.extra?.(type) });
        expect(r.body.applied.length).toBe(1);
        // a cut socket reconnects and subscribes again before the run goes on
        for (let k = 0; k < 200 && !book.synced; k++) {
          if (run.resyncStepMs > 0) h.clock.advance(run.resyncStepMs);
          await settle(5);
        }
      }
      if (round > 20_000) throw new Error(`stuck: ${JSON.stringify({ applied: book.applied, synced: book.synced })}`);
    }
    await postJson(`${h.base}/_control/pause`, { venue });
    // More periods: the last push carries the paused book.
    let truth: ControlBook | undefined;
    for (let k = 0; k < 100; k++) {
      h.clock.advance(250);
      await settle(10);
      truth = (await getJson<ControlBook>(`${h.base}/_control/book?venue=${venue}&market=${market}&symbol=${run.symbol}&limit=${run.depth}`)).body;
      if (book.synced && book.u === truth.lastUpdateId) break;
    }
    expect(book.u).toBe(truth!.lastUpdateId);
    const local = book.top(run.depth);
    expect(local.bids).toEqual(truth!.bids);
    expect(local.asks).toEqual(truth!.asks);
    expect(book.applied).toBeGreaterThanOrEqual(run.applied);
    expect(book.gaps).toBeGreaterThanOrEqual(3);
    expect(book.dropped).toBeGreaterThanOrEqual(3);
    expect(book.reconnects).toBe(2);
  } finally {
    await postJson(`${h.base}/_control/resume`, { venue });
    book.stop();
  }
}
