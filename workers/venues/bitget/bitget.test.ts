import CRC32 from 'crc-32';
import { describe, expect, it } from 'vitest';
import type { BookPayload, KlinesPayload, MarkPayload, TradesPayload } from '../../contract.ts';
import { settle } from '../../testing/fake-fetch.ts';
import { books, setup } from '../../testing/core-harness.ts';
import { expectTrueBookThroughUpdates, shown, TrueBook } from '../../testing/venue-book.ts';
import { BitgetFrameReader } from './bitget-reader.ts';

const fixed = (v: number, d: number): string => v.toFixed(d);

/**
 * Bitget's side of a `books` channel: the true book, `seq`, the wire's fixed decimals (prices 1, sizes 4: "100.0",
 * "1.5000") and the checksum as Bitget's docs define it, over those very texts.
 */
class BitgetBook extends TrueBook {
  seq = 10;
  constructor(readonly instType = 'SPOT') {
    super(new Map([[100, 1], [99.5, 2], [99, 3]]), new Map([[100.5, 1.5], [101, 2], [102, 0.25]]));
  }
  checksum(): number {
    const b = this.sorted(this.bids, 1);
    const a = this.sorted(this.asks, -1);
    const parts: string[] = [];
    for (let i = 0; i < 25; i++) {
      if (i < b.length) parts.push(`${fixed(b[i]![0], 1)}:${fixed(b[i]![1], 4)}`);
      if (i < a.length) parts.push(`${fixed(a[i]![0], 1)}:${fixed(a[i]![1], 4)}`);
    }
    return CRC32.str(parts.join(':'));
  }
  wire(levels: [number, number][]): string[][] {
    return levels.map(([p, q]) => [fixed(p, 1), q === 0 ? '0' : fixed(q, 4)]);
  }
  frame(action: string, bids: [number, number][], asks: [number, number][], checksum: number): string {
    return JSON.stringify({
      action,
      arg: { instType: this.instType, channel: 'books', instId: 'BTCUSDT' },
      data: [{ asks: this.wire(asks), bids: this.wire(bids), checksum, seq: this.seq, ts: '1700000000000' }],
      ts: 1700000000001,
    });
  }
  snapshot(): string {
    this.seq += 1;
    return this.frame('snapshot', this.sorted(this.bids, 1), this.sorted(this.asks, -1), this.checksum());
  }
  /** an update; `corrupt` sends a wrong checksum, `seq` another sequence number than the next */
  update(bid: [number, number], ask: [number, number], opts: { corrupt?: boolean; seq?: number } = {}): string {
    this.change(bid, ask);
    this.seq = opts.seq ?? this.seq + 7; // Bitget's seq grows, not by one a push
    return this.frame('update', [bid], [ask], this.checksum() + (opts.corrupt ? 1 : 0));
  }
}

const BITGET_PUBLIC = 'ws.bitget.com/v2/ws/public';
type Op = { op: string; args: { instType: string; channel: string; instId: string }[] };

function bitget(market: 'spot' | 'usdm' = 'spot') {
  const s = setup();
  const tab = s.attach('t');
  s.core.subscribe('t', 'b', { topic: 'book', venue: 'bitget', market, symbol: 'BTCUSDT', depth: 5 });
  const ws = s.socket(BITGET_PUBLIC);
  ws.open();
  const ex = new BitgetBook(market === 'spot' ? 'SPOT' : 'USDT-FUTURES');
  const ops = () => ws.sent.filter((m): m is Op => typeof m === 'object' && m !== null && 'op' in m);
  return { ...s, tab, ws, ex, ops };
}

