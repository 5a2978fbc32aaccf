import { describe, expect, it, vi } from 'vitest';
import { CAPITAL_POLL_MS, LIST_POLL_MS, createFuturesDataStore, summaryPnl, type FuturesApi, type Timers } from './futures-store.ts';
import type { CursorCondition, OrderFilter, PositionView, TransferCode } from './trade-api.ts';

/** Interval timers on a manual clock. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const intervals = new Map<number, { fn: () => void; ms: number; due: number }>();
  const timers: Timers = {
    setInterval: (fn, ms) => {
      const id = nextId++;
      intervals.set(id, { fn, ms, due: now + ms });
      return id;
    },
    clearInterval: (id) => void intervals.delete(id as number),
  };
  return {
    timers,
    active: () => intervals.size,
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...intervals.values()].sort((a, b) => a.due - b.due)[0];
        if (!next || next.due > end) break;
        now = next.due;
        next.due += next.ms;
        next.fn();
        await flush();
      }
      now = end;
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function fakeApi() {
  const calls: { name: string; args: unknown[] }[] = [];
  const record = (name: string) => (...args: unknown[]) => void calls.push({ name, args });
  const api = {
    positions: vi.fn(async (...args: unknown[]) => {
      record('positions')(...args);
      return [{ instrumentId: 'ETHUSDT', volume: '1' }];
    }),
    openOrders: vi.fn(async (...args: unknown[]) => {
      record('openOrders')(...args);
      return [];
    }),
    pageOrders: vi.fn(async (_m: string, _k: string, cursor: CursorCondition, filter: OrderFilter) => {
      record('pageOrders')(cursor, filter);
      const start = cursor.cursor === null ? 100 : Number(cursor.cursor);
      const ids = Array.from({ length: cursor.pageSize }, (_, i) => start - 1 - i);
      return { dataList: ids.map((id) => ({ orderId: String(id) })), cursorInfo: { nextCursor: String(ids[ids.length - 1]) } };
    }),
    pageDeals: vi.fn(async () => ({ dataList: [], cursorInfo: { nextCursor: null } })),
    assets: vi.fn(async () => []),
    capital: vi.fn(async () => ({ marginRatio: '0', balance: '100', availableBalance: '90', unrealizedProfitLoss: '1', maintMargin: '0' })),
  };
  return { api: api as unknown as FuturesApi, raw: api, calls };
}

const signedIn = { market: 'usdm' as const, keyId: '7', instrumentId: 'ETHUSDT', isLogin: true };

describe('futures data store (spec §3, §4)', () => {
  it('polls nothing until signed in with a key and an instrument', async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    const data = createFuturesDataStore(api, clock.timers);
    data.setContext({ ...signedIn, keyId: null });
    data.setContext({ ...signedIn, instrumentId: null });
    data.setContext({ ...signedIn, isLogin: false });
    await clock.advance(20_000);
    expect(raw.positions).not.toHaveBeenCalled();
    expect(clock.active()).toBe(0);
    expect(data.store.getState().polling).toBe(false);
  });

  it('loads at once, then the list every 5000 ms and the capital snapshot (with the positions) every 3 s', async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    const data = createFuturesDataStore(api, clock.timers);
    data.setContext(signedIn);
    await flush();
    // the positions tab and the capital tick each load the positions
    expect(raw.positions).toHaveBeenCalledTimes(2);
    expect(raw.positions).toHaveBeenLastCalledWith('7');
    expect(raw.capital).toHaveBeenCalledTimes(1);
    expect(data.store.getState().capital?.availableBalance).toBe('90');
    await clock.advance(LIST_POLL_MS - 1);
    expect(raw.capital).toHaveBeenCalledTimes(2); // at 3000
    expect(raw.positions).toHaveBeenCalledTimes(3);
    await clock.advance(1);
    expect(raw.positions).toHaveBeenCalledTimes(4); // the list at 5000
    await clock.advance(CAPITAL_POLL_MS * 2);
    expect(raw.capital).toHaveBeenCalledTimes(4); // 6000, 9000
    expect(raw.positions).toHaveBeenCalledTimes(7); // 6000, 9000, list at 10000
    // The active tab is what polls.
    data.setTab('historyOrder');
    await flush();
    expect(raw.pageOrders).toHaveBeenCalledTimes(1);
    await clock.advance(LIST_POLL_MS);
    expect(raw.pageOrders).toHaveBeenCalledTimes(2);
    expect(raw.positions).toHaveBeenCalledTimes(9); // only the capital ticks at 12000 and 15000
  });

  it("the summary's unrealised PnL is the sum of the rows of the same reply (one mark price), not a second snapshot", async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    let mark = 0;
    raw.positions.mockImplementation(async () => {
      mark++;
      return [
        { instrumentId: 'ETHUSDT', unrealizedProfitLoss: `${mark}.5`, markPrice: `${3000 + mark}` },
        { instrumentId: 'BTCUSDT', unrealizedProfitLoss: `-${mark}`, markPrice: `${60000 + mark}` },
      ] as never;
    });
    // the snapshot was priced at another moment: its own total disagrees
    raw.capital.mockImplementation(async () => ({ marginRatio: '0', balance: '100', availableBalance: '90', unrealizedProfitLoss: '99', maintMargin: '0' }));
    const data = createFuturesDataStore(api, clock.timers);
    data.setContext(signedIn);
    data.setFilter('showCurrentPosition', true);
    await flush();
    const check = () => {
      const s = data.store.getState();
      const rows = s.tabs.positionOrder.list as PositionView[];
      expect(rows.map((r) => r.instrumentId)).toEqual(['ETHUSDT']);
      const all = s.positions!;
      expect(summaryPnl(s)).toBe(all.reduce((a, p) => a + Number(p.unrealizedProfitLoss), 0).toString());
      // the row shown is the same object as in the summed reply
      expect(all).toContain(rows[0]);
    };
    check();
    await clock.advance(CAPITAL_POLL_MS);
    check();
    await clock.advance(LIST_POLL_MS);
    check();
    expect(summaryPnl(data.store.getState())).not.toBe('99');
  });

  it('pages with cursors, and a filter change goes back to page 1 with no cursors', async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    const data = createFuturesDataStore(api, clock.timers);
    data.setContext(signedIn);
    data.setTab('historyOrder');
    await flush();
    const tab = () => data.store.getState().tabs.historyOrder;
    expect(tab().list.map((r) => (r as { orderId: string }).orderId)[0]).toBe('99');
    expect(tab().cursors).toEqual([null, '90']);
    data.nextPage();
    await flush();
    expect(raw.pageOrders.mock.calls.at(-1)?.[2]).toEqual({ cursor: '90', pageSize: 10, searchDirection: 'after' });
    expect(tab().pageNum).toBe(2);
    expect(tab().cursors).toEqual([null, '90', '80']);
    expect(tab().total).toBe(20);
    // Polling reloads the page it is on.
    await clock.advance(LIST_POLL_MS);
    expect(raw.pageOrders.mock.calls.at(-1)?.[2]).toMatchObject({ cursor: '90' });
    data.prevPage();
    await flush();
    expect(raw.pageOrders.mock.calls.at(-1)?.[2]).toMatchObject({ cursor: null });
    data.nextPage();
    await flush();
    data.setFilter('direction', 'sell');
    await flush();
    expect(tab().pageNum).toBe(1);
    expect(tab().cursors).toEqual([null, '90']);
    expect(raw.pageOrders.mock.calls.at(-1)?.slice(2)).toEqual([{ cursor: null, pageSize: 10, searchDirection: 'after' }, { direction: 'sell' }]);
    data.setFilter('showCurrentPosition', true);
    await flush();
    expect(raw.pageOrders.mock.calls.at(-1)?.[3]).toEqual({ direction: 'sell', instrumentId: 'ETHUSDT' });
    data.setPageSize(20);
    await flush();
    expect(raw.pageOrders.mock.calls.at(-1)?.[2]).toEqual({ cursor: null, pageSize: 20, searchDirection: 'after' });
  });

  it('logout stops polling and clears the lists; a reply that lands after it is dropped', async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    const data = createFuturesDataStore(api, clock.timers);
    data.setContext(signedIn);
    await flush();
    expect(data.store.getState().tabs.positionOrder.list).toHaveLength(1);
    let release: (rows: unknown[]) => void = () => {};
    raw.positions.mockImplementationOnce(() => new Promise((r) => (release = r as typeof release)));
    await clock.advance(LIST_POLL_MS);
    data.setContext({ ...signedIn, isLogin: false, keyId: null });
    release([{ instrumentId: 'LATE' }]);
    await flush();
    const s = data.store.getState();
    expect(s.polling).toBe(false);
    expect(s.tabs.positionOrder.list).toEqual([]);
    expect(s.capital).toBeNull();
    expect(clock.active()).toBe(0);
    const before = raw.positions.mock.calls.length;
    await clock.advance(30_000);
    expect(raw.positions.mock.calls.length).toBe(before);
  });

  it('spot polls orders but has no capital snapshot', async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    const data = createFuturesDataStore(api, clock.timers);
    data.setContext({ ...signedIn, market: 'spot' });
    data.setTab('currentOrder');
    await clock.advance(CAPITAL_POLL_MS * 3);
    expect(raw.capital).not.toHaveBeenCalled();
    expect(raw.openOrders.mock.calls.at(-1)?.[0]).toBe('spot');
  });

  it('record pages poll without an instrument when asked to, still only signed in with a key', async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    const data = createFuturesDataStore(api, clock.timers, { requireInstrument: false });
    data.setContext({ ...signedIn, instrumentId: null, keyId: null });
    await clock.advance(LIST_POLL_MS);
    expect(raw.positions).not.toHaveBeenCalled();
    data.setContext({ ...signedIn, instrumentId: null });
    await flush();
    expect(raw.positions).toHaveBeenCalledTimes(2); // the positions tab and the capital tick
  });

  it('the asset manager loads flows by flow type; changing it reloads from the start', async () => {
    const clock = manualTimers();
    const { api, raw } = fakeApi();
    const transfers = vi.fn(async (_c: CursorCondition, type?: TransferCode, _keyId?: string) => ({
      dataList: [{ transferId: '1', asset: 'USDT', amount: '5', type: type ?? 'FUNDING_MAIN', time: '' }],
      cursorInfo: { nextCursor: null, prevCursor: null, pageSize: 10, hasMore: false },
    }));
    const data = createFuturesDataStore({ ...api, transfers } as FuturesApi, clock.timers);
    data.setContext(signedIn);
    data.setTab('assetManager');
    await flush();
    expect(raw.assets).toHaveBeenLastCalledWith('7', false);
    expect(transfers).toHaveBeenLastCalledWith({ cursor: null, pageSize: 10, searchDirection: 'after' }, undefined, '7');
    data.setFilter('flowType', 'UMFUTURE_MAIN');
    await flush();
    expect(transfers).toHaveBeenLastCalledWith({ cursor: null, pageSize: 10, searchDirection: 'after' }, 'UMFUTURE_MAIN', '7');
    expect(data.store.getState().flows[0]?.type).toBe('UMFUTURE_MAIN');
    data.setFilter('showCurrentAsset', true);
    await flush();
    expect(raw.assets).toHaveBeenLastCalledWith('7', true);
    data.setContext({ ...signedIn, isLogin: false });
    expect(data.store.getState().flows).toEqual([]);
  });
});
