import { describe, expect, it } from 'vitest';
import type { BookPayload } from './contract.ts';
import { settle } from './testing/fake-fetch.ts';
import { Exchange, bookKey, books, setup } from './testing/core-harness.ts';

describe('MarketCore: books end to end (fake socket, fake REST, fake clock)', () => {
  it('syncs, publishes, resyncs after a gap, and never publishes a book that crossed the gap', async () => {
    const { attach, core, socket, http, clock } = setup();
    const tab = attach('t1');
    core.subscribe('t1', 'b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    const ws = socket('stream.binance.com/stream');
    expect(ws.url).toContain('btcusdt%40depth%40100ms');
    ws.open();
    const ex = new Exchange();
    ws.receive(ex.diff(1)); // buffered → snapshot requested
    const depth = http.take('/api/v3/depth?symbol=BTCUSDT&limit=500');
    ws.receive(ex.diff(2));
    // The snapshot is taken after diff 1 (the exchange's book at that moment includes diff 1 only).
    const snap = JSON.parse(JSON.stringify(ex.snapshot())) as { lastUpdateId: number };
    depth.resolve({ ...snap });
    await settle();
    for (let step = 3; step < 30; step++) {
      ws.receive(ex.diff(step));
      clock.advance(100);
    }
    expect(core.book('spot', 'BTCUSDT')?.state).toBe('synced');
    // A gap: diff 30 never arrives.
    ex.diff(30);
    ws.receive(ex.diff(31));
    clock.advance(100);
    const afterGap = books(tab).at(-1) as BookPayload;
    expect(afterGap.synced).toBe(false);
    expect(afterGap.bids.length).toBe(0);
    expect(core.resyncs).toBe(1);
    // Events keep coming; the core buffers them and asks for a new snapshot.
    ws.receive(ex.diff(32));
    const again = http.take('/api/v3/depth');
    ws.receive(ex.diff(33));
    again.resolve(ex.snapshot());
    await settle();
    for (let step = 34; step < 40; step++) {
      ws.receive(ex.diff(step));
      clock.advance(100);
    }
    const published = books(tab).filter((b) => b.synced);
    expect(published.length).toBeGreaterThan(20);
    // Every published book equals the exchange's book at its lastUpdateId.
    for (const b of published) expect(bookKey(b)).toBe(ex.truth.get(b.lastUpdateId));
    expect(published.at(-1)?.lastUpdateId).toBe(ex.lastId);
  });

  it('invalidates on a dropped socket, then resubscribes and resyncs', async () => {
    const { attach, core, socket, http, clock, sockets } = setup();
    const tab = attach('t1');
    core.subscribe('t1', 'b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    let ws = socket('stream.binance.com');
    ws.open();
    const ex = new Exchange();
    ws.receive(ex.diff(1));
    http.take('/api/v3/depth').resolve(ex.snapshot());
    await settle();
    ws.receive(ex.diff(2));
    clock.advance(100);
    expect(books(tab).at(-1)?.synced).toBe(true);
    ws.drop();
    clock.advance(100);
    expect(books(tab).at(-1)?.synced).toBe(false);
    clock.advance(1000);
    expect(sockets.sockets).toHaveLength(2);
    ws = socket('stream.binance.com');
    expect(ws.url).toContain('btcusdt%40depth%40100ms');
    ws.open();
    ex.diff(3); // lost while reconnecting
    ws.receive(ex.diff(4));
    http.take('/api/v3/depth').resolve(ex.snapshot());
    await settle();
    ws.receive(ex.diff(5));
    clock.advance(100);
    const last = books(tab).at(-1) as BookPayload;
    expect(last.synced).toBe(true);
    expect(bookKey(last)).toBe(ex.truth.get(last.lastUpdateId));
    expect(core.resyncs).toBe(1);
  });

  it('fetches the snapshot anyway when a quiet stream sends nothing for a second', async () => {
    const { core, socket, http, clock, attach } = setup();
    attach('t1');
    core.subscribe('t1', 'b', { topic: 'book', market: 'usdm', symbol: 'ETHUSDT', depth: 10 });
    socket('fstream.binance.com/public').open();
    expect(http.requests.filter((r) => r.url.includes('/fapi/v1/depth'))).toHaveLength(0);
    clock.advance(2100);
    expect(http.take('/fapi/v1/depth?symbol=ETHUSDT&limit=500')).toBeDefined();
  });

  it('sends a book its snapshot synced at once, not at the next tick', async () => {
    const { attach, core, socket, http } = setup();
    const tab = attach('t1');
    core.subscribe('t1', 'b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    const ws = socket('stream.binance.com/stream');
    ws.open();
    const ex = new Exchange();
    ws.receive(ex.diff(1));
    const depth = http.take('/api/v3/depth?symbol=BTCUSDT&limit=500');
    depth.resolve(ex.snapshot());
    await settle();
    // No clock advance: no tick has run since the snapshot landed.
    const first = books(tab).find((b) => b.synced);
    expect(first).toBeDefined();
    expect(bookKey(first as BookPayload)).toBe(ex.truth.get(ex.lastId));
  });
});
