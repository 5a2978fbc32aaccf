import CRC32 from 'crc-32';
import { describe, expect, it } from 'vitest';
import { seeded } from '../../testing/venue-book.ts';
import { OrderBook } from '../../book/order-book.ts';
import { INSTRUMENTS } from '../../../server/sim/instruments.ts';
import { SymbolMarket } from '../../../server/sim/market.ts';
import { BookFeed, withChecksum } from '../../../server/sim/okx/book-feed.ts';
import { checksumStats, numberCrc, okxChecksum, okxChecksumText, wireText } from './okx-checksum.ts';
import { okxDepth } from './okx-book.ts';
import { OkxFrameReader } from './okx-reader.ts';
import { OkxInstruments } from './okx-symbols.ts';
import { streamBook } from '../venue.ts';


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

  it('one book changing over many updates (levels added, removed, resized, at the top and deep, a side emptied): each checksum equals the string path', () => {
    const r = seeded(21);
    const book = new OrderBook('X', 'spot', 400);
    const pd = 2;
    const qd = 5;
    const px = (bid: boolean) => (bid ? 30000 - Math.floor(r() * r() * 60) / 10 ** 1 : 30001 + Math.floor(r() * r() * 60) / 10 ** 1);
    const level = (bid: boolean) => [Math.round(px(bid) * 100) / 100, r() < 0.3 ? 0 : decimal(r, 7, qd)];
    const load = (bids: number[], asks: number[]) =>
      book.loadEvent({
        symbol: '', time: 0, U: 1, u: 1, pu: -1, snapshot: true, checksum: 0, seq: 0,
        bidCount: bids.length / 2, askCount: asks.length / 2, bids: Float64Array.from(bids), asks: Float64Array.from(asks), priceDecimals: pd, qtyDecimals: qd,
      });
    const side = (bid: boolean) => Array.from({ length: 60 }, () => level(bid)).flat().map((v, i) => (i % 2 === 1 && v === 0 ? 1 : v));
    load(side(true), side(false));
    let mismatches = 0;
    for (let step = 0; step < 3000; step++) {
      const bids: number[] = [];
      const asks: number[] = [];
      const n = 1 + Math.floor(r() * 12);
      for (let k = 0; k < n; k++) (r() < 0.5 ? bids : asks).push(...level(bids.length <= asks.length));
      if (step % 500 === 250) for (let k = 0; k < book.asks.size; k++) asks.push(book.asks.priceAt(k), 0); // the ask side emptied
      book.applyEvent({
        symbol: '', time: step, U: step, u: step, pu: step - 1, snapshot: false, checksum: 0, seq: 0,
        bidCount: bids.length / 2, askCount: asks.length / 2, bids: Float64Array.from(bids), asks: Float64Array.from(asks), priceDecimals: pd, qtyDecimals: qd,
      });
      if (okxChecksum(book) !== okxChecksumText(book)) mismatches++;
    }
    expect(book.bids.size).toBeGreaterThan(25);
    expect(mismatches).toBe(0);
  });

  it("matches the simulator's checksums (built with CRC32.str over the very strings sent) frame after frame", () => {
    for (const inst of [INSTRUMENTS.spot[0], INSTRUMENTS.usdm[0]]) {
      if (inst === undefined) throw new Error('no instrument');
      let now = 1700000000000;
      const market = new SymbolMarket(inst, 3, now);
      const feed = new BookFeed(market, now, 25_000);
      const reader = new OkxFrameReader(new OkxInstruments(() => Promise.reject(new Error('unused'))));
      const book = streamBook(inst.symbol, 'spot', okxDepth);
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

  it('a long run (10 000 pushes of BTC-USDT): pushes that add levels before they delete others lose no level, every checksum holds', () => {
    const inst = INSTRUMENTS.spot.find((i) => i.symbol === 'BTCUSDT');
    if (inst === undefined) throw new Error('no BTCUSDT');
    let now = 1700000000000;
    const market = new SymbolMarket({ ...inst, venueSymbol: 'BTC-USDT' }, 6, now);
    const feed = new BookFeed(market, now, 25_000);
    const reader = new OkxFrameReader(new OkxInstruments(() => Promise.reject(new Error('unused'))));
    const book = streamBook('BTCUSDT', 'spot', okxDepth);
    const read = (text: string) => {
      const frame = reader.read(text);
      if (frame?.kind !== 'depth') throw new Error('not a depth frame');
      return okxDepth.apply(book, frame.event);
    };
    const results = new Map<string, number>();
    const count = (r: string) => results.set(r, (results.get(r) ?? 0) + 1);
    count(read(withChecksum(feed.snapshot(now), false)));
    let pushes = 0;
    for (let step = 0; pushes < 10_000; step++) {
      now += 20;
      market.step(now, 1);
      if (step % 5 !== 4) continue;
      const push = feed.update(now);
      if (push === undefined) continue;
      pushes++;
      count(read(withChecksum(push, false)));
    }
    expect(Object.fromEntries(results)).toEqual({ applied: 10_001 });
    expect(book.bids.size).toBe(400);
    expect(book.asks.size).toBe(400);
  });
});
