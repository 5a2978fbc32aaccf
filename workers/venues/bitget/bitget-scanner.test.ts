import CRC32 from 'crc-32';
import { describe, expect, it } from 'vitest';
import { seeded } from '../../testing/venue-book.ts';
import { createDepthEvent, type DepthEvent } from '../../book/depth-event.ts';
import { OrderBook } from '../../book/order-book.ts';
import { checksumStats, checksumText, numberCrc } from '../okx/okx-checksum.ts';
import { bitgetChecksum } from './bitget-book.ts';
import { BitgetFrameReader } from './bitget-reader.ts';
import { BitgetDepthScanner } from './bitget-scanner.ts';


/** A number as Bitget writes it: an integer mantissa with exactly `d` decimals ("0.0500", "26275.0"). */
const text = (r: () => number, d: number): string => (Math.max(1, Math.floor(r() * 10 ** Math.ceil(r() * 12))) / 10 ** d).toFixed(d);

function fields(ev: DepthEvent) {
  return {
    u: ev.u,
    time: ev.time,
    snapshot: ev.snapshot,
    checksum: ev.checksum,
    priceDecimals: ev.priceDecimals,
    qtyDecimals: ev.qtyDecimals,
    bids: Array.from(ev.bids.subarray(0, ev.bidCount * 2)),
    asks: Array.from(ev.asks.subarray(0, ev.askCount * 2)),
  };
}

describe('Bitget books scanner', () => {
  it('reads every field as the JSON path does (a leading space takes that path)', () => {
    const r = seeded(7);
    const reader = new BitgetFrameReader();
    const scanner = new BitgetDepthScanner();
    const ev = createDepthEvent(4);
    for (let i = 0; i < 300; i++) {
      const pd = Math.floor(r() * 6);
      const qd = Math.floor(r() * 8);
      const side = () => Array.from({ length: Math.floor(r() * 30) }, () => [text(r, pd), r() < 0.1 ? '0' : text(r, qd)]);
      const frame = JSON.stringify({
        action: i % 7 === 0 ? 'snapshot' : 'update',
        arg: { instType: i % 2 ? 'SPOT' : 'USDT-FUTURES', channel: 'books', instId: i % 3 ? 'BTCUSDT' : 'ETHUSDT' },
        data: [{ asks: side(), bids: side(), checksum: Math.floor((r() - 0.5) * 2 ** 32), seq: 1000 + i * 7, ts: String(1700000000000 + i) }],
        ts: 1700000000000 + i,
      });
      expect(scanner.scan(frame, ev)).toBe(true);
      const scanned = { stream: scanner.stream, ...fields(ev) };
      const parsed = reader.read(` ${frame}`);
      expect(parsed?.kind).toBe('depth');
      expect(scanned).toEqual(parsed?.kind === 'depth' ? { stream: parsed.stream, ...fields(parsed.event) } : null);
    }
    expect(reader.scanned).toBe(0);
  });

  it('leaves anything unusual to the JSON path', () => {
    const scanner = new BitgetDepthScanner();
    const ev = createDepthEvent(4);
    const base = '{"action":"update","arg":{"instType":"SPOT","channel":"books","instId":"BTCUSDT"},"data":[{"asks":[["1.0","2.00"]],"bids":[],"checksum":-5,"seq":2,"ts":"1"}],"ts":3}';
    expect(scanner.scan(base, ev)).toBe(true);
    expect(scanner.stream).toBe('books:SPOT:BTCUSDT');
    for (const odd of [base.replace('"1.0"', '"1e3"'), base.replace('"seq":2', '"seq":2,"x":1'), base.replace('"seq":2,', ''), `${base} `, base.replace(',"ts":3}', ',"id":3}'), base.replace('"BTCUSDT"', '"BT\\\\C"'), base.replace('"channel":"books"', '"channel":"books5"')]) {
      expect(scanner.scan(odd, ev)).toBe(false);
    }
    // without the push's ts
    expect(scanner.scan(base.replace(',"ts":3}', '}'), ev)).toBe(true);
  });
});

describe("Bitget's checksum over the fixed-decimal texts, without strings", () => {
  it('writes every number with exactly the decimals given, trailing zeros kept', () => {
    const r = seeded(3);
    const before = checksumStats.textPath;
    for (let i = 0; i < 5000; i++) {
      const d = Math.floor(r() * 9);
      const t = text(r, d);
      expect(numberCrc(Number(t), d, true)).toBe(CRC32.str(t));
    }
    expect(checksumStats.textPath).toBe(before); // all on the fast path
    expect(numberCrc(0.05, 4, true)).toBe(CRC32.str('0.0500'));
    expect(numberCrc(26275, 1, true)).toBe(CRC32.str('26275.0'));
    expect(numberCrc(7, 0, true)).toBe(CRC32.str('7'));
  });

  it('the same checksum as the docs\' string procedure on random books, through updates', () => {
    const r = seeded(11);
    for (let round = 0; round < 200; round++) {
      const pd = Math.floor(r() * 6);
      const qd = Math.floor(r() * 8);
      const book = new OrderBook('X', 'spot', 400);
      const ev = createDepthEvent(64);
      const load = (snapshot: boolean) => {
        const bids: number[] = [];
        const asks: number[] = [];
        const n = Math.floor(r() * 40);
        for (let k = 0; k < n; k++) {
          bids.push(Math.floor(r() * 1e5 + 1) / 10 ** pd, snapshot || r() > 0.2 ? Number(text(r, qd)) : 0);
          asks.push(Math.floor(r() * 1e5 + 1e5) / 10 ** pd, snapshot || r() > 0.2 ? Number(text(r, qd)) : 0);
        }
        Object.assign(ev, { bids: Float64Array.from(bids), asks: Float64Array.from(asks), bidCount: n, askCount: n, priceDecimals: pd, qtyDecimals: qd, u: round, snapshot });
        if (snapshot) book.loadEvent(ev);
        else book.applyEvent(ev);
      };
      load(true);
      for (let step = 0; step < 5; step++) {
        expect(bitgetChecksum(book)).toBe(checksumText(book, (v) => v.toFixed(pd), (v) => v.toFixed(qd)));
        load(false);
      }
    }
  });
});
