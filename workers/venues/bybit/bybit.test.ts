import { describe, expect, it } from 'vitest';
import type { BookPayload, MarkPayload, TradesPayload } from '../../contract.ts';
import { settle } from '../../testing/fake-fetch.ts';
import { books, setup } from '../../testing/core-harness.ts';
import { shown } from '../../testing/venue-book.ts';
import { BybitFrameReader } from './bybit-reader.ts';

const SPOT = 'stream.bybit.com/v5/public/spot';
const LINEAR = 'stream.bybit.com/v5/public/linear';
type Op = { op: string; args: string[]; req_id: string };

/** Bybit's side of `orderbook.N`: the true book and its update ids. */
class BybitBook {
  bids = new Map<number, number>([[100, 1], [99, 2]]);
  asks = new Map<number, number>([[101, 1], [102, 2]]);
  u = 0;
  seq = 7_000;
  constructor(readonly topic = 'orderbook.200.BTCUSDT') {}
  sorted(m: Map<number, number>, dir: number): [number, number][] {
    return [...m].sort((a, b) => dir * (b[0] - a[0]));
  }
  snapshot(u = this.u + 1): string {
    this.u = u;
    const wire = (l: [number, number][]) => l.map(([p, q]) => [String(p), String(q)]);
    return JSON.stringify({ topic: this.topic, type: 'snapshot', ts: 1700000000000, data: { s: 'BTCUSDT', b: wire(this.sorted(this.bids, 1)), a: wire(this.sorted(this.asks, -1)), u: this.u, seq: (this.seq += 5) }, cts: 1 });
  }
  delta(bid: [number, number], ask: [number, number], u = this.u + 1): string {
    for (const [m, [p, q]] of [[this.bids, bid], [this.asks, ask]] as const) {
      if (q === 0) m.delete(p);
      else m.set(p, q);
    }
    this.u = u;
    return JSON.stringify({ topic: this.topic, type: 'delta', ts: 1700000000100, data: { s: 'BTCUSDT', b: [bid.map(String)], a: [ask.map(String)], u, seq: (this.seq += 3) }, cts: 1 });
  }
  key(): string {
    return JSON.stringify({ bids: this.sorted(this.bids, 1).slice(0, 5), asks: this.sorted(this.asks, -1).slice(0, 5) });
  }
}

