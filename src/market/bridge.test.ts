// The tab bridge and stores wired to the real worker API and core over Comlink on Node MessagePorts
// (the same structured-clone + transfer path as a SharedWorker port), with a fake socket, REST and clock.
import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { createMarketBridge, type BridgeEnvironment, type MarketBridge } from './bridge.ts';
import { bookStore, healthStore, tickersStore, tradesStore } from './stores.ts';
import { sandboxEndpoints } from './endpoints.ts';
import { createWorkerApi } from '../../workers/worker-api.ts';
import { MarketCore } from '../../workers/market-core.ts';
import { FakeClock } from '../../workers/testing/fake-clock.ts';
import { fakeSocketFactory, type FakeSocket } from '../../workers/testing/fake-socket.ts';
import { fakeFetch } from '../../workers/testing/fake-fetch.ts';

const wait = (ms = 5) => new Promise((r) => setTimeout(r, ms));

async function until(predicate: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (predicate()) return;
    await wait(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function setup() {
  const clock = new FakeClock();
  const sockets = fakeSocketFactory();
  const http = fakeFetch();
  const gone: (() => void)[] = [];
  const workerApi = createWorkerApi({
    createCore: (endpoints) => new MarketCore({ clock, socketFactory: sockets.factory, fetch: http.fetch, endpoints }),
    watchTab: (_tabId, cb) => gone.push(cb),
  });
  const links: MessagePort[] = [];
  let visible = true;
  let visibilityListener: (() => void) | null = null;
  let tab = 0;
  const env = (): BridgeEnvironment => ({
    startWorker() {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(workerApi, port2);
      links.push(port1, port2);
      return { endpoint: port1, close: () => port1.close() };
    },
    endpoints: sandboxEndpoints({ protocol: 'http:', host: '127.0.0.1:9' }),
    isVisible: () => visible,
    onVisibilityChange(listener) {
      visibilityListener = listener;
      return () => (visibilityListener = null);
    },
    onOnline: () => () => {},
    newTabId: () => `tab-${++tab}`,
  });
  const setVisible = (v: boolean) => {
    visible = v;
    visibilityListener?.();
  };
  const socket = (): FakeSocket => sockets.sockets[sockets.sockets.length - 1] as FakeSocket;
  return { clock, sockets, http, env, setVisible, socket, gone, links, workerApi };
}

let bridges: MarketBridge[] = [];
let ports: MessagePort[] = [];
afterEach(async () => {
  for (const b of bridges) await b.dispose();
  for (const p of ports) p.close();
  bridges = [];
  ports = [];
});

describe('market bridge → worker API → core → stores', () => {
  it('subscribes through the worker, fills the stores from batched messages, and releases', async () => {
    const s = setup();
    ports = s.links;
    const bridge = createMarketBridge(s.env());
    bridges.push(bridge);
    const trades = bridge.acquire({ topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    const again = bridge.acquire({ topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    expect(again.id).toBe(trades.id);
    const tickers = bridge.acquire({ topic: 'tickers', market: 'spot' });
    await until(() => s.sockets.sockets.length === 1, 'a socket');
    s.socket().open();
    await until(() => s.socket().subscribed().size === 2, 'two streams');
    s.http.take('/api/v3/trades').resolve([{ id: 1, price: '10', qty: '1', time: 1, isBuyerMaker: false }]);
    s.http.take('/api/v3/ticker/24hr').resolve([]);
    await wait();
    s.socket().receive('{"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","a":5,"p":"11","q":"2","T":2,"m":true}}');
    s.socket().receive('{"stream":"!miniTicker@arr","data":[{"e":"24hrMiniTicker","E":9,"s":"ETHUSDT","c":"3","o":"2","h":"3","l":"2","v":"1","q":"3"}]}');
    s.clock.advance(1000);
    await until(() => (tradesStore.getState().trades[trades.id]?.length ?? 0) === 2, 'trades in the store');
    expect(tradesStore.getState().trades[trades.id]?.map((t) => t.id)).toEqual([5, 1]);
    await until(() => tickersStore.getState().tickers.spot['ETHUSDT'] !== undefined, 'a ticker');
    expect(tickersStore.getState().tickers.spot['ETHUSDT']?.c).toBe(3);
    // Two holders in the tab, one worker subscription: the first release changes nothing.
    trades.release();
    await wait(20);
    expect(s.socket().subscribed().has('btcusdt@aggTrade')).toBe(true);
    again.release();
    await until(() => !s.socket().subscribed().has('btcusdt@aggTrade'), 'UNSUBSCRIBE');
    expect(tradesStore.getState().trades[trades.id]).toBeUndefined();
    tickers.release();
    const health = await bridge.refreshHealth();
    expect(health?.tabs).toBe(1);
    expect(healthStore.getState().health?.endpoints.find((e) => e.id === 'spot')?.state).toBe('open');
  });

  it('books arrive as transferred typed arrays; a hidden tab gets nothing until it is visible again', async () => {
    const s = setup();
    ports = s.links;
    const bridge = createMarketBridge(s.env());
    bridges.push(bridge);
    const book = bridge.acquire({ topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 2 });
    await until(() => s.sockets.sockets.length === 1, 'a socket');
    s.socket().open();
    const frame = (U: number, price: string) =>
      `{"stream":"btcusdt@depth@100ms","data":{"e":"depthUpdate","E":1,"s":"BTCUSDT","U":${U},"u":${U},"b":[["${price}","1"]],"a":[]}}`;
    s.socket().receive(frame(11, '99'));
    await until(() => s.http.requests.some((r) => r.url.includes('/depth')), 'a snapshot request');
    s.http.take('/api/v3/depth').resolve({ lastUpdateId: 10, bids: [['100', '2']], asks: [['101', '3']] });
    await wait();
    s.clock.advance(100);
    await until(() => bookStore.getState().books[book.id]?.synced === true, 'a synced book');
    const view = bookStore.getState().books[book.id];
    expect(view?.bids).toBeInstanceOf(Float64Array);
    expect([...(view?.bids ?? [])]).toEqual([100, 2, 99, 1]);
    expect([...(view?.asks ?? [])]).toEqual([101, 3]);
    s.setVisible(false);
    await wait(20);
    s.socket().receive(frame(12, '98'));
    s.clock.advance(500);
    await wait(20);
    expect(bookStore.getState().books[book.id]?.lastUpdateId).toBe(11);
    s.setVisible(true);
    await wait(20);
    s.clock.advance(100);
    await until(() => bookStore.getState().books[book.id]?.lastUpdateId === 12, 'the snapshot after becoming visible');
    book.release();
  });

  it('a tab that is gone releases its streams', async () => {
    const s = setup();
    ports = s.links;
    const one = createMarketBridge(s.env());
    const two = createMarketBridge(s.env());
    bridges.push(two);
    one.acquire({ topic: 'mark', symbol: 'BTCUSDT' });
    two.acquire({ topic: 'mark', symbol: 'ETHUSDT' });
    await until(() => s.sockets.sockets.length === 1, 'one socket for both tabs');
    s.socket().open();
    await until(() => s.socket().subscribed().size === 2, 'both streams');
    expect(s.sockets.sockets).toHaveLength(1);
    s.gone[0]?.(); // tab one's lock was released: it closed or crashed
    await until(() => s.socket().subscribed().size === 1, 'tab one released');
    expect([...s.socket().subscribed()]).toEqual(['ethusdt@markPrice@1s']);
  });
});