describe('Bitget adapter: books (seq, CRC32 checksum of the fixed-decimal texts on every update)', () => {
  it('subscribes books with its instType, syncs from the snapshot and publishes the true book through updates', () => {
    const { ws, ex, core, clock, tab, ops } = bitget();
    expect(ws.url).toBe('ws://127.0.0.1:9/sim/ws.bitget.com/v2/ws/public');
    expect(ops()).toEqual([{ op: 'subscribe', args: [{ instType: 'SPOT', channel: 'books', instId: 'BTCUSDT' }] }]);
    expect(core.book('spot', 'BTCUSDT', 'bitget')?.state).toBe('syncing');
    ws.receive(ex.snapshot());
    expectTrueBookThroughUpdates(ws, ex, clock, tab);
    expect(core.resyncs).toBe(0);
    expect(core.health().endpoints.find((e) => e.id === 'bitget:public')).toMatchObject({ venue: 'bitget', state: 'open', streams: 1 });
  });

  it('a checksum mismatch unsyncs the book at once, resubscribes (unsubscribe + subscribe) and resyncs from the new snapshot', () => {
    const { ws, ex, core, clock, tab, ops } = bitget('usdm');
    expect(ops()[0]?.args).toEqual([{ instType: 'USDT-FUTURES', channel: 'books', instId: 'BTCUSDT' }]);
    ws.receive(ex.snapshot());
    ws.receive(ex.update([99, 5], [101, 1]));
    ws.receive(ex.update([99, 6], [101, 2], { corrupt: true }));
    clock.advance(1_100);
    expect(core.book('usdm', 'BTCUSDT', 'bitget')?.state).toBe('syncing');
    expect((books(tab).at(-1) as BookPayload).synced).toBe(false);
    expect(core.resyncs).toBe(1);
    expect(ops().slice(1).map((m) => m.op)).toEqual(['unsubscribe', 'subscribe']);
    ws.receive(ex.update([98, 1], [102, 1])); // of the old subscription: not applied
    expect(core.book('usdm', 'BTCUSDT', 'bitget')?.state).toBe('syncing');
    ws.receive(ex.snapshot());
    ws.receive(ex.update([97, 1], [103, 1]));
    clock.advance(100);
    const last = books(tab).at(-1) as BookPayload;
    expect(last.synced).toBe(true);
    expect(shown(last)).toBe(ex.key());
  });

  it('a repeated seq is a duplicate (ignored); a seq below the last arrived out of order and resyncs', () => {
    const { ws, ex, core } = bitget();
    ws.receive(ex.snapshot());
    const frame = ex.update([99, 7], [101, 3]);
    ws.receive(frame);
    ws.receive(frame);
    expect(core.book('spot', 'BTCUSDT', 'bitget')?.state).toBe('synced');
    expect(core.resyncs).toBe(0);
    ws.receive(ex.update([99, 8], [101, 4], { seq: ex.seq - 3 }));
    expect(core.book('spot', 'BTCUSDT', 'bitget')?.state).toBe('syncing');
    expect(core.resyncs).toBe(1);
  });

  it('a snapshot with a wrong checksum is not trusted; one with checksum 0 (none sent) is', () => {
    const { ws, ex, core } = bitget();
    const good = ex.snapshot();
    ws.receive(good.replace(/"checksum":-?\d+/, '"checksum":12345'));
    expect(core.book('spot', 'BTCUSDT', 'bitget')?.state).not.toBe('synced');
    const s = bitget();
    s.ws.receive(s.ex.snapshot().replace(/"checksum":-?\d+/, '"checksum":0'));
    expect(s.core.book('spot', 'BTCUSDT', 'bitget')?.state).toBe('synced');
  });
});

describe('Bitget adapter: keep-alive and limits', () => {
  it('sends a text ping every 30 s even while frames arrive; a pong keeps the socket, no answer loses it', () => {
    const { ws, clock } = bitget();
    const pings = () => ws.sent.filter((m) => m === 'ping').length;
    for (let i = 0; i < 29; i++) {
      clock.advance(1_000);
      ws.receive('pong');
    }
    expect(pings()).toBe(0);
    clock.advance(2_000);
    expect(pings()).toBe(1);
    ws.receive('pong');
    expect(ws.closed).toBe(false);
    clock.advance(30_000);
    expect(pings()).toBe(2);
    clock.advance(10_000); // no pong within 10 s: lost
    expect(ws.closed).toBe(true);
  });

  it('batches at most 40 args a subscribe request (Bitget: 4096 bytes of args)', () => {
    const s = setup();
    s.attach('t');
    for (let i = 0; i < 90; i++) s.core.subscribe('t', `b${i}`, { topic: 'trades', venue: 'bitget', market: 'spot', symbol: `C${i}USDT`, intervalMs: 100 });
    const ws = s.socket(BITGET_PUBLIC);
    ws.open();
    const sent = ws.sent as Op[];
    expect(sent.map((m) => m.args.length)).toEqual([40, 40, 10]);
    expect(Math.max(...sent.map((m) => JSON.stringify(m.args).length))).toBeLessThan(4096);
  });
});

