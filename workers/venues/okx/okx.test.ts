import CRC32 from 'crc-32';
import { describe, expect, it } from 'vitest';
import type { BookPayload, MarkPayload, TradesPayload } from '../../contract.ts';
import { settle } from '../../testing/fake-fetch.ts';
import { books, setup } from '../../testing/core-harness.ts';
import { expectTrueBookThroughUpdates, shown, TrueBook } from '../../testing/venue-book.ts';
import { OkxFrameReader } from './okx-reader.ts';
import { OkxInstruments } from './okx-symbols.ts';
import { wireText } from './okx-book.ts';

/** OKX's side of a `books` channel: the true book, seqIds, and the checksum as OKX's docs define it. */
class OkxBook extends TrueBook {
  seq = 10;
  constructor(readonly instId = 'BTC-USDT') {
    super(new Map([[100, 1], [99.5, 2], [99, 3]]), new Map([[100.5, 1.5], [101, 2], [102, 0.25]]));
  }
  checksum(): number {
    const b = this.sorted(this.bids, 1);
    const a = this.sorted(this.asks, -1);
    const parts: string[] = [];
    for (let i = 0; i < 25; i++) {
      if (i < b.length) parts.push(`${b[i]![0]}:${b[i]![1]}`);
      if (i < a.length) parts.push(`${a[i]![0]}:${a[i]![1]}`);
    }
    return CRC32.str(parts.join(':'));
  }
  wire(levels: [number, number][]): string[][] {
    return levels.map(([p, q]) => [String(p), String(q), '0', '1']);
  }
  snapshot(): string {
    this.seq += 1;
    return JSON.stringify({
      arg: { channel: 'books', instId: this.instId },
      action: 'snapshot',
      data: [{ bids: this.wire(this.sorted(this.bids, 1)), asks: this.wire(this.sorted(this.asks, -1)), ts: '1700000000000', checksum: this.checksum(), prevSeqId: -1, seqId: this.seq }],
    });
  }
  /** an update; `corrupt` sends a wrong checksum, `skip` leaves a hole in the sequence */
  update(bid: [number, number], ask: [number, number], opts: { corrupt?: boolean; prev?: number; next?: number } = {}): string {
    this.change(bid, ask);
    const prevSeqId = opts.prev ?? this.seq;
    this.seq = opts.next ?? this.seq + 3;
    return JSON.stringify({
      arg: { channel: 'books', instId: this.instId },
      action: 'update',
      data: [{ bids: this.wire([bid]), asks: this.wire([ask]), ts: '1700000000100', checksum: this.checksum() + (opts.corrupt ? 1 : 0), prevSeqId, seqId: this.seq }],
    });
  }
}

const OKX_PUBLIC = 'ws.okx.com/ws/v5/public';
type Op = { op: string; args: { channel: string; instId: string }[] };

