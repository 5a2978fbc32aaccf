import CRC32 from 'crc-32';
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../../book/order-book.ts';
import { INSTRUMENTS } from '../../../server/sim/instruments.ts';
import { SymbolMarket } from '../../../server/sim/market.ts';
import { BookFeed, withChecksum } from '../../../server/sim/okx/book-feed.ts';
import { checksumStats, numberCrc, okxChecksum, okxChecksumText, wireText } from './okx-checksum.ts';
import { okxDepth } from './okx-book.ts';
import { OkxFrameReader } from './okx-reader.ts';
import { OkxInstruments } from './okx-symbols.ts';

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** A decimal as a venue writes it: `digits` significant digits at most, `decimals` decimals at most. */
function decimal(r: () => number, maxDigits: number, decimals: number): number {
  const m = Math.floor(r() * 10 ** Math.ceil(r() * maxDigits));
  return (m === 0 ? 1 : m) / 10 ** decimals;
}

describe("OKX's checksum without strings", () => {
  it('writes every number as String(n) would (its wire text), whatever the decimals hint', () => {
    const r = seeded(5);
    const values: number[] = [0.00000001, 0.00000015, 1e-8, 5e-7, 1, 10, 400, 30000.1, 0.1, 0.7, 123456789, 1e14, 99999999.99999999];
    for (let i = 0; i < 20000; i++) values.push(decimal(r, 15, Math.floor(r() * 9)));
    for (let i = 0; i < 2000; i++) values.push(Math.floor(r() * 2 ** 53), r() * 1e6, r() * 1e-4, Math.floor(r() * 1e5) * 1e12);
    const wrong: string[] = [];
    for (const v of values) {
      const expected = CRC32.str(wireText(v));
      for (const hint of [-1, 0, 1, 2, 4, 8, 12, 22]) if (numberCrc(v, hint) !== expected) wrong.push(`${v} with ${hint} decimals`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // with the decimals the number was written with, no text is made (the fast path), as long as m < 10^15
    const before = checksumStats.textPath;
    for (let i = 0; i < 5000; i++) {
      const d = Math.floor(r() * 9);
      const v = decimal(r, 14, d);
      expect(numberCrc(v, d)).toBe(CRC32.str(String(v).includes('e') ? wireText(v) : String(v)));
    }
    expect(checksumStats.textPath).toBe(before);
  });

  it('the same checksum as the string path on random books, the decimals counted by the reader', () => {
    const r = seeded(9);
    for (let round = 0; round < 300; round++) {
      const book = new OrderBook('X', 'spot', 400);
      const pd = Math.floor(r() * 9);
      const qd = Math.floor(r() * 9);
      const levels = (bid: boolean) => {
        const out: number[] = [];
        const n = Math.floor(r() * 40);
        for (let k = 0; k < n; k++) out.push((Math.floor(r() * 1e6) + (bid ? 0 : 1e6)) / 10 ** pd, decimal(r, 9, qd));
        return Float64Array.from(out);
      };
      const bids = levels(true);
      const asks = levels(false);
      book.loadEvent({
        symbol: '', time: 0, U: 1, u: 1, pu: -1, snapshot: true, checksum: 0, seq: 0,
        bidCount: bids.length / 2, askCount: asks.length / 2, bids, asks,
        priceDecimals: round % 5 === 0 ? -1 : pd, qtyDecimals: round % 7 === 0 ? Math.max(0, qd - 2) : qd,
      });
      expect(okxChecksum(book)).toBe(okxChecksumText(book));
    }
  });

  it("matches the simulator's checksums (built with CRC32.str over the very strings sent) frame after frame", () => {
    for (const inst of [INSTRUMENTS.spot[0], INSTRUMENTS.usdm[0]]) {
      if (inst === undefined) throw new Error('no instrument');
      let now = 1700000000000;
      const market = new SymbolMarket(inst, 3, now);
      const feed = new BookFeed(market, now, 25_000);
      const reader = new OkxFrameReader(new OkxInstruments(() => Promise.reject(new Error('unused'))));
      const book = new OrderBook(inst.symbol, 'spot', 400);
      const read = (text: string) => {
        const frame = reader.read(text);
        if (frame?.kind !== 'depth') throw new Error('not a depth frame');
        return okxDepth.apply(book, frame.event);
      };
      const before = checksumStats.textPath;
      expect(read(withChecksum(feed.snapshot(now), false))).toBe('applied');
      let pushes = 0;
      for (let step = 0; pushes < 300; step++) {
        now += 20;
        market.step(now, 1);
        if (step % 5 !== 4) continue;
        const push = feed.update(now);
        if (push === undefined) continue;
        pushes++;
        expect(read(withChecksum(push, false))).toBe('applied');
      }
      expect(reader.scanned).toBe(301);
      expect(checksumStats.textPath).toBe(before); // every number of every checksum written without a string
      // a wrong checksum is still caught
      now += 100;
      market.step(now, 1);
      const push = feed.update(now);
      if (push !== undefined) expect(read(withChecksum(push, true))).toBe('gap');
    }
  });
});
