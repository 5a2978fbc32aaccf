import { describe, expect, it } from 'vitest';
import type { MarkPayload, TradesPayload } from '../../contract.ts';
import { createDepthEvent } from '../../book/depth-event.ts';
import { settle } from '../../testing/fake-fetch.ts';
import { books, setup } from '../../testing/core-harness.ts';
import { shown, TrueBook, type Side } from '../../testing/venue-book.ts';
import { GateContracts } from './gate-contracts.ts';
import { gateRequest } from './gate.ts';
import { GateFrameReader } from './gate-reader.ts';
import { GateDepthScanner } from './gate-scanner.ts';

const SPOT = 'api.gateio.ws/ws/v4/';
const FUTURES = 'fx-ws.gateio.ws/v4/ws/usdt';
type Req = { time: number; id: number; channel: string; event: string; payload: string[] };

/** Gate's side of one book: the true levels, its id, and `order_book_update` pushes / REST books (spot or futures). */
class GateBook extends TrueBook {
  id = 5_000;
  constructor(readonly futures = false) {
    super(new Map([[100, 1], [99, 2]]), new Map([[101, 1], [102, 2]]));
  }
  private level(p: number, q: number): unknown {
    return this.futures ? { p: String(p), s: q } : [String(p), String(q)];
  }
  private side(m: Side, dir: number): unknown[] {
    return this.sorted(m, dir).map(([p, q]) => this.level(p, q));
  }
  rest(): unknown {
    return { id: this.id, current: 1700000000000, update: 1700000000000, asks: this.side(this.asks, -1), bids: this.side(this.bids, 1) };
  }
  /** One push of `n` ids (U = the last id + 1 unless `U` is given) changing a bid and an ask. */
  push(bid: [number, number], ask: [number, number], n = 2, U = this.id + 1): string {
    this.change(bid, ask);
    this.id = U + n - 1;
    const channel = this.futures ? 'futures.order_book_update' : 'spot.order_book_update';
    const result = { t: 1700000000100, ...(this.futures ? {} : { e: 'depthUpdate', E: 1700000000 }), s: 'BTC_USDT', U, u: this.id, b: [this.level(...bid)], a: [this.level(...ask)] };
    return JSON.stringify({ time: 1700000000, time_ms: 1700000000100, channel, event: 'update', result });
  }
  /** The top 5 a side with sizes times `scale` (futures: contracts → base). */
  scaledKey(scale: number): string {
    const s = (m: Side, dir: number) => this.sorted(m, dir).slice(0, 5).map(([p, q]) => [p, q * scale]);
    return JSON.stringify({ bids: s(this.bids, 1), asks: s(this.asks, -1) });
  }
}

const CONTRACTS = [{ name: 'BTC_USDT', quanto_multiplier: '0.0001', order_price_round: '0.1' }];

describe('Gate adapter: order_book_update against the REST base book (Gate’s local-book procedure)', () => {
  it('spot: subscribes [pair, 100ms], buffers, syncs from the base book with its id and publishes the true book', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'b', { topic: 'book', venue: 'gate', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    const ws = s.socket(SPOT);
    ws.open();
    const reqs = ws.sent as Req[];
    expect(ws.url).toBe(`ws://127.0.0.1:9/sim/${SPOT}`);
    expect(reqs[0]).toMatchObject({ channel: 'spot.order_book_update', event: 'subscribe', payload: ['BTC_USDT', '100ms'] });
    const ex = new GateBook();
    const base = ex.rest();
    const baseId = ex.id;
    ws.receive(ex.push([99, 3], [101, 2], 3, baseId - 1)); // straddles the base id: applied from it
    ws.receive(ex.push([98, 1], [103, 1]));
    s.http.take('/api/v4/spot/order_book?currency_pair=BTC_USDT&limit=1000&with_id=true').resolve(base);
    await settle();
    s.clock.advance(100);
    expect(shown(books(tab).at(-1)!)).toBe(ex.key());
    ws.receive(ex.push([97, 1], [101, 0]));
    ws.receive(ex.push([97, 1], [101, 0], 2, ex.id - 1)); // a repeat, dropped (u is not past the book)
    s.clock.advance(100);
    expect(shown(books(tab).at(-1)!)).toBe(ex.key());
    expect(s.core.book('spot', 'BTCUSDT', 'gate')?.lastUpdateId).toBe(ex.id);
    expect(s.core.resyncs).toBe(0);
  });

  it('a lost push (U past the last u + 1) unsyncs at once and takes a new base book', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'b', { topic: 'book', venue: 'gate', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    const ws = s.socket(SPOT);
    ws.open();
    const ex = new GateBook();
    ws.receive(ex.push([99, 3], [101, 2]));
    s.http.take('/spot/order_book').resolve(ex.rest());
    await settle();
    ex.push([99, 4], [101, 3]); // lost on the way
    ws.receive(ex.push([98, 5], [102, 5]));
    s.clock.advance(100);
    expect(books(tab).at(-1)!.synced).toBe(false);
    expect(s.core.resyncs).toBe(1);
    ws.receive(ex.push([97, 1], [103, 1]));
    s.clock.advance(1_100);
    s.http.take('/spot/order_book').resolve(ex.rest());
    await settle();
    s.clock.advance(100);
    expect(books(tab).at(-1)!.synced).toBe(true);
    expect(shown(books(tab).at(-1)!)).toBe(ex.key());
  });

  it('futures: [contract, 100ms, 100] on the futures socket, {p,s} levels in contracts scaled by the quanto multiplier', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'b', { topic: 'book', venue: 'gate', market: 'usdm', symbol: 'BTCUSDT', depth: 5 });
    s.http.take('/api/v4/futures/usdt/contracts').resolve(CONTRACTS);
    const ws = s.socket(FUTURES);
    ws.open();
    expect((ws.sent as Req[])[0]).toMatchObject({ channel: 'futures.order_book_update', payload: ['BTC_USDT', '100ms', '100'] });
    const ex = new GateBook(true);
    ws.receive(ex.push([99, 30], [101, 20]));
    s.http.take('/api/v4/futures/usdt/order_book?contract=BTC_USDT&limit=300&with_id=true').resolve(ex.rest());
    await settle();
    ws.receive(ex.push([99, 0], [104, 7]));
    s.clock.advance(100);
    expect(shown(books(tab).at(-1)!)).toBe(ex.scaledKey(0.0001));
    ws.receive(ex.push([98, 1], [104, 1], 2, ex.id + 3)); // a gap: Gate's rule U = the last u + 1 (pu = U − 1)
    expect(s.core.book('usdm', 'BTCUSDT', 'gate')?.state).not.toBe('synced');
    expect(s.core.resyncs).toBe(1);
  });
});