function bybit() {
  const s = setup();
  const tab = s.attach('t');
  s.core.subscribe('t', 'b', { topic: 'book', venue: 'bybit', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
  const ws = s.socket(SPOT);
  ws.open();
  const ops = () => ws.sent.filter((m): m is Op => typeof m === 'object' && m !== null && (m as Op).op !== 'ping');
  return { ...s, tab, ws, ex: new BybitBook(), ops };
}

describe('Bybit adapter: orderbook (snapshot, deltas with u + 1)', () => {
  it('subscribes orderbook.200 on the spot socket, syncs from the snapshot and publishes the true book', () => {
    const { ws, ex, core, clock, tab, ops } = bybit();
    expect(ws.url).toBe('ws://127.0.0.1:9/sim/stream.bybit.com/v5/public/spot');
    expect(ops()).toEqual([{ op: 'subscribe', args: ['orderbook.200.BTCUSDT'], req_id: expect.any(String) }]);
    ws.receive(ex.snapshot(500));
    for (let i = 0; i < 15; i++) {
      ws.receive(ex.delta([98 + (i % 3), i % 4 === 0 ? 0 : i + 0.5], [101 + (i % 4), i + 0.25]));
      clock.advance(100);
      const last = books(tab).at(-1) as BookPayload;
      expect(last.synced).toBe(true);
      expect(shown(last)).toBe(ex.key());
    }
    expect(core.book('spot', 'BTCUSDT', 'bybit')?.lastUpdateId).toBe(ex.u);
    expect(core.resyncs).toBe(0);
  });

  it('ignores a duplicate delta; a gap unsyncs at once and resubscribes; the new snapshot resyncs', () => {
    const { ws, ex, core, clock, tab, ops } = bybit();
    ws.receive(ex.snapshot(10));
    const d = ex.delta([99, 4], [101, 4]);
    ws.receive(d);
    ws.receive(d); // duplicate
    expect(core.book('spot', 'BTCUSDT', 'bybit')?.state).toBe('synced');
    ws.receive(ex.delta([99, 5], [101, 5], ex.u + 2)); // u skips one
    clock.advance(100);
    expect((books(tab).at(-1) as BookPayload).synced).toBe(false);
    expect(core.resyncs).toBe(1);
    clock.advance(1_000);
    expect(ops().slice(1).map((m) => [m.op, m.args])).toEqual([
      ['unsubscribe', ['orderbook.200.BTCUSDT']],
      ['subscribe', ['orderbook.200.BTCUSDT']],
    ]);
    ws.receive(ex.snapshot());
    ws.receive(ex.delta([97, 1], [103, 1]));
    clock.advance(100);
    expect(shown(books(tab).at(-1) as BookPayload)).toBe(ex.key());
  });

  it('a snapshot with u = 1 (Bybit restarted its service) replaces the book', () => {
    const { ws, ex, core } = bybit();
    ws.receive(ex.snapshot(900));
    ws.receive(ex.delta([99, 4], [101, 4]));
    ex.bids = new Map([[50, 1]]);
    ex.asks = new Map([[51, 1]]);
    ws.receive(ex.snapshot(1));
    const book = core.book('spot', 'BTCUSDT', 'bybit');
    expect(book?.lastUpdateId).toBe(1);
    expect(book?.bids.priceAt(0)).toBe(50);
    ws.receive(ex.delta([49, 2], [52, 2]));
    expect(book?.state).toBe('synced');
    expect(core.resyncs).toBe(0);
  });

  it('a full 200-level book: a delta that adds a better level before it deletes one within the depth keeps the worst level', () => {
    const { ws, ex, core } = bybit();
    ex.bids = new Map(Array.from({ length: 200 }, (_, i) => [1000 - i, 1] as [number, number]));
    ex.asks = new Map(Array.from({ length: 200 }, (_, i) => [1001 + i, 1] as [number, number]));
    ws.receive(ex.snapshot(20));
    // Bybit writes a delta's levels in price order: the new best bid (an add) before the deletion of a deeper one
    ex.bids.set(1000.5, 3);
    ex.bids.delete(900);
    ex.u++;
    ws.receive(JSON.stringify({ topic: ex.topic, type: 'delta', ts: 1, data: { s: 'BTCUSDT', b: [['1000.5', '3'], ['900', '0']], a: [], u: ex.u, seq: 9_000 }, cts: 1 }));
    const book = core.book('spot', 'BTCUSDT', 'bybit');
    expect(book?.state).toBe('synced');
    expect(book?.bids.size).toBe(200);
    expect(book?.bids.priceAt(0)).toBe(1000.5);
    expect(book?.bids.priceAt(199)).toBe(801); // the worst level, which a book cut at 200 would have dropped for the add
  });
});

describe('Bybit adapter: keep-alive, reconnect, limits', () => {
  it('pings {"op":"ping"} every 20 s even while frames come in; no answer within 10 s loses the socket, which reconnects and resubscribes', () => {
    const { ws, ex, clock, socket, core } = bybit();
    const pings = () => ws.sent.filter((m) => (m as Op).op === 'ping').length;
    ws.receive(ex.snapshot());
    for (let i = 0; i < 19; i++) {
      clock.advance(1_000);
      ws.receive(ex.delta([99, i + 1], [101, i + 1]));
    }
    expect(pings()).toBe(0);
    clock.advance(1_000);
    expect(pings()).toBe(1);
    ws.receive('{"success":true,"ret_msg":"pong","conn_id":"x","req_id":"9","op":"ping"}');
    clock.advance(20_000);
    expect(pings()).toBe(2);
    clock.advance(10_000); // silence after the ping
    expect(ws.closed).toBe(true);
    expect(core.book('spot', 'BTCUSDT', 'bybit')?.state).toBe('unsynced');
    clock.advance(1_000);
    const again = socket(SPOT);
    again.open();
    expect(again.sent).toEqual([{ op: 'subscribe', args: ['orderbook.200.BTCUSDT'], req_id: expect.any(String) }]);
  });

  it('carries at most 10 args in one subscribe request', () => {
    const s = setup();
    s.attach('t');
    for (let i = 0; i < 25; i++) s.core.subscribe('t', `t${i}`, { topic: 'trades', venue: 'bybit', market: 'spot', symbol: `C${i}USDT` });
    const ws = s.socket(SPOT);
    ws.open();
    s.clock.advance(1_000);
    expect((ws.sent as Op[]).map((m) => m.args.length)).toEqual([10, 10, 5]);
  });
});

describe('Bybit adapter: trades, mark price, reader', () => {
  it('streams publicTrade on the linear socket; mark merges the linear tickers snapshot and its deltas', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'tr', { topic: 'trades', venue: 'bybit', market: 'usdm', symbol: 'BTCUSDT' });
    s.core.subscribe('t', 'm', { topic: 'mark', venue: 'bybit', symbol: 'BTCUSDT' });
    s.http.take('/v5/market/recent-trade?category=linear&symbol=BTCUSDT&limit=150').resolve({ retCode: 0, retMsg: 'OK', result: { category: 'linear', list: [] } });
    await settle();
    const ws = s.socket(LINEAR);
    ws.open();
    expect((ws.sent as Op[])[0]?.args).toEqual(['publicTrade.BTCUSDT', 'tickers.BTCUSDT']);
    ws.receive({ topic: 'tickers.BTCUSDT', type: 'snapshot', ts: 1700000000000, cs: 1, data: { symbol: 'BTCUSDT', lastPrice: '100', markPrice: '100.1', indexPrice: '100.2', fundingRate: '0.0001', nextFundingTime: '1700006400000' } });
    ws.receive({ topic: 'tickers.BTCUSDT', type: 'delta', ts: 1700000000500, cs: 2, data: { symbol: 'BTCUSDT', markPrice: '100.3' } });
    ws.receive({ topic: 'publicTrade.BTCUSDT', type: 'snapshot', ts: 1700000000600, data: [{ T: 1700000000600, s: 'BTCUSDT', S: 'Sell', v: '0.5', p: '100.2', L: 'MinusTick', i: '9f2a1c3e-0000-4d7e-8a37-aaaaaaaaaaaa', BT: false }] });
    s.clock.advance(200);
    const mark = tab.flatMap((m) => m.items).filter((i): i is MarkPayload => i.type === 'mark').at(-1)?.mark;
    expect(mark).toEqual({ symbol: 'BTCUSDT', markPrice: 100.3, indexPrice: 100.2, fundingRate: 0.0001, nextFundingTime: 1700006400000, time: 1700000000500 });
    const trade = tab.flatMap((m) => m.items).filter((i): i is TradesPayload => i.type === 'trades').flatMap((p) => p.trades)[0];
    expect(trade).toMatchObject({ time: 1700000000600, price: 100.2, qty: 0.5, isBuyerMaker: true });
    expect(Number.isSafeInteger(trade?.id)).toBe(true);
  });

  it('the reader counts malformed frames without throwing', () => {
    const reader = new BybitFrameReader();
    expect(reader.read('{"req_id":"1","op":"pong","args":["1675418560633"],"conn_id":"x"}')?.kind).toBe('response');
    expect(reader.read('{"success":false,"ret_msg":"error:handler not found","op":"subscribe"}')?.kind).toBe('error');
    const bad = [
      '{',
      '{"topic":"orderbook.200.BTCUSDT","type":"delta","ts":1,"data":{"s":"BTCUSDT","b":[["1"]],"a":[],"u":2}}',
      '{"topic":"orderbook.200.BTCUSDT","type":"weird","ts":1,"data":{"s":"BTCUSDT","b":[],"a":[],"u":2}}',
      '{"topic":"publicTrade.BTCUSDT","data":[{"T":1,"S":"Up","v":"1","p":"1","i":"1"}]}',
      '{"topic":"kline.1.BTCUSDT","data":[{"start":1,"end":2,"open":"1","close":"1","high":"1","low":"1","volume":"x","confirm":false}]}',
      '{"topic":"tickers.BTCUSDT","type":"delta","ts":1,"data":{"symbol":"BTCUSDT","markPrice":"-1"}}',
      null,
    ];
    for (const frame of bad) expect(reader.read(frame)).toBeNull();
    expect(reader.rejected).toBe(bad.length);
  });
});
