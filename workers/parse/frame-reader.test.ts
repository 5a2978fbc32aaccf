import { describe, expect, it } from 'vitest';
import { FrameReader, readDepthSnapshot } from './frame-reader.ts';
import { mulberry32 } from '../../bench/replay.ts';

function depthFrame(random: () => number, futures: boolean): Record<string, unknown> {
  const levels = (): string[][] =>
    Array.from({ length: Math.floor(random() * 40) }, () => [
      (random() * 10 ** Math.floor(random() * 7)).toFixed(Math.floor(random() * 9)),
      (random() * 1000).toFixed(8),
    ]);
  const U = Math.floor(random() * 1e12);
  const data: Record<string, unknown> = { e: 'depthUpdate', E: 1_700_000_000_000 + U, s: 'BTCUSDT' };
  if (futures) data.T = 1_700_000_000_001;
  data.U = U;
  data.u = U + Math.floor(random() * 50);
  if (futures) data.pu = U - 1;
  data.b = levels();
  data.a = levels();
  return { stream: 'btcusdt@depth@100ms', data };
}

function snapshotOf(frame: ReturnType<FrameReader['read']>): unknown {
  if (frame === null || frame.kind !== 'depth') return frame;
  const ev = frame.event;
  return {
    stream: frame.stream,
    U: ev.U,
    u: ev.u,
    pu: ev.pu,
    time: ev.time,
    bids: [...ev.bids.subarray(0, ev.bidCount * 2)],
    asks: [...ev.asks.subarray(0, ev.askCount * 2)],
  };
}

describe('FrameReader depth frames', () => {
  it('the scanner and the JSON path read every frame to the same numbers as parseFloat', () => {
    const random = mulberry32(3);
    const fast = new FrameReader();
    const slow = new FrameReader();
    for (let i = 0; i < 2000; i++) {
      const msg = depthFrame(random, i % 2 === 0);
      const compact = JSON.stringify(msg);
      // Pretty-printed JSON never matches the scanner, so it exercises the general path.
      const spaced = JSON.stringify(msg, null, 1);
      const a = snapshotOf(fast.read(compact));
      const b = snapshotOf(slow.read(spaced));
      expect(a).toEqual(b);
      const data = msg.data as { b: string[][] };
      const first = data.b[0];
      if (first) expect((a as { bids: number[] }).bids[0]).toBe(parseFloat(first[0] as string));
    }
    expect(fast.rejected).toBe(0);
    expect(slow.rejected).toBe(0);
    expect(fast.scanned).toBe(2000);
    expect(slow.scanned).toBe(0);
  });

  it('counts and drops malformed frames without throwing', () => {
    const reader = new FrameReader(10_000);
    const bad: unknown[] = [
      '{"stream":"x@depth","data":{"e":"depthUpdate","U":1,"u":2,"b":[["1.0","2"]],"a":[',
      '{"stream":"x@depth","data":{"e":"depthUpdate","U":1,"u":2,"b":[["abc","2"]],"a":[]}}',
      '{"stream":"x@depth","data":{"e":"depthUpdate","U":-1,"u":2,"b":[],"a":[]}}',
      '{"stream":"x@depth","data":{"e":"depthUpdate","U":1,"u":2,"b":[["-1","2"]],"a":[]}}',
      '{"stream":"x@depth","data":{"e":"depthUpdate","U":1,"u":2,"b":"nope","a":[]}}',
      '{"stream":"x@aggTrade","data":{"e":"aggTrade","a":1,"p":"1","q":"1","T":5}}',
      '{"stream":"x@unknown","data":{"e":"somethingElse"}}',
      'null',
      '[]',
      new ArrayBuffer(8),
      'x'.repeat(10_001),
    ];
    for (const frame of bad) expect(reader.read(frame)).toBeNull();
    expect(reader.rejected).toBe(bad.length);
  });

  it('accepts numbers the scanner leaves to the general path (exponents, long mantissas)', () => {
    const reader = new FrameReader();
    const frame = reader.read(
      '{"stream":"x@depth","data":{"e":"depthUpdate","U":1,"u":2,"b":[["1e2","0.12345678901234567890"]],"a":[]}}',
    );
    expect(frame?.kind).toBe('depth');
    if (frame?.kind === 'depth') expect([...frame.event.bids.subarray(0, 2)]).toEqual([100, 0.12345678901234568]);
  });
});

describe('FrameReader other frames', () => {
  it('reads trades, mini tickers, klines, mark price, responses and errors', () => {
    const reader = new FrameReader();
    expect(
      reader.read('{"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","E":5,"s":"BTCUSDT","a":7,"p":"10.5","q":"2","f":1,"l":2,"T":4,"m":true}}'),
    ).toEqual({ kind: 'trade', stream: 'btcusdt@aggTrade', trade: { id: 7, time: 4, price: 10.5, qty: 2, isBuyerMaker: true } });
    const tickers = reader.read(
      '{"stream":"!miniTicker@arr","data":[{"e":"24hrMiniTicker","E":9,"s":"ETHUSDT","c":"2","o":"1","h":"3","l":"0.5","v":"10","q":"20"}]}',
    );
    expect(tickers).toEqual({
      kind: 'tickers',
      stream: '!miniTicker@arr',
      tickers: [{ s: 'ETHUSDT', c: 2, o: 1, h: 3, l: 0.5, v: 10, q: 20, E: 9 }],
    });
    const kline = reader.read(
      '{"stream":"btcusdt@kline_1m","data":{"e":"kline","E":1,"s":"BTCUSDT","k":{"t":60000,"T":119999,"s":"BTCUSDT","i":"1m","o":"1","c":"2","h":"3","l":"0.5","v":"9","x":false}}}',
    );
    expect(kline?.kind === 'kline' && kline.kline).toEqual({
      openTime: 60000,
      closeTime: 119999,
      open: 1,
      high: 3,
      low: 0.5,
      close: 2,
      volume: 9,
      closed: false,
    });
    const mark = reader.read(
      '{"stream":"btcusdt@markPrice@1s","data":{"e":"markPriceUpdate","E":3,"s":"BTCUSDT","p":"100.1","i":"100","P":"100","r":"-0.0001","T":8}}',
    );
    expect(mark?.kind === 'mark' && mark.mark).toEqual({
      symbol: 'BTCUSDT',
      markPrice: 100.1,
      indexPrice: 100,
      fundingRate: -0.0001,
      nextFundingTime: 8,
      time: 3,
    });
    expect(reader.read('{"result":["a@depth"],"id":3}')).toEqual({ kind: 'response', id: 3, result: ['a@depth'] });
    expect(reader.read('{"error":{"code":2,"msg":"Invalid request"},"id":4}')).toEqual({
      kind: 'error',
      id: 4,
      code: 2,
      msg: 'Invalid request',
    });
    expect(reader.rejected).toBe(0);
  });

  it('parses REST depth snapshots and rejects malformed ones', () => {
    expect(readDepthSnapshot({ lastUpdateId: 5, bids: [['1', '2']], asks: [] })).toEqual({
      lastUpdateId: 5,
      bidCount: 1,
      askCount: 0,
      bids: Float64Array.from([1, 2]),
      asks: new Float64Array(0),
    });
    expect(readDepthSnapshot({ lastUpdateId: '5', bids: [], asks: [] })).toBeNull();
    expect(readDepthSnapshot({ lastUpdateId: 5, bids: [['x', '1']], asks: [] })).toBeNull();
  });
});
