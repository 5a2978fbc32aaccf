import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreTop, payloadKey, publishedBooks, startSimCore, TruthTap, type SimCore } from './sim-core.ts';
import type { Market } from '../../workers/contract.ts';

// The core in Node (ws package) against the real simulator on loopback, through every fault the
// simulator offers: after recovery the core's book equals /sim/_control/book, and no book the core
// published ever differs from the exchange's true book at the same update id (so none crossed a gap).

const DEPTH = 20;
const BOOKS: { market: Market; symbol: string; id: string }[] = [
  { market: 'spot', symbol: 'BTCUSDT', id: 'spot-btc' },
  { market: 'usdm', symbol: 'ETHUSDT', id: 'usdm-eth' },
];

let h: SimCore;
const truths = new Map<string, TruthTap>();

beforeAll(async () => {
  h = await startSimCore();
  for (const b of BOOKS) {
    truths.set(b.id, new TruthTap(h.sim, b.market, b.symbol, DEPTH));
    h.core.subscribe('tab', b.id, { topic: 'book', market: b.market, symbol: b.symbol, depth: DEPTH });
  }
  await h.run(3000);
});

afterAll(async () => {
  await h?.close();
});

async function controlBook(market: Market, symbol: string, limit: number) {
  const res = await fetch(`${h.base}/_control/book?market=${market}&symbol=${symbol}&limit=${limit}`);
  return (await res.json()) as { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] };
}

/** Pause the market, let everything in flight arrive, and compare the core's books with the control plane. */
async function expectBooksEqualControl(): Promise<void> {
  h.sim.paused = true;
  await h.run(600);
  for (const b of BOOKS) {
    const book = h.core.book(b.market, b.symbol);
    expect(book?.state, `${b.id} synced`).toBe('synced');
    const truth = await controlBook(b.market, b.symbol, 100);
    expect(book?.lastUpdateId, `${b.id} lastUpdateId`).toBe(truth.lastUpdateId);
    const mine = coreTop(book as NonNullable<typeof book>, 100);
    const num = (levels: [string, string][]) => levels.map(([p, q]) => [Number(p), Number(q)]);
    expect(mine.bids).toEqual(num(truth.bids));
    expect(mine.asks).toEqual(num(truth.asks));
  }
  h.sim.paused = false;
}

function expectNoPublishedBookCrossedAGap(): void {
  for (const b of BOOKS) {
    const truth = truths.get(b.id) as TruthTap;
    let checked = 0;
    for (const p of publishedBooks(h.inbox, b.id)) {
      if (!p.synced) {
        expect(p.bids.length + p.asks.length).toBe(0);
        continue;
      }
      const expected = truth.byId.get(p.lastUpdateId);
      if (expected === undefined) continue; // a snapshot id inside a diff window: no diff ends there
      expect(payloadKey(p, DEPTH), `${b.id} at ${p.lastUpdateId}`).toBe(expected);
      checked++;
    }
    expect(checked, `${b.id}: published books checked`).toBeGreaterThan(10);
  }
}

/** Wait (in simulated time) until every book is synced again. */
async function recover(maxMs = 40_000): Promise<void> {
  for (let t = 0; t < maxMs; t += 500) {
    await h.run(500);
    if (BOOKS.every((b) => h.core.book(b.market, b.symbol)?.state === 'synced')) {
      await h.run(1500);
      return;
    }
  }
  throw new Error(`not recovered: ${JSON.stringify(h.core.health())}`);
}

describe('market core against the simulator', () => {
  it('syncs both books and matches the control plane', async () => {
    await recover();
    await expectBooksEqualControl();
    expectNoPublishedBookCrossedAGap();
  });

  const faults: { name: string; spec: Record<string, unknown>; resyncs?: boolean; reconnect?: boolean }[] = [
    { name: 'gap', spec: { type: 'gap', count: 1 }, resyncs: true },
    { name: 'duplicate', spec: { type: 'duplicate', count: 3 } },
    { name: 'reorder', spec: { type: 'reorder', count: 1 }, resyncs: true },
    { name: 'latency', spec: { type: 'latency', ms: 300 } },
    { name: 'malformed', spec: { type: 'malformed', count: 2 } },
    { name: 'oversized', spec: { type: 'oversized' } },
    { name: 'cut', spec: { type: 'cut' }, reconnect: true },
    { name: 'close', spec: { type: 'close', code: 1001, reason: 'bye' }, reconnect: true },
    { name: 'serverShutdown', spec: { type: 'serverShutdown', ms: 500 }, reconnect: true },
    { name: 'silence', spec: { type: 'silence' }, reconnect: true },
  ];

  for (const f of faults) {
    it(`recovers from '${f.name}'`, async () => {
      const before = h.core.health();
      const resyncsBefore = h.core.resyncs;
      const applied = await h.fault(f.spec);
      expect(applied.length).toBeGreaterThan(0);
      await h.run(f.name === 'silence' ? 25_000 : 3000);
      await h.fault({ type: 'clear' });
      await recover();
      await expectBooksEqualControl();
      expectNoPublishedBookCrossedAGap();
      const after = h.core.health();
      const reconnects = (hh: typeof before) => hh.endpoints.reduce((n, e) => n + e.reconnects, 0);
      const rejected = (hh: typeof before) => hh.endpoints.reduce((n, e) => n + e.rejectedFrames, 0);
      if (f.reconnect) expect(reconnects(after)).toBeGreaterThan(reconnects(before));
      if (f.resyncs) expect(h.core.resyncs).toBeGreaterThan(resyncsBefore);
      if (f.name === 'malformed' || f.name === 'oversized') expect(rejected(after)).toBeGreaterThan(rejected(before));
      if (!f.reconnect) expect(reconnects(after)).toBe(reconnects(before));
    }, 60_000);
  }

  it("stayed within Binance's request weight through every fault and resync (no 429, no 418)", async () => {
    type Meter = { limit: number; peak: number; rejected: number; banned: number };
    const state = (await (await fetch(`${h.base}/_control/state`)).json()) as { weights: Record<'spot' | 'usdm', Meter> };
    for (const market of ['spot', 'usdm'] as const) {
      const m = state.weights[market];
      expect(m.rejected, market).toBe(0);
      expect(m.banned, market).toBe(0);
      expect(m.peak, market).toBeGreaterThan(0);
      expect(m.peak, `${market}: ${m.peak} of ${m.limit} in the busiest minute`).toBeLessThan(m.limit / 4);
    }
  });
});
