import { describe, expect, it } from 'vitest';
import { MAX_RECONNECTS } from './connection.ts';
import type { TradesPayload } from './contract.ts';
import { settle } from './testing/fake-fetch.ts';
import { Exchange, books, setup } from './testing/core-harness.ts';

// The market core through a backend outage (spec §4: a burst of 5 reconnects, then the capped back-off, never given
// up): sockets and REST loads come back by themselves, and at once when a tab attaches or is shown.

/** Drops every socket attempt of the endpoint `match` until the burst is over. */
function exhaustBurst(s: ReturnType<typeof setup>, match: string): void {
  s.socket(match).drop();
  for (let i = 0; i < MAX_RECONNECTS; i++) {
    s.clock.advance(20_000);
    s.socket(match).drop();
  }
}

const depthRequests = (s: ReturnType<typeof setup>) => s.http.requests.filter((r) => r.url.includes('/api/v3/depth'));

describe('MarketCore through an outage', () => {
  it('after the burst a tab that attaches (a new tab, a reload) or is shown makes the endpoint try again at once', () => {
    const s = setup();
    s.attach('a');
    s.core.subscribe('a', 'b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    exhaustBurst(s, 'stream.binance.com');
    const spot = () => s.core.health().endpoints.find((e) => e.id === 'spot');
    expect(spot()?.state).toBe('offline');
    const before = s.sockets.sockets.length;
    s.attach('c'); // a third tab opens
    expect(s.sockets.sockets).toHaveLength(before + 1);
    s.socket('stream.binance.com').drop();
    for (let i = 0; i < MAX_RECONNECTS; i++) {
      s.clock.advance(20_000);
      s.socket('stream.binance.com').drop();
    }
    expect(spot()?.state).toBe('offline');
    const again = s.sockets.sockets.length;
    s.core.setVisible('a', false);
    expect(s.sockets.sockets).toHaveLength(again);
    s.core.setVisible('a', true); // shown again
    expect(s.sockets.sockets).toHaveLength(again + 1);
    s.socket('stream.binance.com').open();
    expect(spot()?.state).toBe('open');
  });

  it('a failed depth snapshot goes again after the back-off (not on every diff), for ever, and at once for a new tab', async () => {
    const s = setup();
    const tab = s.attach('a');
    s.core.subscribe('a', 'b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    const ws = s.socket('stream.binance.com');
    ws.open();
    const ex = new Exchange();
    let step = 1;
    ws.receive(ex.diff(step++));
    s.http.take('/api/v3/depth').fail(503);
    await settle();
    // Diffs keep coming every 100 ms: no request until the back-off (375 ms with the test's jitter) is over.
    for (let i = 0; i < 3; i++) {
      ws.receive(ex.diff(step++));
      s.clock.advance(100);
    }
    expect(depthRequests(s)).toHaveLength(0);
    ws.receive(ex.diff(step++));
    s.clock.advance(100);
    ws.receive(ex.diff(step++));
    expect(depthRequests(s)).toHaveLength(1);
    // REST stays down far beyond the burst: the snapshot keeps being asked for, at the capped step.
    const askedAt: number[] = [];
    for (let i = 0; i < 200; i++) {
      for (const r of depthRequests(s)) {
        askedAt.push(s.clock.now());
        s.http.take(r.url).fail(503);
      }
      await settle();
      ws.receive(ex.diff(step++));
      s.clock.advance(1000);
    }
    expect(askedAt.length).toBeGreaterThan(20);
    const gaps = askedAt.slice(1).map((t, i) => t - (askedAt[i] as number));
    expect(Math.max(...gaps.slice(10))).toBeLessThanOrEqual(10_000);
    expect(Math.min(...gaps.slice(10))).toBeGreaterThanOrEqual(5_000);
    // A new tab: the snapshot is asked for at once, and lands.
    for (const r of depthRequests(s)) s.http.take(r.url).fail(503);
    await settle();
    s.attach('c');
    ws.receive(ex.diff(step++));
    s.http.take('/api/v3/depth').resolve(ex.snapshot());
    await settle();
    ws.receive(ex.diff(step++));
    s.clock.advance(100);
    expect(books(tab).at(-1)?.synced).toBe(true);
  });

  it('a failed exchangeInfo load (tick sizes) goes again after the back-off until it lands', async () => {
    const s = setup();
    s.attach('a');
    s.core.subscribe('a', 'b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    s.http.take('/api/v3/exchangeInfo').fail(503);
    await settle();
    s.clock.advance(1000);
    const info = s.http.take('/api/v3/exchangeInfo?symbol=BTCUSDT');
    info.resolve({ symbols: [{ symbol: 'BTCUSDT', filters: [{ filterType: 'PRICE_FILTER', tickSize: '0.01000000' }] }] });
    await settle();
    s.clock.advance(60_000);
    expect(s.http.requests.filter((r) => r.url.includes('exchangeInfo'))).toHaveLength(0);
  });

  it('a failed first trades load shows the streamed trades, goes again after the back-off and merges when it lands', async () => {
    const s = setup();
    const tab = s.attach('a');
    s.core.subscribe('a', 't', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    const ws = s.socket('stream.binance.com');
    ws.open();
    s.http.take('/api/v3/trades').fail(503);
    await settle();
    ws.receive({ stream: 'btcusdt@aggTrade', data: { e: 'aggTrade', E: 100, s: 'BTCUSDT', a: 900, p: '10.5', q: '1', T: 100, m: false } });
    s.clock.advance(1000);
    const trades = () => tab.flatMap((m) => m.items).filter((p): p is TradesPayload => p.type === 'trades');
    expect(trades().at(-1)?.trades.map((t) => t.id)).toEqual([900]);
    const load = s.http.take('/api/v3/trades?symbol=BTCUSDT&limit=150');
    load.resolve([
      { id: 1, price: '10', qty: '1', time: 50, isBuyerMaker: true },
      { id: 2, price: '10.2', qty: '1', time: 60, isBuyerMaker: false },
    ]);
    await settle();
    s.clock.advance(100);
    expect(trades().at(-1)?.trades.map((t) => t.id)).toEqual([900, 2, 1]);
    s.clock.advance(60_000);
    expect(s.http.requests.filter((r) => r.url.includes('/trades'))).toHaveLength(0);
  });
});