function okx() {
  const s = setup();
  const tab = s.attach('t');
  s.core.subscribe('t', 'b', { topic: 'book', venue: 'okx', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
  const ws = s.socket(OKX_PUBLIC);
  ws.open();
  const ex = new OkxBook();
  const ops = () => ws.sent.filter((m): m is Op => typeof m === 'object' && m !== null && 'op' in m);
  return { ...s, tab, ws, ex, ops };
}

describe('OKX adapter: books (seqId / prevSeqId, CRC32 checksum on every update)', () => {
  it('subscribes books on the public socket with OKX names, syncs from the snapshot and publishes the true book', () => {
    const { ws, ex, core, clock, tab, ops } = okx();
    expect(ws.url).toBe('ws://127.0.0.1:9/sim/ws.okx.com/ws/v5/public');
    expect(ops()).toEqual([{ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] }]);
    expect(core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('syncing');
    ws.receive(ex.snapshot());
    expectTrueBookThroughUpdates(ws, ex, clock, tab);
    expect(core.resyncs).toBe(0);
    expect(core.health().endpoints.find((e) => e.id === 'okx:public')).toMatchObject({ venue: 'okx', state: 'open', streams: 1 });
  });

  it('a checksum mismatch unsyncs the book at once, resubscribes the channel (unsubscribe + subscribe) and resyncs from the new snapshot', () => {
    const { ws, ex, core, clock, tab, ops } = okx();
    ws.receive(ex.snapshot());
    ws.receive(ex.update([99, 5], [101, 1]));
    ws.receive(ex.update([99, 6], [101, 2], { corrupt: true }));
    clock.advance(100);
    expect(ops()).toHaveLength(1); // the first subscribe went a moment ago: the window of 3 a second holds the pair
    clock.advance(1_000);
    expect(core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('syncing');
    expect((books(tab).at(-1) as BookPayload).synced).toBe(false);
    expect(core.resyncs).toBe(1);
    expect(ops().slice(1).map((m) => m.op)).toEqual(['unsubscribe', 'subscribe']);
    // updates of the old subscription before the new snapshot are not applied
    ws.receive(ex.update([98, 1], [102, 1]));
    expect(core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('syncing');
    ws.receive(ex.snapshot());
    ws.receive(ex.update([97, 1], [103, 1]));
    clock.advance(100);
    const last = books(tab).at(-1) as BookPayload;
    expect(last.synced).toBe(true);
    expect(shown(last)).toBe(ex.key());
  });

  it('a sequence break (prevSeqId ≠ the last seqId) resyncs; a keep-alive and a sequence reset with a matching prevSeqId do not', () => {
    const { ws, ex, core } = okx();
    ws.receive(ex.snapshot());
    // keep-alive: no levels, seqId = prevSeqId
    ws.receive(JSON.stringify({ arg: { channel: 'books', instId: 'BTC-USDT' }, action: 'update', data: [{ bids: [], asks: [], ts: '1', checksum: ex.checksum(), prevSeqId: ex.seq, seqId: ex.seq }] }));
    // OKX reset its sequence: seqId below prevSeqId, prevSeqId matching
    ws.receive(ex.update([99, 7], [101, 3], { next: 2 }));
    expect(core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('synced');
    expect(core.resyncs).toBe(0);
    ws.receive(ex.update([99, 8], [101, 4], { prev: ex.seq + 1 }));
    expect(core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('syncing');
    expect(core.resyncs).toBe(1);
  });

  it('reconnects after a drop, subscribes the channel again on the new socket and waits for its snapshot', () => {
    const s = okx();
    s.ws.receive(s.ex.snapshot());
    s.ws.drop();
    expect(s.core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('unsynced');
    s.clock.advance(1_000);
    const again = s.socket(OKX_PUBLIC);
    expect(again).not.toBe(s.ws);
    again.open();
    expect(again.sent).toEqual([{ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] }]);
    expect(s.core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('syncing');
    again.receive(s.ex.snapshot());
    expect(s.core.book('spot', 'BTCUSDT', 'okx')?.state).toBe('synced');
  });
});

describe('OKX adapter: swap books in base units', () => {
  it('keeps the wire contracts (the checksum is over them) and shows base units (× ctVal) once the contract value is known', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'b', { topic: 'book', venue: 'okx', market: 'usdm', symbol: 'BTCUSDT', depth: 5 });
    const ws = s.socket(OKX_PUBLIC);
    ws.open();
    expect((ws.sent as Op[])[0]?.args).toEqual([{ channel: 'books', instId: 'BTC-USDT-SWAP' }]);
    const ex = new OkxBook('BTC-USDT-SWAP');
    ws.receive(ex.snapshot());
    s.clock.advance(100);
    expect((books(tab).at(-1) as BookPayload).synced).toBe(false); // no ctVal yet: not shown in contracts
    s.http.take('/api/v5/public/instruments?instType=SWAP').resolve({ code: '0', msg: '', data: [{ instId: 'BTC-USDT-SWAP', tickSz: '0.1', ctVal: '0.01' }] });
    await settle();
    ws.receive(ex.update([99, 300], [101, 40]));
    s.clock.advance(100);
    const last = books(tab).at(-1) as BookPayload;
    expect(last.synced).toBe(true);
    expect(last.tickSize).toBe('0.1');
    expect(Array.from(last.bids.subarray(0, 4))).toEqual([100, 0.01, 99.5, 0.02]);
    expect(s.core.book('usdm', 'BTCUSDT', 'okx')?.bids.qtyOf(99)).toBe(300);
    expect(s.core.resyncs).toBe(0);
  });
});

describe('OKX adapter: keep-alive and limits', () => {
  it('sends a text ping every 20 s even while frames arrive (OKX drops a client silent for 30 s), a text pong keeps the socket, no answer loses it', () => {
    const { ws, clock, sockets } = okx();
    const pings = () => ws.sent.filter((m) => m === 'ping').length;
    for (let i = 0; i < 19; i++) {
      clock.advance(1_000);
      ws.receive('pong'); // any frame: a busy socket still pings on time
    }
    expect(pings()).toBe(0);
    clock.advance(2_000);
    expect(pings()).toBe(1);
    ws.receive('pong');
    clock.advance(18_000);
    expect(pings()).toBe(1);
    expect(ws.closed).toBe(false);
    clock.advance(2_000);
    expect(pings()).toBe(2);
    const count = sockets.sockets.length;
    clock.advance(5_000); // no pong within 5 s: lost, before OKX's 30 s
    expect(ws.closed).toBe(true);
    clock.advance(1_000);
    expect(sockets.sockets.length).toBe(count + 1);
  });

  it('batches many channels in one subscribe request and keeps within 480 requests an hour', () => {
    const s = setup();
    s.attach('t');
    for (let i = 0; i < 150; i++) s.core.subscribe('t', `b${i}`, { topic: 'trades', venue: 'okx', market: 'spot', symbol: `C${i}USDT`, intervalMs: 100 });
    const ws = s.socket(OKX_PUBLIC);
    ws.open();
    const sent = ws.sent as Op[];
    expect(sent.map((m) => m.args.length)).toEqual([100, 50]);
    // resubscribing one channel every second for 5 minutes (600 requests): 480 leave, full bucket at connect,
    // then one every 7.5 s as the bucket refills
    const conn = s.core.connections['okx:public']!;
    for (let i = 0; i < 300; i++) {
      conn.resubscribe('trades:C1-USDT');
      s.clock.advance(1_000);
      ws.receive('pong');
    }
    const requests = ws.sent.filter((m) => m !== 'ping').length;
    expect(requests).toBeGreaterThanOrEqual(480);
    expect(requests).toBeLessThanOrEqual(480 + Math.ceil(300 / 7.5) + 1);
  });
});

describe('OKX adapter: trades, mark price, tickers, reader', () => {
  it('shows a swap trade in base units (contracts × ctVal from /public/instruments)', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'tr', { topic: 'trades', venue: 'okx', market: 'usdm', symbol: 'BTCUSDT' });
    s.http.take('/api/v5/public/instruments?instType=SWAP').resolve({ code: '0', msg: '', data: [{ instId: 'BTC-USDT-SWAP', tickSz: '0.1', ctVal: '0.01' }] });
    await settle();
    s.http.take('/api/v5/market/trades?instId=BTC-USDT-SWAP&limit=150').resolve({
      code: '0',
      msg: '',
      data: [
        { instId: 'BTC-USDT-SWAP', tradeId: '2', px: '100', sz: '30', side: 'buy', ts: '1700000000002' },
        { instId: 'BTC-USDT-SWAP', tradeId: '1', px: '99', sz: '5', side: 'sell', ts: '1700000000001' },
      ],
    });
    await settle();
    const ws = s.socket(OKX_PUBLIC);
    ws.open();
    ws.receive({ arg: { channel: 'trades', instId: 'BTC-USDT-SWAP' }, data: [{ instId: 'BTC-USDT-SWAP', tradeId: '3', px: '101', sz: '200', side: 'sell', ts: '1700000000003' }] });
    s.clock.advance(200);
    const trades = tab.flatMap((m) => m.items).filter((i): i is TradesPayload => i.type === 'trades').flatMap((p) => p.trades);
    expect(trades.map((t) => [t.id, t.qty, t.isBuyerMaker])).toEqual(
      expect.arrayContaining([[3, 2, true], [2, 0.3, false], [1, 0.05, true]]),
    );
  });

  it('merges mark-price, index-tickers and funding-rate into one mark', () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'm', { topic: 'mark', venue: 'okx', symbol: 'BTCUSDT' });
    const ws = s.socket(OKX_PUBLIC);
    ws.open();
    expect((ws.sent as Op[])[0]?.args).toEqual([
      { channel: 'mark-price', instId: 'BTC-USDT-SWAP' },
      { channel: 'funding-rate', instId: 'BTC-USDT-SWAP' },
      { channel: 'index-tickers', instId: 'BTC-USDT' },
    ]);
    ws.receive({ arg: { channel: 'funding-rate', instId: 'BTC-USDT-SWAP' }, data: [{ instId: 'BTC-USDT-SWAP', fundingRate: '-0.0001', fundingTime: '1700006400000', ts: '1700000000000' }] });
    ws.receive({ arg: { channel: 'index-tickers', instId: 'BTC-USDT' }, data: [{ instId: 'BTC-USDT', idxPx: '100.5', ts: '1700000000000' }] });
    ws.receive({ arg: { channel: 'mark-price', instId: 'BTC-USDT-SWAP' }, data: [{ instId: 'BTC-USDT-SWAP', instType: 'SWAP', markPx: '100.25', ts: '1700000000001' }] });
    s.clock.advance(200);
    const mark = tab.flatMap((m) => m.items).filter((i): i is MarkPayload => i.type === 'mark').at(-1)?.mark;
    expect(mark).toEqual({ symbol: 'BTCUSDT', markPrice: 100.25, indexPrice: 100.5, fundingRate: -0.0001, nextFundingTime: 1700006400000, time: 1700000000001 });
  });

  it('polls /market/tickers every 2 s while the topic is held (no all-market ticker stream), under OKX names turned neutral', async () => {
    const s = setup();
    s.attach('t');
    s.core.subscribe('t', 'k', { topic: 'tickers', venue: 'okx', market: 'spot' });
    const answer = { code: '0', msg: '', data: [{ instId: 'BTC-USDT', last: '100', open24h: '90', high24h: '110', low24h: '80', vol24h: '5', volCcy24h: '500', ts: '1700000000000' }] };
    s.http.take('/api/v5/market/tickers?instType=SPOT').resolve(answer);
    await settle();
    expect(s.sockets.sockets).toHaveLength(0); // no socket for a polled topic
    s.clock.advance(1_000);
    expect(s.http.requests.filter((r) => r.url.includes('/market/tickers'))).toHaveLength(0);
    s.clock.advance(1_000);
    s.http.take('/api/v5/market/tickers?instType=SPOT').resolve(answer);
    await settle();
    s.clock.advance(2_000);
    expect(s.http.requests.filter((r) => r.url.includes('/market/tickers'))).toHaveLength(1);
  });

  it('the reader answers pong and events, and counts malformed frames without throwing', () => {
    const reader = new OkxFrameReader(new OkxInstruments(() => Promise.reject(new Error('unused'))));
    expect(reader.read('pong')?.kind).toBe('response');
    expect(reader.read('{"event":"subscribe","arg":{"channel":"books","instId":"BTC-USDT"}}')?.kind).toBe('response');
    expect(reader.read('{"event":"error","code":"60012","msg":"Invalid request"}')).toEqual({ kind: 'error', id: null, code: 60012, msg: 'Invalid request' });
    const bad = [
      'not json',
      '{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"update","data":[{"bids":[["x","1"]],"asks":[],"ts":"1","checksum":1,"prevSeqId":1,"seqId":2}]}',
      '{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"update","data":[{"bids":[],"asks":[],"ts":"1","prevSeqId":1,"seqId":2}]}',
      '{"arg":{"channel":"trades","instId":"BTC-USDT"},"data":[{"tradeId":"1","px":"1","sz":"-1","side":"buy","ts":"1"}]}',
      '{"arg":{"channel":"candle1m","instId":"BTC-USDT"},"data":[["1","1","1","1"]]}',
      '{"arg":{"channel":"nope","instId":"BTC-USDT"},"data":[]}',
      42,
    ];
    for (const frame of bad) expect(reader.read(frame)).toBeNull();
    expect(reader.rejected).toBe(bad.length);
  });

  it('writes stored numbers as OKX does on the wire (no exponent)', () => {
    expect(wireText(0.0000001)).toBe('0.0000001');
    expect(wireText(1.5e-7)).toBe('0.00000015');
    expect(wireText(31738.3)).toBe('31738.3');
  });
});
