import { describe, expect, it } from 'vitest';
import { seeded } from '../testing/venue-book.ts';
import { createDepthEvent, type DepthEvent } from '../book/depth-event.ts';
import { OkxFrameReader } from './okx/okx-reader.ts';
import { OkxInstruments } from './okx/okx-symbols.ts';
import { OkxDepthScanner } from './okx/okx-scanner.ts';
import { BybitFrameReader } from './bybit/bybit-reader.ts';
import { BybitDepthScanner } from './bybit/bybit-scanner.ts';

const num = (r: () => number): string => {
  const n = Math.floor(r() * 1e6) / 10 ** Math.floor(r() * 8);
  return String(n === 0 ? 1 : n);
};
const side = (r: () => number, extra: boolean): string[][] =>
  Array.from({ length: Math.floor(r() * 30) }, () => (extra ? [num(r), num(r), '0', String(Math.floor(r() * 9))] : [num(r), num(r)]));

function fields(ev: DepthEvent) {
  return {
    U: ev.U,
    u: ev.u,
    pu: ev.pu,
    time: ev.time,
    snapshot: ev.snapshot,
    checksum: ev.checksum,
    seq: ev.seq,
    bids: Array.from(ev.bids.subarray(0, ev.bidCount * 2)),
    asks: Array.from(ev.asks.subarray(0, ev.askCount * 2)),
  };
}

/** The general path's reading of the same frame (JSON.parse + validation), for comparison. */
function viaJson(reader: OkxFrameReader | BybitFrameReader, text: string) {
  // a leading space defeats the scanners' prefix check: the JSON path reads it
  const frame = reader.read(` ${text}`);
  return frame?.kind === 'depth' ? { stream: frame.stream, ...fields(frame.event) } : null;
}

describe('venue depth scanners read exactly what the JSON path reads', () => {
  it('OKX books frames: every field the same numbers, or the JSON path', () => {
    const r = seeded(3);
    const instruments = new OkxInstruments(() => Promise.reject(new Error('unused')));
    const reader = new OkxFrameReader(instruments);
    const scanner = new OkxDepthScanner();
    const ev = createDepthEvent(4);
    for (let i = 0; i < 300; i++) {
      const text = JSON.stringify({
        arg: { channel: 'books', instId: i % 2 ? 'BTC-USDT' : 'ETH-USDT-SWAP' },
        action: i % 7 === 0 ? 'snapshot' : 'update',
        data: [{ asks: side(r, true), bids: side(r, true), ts: String(1700000000000 + i), checksum: Math.floor((r() - 0.5) * 2 ** 32), prevSeqId: i % 7 === 0 ? -1 : i, seqId: i + 1 }],
      });
      expect(scanner.scan(text, ev)).toBe(true);
      expect({ stream: scanner.stream, ...fields(ev) }).toEqual(viaJson(reader, text));
    }
    expect(reader.scanned).toBe(0);
  });

  it('Bybit orderbook frames: every field the same numbers, or the JSON path', () => {
    const r = seeded(5);
    const reader = new BybitFrameReader();
    const scanner = new BybitDepthScanner();
    const ev = createDepthEvent(4);
    for (let i = 0; i < 300; i++) {
      const text = JSON.stringify({
        topic: i % 2 ? 'orderbook.200.BTCUSDT' : 'orderbook.500.ETHUSDT',
        type: i % 5 === 0 ? 'snapshot' : 'delta',
        ts: 1700000000000 + i,
        data: { s: 'BTCUSDT', b: side(r, false), a: side(r, false), u: i + 1, seq: 1000 + i },
        cts: 1700000000000 + i,
      });
      expect(scanner.scan(text, ev)).toBe(true);
      expect({ stream: scanner.stream, ...fields(ev) }).toEqual(viaJson(reader, text));
    }
  });

  it('leave anything unusual to the JSON path (which rejects the malformed)', () => {
    const okx = new OkxDepthScanner();
    const bybit = new BybitDepthScanner();
    const ev = createDepthEvent(4);
    const okxBase = '{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"update","data":[{"asks":[["1","2","0","1"]],"bids":[],"ts":"1","checksum":-5,"prevSeqId":1,"seqId":2}]}';
    expect(okx.scan(okxBase, ev)).toBe(true);
    for (const odd of [okxBase.replace('"1","2"', '"1e3","2"'), okxBase.replace('"seqId":2', '"seqId":2,"x":1'), okxBase.replace('"ts":"1",', ''), okxBase + ' ', okxBase.replace('"1","2"', '"1.","2"'),
      // the level's further strings: an escape, a raw control character (JSON.parse refuses it), a number, no end
      okxBase.replace('"0","1"]', '"0","\\\\1"]'), okxBase.replace('"0","1"]', '"0","\u0001"]'), okxBase.replace('"0","1"]', '"0",1]'),
      okxBase.slice(0, okxBase.indexOf('"0","1"]') + 6)]) {
      expect(okx.scan(odd, ev)).toBe(false);
    }
    const bybitBase = '{"topic":"orderbook.200.BTCUSDT","type":"delta","ts":1,"data":{"s":"BTCUSDT","b":[["1","2"]],"a":[],"u":2,"seq":3},"cts":1}';
    expect(bybit.scan(bybitBase, ev)).toBe(true);
    for (const odd of [bybitBase.replace('"u":2', '"u":-2'), bybitBase.replace('"type":"delta"', '"type":"other"'), bybitBase.replace('"s":"BTCUSDT"', '"s":"BT\\\\C"'), bybitBase.replace('["1","2"]', '["1","2",3]')]) {
      expect(bybit.scan(odd, ev)).toBe(false);
    }
  });
});