describe('Bitget adapter: trades, mark price, klines, tickers, reader', () => {
  it('fills trades from /market/fills (newest first) and the trade channel, oldest first', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'tr', { topic: 'trades', venue: 'bitget', market: 'usdm', symbol: 'BTCUSDT' });
    s.http.take('/api/v2/mix/market/fills?symbol=BTCUSDT&productType=USDT-FUTURES&limit=100').resolve({
      code: '00000',
      msg: 'success',
      requestTime: 1,
      data: [
        { symbol: 'BTCUSDT', tradeId: '2', price: '100.0', size: '0.3000', side: 'buy', ts: '1700000000002' },
        { symbol: 'BTCUSDT', tradeId: '1', price: '99.0', size: '0.0500', side: 'sell', ts: '1700000000001' },
      ],
    });
    await settle();
    const ws = s.socket(BITGET_PUBLIC);
    ws.open();
    expect((ws.sent as Op[])[0]?.args).toEqual([{ instType: 'USDT-FUTURES', channel: 'trade', instId: 'BTCUSDT' }]);
    const push = {
      action: 'update',
      arg: { instType: 'USDT-FUTURES', channel: 'trade', instId: 'BTCUSDT' },
      data: [
        { ts: '1700000000004', price: '101.5', size: '2.0000', side: 'sell', tradeId: '4' },
        { ts: '1700000000003', price: '101.0', size: '1.0000', side: 'buy', tradeId: '3' },
      ],
      ts: 1700000000005,
    };
    ws.receive(push);
    s.clock.advance(200);
    const trades = tab.flatMap((m) => m.items).filter((i): i is TradesPayload => i.type === 'trades').flatMap((p) => p.trades);
    expect(trades.map((t) => [t.id, t.qty, t.isBuyerMaker])).toEqual(expect.arrayContaining([[4, 2, true], [3, 1, false], [2, 0.3, false], [1, 0.05, true]]));
    const frame = new BitgetFrameReader().read(JSON.stringify(push));
    expect(frame?.kind === 'trades' ? frame.trades.map((t) => t.id) : null).toEqual([3, 4]);
  });

  it('reads the futures ticker channel as the mark price', () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'm', { topic: 'mark', venue: 'bitget', symbol: 'BTCUSDT' });
    const ws = s.socket(BITGET_PUBLIC);
    ws.open();
    expect((ws.sent as Op[])[0]?.args).toEqual([{ instType: 'USDT-FUTURES', channel: 'ticker', instId: 'BTCUSDT' }]);
    ws.receive({
      action: 'snapshot',
      arg: { instType: 'USDT-FUTURES', channel: 'ticker', instId: 'BTCUSDT' },
      data: [{ instId: 'BTCUSDT', lastPr: '100.3', markPrice: '100.25', indexPrice: '100.5', fundingRate: '-0.0001', nextFundingTime: '1700006400000', ts: '1700000000001' }],
      ts: 1700000000002,
    });
    s.clock.advance(200);
    const mark = tab.flatMap((m) => m.items).filter((i): i is MarkPayload => i.type === 'mark').at(-1)?.mark;
    expect(mark).toEqual({ symbol: 'BTCUSDT', markPrice: 100.25, indexPrice: 100.5, fundingRate: -0.0001, nextFundingTime: 1700006400000, time: 1700000000001 });
  });

  it('loads klines with the UTC granularity and streams candle<bar>, a bar closed once the push is past its end', async () => {
    const s = setup();
    const tab = s.attach('t');
    s.core.subscribe('t', 'k', { topic: 'klines', venue: 'bitget', market: 'spot', symbol: 'BTCUSDT', interval: '1d' });
    const day = 86_400_000;
    const row = (t: number, c: string) => [String(t), '100', '110', '90', c, '5.0000', '500.00', '500.00'];
    s.http.take('/api/v2/spot/market/candles?symbol=BTCUSDT&granularity=1Dutc&limit=500').resolve({ code: '00000', msg: 'success', requestTime: 1, data: [row(19 * day, '101'), row(20 * day, '102')] });
    await settle();
    const ws = s.socket(BITGET_PUBLIC);
    ws.open();
    expect((ws.sent as Op[])[0]?.args).toEqual([{ instType: 'SPOT', channel: 'candle1Dutc', instId: 'BTCUSDT' }]);
    ws.receive({ action: 'update', arg: { instType: 'SPOT', channel: 'candle1Dutc', instId: 'BTCUSDT' }, data: [row(20 * day, '105')], ts: 20 * day + 5 });
    s.clock.advance(200);
    const klines = tab.flatMap((m) => m.items).filter((i): i is KlinesPayload => i.type === 'klines').at(-1)?.klines;
    expect(klines?.at(-1)).toMatchObject({ openTime: 20 * day, close: 105, closed: false });
    expect(klines?.at(-2)).toMatchObject({ openTime: 19 * day, close: 101, closed: true });
  });

  it('polls /market/tickers every 2 s while the topic is held, spot `open` and the futures `open24h`', async () => {
    const s = setup();
    s.attach('t');
    s.core.subscribe('t', 'k', { topic: 'tickers', venue: 'bitget', market: 'usdm' });
    const answer = { code: '00000', msg: 'success', requestTime: 1, data: [{ symbol: 'BTCUSDT', lastPr: '100', open24h: '90', high24h: '110', low24h: '80', baseVolume: '5', quoteVolume: '500', ts: '1700000000000' }] };
    s.http.take('/api/v2/mix/market/tickers?productType=USDT-FUTURES').resolve(answer);
    await settle();
    expect(s.sockets.sockets).toHaveLength(0);
    s.clock.advance(2_000);
    s.http.take('/api/v2/mix/market/tickers?productType=USDT-FUTURES').resolve(answer);
    await settle();
    expect(s.http.requests.filter((r) => r.url.includes('/market/tickers'))).toHaveLength(0);
  });

  it('the reader answers pong and events, and counts malformed frames without throwing', () => {
    const reader = new BitgetFrameReader();
    expect(reader.read('pong')?.kind).toBe('response');
    expect(reader.read('{"event":"subscribe","arg":{"instType":"SPOT","channel":"books","instId":"BTCUSDT"}}')?.kind).toBe('response');
    expect(reader.read('{"event":"error","code":30001,"msg":"channel doesn\'t exist"}')).toEqual({ kind: 'error', id: null, code: 30001, msg: "channel doesn't exist" });
    const arg = '"arg":{"instType":"SPOT","channel":"books","instId":"BTCUSDT"}';
    const bad = [
      'not json',
      `{"action":"update",${arg},"data":[{"asks":[["x","1"]],"bids":[],"checksum":1,"seq":2,"ts":"1"}]}`,
      `{"action":"update",${arg},"data":[{"asks":[],"bids":[],"seq":2,"ts":"1"}]}`,
      `{"action":"other",${arg},"data":[{"asks":[],"bids":[],"checksum":1,"seq":2,"ts":"1"}]}`,
      '{"action":"update","arg":{"instType":"SPOT","channel":"trade","instId":"BTCUSDT"},"data":[{"tradeId":"1","price":"1","size":"-1","side":"buy","ts":"1"}]}',
      '{"action":"update","arg":{"instType":"SPOT","channel":"candle1m","instId":"BTCUSDT"},"data":[["1","1","1","1"]],"ts":2}',
      '{"action":"update","arg":{"instType":"SPOT","channel":"nope","instId":"BTCUSDT"},"data":[]}',
      42,
    ];
    for (const frame of bad) expect(reader.read(frame)).toBeNull();
    expect(reader.rejected).toBe(bad.length);
  });
});
