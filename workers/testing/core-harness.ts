// The market core under test: fake socket, fake REST and fake clock, and an exchange that plays the server's side
// (shared by market-core.test.ts and market-core.tabs.test.ts).
import { MarketCore } from '../market-core.ts';
import type { BatchMessage, BookPayload, MarketEndpoints } from '../contract.ts';
import { FakeClock } from './fake-clock.ts';
import { fakeSocketFactory, type FakeSocket } from './fake-socket.ts';
import { fakeFetch } from './fake-fetch.ts';

export const endpoints: MarketEndpoints = {
  spot: { ws: 'ws://127.0.0.1:9/sim/stream.binance.com', maxMessagesPerSecond: 5 },
  usdmPublic: { ws: 'ws://127.0.0.1:9/sim/fstream.binance.com/public', maxMessagesPerSecond: 10 },
  usdmMarket: { ws: 'ws://127.0.0.1:9/sim/fstream.binance.com/market', maxMessagesPerSecond: 10 },
  spotRest: 'http://127.0.0.1:9/sim/api.binance.com',
  usdmRest: 'http://127.0.0.1:9/sim/fapi.binance.com',
  venues: {
    okx: {
      public: { ws: 'ws://127.0.0.1:9/sim/ws.okx.com/ws/v5/public', maxMessagesPerSecond: 3 },
      business: { ws: 'ws://127.0.0.1:9/sim/ws.okx.com/ws/v5/business', maxMessagesPerSecond: 3 },
      rest: 'http://127.0.0.1:9/sim/www.okx.com',
    },
    bybit: {
      spot: { ws: 'ws://127.0.0.1:9/sim/stream.bybit.com/v5/public/spot', maxMessagesPerSecond: 10 },
      linear: { ws: 'ws://127.0.0.1:9/sim/stream.bybit.com/v5/public/linear', maxMessagesPerSecond: 10 },
      rest: 'http://127.0.0.1:9/sim/api.bybit.com',
    },
    bitget: {
      public: { ws: 'ws://127.0.0.1:9/sim/ws.bitget.com/v2/ws/public', maxMessagesPerSecond: 10 },
      rest: 'http://127.0.0.1:9/sim/api.bitget.com',
    },
    gate: {
      spot: { ws: 'ws://127.0.0.1:9/sim/api.gateio.ws/ws/v4/', maxMessagesPerSecond: 10 },
      futures: { ws: 'ws://127.0.0.1:9/sim/fx-ws.gateio.ws/v4/ws/usdt', maxMessagesPerSecond: 10 },
      rest: 'http://127.0.0.1:9/sim/api.gateio.ws',
    },
  },
};

export function setup() {
  const clock = new FakeClock();
  const sockets = fakeSocketFactory();
  const http = fakeFetch();
  const core = new MarketCore({ clock, socketFactory: sockets.factory, fetch: http.fetch, endpoints, random: () => 0.5 });
  core.start();
  const inbox = new Map<string, BatchMessage[]>();
  const attach = (tabId: string): BatchMessage[] => {
    const messages: BatchMessage[] = [];
    inbox.set(tabId, messages);
    core.attachTab(tabId, { postMessage: (m) => messages.push(m) });
    return messages;
  };
  const socket = (match: string): FakeSocket => {
    const found = [...sockets.sockets].reverse().find((s) => s.url.includes(match));
    if (!found) throw new Error(`no socket for ${match}`);
    return found;
  };
  return { clock, sockets, http, core, attach, socket };
}

/** The exchange's side: a true book, diffs with consecutive ids, and the truth at every update id. */
export class Exchange {
  bids = new Map<number, number>([[100, 1], [99, 2], [98, 3]]);
  asks = new Map<number, number>([[101, 1], [102, 2], [103, 3]]);
  lastId = 1000;
  readonly truth = new Map<number, string>();
  constructor() {
    this.truth.set(this.lastId, this.key(5));
  }
  key(depth: number): string {
    const bids = [...this.bids].sort((a, b) => b[0] - a[0]).slice(0, depth);
    const asks = [...this.asks].sort((a, b) => a[0] - b[0]).slice(0, depth);
    return JSON.stringify({ bids, asks });
  }
  snapshot(): unknown {
    const f = (m: Map<number, number>, dir: number) =>
      [...m].sort((a, b) => dir * (a[0] - b[0])).map(([p, q]) => [String(p), String(q)]);
    return { lastUpdateId: this.lastId, bids: f(this.bids, -1), asks: f(this.asks, 1) };
  }
  /** the next diff as a frame; `skip` makes a gap by not returning it */
  diff(step: number): string {
    const U = this.lastId + 1;
    const u = this.lastId + 2;
    const bid: [number, number] = [95 + (step % 5), step % 3 === 0 ? 0 : step];
    const ask: [number, number] = [102 + (step % 4), step % 4 === 0 ? 0 : step + 0.5];
    for (const [m, [p, q]] of [[this.bids, bid], [this.asks, ask]] as const) {
      if (q === 0) m.delete(p);
      else m.set(p, q);
    }
    this.lastId = u;
    this.truth.set(u, this.key(5));
    return JSON.stringify({
      stream: 'btcusdt@depth@100ms',
      data: { e: 'depthUpdate', E: step, s: 'BTCUSDT', U, u, b: [bid.map(String)], a: [ask.map(String)] },
    });
  }
}

export function bookKey(p: BookPayload): string {
  const pairs = (a: Float64Array) => {
    const out: [number, number][] = [];
    for (let i = 0; i < a.length; i += 2) out.push([a[i] as number, a[i + 1] as number]);
    return out;
  };
  return JSON.stringify({ bids: pairs(p.bids), asks: pairs(p.asks) });
}

export function books(messages: BatchMessage[]): BookPayload[] {
  return messages.flatMap((m) => m.items).filter((i): i is BookPayload => i.type === 'book');
}
