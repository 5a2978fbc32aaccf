// The real market worker in Chromium: a SharedWorker shared by every bridge of the origin, and the
// dedicated-Worker fallback when SharedWorker does not exist. Endpoints point at a closed loopback port,
// so the worker's sockets fail and retry; what is checked is the worker's life, sharing and health.
import { afterEach, describe, expect, it } from 'vitest';
import { createMarketBridge, type MarketBridge } from './bridge.ts';
import { browserEnvironment } from './browser-environment.ts';
import { sandboxEndpoints } from './endpoints.ts';

const closedPort = { protocol: 'http:', host: '127.0.0.1:9' };
let bridges: MarketBridge[] = [];

afterEach(async () => {
  for (const b of bridges) await b.dispose();
  bridges = [];
});

function bridge(): MarketBridge {
  const b = createMarketBridge({ ...browserEnvironment(), endpoints: sandboxEndpoints(closedPort) });
  bridges.push(b);
  return b;
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let last: T = await read();
  for (let i = 0; i < 100 && !ok(last); i++) {
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

describe('market worker in Chromium', () => {
  it('one SharedWorker serves every bridge: tabs, streams and endpoint state are shared', async () => {
    expect(typeof SharedWorker).toBe('function');
    const a = bridge();
    const b = bridge();
    a.acquire({ topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    b.acquire({ topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    b.acquire({ topic: 'mark', symbol: 'BTCUSDT' });
    const health = await eventually(
      () => a.refreshHealth(),
      (h) => h?.tabs === 2 && (h.endpoints.find((e) => e.id === 'usdmMarket')?.streams ?? 0) === 1,
    );
    expect(health?.tabs).toBe(2);
    const spot = health?.endpoints.find((e) => e.id === 'spot');
    expect(spot?.streams).toBe(1); // two tabs, one stream
    expect(['connecting', 'reconnecting', 'offline']).toContain(spot?.state);
    await b.dispose();
    bridges = bridges.filter((x) => x !== b);
    const after = await eventually(() => a.refreshHealth(), (h) => h?.tabs === 1);
    expect(after?.tabs).toBe(1);
    expect(after?.endpoints.find((e) => e.id === 'usdmMarket')?.streams).toBe(0);
  });

  it('falls back to a dedicated Worker when SharedWorker is missing', async () => {
    const original = globalThis.SharedWorker;
    // @ts-expect-error -- simulate a browser without SharedWorker (Chrome on Android)
    delete globalThis.SharedWorker;
    try {
      const a = bridge();
      const b = bridge();
      a.acquire({ topic: 'tickers', market: 'spot' });
      b.acquire({ topic: 'tickers', market: 'spot' });
      const ha = await eventually(() => a.refreshHealth(), (h) => h?.tabs === 1);
      const hb = await eventually(() => b.refreshHealth(), (h) => h?.tabs === 1);
      // Each bridge has its own worker (its own core): one tab each.
      expect(ha?.tabs).toBe(1);
      expect(hb?.tabs).toBe(1);
      expect(ha?.endpoints.find((e) => e.id === 'spot')?.streams).toBe(1);
    } finally {
      globalThis.SharedWorker = original;
    }
  });
});