describe('Gate adapter: trades, mark price, keep-alive, reader', () => {
  it('streams futures trades (contracts × multiplier, negative size a sell) and the mark from futures.tickers', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'tr', { topic: 'trades', venue: 'gate', market: 'usdm', symbol: 'BTCUSDT' });
    s.core.subscribe('t', 'm', { topic: 'mark', venue: 'gate', symbol: 'BTCUSDT' });
    s.http.take('/api/v4/futures/usdt/contracts').resolve(CONTRACTS);
    await settle();
    s.http.take('/api/v4/futures/usdt/trades?contract=BTC_USDT&limit=150').resolve([{ id: 7, create_time: 1700000000.5, create_time_ms: 1700000000.5, contract: 'BTC_USDT', size: -3, price: '100.5' }]);
    await settle();
    const ws = s.socket(FUTURES);
    ws.open();
    expect((ws.sent as Req[]).map((r) => [r.channel, r.payload])).toEqual([
      ['futures.trades', ['BTC_USDT']],
      ['futures.tickers', ['BTC_USDT']],
    ]);
    ws.receive({ time: 1700000001, time_ms: 1700000001000, channel: 'futures.tickers', event: 'update', result: [{ contract: 'BTC_USDT', last: '100', mark_price: '100.1', index_price: '100.2', funding_rate: '-0.0001' }] });
    ws.receive({ time: 1700000001, time_ms: 1700000001200, channel: 'futures.trades', event: 'update', result: [{ size: 20, id: 8, create_time: 1700000001, create_time_ms: 1700000001200, price: '100.6', contract: 'BTC_USDT' }] });
    s.clock.advance(200);
    const mark = tab.flatMap((m) => m.items).filter((i): i is MarkPayload => i.type === 'mark').at(-1)?.mark;
    expect(mark).toEqual({ symbol: 'BTCUSDT', markPrice: 100.1, indexPrice: 100.2, fundingRate: -0.0001, nextFundingTime: 1700006400000, time: 1700000001000 });
    const trades = tab.flatMap((m) => m.items).filter((i): i is TradesPayload => i.type === 'trades').flatMap((p) => p.trades);
    expect(trades.sort((a, b) => a.id - b.id).map((t) => [t.id, t.time, t.price, t.qty, t.isBuyerMaker])).toEqual([
      [7, 1700000000500, 100.5, 0.00030000000000000003, true],
      [8, 1700000001200, 100.6, 0.002, false],
    ]);
  });

  it('pings spot.ping every 15 s even while frames come in; silence after it loses the socket, which subscribes again', async () => {
    const s = setup();
    s.attach('t');
    s.core.subscribe('t', 'tr', { topic: 'trades', venue: 'gate', market: 'spot', symbol: 'ETHUSDT' });
    s.http.take('/api/v4/spot/trades?currency_pair=ETH_USDT&limit=150').resolve([]);
    await settle();
    const ws = s.socket(SPOT);
    ws.open();
    s.clock.advance(15_000);
    expect((ws.sent as Req[]).map((r) => r.channel)).toEqual(['spot.trades', 'spot.ping']);
    s.clock.advance(11_000);
    expect(ws.closed).toBe(true);
    s.clock.advance(5_000);
    const again = s.socket(SPOT);
    expect(again).not.toBe(ws);
    again.open();
    expect((again.sent as Req[])[0]).toMatchObject({ channel: 'spot.trades', event: 'subscribe', payload: ['ETH_USDT'] });
  });

  it('requests: each stream its channel and payload', () => {
    expect(gateRequest('spot.candlesticks.1m_BTC_USDT')).toEqual(['spot.candlesticks', ['1m', 'BTC_USDT']]);
    expect(gateRequest('futures.order_book_update.ETH_USDT')).toEqual(['futures.order_book_update', ['ETH_USDT', '100ms', '100']]);
    expect(gateRequest('spot.trades.BTC_USDT')).toEqual(['spot.trades', ['BTC_USDT']]);
  });

  it('the spot depth scanner reads exactly what the JSON path reads, and leaves anything unusual to it', () => {
    const reader = new GateFrameReader(new GateContracts(() => Promise.reject(new Error('unused'))));
    const scanner = new GateDepthScanner();
    const ev = createDepthEvent(4);
    const text = new GateBook().push([99.5, 0.25], [101.125, 0]);
    expect(scanner.scan(text, ev)).toBe(true);
    const fields = (e: typeof ev) => ({ U: e.U, u: e.u, pu: e.pu, time: e.time, bids: Array.from(e.bids.subarray(0, e.bidCount * 2)), asks: Array.from(e.asks.subarray(0, e.askCount * 2)) });
    const scanned = { stream: scanner.stream, ...fields(ev) };
    const viaJson = reader.read(` ${text}`);
    expect(viaJson?.kind).toBe('depth');
    expect(scanned).toEqual({ stream: 'spot.order_book_update.BTC_USDT', ...fields((viaJson as { event: typeof ev }).event) });
    expect(scanned).toMatchObject({ U: 5001, u: 5002, pu: 5000, bids: [99.5, 0.25], asks: [101.125, 0] });
    for (const odd of [text.replace('"U":5001', '"U":5003'), text.replace('"event":"update"', '"event":"all"'), text.replace('"s":"BTC_USDT"', '"s":"BT\\\\C"'), text + ' ', text.replace('spot.order', 'futures.order')]) {
      expect(scanner.scan(odd, ev)).toBe(false);
    }
  });

  it('the reader answers subscribes, pongs and errors, and counts malformed frames without throwing', () => {
    const reader = new GateFrameReader(new GateContracts(() => Promise.reject(new Error('unused'))));
    expect(reader.read('{"time":1,"time_ms":1000,"id":3,"channel":"spot.trades","event":"subscribe","payload":["BTC_USDT"],"result":{"status":"success"}}')).toMatchObject({ kind: 'response', id: 3 });
    expect(reader.read('{"time":1,"time_ms":1000,"channel":"futures.pong","event":"","result":null}')?.kind).toBe('response');
    expect(reader.read('{"time":1,"id":4,"channel":"spot.trades","event":"subscribe","error":{"code":2,"message":"unknown currency pair: X"},"result":{"status":"fail"}}')).toMatchObject({ kind: 'error', id: 4, code: 2 });
    expect(reader.read('{"time":1,"time_ms":1000,"channel":"spot.candlesticks","event":"update","result":{"t":"1700000040","v":"10","c":"2","h":"3","l":"1","o":"2","n":"1m_BTC_USDT","a":"5","w":true}}')).toEqual({
      kind: 'kline',
      stream: 'spot.candlesticks.1m_BTC_USDT',
      kline: { openTime: 1700000040000, closeTime: 1700000099999, open: 2, high: 3, low: 1, close: 2, volume: 5, closed: true },
    });
    const bad = [
      '{',
      '{"time":1,"channel":"spot.order_book_update","event":"update","result":{"t":1,"s":"BTC_USDT","U":5,"u":4,"b":[],"a":[]}}',
      '{"time":1,"channel":"futures.order_book_update","event":"update","result":{"t":1,"s":"BTC_USDT","U":1,"u":2,"b":[{"p":"1","s":"2"}],"a":[]}}',
      '{"time":1,"channel":"spot.trades","event":"update","result":{"id":1,"create_time_ms":"1.0","side":"up","amount":"1","price":"1","currency_pair":"BTC_USDT"}}',
      '{"time":1,"channel":"futures.trades","event":"update","result":[{"id":1,"create_time_ms":1,"size":2,"price":"1","contract":"BTC_USDT"}]}',
      '{"time":1,"channel":"spot.candlesticks","event":"update","result":{"t":"1","c":"1","h":"1","l":"1","o":"1","n":"3m_BTC_USDT","a":"1"}}',
      '{"time":1,"channel":"other.thing","event":"update","result":{}}',
      null,
    ];
    for (const frame of bad) expect(reader.read(frame)).toBeNull();
    expect(reader.rejected).toBe(bad.length);
  });
});
