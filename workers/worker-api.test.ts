import { describe, expect, it } from 'vitest';
import { createWorkerApi } from './worker-api.ts';
import { MarketCore } from './market-core.ts';
import type { BatchMessage, MarketEndpoints } from './contract.ts';
import { FakeClock } from './testing/fake-clock.ts';
import { fakeSocketFactory } from './testing/fake-socket.ts';
import { fakeFetch } from './testing/fake-fetch.ts';

const endpoints = (host: string): MarketEndpoints => ({
  spot: { ws: `ws://${host}/sim/stream.binance.com`, maxMessagesPerSecond: 5 },
  usdmPublic: { ws: `ws://${host}/sim/fstream.binance.com/public`, maxMessagesPerSecond: 10 },
  usdmMarket: { ws: `ws://${host}/sim/fstream.binance.com/market`, maxMessagesPerSecond: 10 },
  spotRest: `http://${host}/sim/api.binance.com`,
  usdmRest: `http://${host}/sim/fapi.binance.com`,
});

function setup() {
  const clock = new FakeClock();
  const sockets = fakeSocketFactory();
  const http = fakeFetch();
  const gone = new Map<string, () => void>();
  const api = createWorkerApi({
    createCore: (e) => new MarketCore({ clock, socketFactory: sockets.factory, fetch: http.fetch, endpoints: e }),
    watchTab: (tabId, cb) => gone.set(tabId, cb),
  });
  const sink = (into: BatchMessage[]) => ({ postMessage: (m: BatchMessage) => into.push(m) });
  return { clock, sockets, api, gone, sink };
}

describe('worker API', () => {
  it('releases everything a tab held when its lock says it is gone', () => {
    const { api, gone, sockets, sink } = setup();
    api.attach('a', sink([]), { endpoints: endpoints('127.0.0.1:1'), visible: true });
    api.attach('b', sink([]), { endpoints: endpoints('127.0.0.1:1'), visible: true });
    api.subscribe('a', 'x', { topic: 'mark', symbol: 'BTCUSDT' });
    api.subscribe('b', 'y', { topic: 'mark', symbol: 'BTCUSDT' });
    const ws = sockets.sockets[0];
    ws?.open();
    expect(ws?.subscribed()).toEqual(new Set(['btcusdt@markPrice@1s']));
    gone.get('a')?.();
    expect(ws?.subscribed().size).toBe(1);
    gone.get('b')?.();
    expect(ws?.subscribed().size).toBe(0);
    expect(api.health()?.tabs).toBe(0);
  });

  it('rebuilds the core on another market source and re-subscribes every tab', () => {
    const { api, sockets, sink } = setup();
    api.attach('a', sink([]), { endpoints: endpoints('127.0.0.1:1'), visible: true });
    api.subscribe('a', 'x', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    expect(sockets.sockets[0]?.url).toContain('127.0.0.1:1');
    api.attach('b', sink([]), { endpoints: endpoints('127.0.0.1:2'), visible: true });
    expect(sockets.sockets[0]?.closed).toBe(true);
    const next = sockets.sockets[1];
    expect(next?.url).toContain('127.0.0.1:2/sim/stream.binance.com/stream?streams=btcusdt%40aggTrade');
    expect(api.health()?.tabs).toBe(2);
  });
});
