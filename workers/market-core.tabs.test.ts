import { describe, expect, it } from 'vitest';
import { HIDDEN_RELEASE_MS } from './market-core.ts';
import type { BatchMessage, BookPayload } from './contract.ts';
import { settle } from './testing/fake-fetch.ts';
import { Exchange, books, setup } from './testing/core-harness.ts';

describe('MarketCore: tabs, reference counts, publishing', () => {
  it('shares one socket and one SUBSCRIBE among tabs, and releases a stream after its last tab', () => {
    const { attach, core, sockets, socket } = setup();
    attach('a');
    attach('b');
    core.subscribe('a', 'x', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    core.subscribe('b', 'y', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    core.subscribe('b', 'z', { topic: 'tickers', market: 'spot' });
    const ws = socket('stream.binance.com');
    ws.open();
    expect(sockets.sockets).toHaveLength(1);
    expect(ws.subscribed()).toEqual(new Set(['btcusdt@aggTrade', '!miniTicker@arr']));
    core.detachTab('a');
    expect(ws.subscribed().has('btcusdt@aggTrade')).toBe(true);
    core.detachTab('b');
    expect(ws.subscribed()).toEqual(new Set());
    expect(core.health().tabs).toBe(0);
  });

  it('sends one message per tick with only what changed, nothing while hidden, everything when visible again', async () => {
    const { attach, core, socket, http, clock } = setup();
    const tab = attach('a');
    core.subscribe('a', 'tr', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    core.subscribe('a', 'tk', { topic: 'tickers', market: 'spot' });
    const ws = socket('stream.binance.com');
    ws.open();
    http.take('/api/v3/trades?symbol=BTCUSDT&limit=150').resolve([
      { id: 1, price: '10', qty: '1', time: 5, isBuyerMaker: true },
    ]);
    http.take('/api/v3/ticker/24hr').resolve([
      { symbol: 'BTCUSDT', lastPrice: '10', openPrice: '9', highPrice: '11', lowPrice: '8', volume: '1', quoteVolume: '10', closeTime: 1 },
      { symbol: 'ETHUSDT', lastPrice: '2', openPrice: '2', highPrice: '2', lowPrice: '2', volume: '1', quoteVolume: '2', closeTime: 1 },
    ]);
    await settle();
    clock.advance(100);
    expect(tab).toHaveLength(1);
    expect(tab[0]?.full).toBe(true);
    expect(tab[0]?.items.map((i) => i.type).sort()).toEqual(['tickers', 'trades']);
    const trade = (id: number, time: number) =>
      `{"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","a":${id},"p":"11","q":"1","T":${time},"m":false}}`;
    ws.receive(trade(77, 6));
    ws.receive(trade(78, 7));
    clock.advance(100);
    expect(tab).toHaveLength(2); // one message for two trades
    expect(tab[1]?.items.map((i) => i.type)).toEqual(['trades']);
    const trades = tab[1]?.items[0];
    // only the two new trades: the tab keeps the rest (src/market/stores.ts mergeTrades)
    expect(trades?.type === 'trades' && [trades.full, trades.trades.map((t) => t.id)]).toEqual([false, [78, 77]]);
    clock.advance(1000);
    expect(tab).toHaveLength(2); // nothing changed, nothing sent
    // Tickers: only the changed one, at most once a second.
    ws.receive('{"stream":"!miniTicker@arr","data":[{"e":"24hrMiniTicker","E":9,"s":"ETHUSDT","c":"3","o":"2","h":"3","l":"2","v":"1","q":"3"}]}');
    clock.advance(1000);
    const tickers = tab.at(-1)?.items.find((i) => i.type === 'tickers');
    expect(tickers?.type === 'tickers' && tickers.tickers.map((t) => [t.s, t.c])).toEqual([['ETHUSDT', 3]]);
    // Hidden: nothing at all.
    core.setVisible('a', false);
    const before = tab.length;
    ws.receive(trade(79, 8));
    clock.advance(2000);
    expect(tab).toHaveLength(before);
    core.setVisible('a', true);
    clock.advance(100);
    const full = tab.at(-1) as BatchMessage;
    expect(full.full).toBe(true);
    const fullTickers = full.items.find((i) => i.type === 'tickers');
    expect(fullTickers?.type === 'tickers' && fullTickers.tickers).toHaveLength(2);
  });

  it('sends the ticker map at the first tick after its REST seed arrives, not a whole ticker interval later', async () => {
    const { attach, core, socket, http, clock } = setup();
    const tab = attach('a');
    core.subscribe('a', 'tk', { topic: 'tickers', market: 'spot' });
    socket('stream.binance.com').open();
    const sentTickers = () => tab.flatMap((m) => m.items).flatMap((i) => (i.type === 'tickers' ? [i.tickers.map((t) => [t.s, t.c])] : []));
    // Ticks before the seed: nothing for the tab to show, and no interval started by sending nothing.
    clock.advance(300);
    expect(sentTickers()).toEqual([]);
    http.take('/api/v3/ticker/24hr').resolve([
      { symbol: 'BTCUSDT', lastPrice: '65000', openPrice: '64000', highPrice: '66000', lowPrice: '63000', volume: '1', quoteVolume: '65000', closeTime: 1 },
    ]);
    await settle();
    clock.advance(100);
    expect(sentTickers()).toEqual([[['BTCUSDT', 65000]]]);
    // From then on the ticker interval holds: a change right after waits for its second.
    socket('stream.binance.com').receive('{"stream":"!miniTicker@arr","data":[{"e":"24hrMiniTicker","E":9,"s":"BTCUSDT","c":"65001","o":"64000","h":"66000","l":"63000","v":"1","q":"3"}]}');
    clock.advance(500);
    expect(sentTickers()).toHaveLength(1);
    clock.advance(500);
    expect(sentTickers()).toEqual([[['BTCUSDT', 65000]], [['BTCUSDT', 65001]]]);
  });

  it('sends a book frame to the tabs showing it at once, with what else is due, and leaves a paced tab to its frames', async () => {
    const { attach, core, socket, http, clock } = setup();
    const tab = attach('a');
    const other = attach('b');
    core.subscribe('a', 'b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 5 });
    core.subscribe('a', 'tr', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    core.subscribe('b', 'tr', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    const ws = socket('stream.binance.com/stream');
    ws.open();
    http.take('/api/v3/trades?symbol=BTCUSDT&limit=150').resolve([{ id: 1, price: '10', qty: '1', time: 5, isBuyerMaker: true }]);
    const ex = new Exchange();
    ws.receive(ex.diff(1));
    const depth = http.take('/api/v3/depth?symbol=BTCUSDT&limit=500');
    depth.resolve(JSON.parse(JSON.stringify(ex.snapshot())) as unknown);
    await settle();
    // Frames at the tick's own moments (clock.advance(100) fires the tick at the end): synced, one message each.
    for (let step = 2; step < 10; step++) {
      ws.receive(ex.diff(step));
      clock.advance(100);
    }
    expect(core.book('spot', 'BTCUSDT')?.state).toBe('synced');
    const trade = (id: number) => `{"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","a":${id},"p":"11","q":"1","T":${id},"m":false}}`;
    const sent = tab.length;
    const otherSent = other.length;

    // 30 ms after a tick, a trade and then a book frame: tab a gets both now, 70 ms before the next tick.
    clock.advance(30);
    ws.receive(trade(50));
    expect(tab).toHaveLength(sent);
    ws.receive(ex.diff(10));
    expect(tab).toHaveLength(sent + 1);
    const now = tab.at(-1) as BatchMessage;
    expect(now.items.map((i) => i.type).sort()).toEqual(['book', 'trades']);
    expect(books([now])[0]?.lastUpdateId).toBe(ex.lastId);
    expect(other).toHaveLength(otherSent); // b shows no book: its trade waits for the tick

    // At the tick (T+100) a's last message is 70 ms old: nothing; b gets its trade. A frame at that moment is too
    // soon for another message (under 75 ms): it goes 75 ms after the last one (T+105), not with the next frame.
    clock.advance(70);
    expect(tab).toHaveLength(sent + 1);
    expect(other).toHaveLength(otherSent + 1);
    ws.receive(ex.diff(11));
    expect(tab).toHaveLength(sent + 1);
    clock.advance(4);
    expect(tab).toHaveLength(sent + 1);
    clock.advance(1);
    expect(tab).toHaveLength(sent + 2);
    expect(books(tab).at(-1)?.lastUpdateId).toBe(ex.lastId);

    // A trade at T+155. The tick at T+200 finds it due, but a is paced by its book (last message 95 ms ago, under
    // 125): it waits for the frame 5 ms later, and goes with the book in one message rather than a message each.
    clock.advance(50);
    ws.receive(trade(51));
    clock.advance(45);
    expect(tab).toHaveLength(sent + 2);
    clock.advance(5);
    ws.receive(ex.diff(12));
    expect(tab).toHaveLength(sent + 3);
    expect((tab.at(-1) as BatchMessage).items.map((i) => i.type).sort()).toEqual(['book', 'trades']);

    // The frames stop: the tick sends what waits once a's last message is 125 ms old (at T+400, not T+300).
    clock.advance(45);
    ws.receive(trade(52));
    clock.advance(50);
    expect(tab).toHaveLength(sent + 3);
    clock.advance(100);
    expect(tab).toHaveLength(sent + 4);
    expect((tab.at(-1) as BatchMessage).items.map((i) => i.type)).toEqual(['trades']);

    // A hidden tab gets nothing from a frame either.
    core.setVisible('a', false);
    clock.advance(500);
    ws.receive(ex.diff(13));
    clock.advance(200);
    expect(tab).toHaveLength(sent + 4);
  });

  it('groups book levels per subscription while sharing one book', async () => {
    const { attach, core, socket, http, clock } = setup();
    const a = attach('a');
    const b = attach('b');
    core.subscribe('a', 'fine', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 3 });
    core.subscribe('b', 'coarse', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 3, group: 10 });
    socket('stream.binance.com').open();
    http.take('/api/v3/exchangeInfo?symbol=BTCUSDT').resolve({
      symbols: [{ symbol: 'BTCUSDT', filters: [{ filterType: 'PRICE_FILTER', tickSize: '0.01000000' }] }],
    });
    clock.advance(2100); // a quiet stream: the watchdog fetches the snapshot
    http.take('/api/v3/depth').resolve({
      lastUpdateId: 5,
      bids: [['100.07', '1'], ['100.03', '2'], ['99.99', '4']],
      asks: [['100.11', '1'], ['100.19', '2']],
    });
    await settle();
    clock.advance(100);
    const fine = books(a).at(-1) as BookPayload;
    const coarse = books(b).at(-1) as BookPayload;
    expect([...fine.bids]).toEqual([100.07, 1, 100.03, 2, 99.99, 4]);
    expect([...coarse.bids]).toEqual([100, 3, 99.9, 4]);
    expect([...coarse.asks]).toEqual([100.2, 3]);
    expect(coarse.tickSize).toBe('0.01000000');
    expect(core.health().books).toBe(1);
  });

  it('a tab hidden for a while gives up its books and trades, and gets them back from a fresh snapshot when shown', async () => {
    const { attach, core, socket, http, clock } = setup();
    const a = attach('a');
    attach('b');
    core.subscribe('a', 'eth', { topic: 'book', market: 'spot', symbol: 'ETHUSDT', depth: 3 });
    core.subscribe('a', 'btc', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 3 });
    core.subscribe('a', 'tr', { topic: 'trades', market: 'spot', symbol: 'ETHUSDT' });
    core.subscribe('b', 'btc', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 3 });
    const ws = socket('stream.binance.com');
    ws.open();
    expect(core.health().books).toBe(2);
    // A quick switch away and back keeps everything.
    core.setVisible('a', false);
    clock.advance(HIDDEN_RELEASE_MS - 1000);
    core.setVisible('a', true);
    clock.advance(HIDDEN_RELEASE_MS);
    expect(core.health().books).toBe(2);
    expect(core.parkedCount('a')).toBe(0);
    // Hidden long enough: ETHUSDT's book and trades (only tab a's) are released; BTCUSDT's book stays for tab b.
    core.setVisible('a', false);
    clock.advance(HIDDEN_RELEASE_MS);
    expect(core.parkedCount('a')).toBe(3);
    expect(core.health().books).toBe(1);
    expect(ws.subscribed().has('ethusdt@depth@100ms')).toBe(false);
    expect(ws.subscribed().has('btcusdt@depth@100ms')).toBe(true);
    expect(ws.subscribed().has('ethusdt@aggTrade')).toBe(false);
    // Unsubscribing a parked book does not release it twice (tab b's BTCUSDT survives).
    core.unsubscribe('a', 'btc');
    expect(core.health().books).toBe(1);
    expect(ws.subscribed().has('btcusdt@depth@100ms')).toBe(true);
    // Shown again: the stream is back, a fresh snapshot is fetched, and the tab gets a full message with the new book.
    http.requests.length = 0;
    core.setVisible('a', true);
    expect(core.parkedCount('a')).toBe(0);
    expect(core.health().books).toBe(2);
    expect(ws.subscribed().has('ethusdt@depth@100ms')).toBe(true);
    expect(ws.subscribed().has('ethusdt@aggTrade')).toBe(true);
    expect(http.take('/api/v3/trades?symbol=ETHUSDT&limit=150')).toBeDefined(); // trades refetched
    clock.advance(2100); // a quiet stream: the watchdog fetches the snapshot
    http.take('/api/v3/depth?symbol=ETHUSDT&limit=500').resolve({ lastUpdateId: 9, bids: [['10', '1']], asks: [['11', '2']] });
    await settle();
    clock.advance(100);
    const full = a.find((m, i) => i > 0 && m.full);
    expect(full).toBeDefined();
    const book = a.flatMap((m) => m.items).filter((i): i is BookPayload => i.type === 'book' && i.key === 'eth').at(-1);
    expect(book?.synced).toBe(true);
    expect([...(book?.bids ?? [])]).toEqual([10, 1]);
    // A tab that leaves while parked releases nothing more than it holds.
    core.setVisible('a', false);
    clock.advance(HIDDEN_RELEASE_MS);
    core.detachTab('a');
    core.detachTab('b');
    expect(core.health().books).toBe(0);
  });

  it('reports topics with no event for over 10 s as stale, whatever the socket does', () => {
    const { attach, core, socket, clock } = setup();
    attach('a');
    core.subscribe('a', 'm', { topic: 'mark', symbol: 'BTCUSDT' });
    const ws = socket('fstream.binance.com/market');
    ws.open();
    const mark = (E: number) =>
      `{"stream":"btcusdt@markPrice@1s","data":{"e":"markPriceUpdate","E":${E},"s":"BTCUSDT","p":"1","i":"1","P":"1","r":"0","T":1}}`;
    ws.receive(mark(1));
    clock.advance(9000);
    expect(core.health().staleTopics).toEqual([]);
    clock.advance(2000);
    expect(core.health().staleTopics).toEqual(['mark:usdm:BTCUSDT']);
    ws.receive(mark(2));
    expect(core.health().staleTopics).toEqual([]);
  });
});
